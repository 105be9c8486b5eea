import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The kit's commands given what is not a regular file, or a line without end: each says so and
 * names the file, at once and in bounded memory, never hangs, grows without limit or dies with an
 * internal error. Black box: the built bin (run `npm run build` first).
 */

const BIN = resolve('bin/clide-conformance');
const FAKE = resolve('bin/fake-claude');
const FIXTURE = resolve('fixtures/2.1.332/turn__plain.jsonl');
/** The longest line a reader takes (src/protocol/line-limit.ts). */
const MAX_LINE = 64 * 1024 * 1024;

let dir: string;
let fifo: string;
/** 600 MiB without a newline (sparse: no disk): longer than the longest string V8 can hold. */
let endless: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-hostile-files-'));
  fifo = join(dir, 'pipe.jsonl');
  execFileSync('mkfifo', [fifo]);
  endless = join(dir, 'endless.jsonl');
  const fd = openSync(endless, 'w');
  writeSync(fd, Buffer.from([0x7b]), 0, 1, 600 * 1024 * 1024 - 1);
  closeSync(fd);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) =>
  execa('node', [BIN, ...args], { reject: false, timeout: 60_000, maxBuffer: 10 * 1024 * 1024 });

/** A file of `before` lines, one line of `length` bytes, then `after` lines. */
function withLongLine(name: string, before: string[], length: number, after: string[]): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  writeSync(fd, before.map((l) => `${l}\n`).join(''));
  const chunk = Buffer.alloc(1024 * 1024, 0x78);
  for (let left = length; left > 0; left -= chunk.length)
    writeSync(fd, chunk, 0, Math.min(left, chunk.length));
  writeSync(fd, `\n${after.map((l) => `${l}\n`).join('')}`);
  closeSync(fd);
  return path;
}

describe('diff', () => {
  it('refuses /dev/zero at once, naming it (it grew without limit)', async () => {
    const run = await cli(['diff', '/dev/zero', FIXTURE]);
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error[io]: /dev/zero: not a regular file (a character device)');
  });

  it('refuses a FIFO at once, naming it (it hung)', async () => {
    const run = await cli(['diff', FIXTURE, fifo]);
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`error[io]: ${fifo}: not a regular file (a FIFO)`);
  });

  it('a line longer than a reader takes is a fixture error naming the file and the line', async () => {
    const run = await cli(['diff', FIXTURE, endless]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `error[fixture]: ${endless}:1: line 1 is longer than the ${MAX_LINE} bytes a line may have`,
    );
    const long = withLongLine('long-in-fixture.jsonl', [], MAX_LINE + 10, ['{"type":"result"}']);
    const second = await cli(['diff', FIXTURE, long]);
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toContain(`${long}:1: line 1 is longer than the ${MAX_LINE} bytes a line may have`);
  });
});

describe('validate', () => {
  it('a 600 MiB file with no newline is a finding on line 1, not an internal error (RangeError)', async () => {
    const run = await cli(['validate', '--format', 'json', endless]);
    expect(run.stderr).not.toContain('internal');
    expect(run.exitCode).toBe(1);
    const findings = (
      JSON.parse(run.stdout) as { files: Array<{ findings: Array<Record<string, unknown>> }> }
    ).files[0]!.findings;
    expect(findings).toContainEqual(
      expect.objectContaining({
        line: 1,
        code: 'wire/line-too-long',
        severity: 'breaking',
        message: `line 1 is ${600 * 1024 * 1024} bytes long, over the ${MAX_LINE} a line may have: it is not read`,
      }),
    );
  });

  it('an over-long line is a finding with its line number, and the lines after it are still validated', async () => {
    const status = JSON.stringify({
      type: 'system',
      subtype: 'status',
      status: null,
      uuid: 'u',
      session_id: 's',
    });
    const wrong = JSON.stringify({
      type: 'system',
      subtype: 'status',
      status: null,
      uuid: 'u',
      session_id: 7,
    });
    const path = withLongLine('long-in-capture.jsonl', [status], MAX_LINE + 1, [wrong]);
    const run = await cli(['validate', path]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`${path}:2: breaking wire/line-too-long at $`);
    expect(run.stdout).toContain(`${path}:3: breaking schema/wrong-type at $.session_id`);
    expect(run.stdout).toContain(`${path}: 2 messages (plain`);
  });

  it('refuses a FIFO and /dev/zero, naming them', async () => {
    for (const [file, what] of [
      [fifo, 'a FIFO'],
      ['/dev/zero', 'a character device'],
    ] as const) {
      const run = await cli(['validate', file]);
      expect(run.timedOut).toBe(false);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain(`${file}: not a regular file (${what})`);
    }
  });
});

describe('fake-claude replaying a fixture', () => {
  it('refuses a FIFO or /dev/zero as its fixture at once, naming it', async () => {
    for (const [file, what] of [
      [fifo, 'a FIFO'],
      ['/dev/zero', 'a character device'],
    ] as const) {
      const run = await execa(
        FAKE,
        ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
        {
          env: { CLIDE_FAKE_FIXTURE: file },
          input: '',
          reject: false,
          timeout: 30_000,
        },
      );
      expect(run.timedOut).toBe(false);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain(`${file}: not a regular file (${what})`);
    }
  });
});

describe('merge-reports', () => {
  it('never copies what a symbolic link in a shard points at into the merged report', async () => {
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET-CONTENT\n');
    const shard = join(dir, 'shard-link');
    const report = {
      format: 'clide-canary-report/1',
      tool: { name: 'clide-conformance', version: '0.1.0' },
      cli: { version: '2.1.332', binary: '/c/claude', live: false },
      baseline: { version: '2.1.332', schemaVersion: '2.1.332', fixturesDir: null, fixtures: 0 },
      expectedFile: null,
      failOn: 'breaking',
      selection: [],
      shard: { index: 1, count: 1, selected: ['a/one'] },
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:01.000Z',
      durationMs: 1000,
      machine: {},
      summary: {},
      scenarios: [
        {
          id: 'a/one',
          requirement: 'r',
          spec: '§1',
          tier: 'offline',
          status: 'passed',
          durationMs: 1,
          exitCode: 0,
          signal: null,
          baselineFixture: null,
          wireLog: 'wire/a__one.jsonl',
          findings: [],
        },
      ],
    };
    execFileSync('mkdir', ['-p', join(shard, 'wire')]);
    writeFileSync(join(shard, 'report.json'), JSON.stringify(report));
    symlinkSync(secret, join(shard, 'wire', 'a__one.jsonl'));
    const out = join(dir, 'merged-link');
    const run = await cli(['merge-reports', '--out', out, shard]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `${join(shard, 'wire', 'a__one.jsonl')}: the wire log of a/one is a symbolic link; merge-reports copies only regular files`,
    );
    const html = await execa('cat', [join(out, 'report.html')], { reject: false });
    expect(String(html.stdout)).not.toContain('TOP-SECRET-CONTENT');
  });
});
