import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { FIXTURE_FORMAT, type Fixture, type FixtureFrame } from '../../src/fixture/index.js';
import { PathSubstitution } from '../../src/replayer/paths.js';
import { replaySession, type SurveyedFixture } from '../../src/replayer/replay.js';

/**
 * In-memory plumbing for the replayer's own tests: a fixture built from frames, and a client that
 * writes lines to the replay's stdin and reads its stdout/stderr.
 */

export type FrameSpec =
  | { dir: 'to-cli' | 'from-cli'; msg: unknown; t?: number }
  | { dir: 'to-cli' | 'from-cli' | 'stderr'; raw: string; t?: number };

export function makeFixture(specs: FrameSpec[], exitCode = 0): Fixture {
  const frames: FixtureFrame[] = specs.map((s, seq) => ({ kind: 'frame', seq, t: s.t ?? seq, ...s }));
  return {
    header: {
      kind: 'header',
      format: FIXTURE_FORMAT,
      cliVersion: '2.1.150',
      argv: [],
      recordedAt: '2026-01-01T00:00:00.000Z',
      recorder: { name: 'test', version: '0' },
      redaction: { enabled: true, rules: [] },
    },
    frames,
    trailer: {
      kind: 'trailer',
      complete: true,
      exitCode,
      signal: null,
      frames: frames.length,
      durationMs: frames.length,
    },
    complete: true,
    sourceFormat: FIXTURE_FORMAT,
  };
}

/** Collects what the replay writes, line by line. */
export class Sink {
  text = '';
  private readonly listeners = new Set<() => void>();
  write(chunk: string): boolean {
    this.text += chunk;
    for (const l of this.listeners) l();
    return true;
  }
  lines(): string[] {
    return this.text.split('\n').filter((l) => l !== '');
  }
  json(): unknown[] {
    return this.lines().map((l) => JSON.parse(l) as unknown);
  }
  /** Resolves once the output holds `n` lines. */
  async untilLines(n: number): Promise<void> {
    while (this.lines().length < n) {
      await new Promise<void>((resolve) => {
        const l = () => {
          this.listeners.delete(l);
          resolve();
        };
        this.listeners.add(l);
      });
    }
  }
}

export function clientPipe(): {
  stdin: PassThrough;
  send: (msg: unknown) => void;
  sendRaw: (text: string) => void;
  end: () => void;
} {
  const stdin = new PassThrough();
  return {
    stdin,
    send: (msg) => stdin.write(`${JSON.stringify(msg)}\n`),
    sendRaw: (text) => stdin.write(text),
    end: () => stdin.end(),
  };
}

/**
 * Replays `fixture` (lenient, instant) into `cwd` to a client that sends each recorded client line,
 * with a fresh request id, once the output before it is out; what the session wrote, and the files
 * left in `cwd`. The property tests compare two reads of one fixture through it. `played`: the
 * fixture as the session reads it (another read of the same file, e.g. a stream), when not `fixture`.
 */
export async function playToClient(
  fixture: Fixture,
  cwd: string,
  played: Fixture | SurveyedFixture = fixture,
): Promise<{ stdout: string; stderr: string; exitCode: number; files: Record<string, string> }> {
  const paths = new PathSubstitution({ cwd, home: '/home/prop', tmpdir: '/tmp/prop' });
  const client = clientPipe();
  const stdout = new Sink();
  const stderr = new Sink();
  const done = replaySession({
    fixture: played,
    fixtureName: 'property.jsonl',
    mode: 'lenient',
    pacing: { kind: 'instant' },
    paths,
    cwd,
    stdin: client.stdin,
    stdout,
    stderr,
  });
  let seen = 0;
  for (const frame of fixture.frames) {
    // The CLI lines that reach stdout: an empty raw line writes nothing.
    if (frame.dir === 'from-cli' && (frame.msg !== undefined || frame.raw !== '')) seen += 1;
    if (frame.dir !== 'to-cli') continue;
    await stdout.untilLines(seen);
    client.sendRaw(`${paths.toRealInJson(JSON.stringify(frame.msg)).replace('"rec-1"', '"live-1"')}\n`);
  }
  client.end();
  const outcome = await done;
  const files: Record<string, string> = {};
  for (const name of readdirSync(cwd)) files[name] = readFileSync(join(cwd, name), 'utf8');
  return { stdout: stdout.text, stderr: stderr.text, exitCode: outcome.exitCode, files };
}
