import { join } from 'node:path';
import { packageInfo } from '../src/config/package-info.js';
import type { BenchConfig } from './config.js';
import type { InProcessLoopResult } from './in-process-child.js';
import { emptySection, measure, type SectionResult } from './model.js';
import { timedRun } from './proc.js';
import { fmt, interleave, median, pairedRatios, summarize } from './stats.js';

/** Sessions of one simulated test file (the issue's "100 sessions in one test file"). */
export const SESSIONS_PER_FILE = 100;

interface LoopRun {
  ok: boolean;
  problem?: string;
  result?: InProcessLoopResult;
  wallMs: number;
}

async function loopRun(sessions: number): Promise<LoopRun> {
  const child = join(packageInfo().root, 'dist', 'bench', 'in-process-child.js');
  let line = '';
  const run = await timedRun({
    command: process.execPath,
    args: [child, String(sessions)],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    cwd: packageInfo().root,
    measure: false,
    onStdoutLine: (text) => {
      line = text;
    },
    timeoutMs: 300_000,
  });
  let result: InProcessLoopResult | undefined;
  try {
    result = JSON.parse(line) as InProcessLoopResult;
  } catch {
    result = undefined;
  }
  const ok = run.exitCode === 0 && result !== undefined && result.failures.length === 0;
  return {
    ok,
    wallMs: run.wallMs,
    ...(result ? { result } : {}),
    ...(ok
      ? {}
      : {
          problem:
            result?.failures.slice(0, 2).join(' | ') ||
            `exit ${run.exitCode}${run.timedOut ? ' (timed out)' : ''}: ${run.stderr.trim().slice(-300)}`,
        }),
  };
}

async function floorRun(): Promise<LoopRun> {
  const run = await timedRun({ command: process.execPath, args: ['-e', ''], measure: false });
  return { ok: run.exitCode === 0, wallMs: run.wallMs };
}

/**
 * §1b The in-process fake (`fakeClaude().sdkOptions`, the Agent SDK's `spawnClaudeCodeProcess`):
 * one test file's worth of sessions in a fresh Node process — each one `fakeClaude()`, a one-turn
 * `query()` to its result, `close()` — interleaved round by round with the floor (`node -e ''`).
 */
export async function benchInProcess(
  config: BenchConfig,
  log: (line: string) => void,
): Promise<SectionResult> {
  const section = emptySection('inprocess', '1b. In-process fake (Agent SDK)');
  const runs = await interleave(
    [
      { name: 'floor', run: () => floorRun() },
      { name: 'file', run: () => loopRun(SESSIONS_PER_FILE) },
    ],
    config.turnRounds,
    (name, round, r) =>
      log(
        `  in-process round ${round + 1}/${config.turnRounds} ${name}: ${fmt(r.wallMs, 0)} ms${r.ok ? '' : ` FAILED ${r.problem ?? ''}`}`,
      ),
  );
  const files = runs.file ?? [];
  const floors = (runs.floor ?? []).map((r) => (r.ok ? r.wallMs : Number.NaN));
  const failed = files.filter((r) => !r.ok);
  if (failed.length > 0) {
    section.notes.push(
      `${failed.length} test-file run(s) failed and count as missing values: ${failed
        .map((r) => r.problem)
        .slice(0, 2)
        .join(' | ')}`,
    );
  }
  const per = (pick: (r: InProcessLoopResult) => number) =>
    files.map((r) => (r.ok && r.result ? pick(r.result) : Number.NaN));
  // A warm session: the median over the file's sessions after its first (which loads the modules).
  const warm = per((r) => median(r.sessionMs.slice(1)));
  const first = per((r) => r.sessionMs[0] ?? Number.NaN);
  const setupClose = per((r) => median(r.setupMs.slice(1).map((s, i) => s + (r.closeMs[i + 1] ?? 0))));
  const total = per((r) => r.totalMs / 1000);

  section.measures.push(
    measure(
      'inprocess.session-vs-floor',
      "in-process fake one turn via Agent SDK / `node -e ''`, wall",
      summarize(pairedRatios(warm, floors)),
      '×',
      { op: '<=', value: 0.1 },
      `${fmt(summarize(warm).median, 1)} ms a session (\`query()\` → done, the median of a file's sessions after its first) vs ${fmt(summarize(floors).median, 0)} ms`,
    ),
    measure(
      'inprocess.file-100-sessions',
      `${SESSIONS_PER_FILE} in-process sessions in one test file (process start → end, each with its own fakeClaude() and close()), wall`,
      summarize(total),
      's',
      { op: '<=', value: 3 },
      `per test: ${fmt(summarize(warm).median, 1)} ms session + ${fmt(summarize(setupClose).median, 1)} ms fakeClaude() and close(); the first session ${fmt(summarize(first).median, 0)} ms (module loading)`,
    ),
  );
  section.tables.push({
    title: 'Absolute figures (medians over rounds)',
    columns: ['what', 'median'],
    rows: [
      ["`node -e ''`", `${fmt(summarize(floors).median, 0)} ms`],
      ['one session, warm (`query()` → iterator done)', `${fmt(summarize(warm).median, 1)} ms`],
      ['the first session of a file (loads the SDK and the engine)', `${fmt(summarize(first).median, 0)} ms`],
      [
        '`fakeClaude()` + `close()` of one test (temporary HOME)',
        `${fmt(summarize(setupClose).median, 1)} ms`,
      ],
      [`${SESSIONS_PER_FILE} sessions, the whole file process`, `${fmt(summarize(total).median, 2)} s`],
    ],
  });
  section.notes.push(
    `Each round runs \`node -e ''\` and one simulated test file — a fresh \`node dist/bench/in-process-child.js ${SESSIONS_PER_FILE}\`: ${SESSIONS_PER_FILE} times \`fakeClaude()\`, a one-turn \`query()\` with \`fake.sdkOptions\` (no child process), \`close()\` — in an order rotated each round; ratios are taken within a round, then the median over ${config.turnRounds} rounds.`,
  );
  section.data = { runs };
  return section;
}
