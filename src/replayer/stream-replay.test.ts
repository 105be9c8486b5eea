import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientPipe, makeFixture, Sink } from '../../test/support/replay-client.js';
import { isClideError } from '../errors/index.js';
import {
  createFixtureWriter,
  type FixtureFrame,
  type FixtureStream,
  openFixtureStream,
} from '../fixture/index.js';
import { PathSubstitution } from './paths.js';
import { ReplaySurvey } from './plan.js';
import { CLIENT_WINDOW, replaySession } from './replay.js';

/**
 * A replay holds a bounded number of frames whatever the fixture's length: it reads them as it
 * plays them (the file read again frame by frame after its check), never all of them first.
 * Checked by how far ahead of the session a fixture's frames are read, not by time or memory.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'replayer-stream-'));
  dirs.push(dir);
  return dir;
}

const user = (content: string) => ({ type: 'user', message: { role: 'user', content } });
const RESULT = { type: 'result', subtype: 'success', is_error: false, num_turns: 1, result: 'ok' };

/**
 * A fixture of `count` frames made as each pass reads them (none held), and how many frames the
 * passes of the replay have read so far.
 */
function generatedFixture(count: number, frameAt: (seq: number) => FixtureFrame) {
  const { header, trailer } = makeFixture([]);
  const read = { frames: 0, passes: 0 };
  const pass = function* (counted: boolean): Generator<FixtureFrame> {
    if (counted) read.passes += 1;
    for (let seq = 0; seq < count; seq += 1) {
      if (counted) read.frames = Math.max(read.frames, seq + 1);
      yield frameAt(seq);
    }
  };
  const stream: FixtureStream = {
    header,
    trailer: { ...trailer!, frames: count },
    complete: true,
    sourceFormat: 'clide-fixture/2',
    frameCount: count,
    frames: () => pass(true),
    close: () => {},
  };
  // The survey sees every frame once, as the check of a file would show them.
  const survey = new ReplaySurvey();
  for (const frame of pass(false)) survey.frame(frame);
  return { fixture: { stream, survey }, read };
}

function start(fixture: Parameters<typeof replaySession>[0]['fixture'], stdout = new Sink()) {
  const cwd = tempDir();
  const client = clientPipe();
  const done = replaySession({
    fixture,
    fixtureName: 'generated.jsonl',
    mode: 'strict',
    pacing: { kind: 'instant' },
    paths: new PathSubstitution({ cwd, home: '/home/replay-test' }),
    cwd,
    stdin: client.stdin,
    stdout,
    stderr: new Sink(),
  });
  return { client, done, stdout };
}

