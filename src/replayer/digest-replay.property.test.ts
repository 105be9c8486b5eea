import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { playToClient } from '../../test/support/replay-client.js';
import { isClideError } from '../errors/index.js';
import {
  createFixtureWriter,
  type Fixture,
  openFixtureStream,
  parseFixture,
  readFixture,
  recordedText,
  releaseFixture,
} from '../fixture/index.js';
import { ReplaySurvey } from './plan.js';

/**
 * Property: a fixture the writer wrote carries a digest of its lines, and a replay's read of it
 * (`recordedCliText`, what `fake-claude` reads) takes its CLI messages as the bytes of the file,
 * unchecked: that replay writes exactly what the replay of the fully checked, parsed fixture
 * writes, read whole or a frame at a time from the file (`openFixtureStream`, what `fake-claude`
 * plays). And with one byte of a CLI frame changed anywhere, the digest no longer vouches: the
 * read is that of the full check, the same frames or the same error, read whole or streamed.
 */

const piece = fc.constantFrom(
  '$CWD',
  '$HOME',
  '$CWD_SLUG',
  '$',
  '/',
  'a',
  '"',
  '\\',
  '\n',
  '\u0001',
  'rec-1',
  'toolu_rec',
  'filePath',
  'é',
  '😀',
  '\u2028',
  '\ud800',
);
const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(1e21, 1e-7, -0, 0.1),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom('type', 'session_id', '1', '__proto__')), tie('json'), {
      maxKeys: 3,
    }),
  ),
}));

const SESSION = '00000000-0000-4000-8000-000000000001';

