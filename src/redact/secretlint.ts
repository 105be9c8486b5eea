import type { Leak } from './leak-scan.js';

/**
 * The leak scan's third detector: secretlint's recommended rules (`@secretlint/core` with
 * `@secretlint/secretlint-rule-preset-recommend`, per-provider rules maintained upstream), run over
 * the recorded content of the fixture in batches. See docs/decisions/0009-secretlint-in-the-leak-scan.md.
 * Its messages quote the secret, so only the rule id and our own masked preview are reported.
 */

/** Content is handed to secretlint in batches of about this many characters. */
const BATCH_CHARS = 1 << 20;

type Report = (line: number, kind: string, value: string, found: Leak['found']) => void;

/**
 * A string of a line's content, or a window of a long one (`scanWindows`): a window's hits are
 * reported when they start in `[from, to)` of it, so a hit in the overlap of two is reported once.
 */
export type LintPart = string | { text: string; from: number; to: number };

interface Batcher {
  add(line: number, content: readonly LintPart[]): Promise<void>;
  flush(): Promise<void>;
}

type LintSource = typeof import('@secretlint/core').lintSource;
let loaded: Promise<{ lintSource: LintSource; config: unknown }> | undefined;

function load(): Promise<{ lintSource: LintSource; config: unknown }> {
  loaded ??= (async () => {
    const [{ lintSource }, { creator }, { secretLintProfiler }] = await Promise.all([
      import('@secretlint/core'),
      import('@secretlint/secretlint-rule-preset-recommend'),
      import('@secretlint/profiler'),
    ]);
    // secretlint marks every lint and rule on the performance timeline, and its profiler keeps
    // each mark, measure and pending promise for ever (a recording's scan lints a batch a MiB:
    // the scan thread grew by about 150 MiB over a 1 GiB session). Nothing here reads the
    // profile: the marks are not made.
    secretLintProfiler.mark = () => {};
    return {
      lintSource,
      config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: creator }] },
    };
  })();
  return loaded;
}

/** Collects content line by line and lints it a batch at a time; every hit is reported with its fixture line. */
export async function secretlintBatcher(report: Report, linted: () => void = () => {}): Promise<Batcher> {
  const { lintSource, config } = await load();
  let parts: string[] = [];
  /** Where each line's content starts, and each window with the starts it reports. */
  let starts: Array<{ at: number; line: number; window?: { from: number; to: number } }> = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (parts.length === 0) return;
    const content = parts.join('\n');
    const lines = starts;
    parts = [];
    starts = [];
    size = 0;
    const result = await lintSource({
      source: { filePath: 'fixture.txt', content, ext: '.txt', contentType: 'text' },
      options: { config: config as never },
    });
    for (const message of result.messages) {
      const [from, to] = message.range;
      let start = lines[0];
      for (const s of lines) {
        if (s.at > from) break;
        start = s;
      }
      const w = start?.window;
      if (w && start && !(from - start.at >= w.from && from - start.at < w.to)) continue;
      report(
        start?.line ?? 0,
        `secretlint:${message.messageId ?? message.ruleId}`,
        content.slice(from, to),
        'json',
      );
    }
    linted();
  };
  return {
    async add(line, content) {
      if (content.length === 0) return;
      starts.push({ at: size, line });
      for (const part of content) {
        if (typeof part === 'string') parts.push(part);
        else {
          starts.push({ at: size, line, window: { from: part.from, to: part.to } });
          parts.push(part.text);
        }
        size += parts.at(-1)!.length + 1;
        // The next part of the line is no window's.
        if (typeof part !== 'string') starts.push({ at: size, line });
      }
      if (size >= BATCH_CHARS) await flush();
    },
    flush,
  };
}
