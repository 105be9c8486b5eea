import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { isClideError } from '../src/errors/index.js';
import { behaviourFor, type CliBehaviour, emulatedVersions } from '../src/fake-claude/behaviour/index.js';
import { runFakeSession } from '../src/fake-claude/run.js';
import { frameLineBytes, readFixture } from '../src/fixture/index.js';
import { validateJsonlFile } from '../src/validate/index.js';

/**
 * Every entry point that takes bytes from outside, fed hostile input: random lines (valid
 * messages, any JSON, blank lines, values nested up to 60,000 levels, lines of megabytes, invalid
 * UTF-8, NULs), cut short anywhere and split into chunks anywhere. Expected: the real CLI's answer
 * (the fake) or a finding / a clean error (the kit's tools), never an internal error (exit 70) and
 * never a stack trace. In-process entry points take many runs; processes a few.
 */

const FAKE = resolve('bin/fake-claude');
const RECORDER = resolve('bin/clide-record');
const ARGV = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const STACK_FRAME = /\n\s+at .+[(:]\d+/;

const userLine = (text: string) =>
  `${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`;

/** A JSON line nested `depth` levels: in a user message's content, or in a field of no meaning. */
const deepLine = (depth: number, inContent: boolean) =>
  inContent
    ? `${userLine('x').replace('"x"', `[${'{"type":"text","text":"x","n":'.repeat(depth)}1${'}'.repeat(depth)}]`)}`
    : `{"type":"keep_alive","deep":${'['.repeat(depth)}${']'.repeat(depth)}}\n`;

function pieces(hugeMax: number) {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(userLine('Say hello.'), userLine('a\u0000b')) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => `${JSON.stringify(v)}\n`) },
    { weight: 2, arbitrary: fc.constantFrom(' \t \n', '   \n', '\t\r\n') },
    { weight: 1, arbitrary: fc.constantFrom('\n', '\r\n', '\u0000\n', 'not json\n', 'null\n') },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(10, 1500, 45_000, 60_000), fc.boolean())
        .map(([d, c]) => deepLine(d, c)),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: hugeMax }).map((n) => `${'x'.repeat(n)}\n`) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom([0xff], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80])
        .map((bad) =>
          Buffer.concat([
            Buffer.from('{"type":"user","message":{"role":"user","content":"'),
            Buffer.from(bad),
            Buffer.from('"}}\n'),
          ]),
        ),
    },
  );
}

/** Hostile input: pieces, maybe cut short, split into chunks at random points. */
function hostile(hugeMax: number) {
  return fc
    .record({
      parts: fc.array(pieces(hugeMax), { minLength: 1, maxLength: 6 }),
      cut: fc.option(fc.nat(), { nil: undefined }),
      splits: fc.array(fc.nat(), { maxLength: 8 }),
    })
    .map(({ parts, cut, splits }) => {
      let bytes = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      if (cut !== undefined) bytes = bytes.subarray(0, cut % (bytes.length + 1));
      const points = [...new Set(splits.map((s) => s % (bytes.length + 1)))].sort((a, b) => a - b);
      const chunks: Buffer[] = [];
      let from = 0;
      for (const p of [...points, bytes.length]) {
        chunks.push(bytes.subarray(from, p));
        from = p;
      }
      return { bytes, chunks };
    });
}

/**
 * The line the CLI stops at, with its stderr text: the first line that is not JSON (for a version
 * that refuses them, a whitespace-only one too) or is JSON `null`. Written independently of the
 * fake's reader: split at `\n`, decode (bad bytes become U+FFFD), drop a `\r`, skip empty lines.
 */
function refusal(bytes: Buffer, b: CliBehaviour): string | undefined {
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true })
    .decode(bytes)
    .replace(/^\uFEFF/, '');
  for (const piece of text.split('\n')) {
    const line = piece.endsWith('\r') ? piece.slice(0, -1) : piece;
    if (line.length === 0) continue;
    if (/^[ \t\r]*$/.test(line)) {
      if (b.stdinBlankLines === 'skip') continue;
      return b.stdinParseError(line);
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return b.stdinParseError(line);
    }
    if (value === null) return b.stdinNullError(line);
  }
  return undefined;
}

