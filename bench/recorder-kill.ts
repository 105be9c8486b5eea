import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { packageInfo } from '../src/config/package-info.js';
import { parseFixture, recordingPath } from '../src/fixture/index.js';
import { type Measure, measure } from './model.js';
import { fmt, summarize } from './stats.js';

/**
 * `clide-record` killed with SIGKILL mid-session while every core runs a busy loop: how many
 * complete lines the client had received (or had answered) that are not in the file the recorder
 * left — the documented bound is 0 (docs/record.md, "Crash safety") — and how long the CLI
 * outlived its recorder (the CLI here ignores SIGTERM/SIGHUP and its stdin closing, and has a
 * child of its own, so only the recorder's guard ends it).
 */
export const KILL_RUNS = 12;

const CHILD = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { createInterface } = require('node:readline');
const grandchild = spawn('sleep', ['300'], { stdio: 'ignore' });
writeFileSync(process.env.PIDS_FILE, JSON.stringify({ child: process.pid, grandchild: grandchild.pid }));
for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT']) process.on(signal, () => {});
process.stdout.on('error', () => {});
createInterface({ input: process.stdin }).on('line', (line) => {
  const n = JSON.parse(line).n;
  process.stdout.write(JSON.stringify({ type: 'echo', n, pad: 'y'.repeat(n % 300) }) + '\\n');
});
setInterval(() => {}, 1000);
`;

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function killPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone
  }
}

interface KillRun {
  received: number;
  /** Complete lines the client got on stdout that are not from-cli frames of the file. */
  lostOut: number;
  /** Client lines that were answered but are not to-cli frames of the file. */
  lostIn: number;
  orphanMs: number;
}

async function killOnce(dir: string, child: string, run: number): Promise<KillRun> {
  const out = join(dir, `run-${run}.jsonl`);
  const pidsFile = join(dir, `run-${run}.pids`);
  const recorder = spawn(join(packageInfo().root, 'bin', 'clide-record'), ['-p'], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      CLIDE_REAL_CLAUDE: child,
      CLIDE_RECORD_OUT: out,
      PIDS_FILE: pidsFile,
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  recorder.stdin.on('error', () => {});
  const lines: string[] = [];
  let rest = '';
  recorder.stdout.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  });
  const closed = new Promise<void>((done) => recorder.stdout.on('close', done));
  const killAfter = 10 + ((run * 41) % 150);
  let killed = false;
  const sending = (async () => {
    for (let n = 0; !killed; n++) {
      if (
        !recorder.stdin.write(`${JSON.stringify({ type: 'user', n, pad: 'x'.repeat((n * 13) % 500) })}\n`)
      ) {
        await new Promise((r) => {
          recorder.stdin.once('drain', r);
          recorder.stdin.once('close', r);
        });
      }
      while (!killed && n - lines.length > 8) await sleep(1);
    }
  })();
  while (lines.length < killAfter) await sleep(2);
  recorder.kill('SIGKILL');
  killed = true;
  const killedAt = performance.now();
  await sending;
  await closed;
  let pids: { child: number; grandchild: number } | undefined;
  try {
    pids = JSON.parse(readFileSync(pidsFile, 'utf8')) as { child: number; grandchild: number };
  } catch {
    pids = undefined;
  }
  while (pids && (alive(pids.child) || alive(pids.grandchild)) && performance.now() - killedAt < 10_000) {
    await sleep(10);
  }
  const orphanMs = performance.now() - killedAt;
  if (pids) for (const pid of [pids.child, pids.grandchild]) killPid(pid);
  const fixture = parseFixture(readFileSync(recordingPath(out), 'utf8'));
  const fromCli = new Set(
    fixture.frames
      .filter((f) => f.dir === 'from-cli')
      .map((f) => (f.msg !== undefined ? JSON.stringify(f.msg) : f.raw)),
  );
  const toCli = new Set(
    fixture.frames.filter((f) => f.dir === 'to-cli').map((f) => (f.msg as { n?: number } | undefined)?.n),
  );
  const got = lines.filter((l) => l !== '');
  const answered = got.map((l) => (JSON.parse(l) as { n: number }).n);
  return {
    received: got.length,
    lostOut: got.filter((l) => !fromCli.has(l)).length,
    lostIn: answered.filter((n) => !toCli.has(n)).length,
    orphanMs,
  };
}

/** The kill-under-load measures of the recorder section, and a line per kill for the log. */
export async function benchRecorderKill(
  log: (line: string) => void,
): Promise<{ measures: Measure[]; note: string; data: KillRun[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'clide-bench-kill-'));
  const child = join(dir, 'echo-cli.cjs');
  writeFileSync(child, CHILD);
  chmodSync(child, 0o755);
  const busy: ChildProcess[] = [];
  for (let i = 0; i < cpus().length; i++) {
    busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  const runs: KillRun[] = [];
  try {
    for (let run = 0; run < KILL_RUNS; run++) {
      const r = await killOnce(dir, child, run);
      runs.push(r);
      log(
        `  kill ${run + 1}/${KILL_RUNS}: ${r.received} lines received, ${r.lostOut + r.lostIn} not on disk, CLI gone after ${fmt(r.orphanMs, 0)} ms`,
      );
    }
  } finally {
    for (const p of busy) p.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
  const lost = runs.map((r) => r.lostOut + r.lostIn);
  return {
    measures: [
      measure(
        'recorder.kill-lost-lines',
        'recorder SIGKILLed under CPU contention: forwarded lines not in its file (per kill)',
        summarize(lost),
        'lines',
        { op: '<=', value: 0 },
        `${KILL_RUNS} kills, ${summarize(runs.map((r) => r.received)).median} lines received at the median kill; worst ${Math.max(...lost)}`,
      ),
      measure(
        'recorder.kill-orphan-ms',
        'recorder SIGKILLed under CPU contention: ms its CLI (and the CLI’s child) outlive it',
        summarize(runs.map((r) => r.orphanMs)),
        'ms',
        { op: '<=', value: 2000 },
        `worst ${fmt(Math.max(...runs.map((r) => r.orphanMs)), 0)} ms`,
      ),
    ],
    note: `Kill under load: ${KILL_RUNS} sessions through \`bin/clide-record\` to a Node echo "CLI" that ignores SIGTERM/SIGHUP and its stdin closing and has a \`sleep\` child; a busy loop per core (${cpus().length}) runs meanwhile. The client keeps a few lines in flight and SIGKILLs the recorder after 10–160 echoed lines; a line counts as lost when the client received it (or it was answered) and the \`.recording\` file lacks it.`,
    data: runs,
  };
}
