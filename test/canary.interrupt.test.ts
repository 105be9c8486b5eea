import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import type { CanaryReport } from '../src/report/index.js';

/**
 * `clide-conformance run` interrupted by SIGINT or SIGTERM, black box: a real run of a few slow
 * scenarios against the real pinned CLI, given a temp folder of its own as TMPDIR (its sandboxes go
 * there, and every process it starts carries it in its environment). After the signal, /proc
 * must hold no process that descends from the run or carries that folder, the folder must hold
 * nothing but the report, the exit code must be 130 / 143 and the report must say it is partial.
 */

const bin = join(packageInfo().root, 'bin', 'clide-conformance');
/** Slow scenarios (a resumed session, a slow turn, a hang, many flags): a run of them lasts 10 s or more. */
const SLOW = ['session/resume', 'interrupt/slow-turn', 'hang/unanswered-can-use-tool', 'flags/sdk-flags'];
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
}

/** Every process in /proc with its parent and state (zombies are dead: they hold nothing). */
function processes(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so split after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({ pid: Number(name), ppid: Number(ppid), state: state! });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Live descendants of `root` (not zombies). */
function descendants(root: number): number[] {
  const all = processes();
  const found = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!found.has(p.pid) && (p.ppid === root || found.has(p.ppid))) {
        found.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => found.has(p.pid) && p.state !== 'Z').map((p) => p.pid);
}

/** Live processes whose environment or working directory mentions `mark`: they were started for the run. */
function processesMarkedBy(mark: string): Array<{ pid: number; cmd: string }> {
  const hits: Array<{ pid: number; cmd: string }> = [];
  for (const p of processes()) {
    if (p.pid === process.pid || p.state === 'Z') continue;
    try {
      const environ = readFileSync(`/proc/${p.pid}/environ`, 'utf8');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${p.pid}/cwd`);
      } catch {
        // not ours to read
      }
      if (environ.includes(mark) || cwd.startsWith(mark)) {
        hits.push({ pid: p.pid, cmd: readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').replace(/\0/g, ' ') });
      }
    } catch {
      // gone meanwhile, or not readable
    }
  }
  return hits;
}

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Interrupted {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  /** CLIs that descended from the run just before the signal (proves the check below can fail). */
  clisBefore: number;
  /** Sandboxes on disk just before the signal. */
  sandboxesBefore: number;
  /** After the exit: processes of the run still alive, and what is left in its TMPDIR. */
  processesAfter: Array<{ pid: number; cmd: string }>;
  leftInTmp: string[];
  reportDir: string;
}

/**
 * Starts a run, waits until one scenario has finished and CLIs of the next ones are running,
 * sends `signals` (each after the run has taken the one before), and looks at what is left once it has exited.
 */
async function interruptRun(signals: NodeJS.Signals[]): Promise<Interrupted> {
  const tmp = mkdtempSync(join(tmpdir(), 'clide-interrupt-'));
  made.push(tmp);
  const reportDir = join(tmp, 'report');
  const child: ResultPromise = execa(
    process.execPath,
    [bin, 'run', '--claude', inject('claudeBinary'), '--only', ...SLOW, '--report-dir', reportDir],
    { env: { TMPDIR: tmp }, reject: false, all: false },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const pid = child.pid!;
  const clis = () =>
    descendants(pid).filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('claude');
      } catch {
        return false;
      }
    });
  const sandboxes = () => readdirSync(tmp).filter((n) => n.startsWith('clide-sandbox-'));
  const taken = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!stderr.includes(`${signal}: stopping`)) return;
        child.stderr?.off('data', check);
        resolve();
      };
      child.stderr?.on('data', check);
      check();
    });
  await until(() => /\[1\/4\]/.test(stderr) && clis().length > 0, 'a finished scenario and a running CLI');
  const clisBefore = clis().length;
  const sandboxesBefore = sandboxes().length;
  for (const [i, signal] of signals.entries()) {
    // A later signal goes the moment the run has taken the one before (its first word on stderr),
    // while it stops: a run that stops within a fixed pause would be gone before it (ESRCH).
    if (i > 0) await taken(signals[i - 1] as NodeJS.Signals);
    process.kill(pid, signal);
  }
  const result = await child;
  return {
    exitCode: result.exitCode,
    stdout: String(result.stdout),
    stderr,
    clisBefore,
    sandboxesBefore,
    processesAfter: processesMarkedBy(tmp),
    leftInTmp: readdirSync(tmp).filter((n) => n !== 'report'),
    reportDir,
  };
}

describe('clide-conformance run, interrupted', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    test(`${signal}: every CLI stopped, every sandbox removed, a partial report marked interrupted, exit ${code}`, async () => {
      const run = await interruptRun([signal]);
      expect(run.clisBefore).toBeGreaterThan(0);
      expect(run.sandboxesBefore).toBeGreaterThan(0);
      expect(run.processesAfter).toEqual([]);
      expect(run.leftInTmp).toEqual([]);
      expect(run.exitCode).toBe(code);

      const report = JSON.parse(readFileSync(join(run.reportDir, 'report.json'), 'utf8')) as CanaryReport;
      expect(report.interrupted).toBe(true);
      expect(report.interruption?.signal).toBe(signal);
      expect(report.scenarios.length).toBeGreaterThan(0);
      expect(report.interruption?.notRun.length).toBeGreaterThan(0);
      // Finished and not run together are the selection, each once.
      expect([...report.scenarios.map((s) => s.id), ...report.interruption!.notRun].sort()).toEqual(
        [...SLOW].sort(),
      );
      // The wire logs are those of the finished scenarios only.
      expect(readdirSync(join(run.reportDir, 'wire')).length).toBe(report.scenarios.length);

      const line = `INTERRUPTED by ${signal}`;
      expect(readFileSync(join(run.reportDir, 'report.md'), 'utf8')).toContain(line);
      const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
      expect(junit).toContain(`<property name="interrupted" value="${signal}"/>`);
      expect(junit).toContain(line);
      for (const id of report.interruption!.notRun) {
        expect(junit).toMatch(new RegExp(`name="${id}"[^>]*>\\s*<error [^>]*type="interrupted"`));
      }
      expect(run.stdout).toContain(line);
    });
  }

  test('a second SIGINT stops at once: no process and no folder left either, exit 130', async () => {
    const run = await interruptRun(['SIGINT', 'SIGINT']);
    expect(run.clisBefore).toBeGreaterThan(0);
    expect(run.processesAfter).toEqual([]);
    expect(run.leftInTmp).toEqual([]);
    expect(run.exitCode).toBe(130);
  });
});
