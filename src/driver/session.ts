import type { Readable, Writable } from 'node:stream';
import { execa, type ResultPromise } from 'execa';
import { ClideError, interruptionOf } from '../errors/index.js';
import type { Finding } from '../findings/index.js';
import { encodeLine, JsonlFramer } from '../protocol/jsonl-framer.js';
import { buildCliArgs, type CliArgsOptions } from './cli-args.js';
import { NO_ANSWER } from './no-answer.js';
import { killProcessGroup, trackProcessGroup, untrackProcessGroup } from './process-group.js';
import { describeProcessState, processState } from './process-state.js';
import { createSandbox, type Sandbox, type SandboxEnvOptions, sandboxEnv } from './sandbox.js';
import { answerMcpMessage, type SdkMcpServer } from './sdk-mcp-server.js';
import type { FrameDirection, Transcript, TranscriptFrame } from './transcript.js';

type Json = Record<string, unknown>;

/** `CLIDE_DEBUG=wire` (or `DEBUG=clide`): every frame of every session is echoed on stderr. */
export function wireDebug(env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    (env.CLIDE_DEBUG ?? '').split(',').includes('wire') || /(^|,)clide(:\*|:wire)?(,|$)/.test(env.DEBUG ?? '')
  );
}

/** One wire-debug line: `[wire 1234 +120ms →cli] {...}`. */
export function formatWireLine(frame: TranscriptFrame, pid: number | undefined): string {
  const arrow = frame.dir === 'to-cli' ? '→cli' : frame.dir === 'from-cli' ? 'cli→' : 'stderr';
  const body = frame.msg !== undefined ? JSON.stringify(frame.msg) : (frame.raw ?? '');
  return `[wire ${pid ?? '?'} +${frame.t}ms ${arrow}] ${body}\n`;
}

/** Silence before the first stdout line that still counts as start-up, not a hang. */
const STARTUP_MS = 20_000;

export { NO_ANSWER } from './no-answer.js';

export interface HandlerContext {
  session: Session;
  requestId: string;
  /** Aborted when the CLI cancels this request with `control_cancel_request`. */
  signal: AbortSignal;
}

/**
 * Answers one CLI→client control request. Return the success payload (`response.response`), throw to
 * send an error reply with the error's message, or return `NO_ANSWER` to leave it pending.
 */
export type ControlHandler = (request: Json, context: HandlerContext) => unknown | Promise<unknown>;

export type ControlHandlers = Partial<Record<string, ControlHandler>>;

/**
 * A CLI side that runs inside this process instead of as a child (the in-process fake): shaped like
 * a child process — stdin, stdout, stderr, `kill()`, and an `exit` event `(code, signal)`.
 */
export interface InProcessCli {
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
  kill(signal?: NodeJS.Signals): boolean;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}

/** Starts an in-process CLI side from what a child would be spawned with. */
export type InProcessSpawn = (options: {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
}) => InProcessCli;

export interface SessionOptions {
  /** The CLI side to run: the real binary, `fake-claude`, or `clide-record`. */
  binary: string;
  /** Run the CLI side in this process with this instead of spawning `binary` (no process group). */
  spawn?: InProcessSpawn;
  args?: CliArgsOptions;
  /** Replaces the generated argv entirely. */
  argv?: string[];
  /** An existing sandbox to run in (e.g. for `--resume`); otherwise a fresh one is made and removed. */
  sandbox?: Sandbox;
  /** Base URL of the scripted model API. */
  modelApiUrl?: string;
  live?: boolean;
  env?: SandboxEnvOptions['extra'];
  /** Answers to CLI→client control requests, by subtype. */
  handlers?: ControlHandlers;
  /** In-process MCP servers answered over `mcp_message` (name them in `initialize.sdkMcpServers`). */
  sdkMcpServers?: SdkMcpServer[];
  /** No output for this long while something is awaited is a hang (default 10 s). */
  silenceMs?: number;
  /** Hard limit for the whole run; the process group is killed after it (default 60 s). */
  deadlineMs?: number;
  /** Called for every frame as it is captured (progress, wire logging). */
  onFrame?: (frame: TranscriptFrame) => void;
  /**
   * Aborting it stops the run at once: the whole process group is killed and everything awaited
   * rejects with the signal's reason (an interrupted command).
   */
  signal?: AbortSignal;
}

interface Waiter {
  predicate: (msg: Json) => boolean;
  what: string;
  resolve: (msg: Json) => void;
  reject: (error: Error) => void;
}

interface PendingClientRequest {
  subtype: string;
  resolve: (response: Json) => void;
  reject: (error: Error) => void;
}

