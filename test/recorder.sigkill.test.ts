import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeCut, type Fixture, parseFixture, recordingPath } from '../src/fixture/index.js';

/**
 * `clide-record` killed with SIGKILL while a session streams through it, on a machine whose cores
 * are all kept busy: every line the client received (and so every client line that was answered)
 * must be in the file it leaves, which must load as a fixture cut at its last frame, and the CLI —
 * a child that outlives its stdin and ignores SIGTERM/SIGHUP, with a grandchild of its own — must
 * be gone (within the scheduling latency of a shell: bench/recorder-kill.ts measures how soon; the
 * test waits up to ORPHAN_WAIT_MS, far beyond it, so that a starved machine does not fail it). The
 * recorded child is a fast deterministic echo: the test is about the recorder.
 */
const RECORDER = resolve('bin/clide-record');
const RUNS = Number(process.env.SIGKILL_RUNS ?? 20);
const ORPHAN_WAIT_MS = 10_000;
const PARALLEL = 4;

const CHILD = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { createInterface } = require('node:readline');
const grandchild = spawn('sleep', ['300'], { stdio: 'ignore' });
writeFileSync(process.env.PIDS_FILE, JSON.stringify({ child: process.pid, grandchild: grandchild.pid }));
for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT']) process.on(signal, () => {});
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
createInterface({ input: process.stdin }).on('line', (line) => {
  const n = JSON.parse(line).n;
  process.stdout.write(JSON.stringify({ type: 'echo', n, pad: 'y'.repeat(n % 300) }) + '\\n');
  if (n % 7 === 0) process.stderr.write('progress ' + n + '\\n');
});
// Like a CLI finishing its turn: stdin closing does not end it.
setInterval(() => {}, 1000);
`;

let dir: string;
let child: string;
const busy: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-sigkill-'));
  child = join(dir, 'echo-cli.cjs');
  writeFileSync(child, CHILD);
  chmodSync(child, 0o755);
  // CPU contention: a busy loop per core, for the whole test.
  for (let i = 0; i < Math.max(2, cpus().length); i++) {
    busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
});

afterAll(() => {
  for (const p of busy) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Alive and not a zombie (a reparented child may wait a moment for its reaper). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

interface Run {
  fixture: Fixture;
  /** Lines the client got on stdout / stderr, and the client lines whose echo came back. */
  stdout: string[];
  stderr: string[];
  answered: number[];
  /** How long the CLI and its child outlived the recorder. */
  orphanMs: number;
  /** The CLI's and its child's pids still alive after ORPHAN_WAIT_MS (none expected). */
  left: number[];
}

async function killMidSession(run: number): Promise<Run> {
  const out = join(dir, `run-${run}.jsonl`);
  const pidsFile = join(dir, `run-${run}.pids`);
  const recorder = spawn(RECORDER, ['-p', '--input-format', 'stream-json'], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      CLIDE_REAL_CLAUDE: child,
      CLIDE_RECORD_OUT: out,
      PIDS_FILE: pidsFile,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  recorder.stdin.on('error', () => {});
  const stdout: string[] = [];
  const stderr: string[] = [];
  const collect = (stream: NodeJS.ReadableStream, into: string[]) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop()!;
      into.push(...lines);
    });
    return new Promise<void>((done) => stream.on('close', done));
  };
  const closed = Promise.all([collect(recorder.stdout, stdout), collect(recorder.stderr, stderr)]);
  // Kill after a different number of answered lines each run, while the client keeps sending.
  const killAfter = 5 + ((run * 37) % 120);
  let killed = false;
  const sending = (async () => {
    for (let n = 0; !killed; n++) {
      const line = `${JSON.stringify({ type: 'user', n, pad: 'x'.repeat((n * 13) % 500) })}\n`;
      if (!recorder.stdin.write(line)) {
        // Until it drains, or the recorder is gone (killed).
        await new Promise((r) => {
          recorder.stdin.once('drain', r);
          recorder.stdin.once('close', r);
        });
      }
      // A steady stream, a few lines in flight: the kill lands mid-session, not after a burst.
      while (!killed && n - stdout.length > 8) await sleep(1);
    }
  })();
  while (stdout.length < killAfter) await sleep(2);
  recorder.kill('SIGKILL');
  killed = true;
  const killedAt = performance.now();
  await sending;
  await closed;
  const pids = JSON.parse(readFileSync(pidsFile, 'utf8')) as { child: number; grandchild: number };
  while ((alive(pids.child) || alive(pids.grandchild)) && performance.now() - killedAt < ORPHAN_WAIT_MS)
    await sleep(20);
  const orphanMs = performance.now() - killedAt;
  const left = [pids.child, pids.grandchild].filter(alive);
  expect(existsSync(out), 'the final name never holds an unscanned recording').toBe(false);
  const fixture = parseFixture(readFileSync(recordingPath(out), 'utf8'), { file: recordingPath(out) });
  const answered = stdout.filter((l) => l !== '').map((l) => (JSON.parse(l) as { n: number }).n);
  return {
    fixture,
    stdout: stdout.filter((l) => l !== ''),
    stderr: stderr.filter((l) => l !== ''),
    answered,
    orphanMs,
    left,
  };
}

describe('clide-record killed with SIGKILL under CPU contention', () => {
  // Some 10-20 s on an idle 2-core machine; the timeout is for one shared with other work.
  test(`${RUNS} kills mid-session: each leaves a cut fixture holding every line forwarded, and no process behind`, {
    timeout: 180_000,
  }, async () => {
    const orphans: number[] = [];
    // A few at a time: the recorders and their CLIs add to the contention.
    for (let batch = 0; batch < RUNS; batch += PARALLEL) {
      const runs = Array.from({ length: Math.min(PARALLEL, RUNS - batch) }, (_, i) => batch + i);
      const results = await Promise.all(runs.map((run) => killMidSession(run)));
      results.forEach((r, i) => {
        const run = runs[i]!;
        const frames = r.fixture.frames;
        const lines = (dir: string) =>
          frames
            .filter((f) => f.dir === dir)
            .map((f) => (f.msg !== undefined ? JSON.stringify(f.msg) : f.raw));
        // Loadable, with its header, and cut: no trailer.
        expect(r.fixture.header.argv, `run ${run}`).toEqual([
          'claude',
          '-p',
          '--input-format',
          'stream-json',
        ]);
        expect(describeCut(r.fixture), `run ${run}`).toMatch(/^the recording was cut at frame \d+/);
        expect(r.stdout.length, `run ${run}`).toBeGreaterThan(0);
        // Every line the client received, both streams, in order: the bound is 0 complete lines.
        expect(lines('from-cli').slice(0, r.stdout.length), `run ${run}`).toEqual(r.stdout);
        expect(lines('stderr').slice(0, r.stderr.length), `run ${run}`).toEqual(r.stderr);
        // Every client line that was answered was forwarded, so it is recorded too.
        const sent = new Set(lines('to-cli').map((l) => (JSON.parse(l!) as { n: number }).n));
        expect(
          r.answered.filter((n) => !sent.has(n)),
          `run ${run}`,
        ).toEqual([]);
        expect(r.left, `run ${run}: processes left ${ORPHAN_WAIT_MS} ms after the kill`).toEqual([]);
        orphans.push(r.orphanMs);
        if (process.env.SIGKILL_DEBUG) {
          console.error(`run ${run}: ${r.stdout.length} lines, CLI gone after ${Math.round(r.orphanMs)} ms`);
        }
      });
    }
    if (process.env.SIGKILL_DEBUG)
      console.error(`ms the CLI outlived its recorder: ${orphans.map(Math.round).join(', ')}`);
  });
});