/** CLI messages: anything, the usual shapes (type first), a Write result, an answer to the client. */
const cliMessage = fc.oneof(
  fc.dictionary(fc.oneof(text, fc.constantFrom('type', 'session_id', 'tool_use_result')), json, {
    maxKeys: 4,
  }),
  fc.record({
    type: fc.constantFrom('assistant', 'system', 'stream_event', 'control_request', 'result'),
    message: json,
    session_id: fc.oneof(text, fc.constant(SESSION)),
  }),
  fc.record({
    type: fc.constant('user'),
    message: fc.constant({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_rec' }] }),
    tool_use_result: fc.record({
      type: fc.constant('create'),
      filePath: text.map((s) => `$CWD/f${s.length}.txt`),
      content: text,
    }),
  }),
  fc.constant({
    type: 'control_response',
    response: { subtype: 'success', request_id: 'rec-1', response: {} },
  }),
);

type Step =
  | { dir: 'from-cli'; msg: unknown; eol?: boolean }
  | { dir: 'from-cli'; line: string }
  | { dir: 'to-cli'; msg: unknown }
  | { dir: 'stderr'; raw: string };

const steps = fc.array(
  fc.oneof(
    { weight: 5, arbitrary: cliMessage.map((msg): Step => ({ dir: 'from-cli', msg })) },
    // A line as captured: not canonical (`exact: false`) or not JSON.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"type": "assistant"}', '{"type":"user","n":1.0}', 'not json', '')
        .map((line): Step => ({ dir: 'from-cli', line })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Step>(
        { dir: 'to-cli', msg: { type: 'user', message: { role: 'user', content: 'hi $CWD' } } },
        {
          dir: 'to-cli',
          msg: { type: 'control_request', request_id: 'rec-1', request: { subtype: 'mcp_status' } },
        },
      ),
    },
    { weight: 1, arbitrary: text.map((raw): Step => ({ dir: 'stderr', raw: raw.replace(/\n/g, ' ') })) },
  ),
  { minLength: 1, maxLength: 10 },
);

/** A type spelt with no escape and no byte beyond ASCII (what a frame's envelope is read by). */
function plainType(type: string): boolean {
  for (let i = 0; i < type.length; i++) {
    const c = type.charCodeAt(i);
    if (c < 0x20 || c >= 0x80 || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/** Writes the session with the fixture writer (a digest in the trailer); returns the file's text. */
function write(path: string, specs: Step[]): string {
  const writer = createFixtureWriter(path, { argv: [], cliVersion: '2.1.332' }, { now: () => 0 });
  specs.forEach((spec, i) => {
    if ('line' in spec) writer.line(spec.dir, spec.line, { t: i, eol: i < specs.length - 1 });
    else if ('raw' in spec) writer.frame(spec.dir, { raw: spec.raw }, i);
    else writer.frame(spec.dir, { msg: spec.msg }, i);
  });
  writer.close({ complete: true, exitCode: 0 });
  return readFileSync(path, 'utf8');
}

/** `openFixtureStream`'s read as `readFixture`'s: every frame of a pass, and what the file says. */
async function readStreamed(path: string): Promise<Fixture> {
  const { fixture: stream } = openFixtureStream(path, { file: 'f.jsonl' }, () => new ReplaySurvey());
  try {
    const { header, trailer, complete, sourceFormat } = stream;
    return {
      header,
      frames: [...stream.frames()].map((f) => ({ ...f, msg: f.msg })),
      trailer,
      complete,
      sourceFormat,
    };
  } finally {
    stream.close();
  }
}

/** A read as every reader agrees on it: the frames with their messages, or the error. */
async function outcome(read: () => Promise<Fixture>): Promise<unknown> {
  try {
    const fixture = await read();
    releaseFixture(fixture);
    return { frames: fixture.frames.map((f) => ({ ...f, msg: f.msg })), trailer: fixture.trailer };
  } catch (error) {
    if (!isClideError(error)) throw error;
    return { error: { code: error.code, message: error.message, where: error.where, hint: error.hint } };
  }
}

describe('a fixture whose digest matches, read for a replay', () => {
  test.prop([steps], { numRuns: Number(process.env.CLIDE_PROPERTY_RUNS ?? 100) })(
    'plays exactly as the fully checked, parsed fixture: stdout, stderr, files and exit code',
    async (specs) => {
      const dir = mkdtempSync(join(tmpdir(), 'replayer-digest-'));
      const cwd = join(dir, 'cwd');
      try {
        const path = join(dir, 'f.jsonl');
        const text = write(path, specs);
        const parsed = parseFixture(text, { file: 'f.jsonl' });
        const recorded = await readFixture(path, { file: 'f.jsonl', recordedCliText: true });
        try {
          // The fast read was taken: a CLI message object whose first key is its type is held as bytes.
          recorded.frames.forEach((frame, i) => {
            const msg = parsed.frames[i]!.msg as Record<string, unknown> | undefined;
            const typed =
              frame.dir === 'from-cli' &&
              msg !== null &&
              typeof msg === 'object' &&
              !Array.isArray(msg) &&
              Object.keys(msg)[0] === 'type' &&
              typeof msg.type === 'string' &&
              plainType(msg.type) &&
              msg.type !== 'control_request' &&
              msg.type !== 'control_cancel_request';
            expect(recordedText(frame)?.bytes !== undefined).toBe(typed);
          });
          mkdirSync(cwd);
          const a = await playToClient(parsed, cwd);
          rmSync(cwd, { recursive: true, force: true });
          mkdirSync(cwd);
          const b = await playToClient(recorded, cwd);
          expect(b).toEqual(a);
          rmSync(cwd, { recursive: true, force: true });
          mkdirSync(cwd);
          const { fixture: stream, visited: survey } = openFixtureStream(
            path,
            { file: 'f.jsonl' },
            () => new ReplaySurvey(),
          );
          try {
            expect(await playToClient(parsed, cwd, { stream, survey })).toEqual(a);
          } finally {
            stream.close();
          }
        } finally {
          releaseFixture(recorded);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('a fixture with one byte of a CLI frame changed, read for a replay', () => {
  test.prop([steps, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 255 })], {
    numRuns: Number(process.env.CLIDE_PROPERTY_RUNS ?? 200),
  })(
    'reads as the full check reads it: the same frames, or the same error',
    async (specs, pick, where, byte) => {
      const dir = mkdtempSync(join(tmpdir(), 'replayer-digest-'));
      try {
        const path = join(dir, 'f.jsonl');
        write(path, [...specs, { dir: 'from-cli', msg: { type: 'assistant', message: { id: 'msg_1' } } }]);
        const bytes = readFileSync(path);
        // The start of each line, and the CLI frames' lines among them.
        const starts = [0];
        for (let i = bytes.indexOf(0x0a); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(0x0a, i + 1))
          starts.push(i + 1);
        const cli = starts.filter((at) => bytes.subarray(at, at + 60).includes('"dir":"from-cli"'));
        const start = cli[pick % cli.length]!;
        const end = bytes.indexOf(0x0a, start) + 1;
        const at = start + (where % (end - start));
        fc.pre(bytes[at] !== byte);
        bytes[at] = byte;
        writeFileSync(path, bytes);
        const checked = await outcome(() => readFixture(path, { file: 'f.jsonl' }));
        const replayed = await outcome(() => readFixture(path, { file: 'f.jsonl', recordedCliText: true }));
        expect(replayed).toEqual(checked);
        expect(await outcome(() => readStreamed(path))).toEqual(checked);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
