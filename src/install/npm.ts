import { execa } from 'execa';
import { ClideError } from '../errors/index.js';

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
  /** Receives npm's stderr (its warnings and errors) line by line while it runs. */
  onLine?: (line: string) => void;
}

/** Runs npm; never throws for npm's own failures (the caller words the error). */
export async function runNpm(args: readonly string[], options: RunNpmOptions = {}): Promise<NpmResult> {
  const child = execa(options.npm ?? 'npm', args, {
    cwd: options.cwd,
    reject: false,
    stdin: 'ignore',
    timeout: options.timeoutMs ?? 600_000,
    // npm's own update notifier would only add noise and a network call.
    env: { NO_UPDATE_NOTIFIER: '1', npm_config_update_notifier: 'false' },
  });
  const onLine = options.onLine;
  if (onLine && child.stderr) {
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') onLine(line);
    });
    child.stderr.on('end', () => {
      if (pending.trim() !== '') onLine(pending);
    });
  }
  const result = await child;
  return {
    ok: !result.failed,
    exitCode: result.exitCode,
    stdout: String(result.stdout ?? ''),
    stderr: String(result.stderr ?? ''),
    failure: result.failed ? result.shortMessage : undefined,
  };
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
