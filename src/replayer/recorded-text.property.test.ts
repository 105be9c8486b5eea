import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { makeFixture, playToClient } from '../../test/support/replay-client.js';
import { isClideError } from '../errors/index.js';
import {
  encodeRecord,
  type Fixture,
  type FixtureFrame,
  openFixtureStream,
  parseFixture,
  readFixture,
} from '../fixture/index.js';
import { ReplaySurvey } from './plan.js';

/**
 * Property: a replay that plays CLI messages as their recorded text (`recordedCliText`, what
 * `fake-claude` reads) writes exactly what the replay of the parsed messages writes — stdout,
 * stderr, files, exit code — for random frames: paths to substitute, ids the client binds, file
 * effects, escapes, numbers of every spelling. And a corrupt line is reported alike, file and line,
 * by every reader (whole, or a frame at a time as `fake-claude` plays a fixture).
 */

const piece = fc.constantFrom(
  '$CWD',
  '$HOME',
  '$TMPDIR',
  '$CWD_SLUG',
  '$USER',
  '$',
  '/',
  'a',
  '"',
  '\\',
  '\n',
  '\t',
  '\u0001',
  ' ',
  'rec-1',
  'toolu_rec',
  'é',
  '😀',
  '\u2028',
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
    fc.dictionary(
      fc.oneof(text, fc.constantFrom('request_id', 'id', 'type', 'session_id', '1', '__proto__')),
      tie('json'),
      {
        maxKeys: 3,
      },
    ),
  ),
}));

const SESSION = '00000000-0000-4000-8000-000000000001';

/** CLI messages: anything, the usual shapes, a Write result, an answer to the client's request. */
const cliMessage = fc.oneof(
  fc.dictionary(fc.oneof(text, fc.constantFrom('type', 'session_id', 'tool_use_result')), json, {
    maxKeys: 4,
  }),
  fc.record({
    type: fc.constant('assistant'),
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
  | { dir: 'from-cli'; msg: unknown }
  | { dir: 'to-cli'; msg: unknown }
  | { dir: 'stderr'; raw: string };

const steps = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: cliMessage.map((msg): Step => ({ dir: 'from-cli', msg })) },
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

/** The fixture as its writer puts it on disk. */
function fixtureText(fixture: Fixture): string {
  return [fixture.header, ...fixture.frames, ...(fixture.trailer ? [fixture.trailer] : [])]
    .map((record) => encodeRecord(record))
    .join('');
}

describe('CLI messages played as their recorded text', () => {
  test.prop([steps], { numRuns: Number(process.env.CLIDE_PROPERTY_RUNS ?? 150) })(
    'give the same stdout, stderr, files and exit code as the parsed messages',
    async (specs) => {
      const text = fixtureText(makeFixture(specs));
      const parsed = parseFixture(text, { file: 'p.jsonl' });
      const recorded = parseFixture(text, { file: 'p.jsonl', recordedCliText: true });
      const cwd = mkdtempSync(join(tmpdir(), 'replayer-text-'));
      try {
        const a = await playToClient(parsed, cwd);
        rmSync(cwd, { recursive: true, force: true });
        mkdirSync(cwd);
        const b = await playToClient(recorded, cwd);
        expect(b).toEqual(a);
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    },
  );
});

/** One edit of a line: a character in, out or changed, or a typical hand edit. */
const edit = fc.tuple(
  fc.nat(),
  fc.nat(),
  fc.string({ maxLength: 2 }),
  fc.constantFrom('cut', 'insert', 'replace', 'space', 'escape', 'key'),
);

function corrupt(line: string, at: number, [where, , insert, how]: [number, number, string, string]): string {
  const i = where % (line.length + 1);
  if (how === 'cut') return line.slice(0, i);
  if (how === 'insert') return line.slice(0, i) + insert + line.slice(i);
  if (how === 'replace') return line.slice(0, i) + insert + line.slice(i + 1 + (at % 2));
  if (how === 'space') return line.replace(/:/, ': ');
  if (how === 'escape') return line.replace(/"msg":\{"/, '"msg":{"\\u0061');
  return line.replace(/"msg":\{/, '"msg":{"dup":1,"dup":2,');
}

function outcome(
  read: () => Fixture,
): { error: unknown } | { frames: Array<FixtureFrame & { line: string }> } {
  try {
    const fixture = read();
    return {
      frames: fixture.frames.map((f) => ({
        ...f,
        msg: f.msg,
        line: f.msg === undefined ? '' : JSON.stringify(f.msg),
      })),
    };
  } catch (error) {
    if (!isClideError(error)) throw error;
    return { error: { code: error.code, message: error.message, where: error.where, hint: error.hint } };
  }
}

describe('a corrupt line, read for a replay', () => {
  test.prop([steps, fc.nat(), edit], { numRuns: Number(process.env.CLIDE_PROPERTY_RUNS ?? 300) })(
    'is reported as without the recorded text, naming the file and line; an intact one reads the same',
    async (specs, pick, change) => {
      const lines = fixtureText(makeFixture(specs)).split('\n');
      // A frame line (not the header) is edited.
      const index = 1 + (pick % (lines.length - 2));
      lines[index] = corrupt(lines[index]!, pick, change);
      const text = lines.join('\n');
      const parsed = outcome(() => parseFixture(text, { file: 'c.jsonl' }));
      const recorded = outcome(() => parseFixture(text, { file: 'c.jsonl', recordedCliText: true }));
      expect(recorded).toEqual(parsed);
      if ('error' in parsed) expect((parsed.error as { where: string }).where).toMatch(/^c\.jsonl(:\d+)?$/);
      // The streaming reader (whole chunks decoded at once) agrees with both, on the file's text
      // (a lone surrogate the edit made is written as U+FFFD).
      const onDisk = outcome(() =>
        parseFixture(Buffer.from(text, 'utf8').toString('utf8'), { file: 'c.jsonl' }),
      );
      const dir = mkdtempSync(join(tmpdir(), 'reader-text-'));
      try {
        const file = join(dir, 'c.jsonl');
        writeFileSync(file, text);
        for (const recordedCliText of [false, true]) {
          const streamed = await readFixture(file, { file: 'c.jsonl', recordedCliText }).then(
            (fixture) => outcome(() => fixture),
            (error: unknown) =>
              outcome(() => {
                throw error;
              }),
          );
          expect(streamed).toEqual(onDisk);
        }
        // And the replay's read of it a frame at a time (checked whole, then read again).
        const frames = outcome(() => {
          const { fixture } = openFixtureStream(file, { file: 'c.jsonl' }, () => new ReplaySurvey());
          try {
            return { ...fixture, frames: [...fixture.frames()] } as unknown as Fixture;
          } finally {
            fixture.close();
          }
        });
        expect(frames).toEqual(onDisk);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
