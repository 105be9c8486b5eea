import { EventEmitter } from 'node:events';
import { constants } from 'node:os';
import { basename } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FakeExit } from './replay-seam.js';
import { runFakeSession } from './run.js';

/**
 * The fake `claude` inside the caller's process: what the Agent SDK's `spawnClaudeCodeProcess`
 * option takes (its `SpawnOptions` in, a `SpawnedProcess` out), with no child process. The session
 * is the one engine the `fake-claude` executable runs (`runFakeSession`), fed with the SDK's argv,
 * environment and cwd instead of `process.*`, so flags, versions, modes and `CLIDE_FAKE_*` behave
 * the same. Like a child process it ends when its stdin ends (or by `kill()`), and then it leaves
 * nothing running: no timer, no listener, no open stream.
 */

/** What a `spawnClaudeCodeProcess` function is given (the Agent SDK's `SpawnOptions`). */
export interface FakeSpawnOptions {
  /** The executable the SDK would start (`pathToClaudeCodeExecutable`, or `node` for a script). */
  command: string;
  /** Its arguments (for a script: the runtime's own arguments and the script path first). */
  args: string[];
  /** Working folder (default: this process's cwd, as a child would inherit it). */
  cwd?: string;
  /** The session's whole environment: `CLIDE_FAKE_*` and the rest are read from here only. */
  env: Record<string, string | undefined>;
  /** Aborting it kills the session with SIGTERM, as it kills a child spawned with it. */
  signal?: AbortSignal;
}

/**
 * One in-process session, shaped like a `ChildProcess` as far as the SDK's `SpawnedProcess` goes:
 * `stdin` (what the client writes), `stdout` (JSONL), `stderr` (diagnostics), `kill()`, `killed`,
 * `exitCode`, `signalCode`, and `exit` / `close` / `error` events (`exit` after `stdout` has ended).
 */
export class FakeClaudeProcess extends EventEmitter {
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  /** The process the session runs in (there is no child). */
  readonly pid = process.pid;
  /** The argv the engine got (without the command, or the runtime and script). */
  readonly argv: string[];
  /** The session's result, once it has ended (resolves, never rejects). */
  readonly exited: Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>;

  private killedBy: NodeJS.Signals | undefined;
  private exitInfo: { exitCode: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly kills = new AbortController();
  private readonly spawnSignal: AbortSignal | undefined;
  private readonly onSpawnAbort = () => this.kill('SIGTERM');

  constructor(options: FakeSpawnOptions) {
    super();
    this.argv = engineArgv(options.command, options.args);
    this.spawnSignal = options.signal;
    const out = writerOf(this.stdout, () => this.killedBy !== undefined);
    const err = writerOf(this.stderr, () => this.killedBy !== undefined);
    const run = runFakeSession(this.argv, {
      io: { stdin: this.stdin, stdinIsTTY: false, stdinSettleMs: 0, stdout: out, stderr: err },
      env: { ...options.env },
      cwd: options.cwd ?? process.cwd(),
      pid: this.pid,
      killed: this.kills.signal,
    });
    this.exited = new Promise((resolve) => {
      this.once('exit', (exitCode: number | null, signal: NodeJS.Signals | null) =>
        resolve({ exitCode, signal }),
      );
    });
    if (this.spawnSignal?.aborted) queueMicrotask(this.onSpawnAbort);
    else this.spawnSignal?.addEventListener('abort', this.onSpawnAbort, { once: true });
    void run.then(
      (exit) => this.finish(exit),
      (error: unknown) => this.finish({ exitCode: 70 }, error),
    );
  }

  /** Whether `kill()` has been called (and the session was still running). */
  get killed(): boolean {
    return this.killedBy !== undefined;
  }

  /** The exit code once the session has ended by itself; `null` while it runs or when killed. */
  get exitCode(): number | null {
    return this.exitInfo?.exitCode ?? null;
  }

  /** The signal that ended the session (by `kill()`, or a replayed CLI that was killed). */
  get signalCode(): NodeJS.Signals | null {
    return this.exitInfo?.signal ?? null;
  }

  /**
   * Ends the session now, as a signal ends the `fake-claude` executable (it handles none): nothing
   * more is written, `stdout` ends, and `exit` follows with `(null, signal)`. `false` when it had
   * already ended.
   */
  kill(signal: NodeJS.Signals | number = 'SIGTERM'): boolean {
    if (this.exitInfo || this.killedBy) return false;
    this.killedBy = typeof signal === 'number' ? signalName(signal) : signal;
    this.kills.abort();
    // Whatever the session was reading, its input is gone with it.
    this.stdin.end();
    this.stdin.resume();
    this.end({ exitCode: null, signal: this.killedBy });
    return true;
  }

  private finish(exit: FakeExit, error?: unknown): void {
    if (error !== undefined && !this.killedBy) {
      this.stderr.write(`fake-claude: internal error: ${String(error)}\n`);
    }
    if (this.killedBy) return;
    this.end(
      exit.signal ? { exitCode: null, signal: exit.signal } : { exitCode: exit.exitCode, signal: null },
    );
  }

  /** stdout and stderr end, then `exit` and `close` (a child's order); stdin is drained from then on. */
  private end(info: { exitCode: number | null; signal: NodeJS.Signals | null }): void {
    if (this.exitInfo) return;
    this.spawnSignal?.removeEventListener('abort', this.onSpawnAbort);
    let open = 2;
    const exit = () => {
      this.exitInfo = info;
      // Later writes by the client go nowhere, as into the pipe of an exited process.
      this.stdin.resume();
      this.emit('exit', info.exitCode, info.signal);
      this.emit('close', info.exitCode, info.signal);
    };
    const ended = () => {
      open -= 1;
      if (open > 0) return;
      // A reader sees the end of stdout before the exit, as a client of a child process does
      // (the Agent SDK tells an abort from a crash by that order).
      if (this.stdout.readableEnded || this.stdout.readableFlowing !== true) setImmediate(exit);
      else this.stdout.once('end', () => setImmediate(exit));
    };
    this.stdout.end(ended);
    this.stderr.end(ended);
  }
}

/** Writes that stop once the session is killed (a dead process writes nothing). */
function writerOf(stream: PassThrough, dead: () => boolean): { write(text: string): boolean } {
  return {
    write(text: string) {
      if (dead() || stream.writableEnded) return false;
      return stream.write(text);
    },
  };
}

function signalName(signal: number): NodeJS.Signals {
  const found = Object.entries(constants.signals).find(([, n]) => n === signal);
  return (found?.[0] as NodeJS.Signals | undefined) ?? 'SIGTERM';
}

const RUNTIMES = new Set(['node', 'bun', 'deno', 'nodejs']);

/**
 * The argv the engine parses, from what the SDK would run: the arguments as they are for an
 * executable (`pathToClaudeCodeExecutable` without a script extension, e.g. `bin/fake-claude`); for
 * a runtime (`node`), what follows its own options and the script path.
 */
export function engineArgv(command: string, args: readonly string[]): string[] {
  const name = basename(command).replace(/\.exe$/i, '');
  if (!RUNTIMES.has(name)) return [...args];
  const script = args.findIndex((arg) => !arg.startsWith('-'));
  return script === -1 ? [] : args.slice(script + 1);
}

/** Starts one in-process session: the function to pass as the SDK's `spawnClaudeCodeProcess`. */
export function spawnFakeClaude(options: FakeSpawnOptions): FakeClaudeProcess {
  return new FakeClaudeProcess(options);
}
