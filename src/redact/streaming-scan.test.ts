import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureWriter, type Direction } from '../fixture/index.js';
import { finalizeFixture } from './finalize.js';
import { scanForLeaks, streamingLeakScan } from './leak-scan.js';
import { SECRET_PATTERNS } from './patterns.js';
import { createRedactor, type RedactorOptions } from './redactor.js';

/**
 * The recorder scans its fixture while writing it (`streamingLeakScan`), with the secrets known
 * at each line, instead of reading the file back: the result must be the one `scanForLeaks` of
 * the finished file gives — also when a secret is learnt after a line that holds it, and when
 * redaction misses on purpose (`unsafeSkipRules`) so that there is something to find.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-streaming-scan-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const HOME = '/home/alice-dev';
const ENV = { HOME, MY_SERVICE_TOKEN: 'Tk9x-Zq8xT2mW9vR4kL7p', PLAIN: 'production' };

/** A value no rule knows until a later line assigns it to `password=`. */
const LATE = 'Hunter2Hunter2xQ';

interface Line {
  dir: Direction;
  text: string;
}

function record(
  name: string,
  lines: readonly Line[],
  options: Partial<RedactorOptions> = {},
  scanOptions: { secretlint?: boolean } = {},
) {
  const path = join(dir, `${name}-${Math.random().toString(36).slice(2)}.jsonl.recording`);
  const redactor = createRedactor({
    env: ENV,
    home: HOME,
    cwd: `${HOME}/shop`,
    user: 'alice',
    hostname: 'alice-laptop',
    tmpdir: '',
    ...options,
  });
  const scan = streamingLeakScan(path, redactor, { env: ENV, ...scanOptions });
  const writer = createFixtureWriter(
    path,
    { argv: ['claude', '-p'] },
    { transform: redactor, buffer: true, onLine: (line) => scan.line(line) },
  );
  for (const line of lines) {
    writer.line(line.dir, line.text);
    writer.flush();
  }
  writer.close({ complete: true, exitCode: 0 });
  return { path, redactor, scan };
}

const word = fc.constantFrom(
  'hello',
  'the key',
  'value',
  LATE,
  `password=${LATE}`,
  `base64 ${Buffer.from(`u:${LATE}`).toString('base64')}`,
  ENV.MY_SERVICE_TOKEN,
  Buffer.from(ENV.MY_SERVICE_TOKEN).toString('base64'),
  `${HOME}/notes.txt`,
  '/home/bob-smith/x',
  'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jAQwErTy',
  '\\u0073k-ant-api03-Zq8xT2mW9vR4kL7pN3sB6yH1',
  ...SECRET_PATTERNS.map((p) => p.examples.positive),
  ...SECRET_PATTERNS.map((p) => p.examples.negative),
);
const sentence = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const line: fc.Arbitrary<Line> = fc.oneof(
  sentence.map((text) => ({ dir: 'from-cli' as const, text: JSON.stringify({ type: 'assistant', text }) })),
  sentence.map((text) => ({
    dir: 'to-cli' as const,
    text: JSON.stringify({ type: 'user', content: [{ text }] }),
  })),
  sentence.map((text) => ({ dir: 'stderr' as const, text })),
  sentence.map((text) => ({ dir: 'from-cli' as const, text: `not json: ${text}` })),
);
const skipped = fc.subarray([
  'password-assignment',
  'env-secret',
  'env-value',
  'home-dir',
  'anthropic-key',
  'email',
]);

