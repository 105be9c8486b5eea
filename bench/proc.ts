import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClideError } from '../src/errors/index.js';

/** GNU time, for CPU time and peak RSS of a child; undefined when the machine has none. */
export const GNU_TIME: string | undefined = (() => {
  try {
    accessSync('/usr/bin/time', constants.X_OK);
    return '/usr/bin/time';
  } catch {
    return undefined;
  }
})();

export interface RunOptions {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Text written to stdin; stdin is then closed unless `keepStdinOpen`. */
  input?: string;
  /** Leave stdin open after `input` (call `endInput()` from `onStdoutLine`). */
  keepStdinOpen?: boolean;
  /** An open file descriptor for stdout (e.g. /dev/null); default: a pipe read line by line. */
  stdoutFd?: number;
  /** Called for every stdout line with the time since spawn. */
  onStdoutLine?: (line: string, elapsedMs: number, control: { endInput(): void }) => void;
  /** Wrap in GNU time (CPU time, peak RSS). Default true when available. */
  measure?: boolean;
  /** Killed (whole process group) after this long; default 120 s. */
  timeoutMs?: number;
}

export interface RunResult {
  /** Spawn → exit (all pipes closed), ms. */
  wallMs: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The last 2 KiB of stderr. */
  stderr: string;
  /** user + system CPU time of the command (GNU time), ms. */
  cpuMs?: number;
  /** Peak resident set size of the command (GNU time), KiB. */
  maxRssKiB?: number;
}

/**
 * Runs one command and times it from spawn to exit. With GNU time around it (same wrapper for every
 * variant, so its ~1 ms cost cancels in ratios) the CPU time and peak RSS are reported too.
 */
export async function timedRun(options: RunOptions): Promise<RunResult> {
  const measure = (options.measure ?? true) && GNU_TIME !== undefined;
  const dir = measure ? mkdtempSync(join(tmpdir(), 'clide-bench-time-')) : undefined;
  const timeFile = dir ? join(dir, 'time.txt') : undefined;
  const [command, args] =
    measure && timeFile
      ? [GNU_TIME!, ['-o', timeFile, '-f', '%e %U %S %M', options.command, ...options.args]]
      : [options.command, options.args];
  const started = performance.now();
  const child = spawn(command, args, {
    env: options.env,
    cwd: options.cwd,
    stdio: ['pipe', options.stdoutFd ?? 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2048);
  });
  child.stdin!.on('error', () => {
    // The command closed its stdin early: its exit tells the story.
  });
  const endInput = () => {
    if (!child.stdin!.writableEnded) child.stdin!.end();
  };
  if (child.stdout) {
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      let nl = pending.indexOf('\n');
      while (nl !== -1) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        options.onStdoutLine?.(line, performance.now() - started, { endInput });
        nl = pending.indexOf('\n');
      }
    });
  }
  if (options.input !== undefined) child.stdin!.write(options.input);
  if (!options.keepStdinOpen) endInput();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, options.timeoutMs ?? 120_000);
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const outcome = await Promise.race([closed, spawnError]);
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  if (outcome instanceof Error) {
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw new ClideError('io', `cannot start ${options.command}: ${outcome.message}`, {
      where: options.command,
    });
  }
  const result: RunResult = { wallMs, exitCode: outcome.code, signal: outcome.signal, timedOut, stderr };
  if (timeFile) {
    const parsed = parseGnuTime(safeRead(timeFile));
    if (parsed) {
      result.cpuMs = parsed.cpuMs;
      result.maxRssKiB = parsed.maxRssKiB;
    }
    rmSync(dir!, { recursive: true, force: true });
  }
  return result;
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The `-f '%e %U %S %M'` line of GNU time (the last line: a killed command adds a "Command
 * terminated" line before it).
 */
export function parseGnuTime(text: string): { cpuMs: number; maxRssKiB: number } | undefined {
  const line = text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[\d.]+ [\d.]+ [\d.]+ \d+$/.test(l))
    .at(-1);
  if (!line) return undefined;
  const [, user, sys, rss] = line.split(' ').map(Number);
  return { cpuMs: (user! + sys!) * 1000, maxRssKiB: rss! };
}

/** Resident set size of a live process (KiB), from /proc; undefined when it is gone or not Linux. */
export function rssKiB(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) used by this process and by its waited-for children so far (Linux /proc). */
export function cpuTimeWithChildren(): { selfMs: number; childrenMs: number } {
  const self = process.cpuUsage();
  const selfMs = (self.user + self.system) / 1000;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the ")" of the command name: state is field 3; cutime/cstime are 16/17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return { selfMs, childrenMs: (ticks * 1000) / 100 };
  } catch {
    return { selfMs, childrenMs: Number.NaN };
  }
}