interface PendingCliRequest {
  subtype: string;
  since: number;
  controller: AbortController;
  answered: boolean;
}

/** Unsupported-subtype reply text, the same the official SDK sends. */
export function unsupportedSubtypeText(subtype: string): string {
  return `Unsupported control request subtype: ${subtype}`;
}

/**
 * One running CLI side in a sandbox, driven as a client would drive it. Always `close()` it (or use
 * `withSession`): that kills the whole process group and returns the transcript.
 */
export class Session {
  readonly frames: TranscriptFrame[] = [];
  readonly findings: Finding[] = [];
  readonly sandbox: Sandbox;
  readonly argv: string[];
  readonly exited: Promise<{ exitCode: number | null; signal: string | null }>;

  private readonly child: ResultPromise | InProcessChild;
  private readonly started = performance.now();
  private readonly startedAt = new Date().toISOString();
  private readonly ownsSandbox: boolean;
  private readonly waiters = new Set<Waiter>();
  private readonly clientRequests = new Map<string, PendingClientRequest>();
  private readonly cliRequests = new Map<string, PendingCliRequest>();
  private readonly handlers: ControlHandlers;
  private cursor = 0;
  private nextId = 1;
  private exitInfo: { exitCode: number | null; signal: string | null } | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private readonly deadlineTimer: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: SessionOptions) {
    this.ownsSandbox = !options.sandbox;
    this.sandbox = options.sandbox ?? createSandbox();
    this.argv = options.argv ?? buildCliArgs(options.args);
    this.handlers = { ...defaultHandlers(options.sdkMcpServers ?? []), ...options.handlers };
    const env = sandboxEnv({
      sandbox: this.sandbox,
      modelApiUrl: options.modelApiUrl,
      live: options.live,
      extra: options.env,
    });
    this.child = options.spawn
      ? inProcessChild(
          options.spawn({ command: options.binary, args: this.argv, cwd: this.sandbox.cwd, env }),
        )
      : execa(options.binary, this.argv, {
          cwd: this.sandbox.cwd,
          env,
          extendEnv: false,
          detached: true,
          stdin: 'pipe',
          stdout: 'pipe',
          stderr: 'pipe',
          buffer: false,
          reject: false,
          cleanup: false,
        });
    const pid = this.child.pid;
    if (pid !== undefined) trackProcessGroup(pid);
    const abortSignal = options.signal;
    const onAbort = () => this.kill();
    if (abortSignal?.aborted) onAbort();
    else abortSignal?.addEventListener('abort', onAbort, { once: true });

    const framer = new JsonlFramer();
    this.child.stdout?.on('data', (chunk: Buffer) => {
      for (const frame of framer.push(chunk)) this.onStdoutFrame(frame);
    });
    this.child.stdout?.on('end', () => {
      for (const frame of framer.end()) this.onStdoutFrame(frame);
    });
    let stderrPending = '';
    this.child.stderr?.on('data', (chunk: Buffer) => {
      const lines = (stderrPending + chunk.toString('utf8')).split('\n');
      stderrPending = lines.pop() ?? '';
      for (const line of lines) this.record('stderr', { raw: line });
    });
    this.child.stderr?.on('end', () => {
      if (stderrPending) this.record('stderr', { raw: stderrPending });
      stderrPending = '';
    });
    this.child.stdin?.on('error', () => {
      // EPIPE after the CLI exited: the exit itself is what matters and is recorded.
    });

    const ended: Promise<{ exitCode?: number | undefined; signal?: string | undefined }> =
      'inProcess' in this.child ? this.child.exit : this.child;
    this.exited = ended.then((result) => {
      const info = {
        exitCode: typeof result.exitCode === 'number' ? result.exitCode : null,
        signal: result.signal ?? null,
      };
      this.exitInfo = info;
      abortSignal?.removeEventListener('abort', onAbort);
      if (pid !== undefined) {
        killProcessGroup(pid, 'SIGKILL');
        untrackProcessGroup(pid);
      }
      this.clearSilence();
      const why = `the CLI exited (code ${info.exitCode ?? 'none'}, signal ${info.signal ?? 'none'})`;
      const interrupted = interruptionOf(abortSignal);
      for (const waiter of this.waiters)
        waiter.reject(interrupted ?? new ClideError('timeout', `${why} while waiting for ${waiter.what}`));
      this.waiters.clear();
      for (const [id, pending] of this.clientRequests) {
        pending.reject(
          interrupted ??
            new ClideError('timeout', `${why} before answering ${pending.subtype} request ${id}`),
        );
      }
      this.clientRequests.clear();
      return info;
    });

    this.deadlineTimer = setTimeout(() => {
      this.addFinding({
        code: 'hang/deadline-exceeded',
        severity: 'breaking',
        message: `the run exceeded its deadline of ${this.deadlineMs} ms and was killed`,
        path: [],
      });
      this.kill();
    }, this.deadlineMs);
    this.deadlineTimer.unref();
  }

  get deadlineMs(): number {
    return this.options.deadlineMs ?? 60_000;
  }

  get silenceMs(): number {
    return this.options.silenceMs ?? 10_000;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Milliseconds since spawn. */
  now(): number {
    return Math.round(performance.now() - this.started);
  }

  /** Parsed stdout messages so far. */
  messages(): Json[] {
    return this.frames.filter((f) => f.dir === 'from-cli' && f.msg !== undefined).map((f) => f.msg as Json);
  }

  /** Writes one message to the CLI's stdin. */
  send(message: unknown): void {
    this.record('to-cli', { msg: message });
    this.write(encodeLine(message));
  }

  /** Writes text verbatim (e.g. a malformed line); add the newline yourself. */
  sendRaw(text: string): void {
    this.record('to-cli', { raw: text.endsWith('\n') ? text.slice(0, -1) : text });
    this.write(text);
  }

  /** Sends a user turn with text content (or content blocks). */
  sendUser(content: string | unknown[], extra: Json = {}): void {
    this.send({ type: 'user', message: { role: 'user', content }, ...extra });
  }

  /**
   * Sends a client→CLI control request and resolves with the CLI's `response` object
   * (`{subtype:'success', request_id, response}` or `{subtype:'error', request_id, error}`).
   */
  request(request: Json & { subtype: string }, requestId = `clide-${this.nextId++}`): Promise<Json> {
    // Nothing can answer once the run is interrupted or the CLI has exited: fail now, not never.
    const interrupted = interruptionOf(this.options.signal);
    if (interrupted) return Promise.reject(interrupted);
    if (this.exitInfo) {
      return Promise.reject(
        new ClideError('timeout', `the CLI had already exited when the ${request.subtype} request was sent`),
      );
    }
    const promise = new Promise<Json>((resolve, reject) => {
      this.clientRequests.set(requestId, { subtype: request.subtype, resolve, reject });
    });
    this.send({ type: 'control_request', request_id: requestId, request });
    this.armSilence();
    return promise;
  }

  /** `interrupt` control request. */
  interrupt(): Promise<Json> {
    return this.request({ subtype: 'interrupt' });
  }

  /**
   * Resolves with the next stdout message (after the previous match) satisfying `predicate`.
   * Rejects when the CLI exits first or goes silent for `silenceMs`.
   */
  waitFor(predicate: (msg: Json) => boolean, what = 'a matching message'): Promise<Json> {
    const found = this.scan(predicate);
    if (found) return Promise.resolve(found);
    const interrupted = interruptionOf(this.options.signal);
    if (interrupted) return Promise.reject(interrupted);
    if (this.exitInfo) {
      return Promise.reject(
        new ClideError('timeout', `the CLI had already exited while waiting for ${what}`),
      );
    }
    return new Promise<Json>((resolve, reject) => {
      this.waiters.add({ predicate, what, resolve, reject });
      this.armSilence();
    });
  }

  /** Next `result` message. */
  waitForResult(): Promise<Json> {
    return this.waitFor((m) => m.type === 'result', 'a result message');
  }

  /** Next CLI→client control request of `subtype`. */
  waitForControlRequest(subtype: string): Promise<Json> {
    return this.waitFor(
      (m) => m.type === 'control_request' && (m.request as Json | undefined)?.subtype === subtype,
      `a ${subtype} control request`,
    );
  }

  /** Closes stdin: the CLI finishes its work and exits. */
  endInput(): void {
    this.child.stdin?.end();
  }

  /** Requests the CLI sent that the client has not answered yet. */
  pendingCliRequests(): Array<{ requestId: string; subtype: string; since: number }> {
    return [...this.cliRequests.entries()]
      .filter(([, p]) => !p.answered)
      .map(([requestId, p]) => ({ requestId, subtype: p.subtype, since: p.since }));
  }

  /**
   * Ends the run: closes stdin, waits up to `graceMs` for the CLI to exit by itself, then kills the
   * whole process group. Returns the complete transcript. Safe to call more than once.
   */
  async close(graceMs = 5_000): Promise<Transcript> {
    if (!this.closed) {
      this.closed = true;
      this.endInput();
      const timer = setTimeout(() => this.kill(), graceMs);
      await this.exited;
      clearTimeout(timer);
      clearTimeout(this.deadlineTimer);
      this.clearSilence();
      if (this.ownsSandbox) this.sandbox.dispose();
    }
    await this.exited;
    return this.transcript();
  }

  /** Kills the process group now (SIGKILL); an in-process CLI side is killed by itself. */
  kill(): void {
    if (this.exitInfo) return;
    if ('inProcess' in this.child) {
      this.child.inProcess.kill('SIGKILL');
      return;
    }
    const pid = this.child.pid;
    if (pid !== undefined) killProcessGroup(pid, 'SIGKILL');
  }

  transcript(): Transcript {
    return {
      binary: this.options.binary,
      argv: this.argv,
      startedAt: this.startedAt,
      frames: this.frames,
      exitCode: this.exitInfo?.exitCode ?? null,
      signal: this.exitInfo?.signal ?? null,
      durationMs: this.now(),
      findings: this.findings,
    };
  }

  private write(text: string): void {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed || stdin.writableEnded) return;
    stdin.write(text);
  }

  private addFinding(finding: Finding): void {
    this.findings.push(finding);
  }

  private record(dir: FrameDirection, content: { msg?: unknown; raw?: string }): TranscriptFrame {
    const frame: TranscriptFrame = { seq: this.frames.length, t: this.now(), dir, ...content };
    this.frames.push(frame);
    this.options.onFrame?.(frame);
    if (wireDebug()) process.stderr.write(formatWireLine(frame, this.pid));
    return frame;
  }

  private onStdoutFrame(frame: ReturnType<JsonlFramer['push']>[number]): void {
    if (!frame.ok) {
      const recorded = this.record('from-cli', { raw: frame.raw });
      this.addFinding({
        code: 'wire/non-json-line',
        severity: 'breaking',
        message: `stdout line ${frame.line} is not JSON: ${frame.error}`,
        path: [],
        actual: frame.raw.slice(0, 200),
        location: { line: frame.line, frame: recorded.seq },
      });
      return;
    }
    this.record('from-cli', { msg: frame.value });
    const msg = frame.value as Json;
    if (msg && typeof msg === 'object') this.dispatch(msg);
    this.serveWaiters();
    this.armSilence();
  }

  private dispatch(msg: Json): void {
    if (msg.type === 'control_response') {
      const response = (msg.response ?? {}) as Json;
      const id = String(response.request_id ?? '');
      const pending = this.clientRequests.get(id);
      if (pending) {
        this.clientRequests.delete(id);
        pending.resolve(response);
      } else {
        this.addFinding({
          code: 'control/orphan-response',
          severity: 'breaking',
          message: `control_response for unknown request_id ${JSON.stringify(id)}`,
          path: ['response', 'request_id'],
          actual: id,
        });
      }
      return;
    }
    if (msg.type === 'control_cancel_request') {
      const pending = this.cliRequests.get(String(msg.request_id));
      pending?.controller.abort();
      return;
    }
    if (msg.type === 'control_request') {
      void this.answer(String(msg.request_id), (msg.request ?? {}) as Json);
    }
  }

  private async answer(requestId: string, request: Json): Promise<void> {
    const subtype = String(request.subtype);
    const pending: PendingCliRequest = {
      subtype,
      since: this.now(),
      controller: new AbortController(),
      answered: false,
    };
    this.cliRequests.set(requestId, pending);
    const handler = this.handlers[subtype];
    let reply: Json;
    try {
      if (!handler) throw new Error(unsupportedSubtypeText(subtype));
      const payload = await handler(request, { session: this, requestId, signal: pending.controller.signal });
      if (payload === NO_ANSWER) {
        this.armSilence();
        return;
      }
      reply = { subtype: 'success', request_id: requestId, response: payload ?? {} };
    } catch (error) {
      reply = {
        subtype: 'error',
        request_id: requestId,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    pending.answered = true;
    this.send({ type: 'control_response', response: reply });
  }

  private scan(predicate: (msg: Json) => boolean): Json | undefined {
    while (this.cursor < this.frames.length) {
      const frame = this.frames[this.cursor++]!;
      if (frame.dir !== 'from-cli' || frame.msg === undefined) continue;
      if (predicate(frame.msg as Json)) return frame.msg as Json;
    }
    return undefined;
  }

  private serveWaiters(): void {
    for (const waiter of [...this.waiters]) {
      const start = this.cursor;
      const found = this.scan(waiter.predicate);
      if (found) {
        this.waiters.delete(waiter);
        waiter.resolve(found);
      } else {
        this.cursor = start;
      }
    }
  }

  /** (Re)starts the silence watchdog when something is awaited from the CLI. */
  private armSilence(): void {
    this.clearSilence();
    if (this.exitInfo) return;
    if (!this.awaiting()) return;
    // Start-up is slow on a loaded machine: before the first stdout line, allow at least STARTUP_MS.
    const started = this.frames.some((f) => f.dir === 'from-cli');
    const limit = started ? this.silenceMs : Math.max(this.silenceMs, STARTUP_MS);
    this.silenceTimer = setTimeout(() => this.onSilence(limit), limit);
    this.silenceTimer.unref();
  }

  /** Whether anything is waiting on the CLI: a waiter, a client request, or an unanswered CLI request. */
  private awaiting(): boolean {
    return this.waiters.size > 0 || this.clientRequests.size > 0 || this.pendingCliRequests().length > 0;
  }

  private clearSilence(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = undefined;
  }

  /**
   * For a silent CLI's finding: whether it had written anything, and what it was doing (Linux's
   * /proc): busy or starved of CPU (running), or waiting, and in what.
   */
  private silentCliState(): string {
    // An in-process CLI (options.spawn) is this process: nothing to tell of it.
    const pid = this.options.spawn ? undefined : this.child.pid;
    const state = pid === undefined ? undefined : processState(pid);
    const started = this.frames.some((f) => f.dir === 'from-cli');
    return `${started ? '' : '; it had written no line yet'}${state ? `; the CLI was ${describeProcessState(state)}` : ''}`;
  }

  private onSilence(limit: number): void {
    this.silenceTimer = undefined;
    if (!this.awaiting()) return;
    const seconds = Math.round(limit / 100) / 10;
    const unanswered = this.pendingCliRequests();
    let message: string;
    if (unanswered.length > 0) {
      const first = unanswered[0]!;
      message = `hang: no output for ${seconds} s after ${first.subtype} req ${first.requestId} (the client never answered it)`;
      this.addFinding({
        code: 'hang/unanswered-control-request',
        severity: 'breaking',
        message,
        path: [],
        expected: 'every CLI control_request answered',
        actual: unanswered.map((u) => `${u.subtype} ${u.requestId}`),
      });
    } else {
      const awaited = [...this.waiters]
        .map((w) => w.what)
        .concat([...this.clientRequests.values()].map((p) => `a reply to ${p.subtype}`));
      message = `hang: no output for ${seconds} s while waiting for ${awaited.join(', ')}${this.silentCliState()}`;
      this.addFinding({
        code: 'hang/silent-cli',
        severity: 'breaking',
        message,
        path: [],
        expected: awaited,
      });
    }
    const error = new ClideError('timeout', message);
    for (const waiter of this.waiters) waiter.reject(error);
    this.waiters.clear();
    for (const pending of this.clientRequests.values()) pending.reject(error);
    this.clientRequests.clear();
  }
}

function defaultHandlers(servers: SdkMcpServer[]): ControlHandlers {
  if (servers.length === 0) return {};
  return {
    mcp_message: async (request) => {
      const server = servers.find((s) => s.name === request.server_name);
      if (!server) throw new Error(`SDK MCP server not found: ${String(request.server_name)}`);
      return { mcp_response: await answerMcpMessage(server, request.message) };
    },
  };
}

/** Starts a session. */
export function startSession(options: SessionOptions): Session {
  return new Session(options);
}

/** Runs `body` with a session and always closes it, even when `body` throws. */
export async function withSession<T>(
  options: SessionOptions,
  body: (session: Session) => Promise<T>,
): Promise<{ value: T; transcript: Transcript }> {
  const session = startSession(options);
  try {
    const value = await body(session);
    const transcript = await session.close();
    return { value, transcript };
  } catch (error) {
    session.kill();
    await session.close();
    throw error;
  }
}

/** An in-process CLI side, seen through the part of execa's child the session uses (no pid). */
interface InProcessChild {
  readonly inProcess: InProcessCli;
  readonly pid: undefined;
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  readonly exit: Promise<{ exitCode: number | undefined; signal: string | undefined }>;
}

function inProcessChild(cli: InProcessCli): InProcessChild {
  const exit = new Promise<{ exitCode: number | undefined; signal: string | undefined }>((resolve) => {
    cli.once('exit', (code, signal) => resolve({ exitCode: code ?? undefined, signal: signal ?? undefined }));
  });
  return {
    inProcess: cli,
    pid: undefined,
    stdin: cli.stdin,
    stdout: cli.stdout,
    stderr: cli.stderr,
    exit,
  };
}