describe('the scan while writing reports what scanning the finished file reports', () => {
  test.prop([fc.array(line, { minLength: 1, maxLength: 12 }), skipped], { numRuns: 60 })(
    'on random sessions, redaction switched off in part so that secrets get through',
    async (lines, skip) => {
      const { path, redactor, scan } = record(
        'random',
        lines,
        { unsafeSkipRules: skip },
        { secretlint: false },
      );
      const streamed = await scan.finish();
      expect(streamed).toEqual(
        await scanForLeaks(path, redactor.secretsSeen(), { env: ENV, secretlint: false }),
      );
    },
  );

  it('finds a secret on a line written before the line that taught it to the redactor', async () => {
    const { path, redactor, scan } = record('late', [
      // Too short for the entropy detector, no pattern's shape: only the literal, once learnt, finds it.
      { dir: 'stderr', text: `note ${LATE} here` },
      { dir: 'stderr', text: 'nothing here' },
      { dir: 'from-cli', text: JSON.stringify({ type: 'assistant', text: `password=${LATE}` }) },
    ]);
    const streamed = await scan.finish();
    expect(streamed.map((l) => [l.line, l.kind])).toEqual([[2, 'password-assignment']]);
    expect(streamed).toEqual(await scanForLeaks(path, redactor.secretsSeen(), { env: ENV }));
  });

  it('finds what secretlint finds', async () => {
    // Switched off: the rule that would redact it; the key is a shape secretlint knows.
    const key = 'AKIAQ3EGRV2XJ7KZP4WM';
    const { path, redactor, scan } = record(
      'secretlint',
      [{ dir: 'from-cli', text: JSON.stringify({ type: 'assistant', text: `id ${key}` }) }],
      { unsafeSkipRules: ['aws-access-key-id'] },
    );
    const streamed = await scan.finish();
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed).toEqual(await scanForLeaks(path, redactor.secretsSeen(), { env: ENV }));
  });

  it('does not read a clean file back: its verdict is made from the lines as they were written', async () => {
    const { path, redactor, scan } = record('clean', [
      { dir: 'to-cli', text: JSON.stringify({ type: 'user', content: `read ${HOME}/notes.txt` }) },
      { dir: 'from-cli', text: JSON.stringify({ type: 'assistant', text: 'done' }) },
    ]);
    expect(await scanForLeaks(path, redactor.secretsSeen(), { env: ENV })).toEqual([]);
    rmSync(path);
    expect(await scan.finish()).toEqual([]);
  });

  it('finalizeFixture with the streamed scan masks a leak in place and names it in the trailer', async () => {
    const { path, redactor, scan } = record(
      'finalize',
      [{ dir: 'stderr', text: `token ${ENV.MY_SERVICE_TOKEN}` }],
      {
        unsafeSkipRules: ['env-secret', 'env-value'],
      },
    );
    const out = path.replace(/\.recording$/, '');
    const result = await finalizeFixture(path, out, redactor, { env: ENV, streamed: scan });
    expect(result.findings.map((f) => f.kind)).toEqual(['env:MY_SERVICE_TOKEN']);
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(out, 'utf8')).not.toContain(ENV.MY_SERVICE_TOKEN);
    expect(readFileSync(out, 'utf8')).toContain('"findings":[{"line":2,"kind":"env:MY_SERVICE_TOKEN"');
  });
});

describe('the scan’s pre-tests skip only strings no pattern can match', () => {
  const fragment = fc.oneof(
    fc.constantFrom(
      ...SECRET_PATTERNS.flatMap((p) => [p.examples.positive, p.examples.secret]),
      'b',
      'f',
      '\b',
      '\f',
      '\\',
      '\\\\',
      '"',
      '\\"',
      '/',
      'earer Zq8xT2mW9vR4kL7p',
      'asic dXNlcjpwYXNz',
      '\\u0073k-ant-api03-Zq8xT2mW9vR4kL7pN3sB6yH1',
      JSON.stringify({ k: 'sk-ant-api03-Zq8xT2mW9vR4kL7pN3sB6yH1' }),
      ENV.MY_SERVICE_TOKEN,
      ENV.MY_SERVICE_TOKEN.replace('Z', '\\u005a'),
      Buffer.from(ENV.MY_SERVICE_TOKEN).toString('base64'),
      encodeURIComponent(`x ${ENV.MY_SERVICE_TOKEN}`),
      '[redacted:x#1]',
      '$HOME',
      ' ',
      '\n',
    ),
    fc.string({ maxLength: 8 }),
  );
  const str = fc.array(fragment, { maxLength: 5 }).map((parts) => parts.join(''));
  const value = fc.oneof(str, fc.array(str, { maxLength: 3 }), fc.dictionary(str, str, { maxKeys: 3 }));
  /** The JSON text of a frame, with some letters and slashes written as JSON escapes (all letters are in strings). */
  const frameText = fc.tuple(value, fc.boolean(), fc.boolean()).map(([msg, u, slash]) => {
    let text = JSON.stringify({ kind: 'frame', seq: 0, t: 0, dir: 'from-cli', msg });
    if (u) text = text.replace(/s/g, '\\u0073').replace(/b/g, '\\u0062');
    if (slash) text = text.replaceAll('/', '\\/');
    return text;
  });

  test.prop([fc.array(frameText, { minLength: 1, maxLength: 6 })], { numRuns: 300 })(
    'same leaks with and without them, on lines with JSON escapes of every kind',
    async (lines) => {
      const path = join(dir, `pretest-${Math.random().toString(36).slice(2)}.jsonl`);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path, `${lines.join('\n')}\n`);
      const options = { env: ENV, secretlint: false };
      expect(await scanForLeaks(path, [], options)).toEqual(
        await scanForLeaks(path, [], { ...options, fullScan: true }),
      );
    },
  );
});
