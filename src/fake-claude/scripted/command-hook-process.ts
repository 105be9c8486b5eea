import type { HookOutput } from '../behaviour/base/hook-messages.js';

/** What one command hook's run came to. */
export interface CommandHookRun extends HookOutput {
  /** Undefined when the run was stopped (interrupt, timeout). */
  exitCode: number | undefined;
  outcome: 'success' | 'error' | 'cancelled';
}

export interface CommandHookProcessOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Stops the run (an interrupted turn). */
  signal?: AbortSignal;
  timeoutMs: number;
  /** Called at each progress tick whose output differs from the last one reported (and is not empty). */
  onProgress: (output: HookOutput) => void;
}

/**
 * The real CLI looks at a running hook's output once a second from its start and reports it when it
 * changed (observed on 2.1.150 and 2.1.332: a hook writing every 0.3 s is reported at 1 s, 2 s, 3 s).
 */
const PROGRESS_TICK_MS = 1_000;

/** The output as it stood at one moment of the run (`at`: `performance.now()` when it was read). */
interface OutputAt extends HookOutput {
  at: number;
}

/**
 * The output as it stood at `due`: what had been read by then. A tick that runs late (a starved
 * machine) still reports the output of its own second, not what came in while it waited.
 */
export function outputAsOf(history: readonly OutputAt[], due: number): HookOutput | undefined {
  let found: OutputAt | undefined;
  for (const entry of history) {
    if (entry.at > due) break;
    found = entry;
  }
  return found && { stdout: found.stdout, stderr: found.stderr, output: found.output };
}

/**
 * Runs one command hook as the real CLI does: `/bin/sh -c <command>` in the cwd, the hook input as
 * one line of JSON on stdin; exit 0 is a success, any other exit an error.
 */
export function runCommandHook(
  command: string,
  input: unknown,
  options: CommandHookProcessOptions,
): Promise<CommandHookRun> {
  // Loaded on first use: node:child_process is a start-up cost no session without hooks pays.
  const { spawn } = process.getBuiltinModule('node:child_process');
  return new Promise((resolve) => {
    const output: HookOutput = { stdout: '', stderr: '', output: '' };
    const history: OutputAt[] = [];
    const started = performance.now();
    let ticks = 0;
    let reported = '';
    let stopped = false;
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: options.cwd,
      env: options.env as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const stop = () => {
      stopped = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const tick = setInterval(() => {
      ticks += 1;
      const dueAt = started + ticks * PROGRESS_TICK_MS;
      const due = outputAsOf(history, dueAt);
      // What came in by this tick is needed only as its last entry from now on.
      while (history.length > 1 && (history[1]?.at ?? Number.POSITIVE_INFINITY) <= dueAt) history.shift();
      if (due === undefined || due.output === reported || due.output === '') return;
      reported = due.output;
      options.onProgress(due);
    }, PROGRESS_TICK_MS);
    const timer = setTimeout(stop, options.timeoutMs);
    options.signal?.addEventListener('abort', stop, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.stdout += text;
      output.output += text;
      history.push({ ...output, at: performance.now() });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.stderr += text;
      output.output += text;
      history.push({ ...output, at: performance.now() });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(`${JSON.stringify(input)}\n`);
    const finish = (exitCode: number | undefined, outcome: CommandHookRun['outcome']) => {
      clearInterval(tick);
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      resolve({ ...output, exitCode, outcome });
    };
    child.on('error', (error) => {
      output.stderr += error.message;
      output.output += error.message;
      finish(undefined, 'error');
    });
    child.on('close', (code) => {
      if (stopped || code === null) finish(undefined, 'cancelled');
      else finish(code, code === 0 ? 'success' : 'error');
    });
  });
}