function expectJsonLines(stdout: string): void {
  for (const line of stdout.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
}

let dir: string;
let scriptFile: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-bad-input-'));
  scriptFile = join(dir, 'hello.model.json');
  writeFileSync(
    scriptFile,
    JSON.stringify({ version: 1, turns: [{ blocks: [{ type: 'text', text: 'hello' }] }] }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let runNo = 0;
/** One in-process session of the fake, with `chunks` on stdin. */
async function fakeSession(chunks: Buffer[], env: Record<string, string>) {
  const home = join(dir, `home-${runNo++}`);
  mkdirSync(home, { recursive: true });
  let stdout = '';
  let stderr = '';
  const exit = await runFakeSession(ARGV, {
    io: {
      stdin: (async function* () {
        for (const c of chunks) yield c;
      })(),
      stdinIsTTY: false,
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
    },
    env: { HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude'), ANTHROPIC_API_KEY: 'sk-ant-dummy', ...env },
    cwd: home,
    pid: 4242,
  });
  return { exitCode: exit.exitCode, stdout, stderr };
}

describe.each(emulatedVersions())('hostile stdin, fake-claude emulating %s (in process)', (version) => {
  const modes = {
    scripted: { CLIDE_FAKE_VERSION: version, CLIDE_FAKE_SCENARIO: '' },
    replay: {
      CLIDE_FAKE_VERSION: version,
      CLIDE_FAKE_FIXTURE: resolve(`fixtures/${version}/turn__plain.jsonl`),
    },
  };
  for (const [mode, env] of Object.entries(modes)) {
    test.prop([hostile(200_000)], { numRuns: 60 })(
      `${mode}: the parse error of the first line the CLI refuses and nothing else, or a session; never exit 70`,
      async ({ bytes, chunks }) => {
        const b = await behaviourFor(version);
        const run = await fakeSession(chunks, {
          ...env,
          ...(mode === 'scripted' ? { CLIDE_FAKE_SCENARIO: scriptFile } : {}),
        });
        expect(run.stderr).not.toMatch(STACK_FRAME);
        expect(run.exitCode).not.toBe(70);
        const refused = refusal(bytes, b);
        if (refused !== undefined) expect(run).toEqual({ exitCode: 1, stdout: '', stderr: `${refused}\n` });
        else expectJsonLines(run.stdout);
      },
      60_000,
    );
  }
});

describe('hostile files, the kit reading them (in process)', () => {
  const header = readFileSync(resolve('fixtures/2.1.332/turn__plain.jsonl'), 'utf8').split('\n')[0]!;
  let fileNo = 0;
  const write = (bytes: Buffer) => {
    const path = join(dir, `input-${fileNo++}.jsonl`);
    writeFileSync(path, bytes);
    return path;
  };
  /** Resolves, or fails with a ClideError whose text has no stack trace. */
  async function clean<T>(work: Promise<T>): Promise<T | undefined> {
    try {
      return await work;
    } catch (error) {
      expect(isClideError(error), String((error as Error)?.stack ?? error)).toBe(true);
      if (isClideError(error)) expect(error.render()).not.toMatch(STACK_FRAME);
      return undefined;
    }
  }

  test.prop([hostile(500_000), fc.boolean()], { numRuns: 60 })(
    'validate: findings with a file and a line, or a clean error',
    async ({ bytes }, asFixture) => {
      const path = write(asFixture ? Buffer.concat([Buffer.from(`${header}\n`), bytes]) : bytes);
      const result = await clean(validateJsonlFile(path));
      for (const f of result?.findings ?? []) {
        expect(f.location?.file).toBe(path);
        // A finding about the whole file (a cut fixture) has no line; any other names its line.
        if (f.location?.line !== undefined) expect(f.location.line).toBeGreaterThan(0);
      }
    },
    60_000,
  );

  test.prop([hostile(500_000)], { numRuns: 60 })(
    'the fixture reader: a fixture, or a clean error naming the file',
    async ({ bytes }) => {
      const frames = bytes
        .toString('latin1')
        .split('\n')
        .map((line, seq) => JSON.stringify({ kind: 'frame', seq, t: seq, dir: 'to-cli', raw: line }));
      const fixture = Buffer.from(`${[header, ...frames].join('\n')}\n`);
      for (const input of [bytes, Buffer.concat([Buffer.from(`${header}\n`), bytes]), fixture]) {
        const path = write(input);
        const read = await clean(readFixture(path));
        if (read === undefined) continue;
        expect(read.frames.length).toBeGreaterThanOrEqual(0);
      }
    },
    60_000,
  );
});

describe('hostile bytes through processes (a few runs each)', () => {
  /** The heap a process gets: a leak on big input ends it, and the property fails. */
  const BOUNDED = { NODE_OPTIONS: '--max-old-space-size=160' };

  test.prop(
    [hostile(3_000_000), fc.constantFrom(...emulatedVersions()), fc.constantFrom('scripted', 'replay')],
    {
      numRuns: 4,
    },
  )(
    'bin/fake-claude: the parse error and nothing else, or a session; bounded heap, never exit 70',
    async ({ bytes }, version, mode) => {
      const home = join(dir, `proc-home-${runNo++}`);
      mkdirSync(home, { recursive: true });
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-dummy',
        CLIDE_FAKE_VERSION: version,
        ...(mode === 'scripted'
          ? { CLIDE_FAKE_SCENARIO: scriptFile }
          : { CLIDE_FAKE_FIXTURE: resolve(`fixtures/${version}/turn__plain.jsonl`) }),
        ...BOUNDED,
      };
      const run = await execa(FAKE, ARGV, {
        cwd: home,
        env,
        extendEnv: false,
        input: bytes,
        reject: false,
        timeout: 60_000,
      });
      expect(run.stderr).not.toMatch(STACK_FRAME);
      expect(run.exitCode).not.toBe(70);
      const refused = refusal(bytes, await behaviourFor(version));
      if (refused !== undefined) {
        expect(run.exitCode).toBe(1);
        expect(run.stdout).toBe('');
        // A long error line may be cut by the exit, as the real CLI's is (see the differential test).
        expect(refused.startsWith(run.stderr)).toBe(true);
      } else expectJsonLines(run.stdout);
    },
    240_000,
  );

  test.prop([hostile(3_000_000), fc.boolean()], { numRuns: 4 })(
    'clide-record: the bytes pass unchanged both ways and the fixture holds them; bounded heap, never exit 70',
    async ({ bytes }, viaStdout) => {
      const child = join(dir, 'child.mjs');
      // The stand-in CLI: echoes stdin (client → CLI → client), or writes the hostile bytes itself.
      writeFileSync(
        child,
        `#!/usr/bin/env node
import { readFileSync } from 'node:fs';
if (process.env.HOSTILE_FILE) process.stdout.write(readFileSync(process.env.HOSTILE_FILE));
else process.stdin.pipe(process.stdout);
process.stdin.resume();
`,
        { mode: 0o755 },
      );
      const hostileFile = join(dir, `hostile-${runNo++}.bin`);
      writeFileSync(hostileFile, bytes);
      const out = join(dir, `recorded-${runNo++}.jsonl`);
      const run = await execa(RECORDER, ['-p'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dir,
          CLIDE_REAL_CLAUDE: child,
          CLIDE_RECORD_OUT: out,
          ...(viaStdout ? { HOSTILE_FILE: hostileFile } : {}),
          ...BOUNDED,
        },
        extendEnv: false,
        input: viaStdout ? Buffer.alloc(0) : bytes,
        encoding: 'buffer',
        stripFinalNewline: false,
        reject: false,
        timeout: 120_000,
      });
      const stderr = Buffer.from(run.stderr).toString('utf8');
      expect(stderr).not.toMatch(STACK_FRAME);
      expect(run.exitCode, stderr).toBe(0);
      expect(Buffer.from(run.stdout).equals(bytes), stderr).toBe(true);
      const fixture = await readFixture(out);
      const dir2 = viaStdout ? 'from-cli' : 'to-cli';
      const recorded = Buffer.concat(
        fixture.frames.filter((f) => f.dir === dir2).map((f) => frameLineBytes(f)),
      );
      expect(recorded.equals(bytes)).toBe(true);
    },
    300_000,
  );
});
