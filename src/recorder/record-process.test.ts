import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { tempDirs } from '../../test/support/temp-dirs.js';
import { isClideError } from '../errors/index.js';
import { FIXTURE_FORMAT, frameLineBytes, readFixture } from '../fixture/index.js';
import { recordProcess } from './record-process.js';

const temp = tempDirs();

const CAT = ['/bin/cat', '/usr/bin/cat'].find((p) => existsSync(p))!;

/** A client that reads slowly: a small buffer, and each write acknowledged only on a later turn. */
function slowClient(): { stream: Writable; bytes: () => Buffer } {
  const parts: Buffer[] = [];
  const stream = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      parts.push(Buffer.from(chunk));
      setImmediate(done);
    },
  });
  return { stream, bytes: () => Buffer.concat(parts) };
}

describe('recordProcess', () => {
  test('a session with lines far longer than a pipe chunk, through a slow client, is forwarded and recorded byte for byte and in order', async () => {
    const dir = temp('clide-rec-queue-');
    const home = join(dir, 'home');
    const out = join(dir, 'session.jsonl');
    // ~1.5 MiB of lines, some longer than a pipe chunk, each naming the home folder.
    const lines = Array.from({ length: 600 }, (_, i) =>
      JSON.stringify({ type: 'user', n: i, path: `${home}/file-${i}.txt`, pad: 'x'.repeat((i % 7) * 1500) }),
    );
    const input = Buffer.from(`${lines.join('\n')}\n`);
    const stdin = new PassThrough();
    const client = slowClient();
    const run = recordProcess({
      command: CAT,
      args: [],
      out,
      env: { PATH: process.env.PATH, HOME: home },
      cwd: dir,
      stdin,
      stdout: client.stream,
      stderr: new PassThrough(),
      forwardSignals: [],
    });
    // Written in odd-sized pieces, so lines straddle chunks.
    for (let at = 0; at < input.length; at += 7001) stdin.write(input.subarray(at, at + 7001));
    stdin.end();
    const result = await run;

    expect(result.exitCode).toBe(0);
    expect(result.complete).toBe(true);
    expect(Buffer.compare(client.bytes(), input)).toBe(0);
    const fixture = await readFixture(out);
    expect(fixture.complete).toBe(true);
    expect(result.frames).toBe(fixture.frames.length);
    const frames = (dir: string) => fixture.frames.filter((f) => f.dir === dir);
    const recorded = (dir: string) => Buffer.concat(frames(dir).map((f) => frameLineBytes(f))).toString();
    // Redacted, and otherwise exactly the session, both ways.
    const expected = input.toString().replaceAll(home, '$HOME');
    expect(recorded('to-cli')).toBe(expected);
    expect(recorded('from-cli')).toBe(expected);
    expect(readFileSync(out, 'utf8')).not.toContain(home);
    // Interleaving as it happened: cat cannot echo a line before it was sent.
    const seqOf = (dir: string) => new Map(frames(dir).map((f) => [(f.msg as { n: number }).n, f.seq]));
    const sent = seqOf('to-cli');
    for (const [n, seq] of seqOf('from-cli')) expect(seq).toBeGreaterThan(sent.get(n)!);
  });

  test('the header is on disk before the CLI starts', async () => {
    const dir = temp('clide-rec-header-');
    const out = join(dir, 'session.jsonl');
    const seen = join(dir, 'seen-at-start');
    // The "CLI" copies what the recording holds the moment it starts.
    const result = await recordProcess({
      command: '/bin/sh',
      args: ['-c', `cp "${out}.recording" "${seen}"`],
      out,
      stdin: new PassThrough().end(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      forwardSignals: [],
    });
    expect(result.exitCode).toBe(0);
    const atStart = readFileSync(seen, 'utf8');
    expect(atStart.endsWith('\n')).toBe(true);
    expect(JSON.parse(atStart)).toMatchObject({
      kind: 'header',
      format: FIXTURE_FORMAT,
      argv: ['claude', '-c', expect.any(String)],
    });
  });

  test('a fixture that cannot be created fails before the CLI starts', async () => {
    const dir = temp('clide-rec-nofile-');
    const marker = join(dir, 'started');
    const error = await recordProcess({
      command: '/bin/sh',
      args: ['-c', `touch ${marker}`],
      out: join(dir, 'missing-folder', 'session.jsonl'),
      stdin: new PassThrough(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      forwardSignals: [],
    }).catch((e: unknown) => e);
    expect(isClideError(error) && error.code).toBe('io');
    expect(existsSync(marker)).toBe(false);
  });
});
