import { execa } from 'execa';
import { trackProcessGroup, untrackProcessGroup } from '../driver/process-group.js';
import { ClideError, interruptionOf } from '../errors/index.js';

export interface NpmResult {
  ok: boolean;
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  /** execa's one-line account of a failure (spawn error, timeout, exit code). */
  failure: string | undefined;
}

export interface RunNpmOptions {
  npm?: string;
  cwd?: string;
  timeoutMs?: number;
  /**
   * Aborted (SIGINT / SIGTERM of the command): npm and everything it started are killed at once
   * and `runNpm` throws the interruption (`ClideError('interrupted')`).
   */
  signal?: AbortSignal;
}

/**
 * Runs npm; never throws for npm's own failures (the caller words the error). npm runs in a
 * process group of its own (with the scripts and the downloads it starts), killed whole when
 * `signal` aborts, when its timeout passes, or when this process exits.
 */
export async function runNpm(args: readonly string[], options: RunNpmOptions = {}): Promise<NpmResult> {
  const interrupted = interruptionOf(options.signal);
  if (interrupted) throw interrupted;
  const child = execa(options.npm ?? 'npm', args, {
    cwd: options.cwd,
    reject: false,
    stdin: 'ignore',
    timeout: options.timeoutMs ?? 600_000,
    detached: true,
    // npm's own update notifier would only add noise and a network call.
    env: { NO_UPDATE_NOTIFIER: '1', npm_config_update_notifier: 'false' },
  });
  const pid = child.pid;
  if (pid !== undefined) trackProcessGroup(pid);
  const stop = () => {
    if (pid !== undefined) killGroup(pid);
  };
  options.signal?.addEventListener('abort', stop, { once: true });
  let result: Awaited<typeof child>;
  try {
    result = await child;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    // Whatever npm left running in its group (a timeout kills npm alone) goes with it.
    if (pid !== undefined) {
      killGroup(pid);
      untrackProcessGroup(pid);
    }
  }
  const aborted = interruptionOf(options.signal);
  if (aborted) throw aborted;
  return {
    ok: !result.failed,
    exitCode: result.exitCode,
    stdout: String(result.stdout ?? ''),
    stderr: String(result.stderr ?? ''),
    failure: result.failed ? result.shortMessage : undefined,
  };
}

/**
 * Kills npm's process group (the group only: once npm has exited its pid may be another
 * process's, while the group's id stays its own as long as a member of the group lives).
 */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone.
  }
}

/** The last `lines` non-empty lines of npm's output, for error messages. */
export function tail(text: string, lines = 12): string {
  const kept = text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  return kept.slice(-lines).join('\n');
}

/** npm's error code (`E404`, `ETARGET`, …) from `--json` stdout or from `npm error code X` on stderr. */
export function npmErrorCode(result: NpmResult): string | undefined {
  try {
    const parsed = JSON.parse(result.stdout) as { error?: { code?: unknown } };
    if (typeof parsed?.error?.code === 'string') return parsed.error.code;
  } catch {
    // not JSON: fall through to stderr
  }
  return /npm (?:error|ERR!) code (\w+)/.exec(result.stderr)?.[1];
}

/** One ClideError for any npm failure: what was run, where, and npm's stderr tail. */
export function npmFailure(what: string, result: NpmResult, where: string, hint?: string): ClideError {
  const output = tail(result.stderr) || tail(result.stdout);
  const detail = output === '' ? '' : `\n${indent(output)}`;
  return new ClideError(
    'install',
    `${what} failed (${result.failure ?? `exit code ${result.exitCode}`})${detail}`,
    {
      where,
      hint:
        hint ?? 'check that `npm` is on PATH and the npm registry is reachable, then run the command again',
    },
  );
}

export function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