/** Turns of the event loop: time for a replay to read ahead, if it would. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('a replay of a long fixture', () => {
  it('reads each frame as it plays it, at most a stdout batch ahead of what the client got, in one pass', async () => {
    const count = 5000;
    // 2 KiB messages: a 64 KiB stdout batch holds 32 of them.
    const text = 'x'.repeat(2048);
    const frameAt = (seq: number): FixtureFrame =>
      seq === 0
        ? { kind: 'frame', seq, t: seq, dir: 'to-cli', msg: user('go') }
        : {
            kind: 'frame',
            seq,
            t: seq,
            dir: 'from-cli',
            msg: seq === count - 1 ? RESULT : { type: 'assistant', seq, text },
          };
    const { fixture, read } = generatedFixture(count, frameAt);
    let ahead = 0;
    // Each time output reaches the client: frames read so far, less the client frame and the lines out.
    const stdout = new (class extends Sink {
      override write(chunk: string): boolean {
        const written = super.write(chunk);
        ahead = Math.max(ahead, read.frames - 1 - this.lines().length);
        return written;
      }
    })();
    const { client, done } = start(fixture, stdout);
    client.send(user('go'));
    client.end();
    const outcome = await done;
    expect(outcome).toMatchObject({ exitCode: 0, ok: true });
    expect(stdout.lines()).toHaveLength(count - 1);
    expect(read.passes).toBe(1);
    expect(ahead).toBeLessThanOrEqual(40);
  });

  it(`awaits a run of client messages longer than its window holding ${CLIENT_WINDOW} of them at most`, async () => {
    const run = 3 * CLIENT_WINDOW;
    const frameAt = (seq: number): FixtureFrame =>
      seq < run
        ? { kind: 'frame', seq, t: seq, dir: 'to-cli', msg: user(`message ${seq}`) }
        : { kind: 'frame', seq, t: seq, dir: 'from-cli', msg: RESULT };
    const { fixture, read } = generatedFixture(run + 1, frameAt);
    const { client, done, stdout } = start(fixture);
    const sent = 10;
    for (let i = 0; i < sent; i += 1) client.send(user(`message ${i}`));
    await turns(50);
    // The messages matched, the window after them, and the frame the window's end was told by.
    expect(read.frames).toBeLessThanOrEqual(sent + CLIENT_WINDOW + 1);
    expect(read.frames).toBeGreaterThan(sent);
    for (let i = sent; i < run; i += 1) client.send(user(`message ${i}`));
    client.end();
    const outcome = await done;
    expect(outcome).toMatchObject({ exitCode: 0, ok: true, problems: [] });
    expect(stdout.json()).toEqual([RESULT]);
    expect(read.passes).toBe(1);
  });

  it('reports every client frame left unused when the client closes stdin, reading the rest of the fixture again to count them', async () => {
    const count = 2 * CLIENT_WINDOW + 5;
    const frameAt = (seq: number): FixtureFrame =>
      seq < count - 1
        ? { kind: 'frame', seq, t: seq, dir: 'to-cli', msg: user(`message ${seq}`) }
        : { kind: 'frame', seq, t: seq, dir: 'from-cli', msg: RESULT };
    const { fixture, read } = generatedFixture(count, frameAt);
    const { client, done } = start(fixture);
    client.send(user('message 0'));
    client.end();
    const outcome = await done;
    expect(outcome.ok).toBe(false);
    expect(outcome.problems).toEqual([
      `the client closed stdin with ${count - 2} recorded client frame(s) unused`,
    ]);
    expect(read.passes).toBe(2);
  });
});

describe('a fixture file opened for a replay', () => {
  /** A fixture file of `count` CLI frames of about 200 bytes, by the writer (with its digest). */
  function writeFixture(path: string, count: number): void {
    const writer = createFixtureWriter(path, { argv: [], cliVersion: '2.1.332' }, { now: () => 0 });
    writer.frame('to-cli', { msg: user('go') }, 0);
    for (let seq = 1; seq < count; seq += 1)
      writer.frame('from-cli', { msg: { type: 'assistant', seq, text: 'y'.repeat(160) } }, seq);
    writer.close({ complete: true, exitCode: 0 });
  }

  /** Reads `first` frames of a pass, changes the file, reads on: the frames read, and the error. */
  function readAcrossAChange(path: string, first: number) {
    let seen = 0;
    const { fixture, visited } = openFixtureStream(path, {}, () => ({
      frames: 0,
      frame() {
        this.frames += 1;
      },
    }));
    try {
      const frames = fixture.frames();
      for (let i = 0; i < first; i += 1) {
        frames.next();
        seen += 1;
      }
      appendFileSync(path, '\n');
      try {
        for (let step = frames.next(); step.done !== true; step = frames.next()) seen += 1;
        return { seen, visited: visited.frames, error: undefined };
      } catch (error) {
        return { seen, visited: visited.frames, error };
      }
    } finally {
      fixture.close();
    }
  }

  it('reads its frames from the file as they are asked for: a change after the check is refused at the next read', () => {
    const path = join(tempDir(), 'long.jsonl');
    // About 1.6 MB: more than a read takes at a time, on either path.
    writeFixture(path, 8000);
    const { seen, visited, error } = readAcrossAChange(path, 10);
    expect(visited).toBe(8000);
    expect(seen).toBeGreaterThanOrEqual(10);
    expect(seen).toBeLessThan(8000);
    expect(isClideError(error) && error.code === 'fixture' && error.message).toBe(
      'the fixture file changed after it was read and checked',
    );
  });

  it('without a digest (every line checked) reads its frames from the file alike', () => {
    const path = join(tempDir(), 'long.jsonl');
    writeFixture(path, 8000);
    // The trailer without its digest: the file is read line by line, every message checked.
    const lines = readFileSync(path, 'utf8').split('\n');
    const trailer = JSON.parse(lines.at(-2)!) as Record<string, unknown>;
    delete trailer.digest;
    lines[lines.length - 2] = JSON.stringify(trailer);
    writeFileSync(path, lines.join('\n'));
    const { seen, visited, error } = readAcrossAChange(path, 10);
    expect(visited).toBe(8000);
    expect(seen).toBeGreaterThanOrEqual(10);
    expect(seen).toBeLessThan(8000);
    expect(isClideError(error) && error.code === 'fixture' && error.message).toBe(
      'the fixture file changed after it was read and checked',
    );
  });
});
