import { spawn } from 'node:child_process';
import { closeSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageInfo } from '../config/package-info.js';
import { ClideError, type ClideErrorCode } from '../errors/index.js';
import { recordingPath } from '../fixture/file-name.js';
import { compileUserRules, loadRedactionRules, type UserRule } from '../redact/user-rules.js';
import {
  CHUNK_OVERHEAD_BYTES,
  type FromWorker,
  SHARED_SLOTS,
  SLOT,
  type ToWorker,
  type WireDirection,
  type WireError,
  type WorkerInit,
} from './worker-protocol.js';

export interface RecordOptions {
  /** The real CLI to run (never a shell string). */
  command: string;
  args: string[];
  /** Where the fixture goes (a file path; see `resolveOutputPath` for directories). */
  out: string;
  /** The environment the CLI gets (the recorder's own, by default). Secret values in it are redacted. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** The client's side of the pipes (the recorder's own stdio, by default). */
  stdin?: Readable;
  stdout?: Writable;
  stderr?: Writable;
  /** CLI version for the header when known up front (else taken from `system/init`). */
  cliVersion?: string;
  /** Scenario id for the header, when a harness records a catalogue scenario. */
  scenario?: string;
  /** A redaction rules file (JSON): extra user rules. */
  rulesFile?: string;
  /** Extra user rules given in code. */
  rules?: UserRule[];
  /**
   * FOR TESTS ONLY: redaction rules that are not applied, so that redaction misses on purpose and
   * the leak scan must refuse the fixture (`clide-record` reads `CLIDE_RECORD_UNSAFE_SKIP_RULES`).
   */
  unsafeSkipRules?: string[];
  /** Signals forwarded to the CLI while it runs. */
  forwardSignals?: NodeJS.Signals[];
  /** After a forwarded signal, how long the CLI may take to exit before it is killed. */
  killAfterMs?: number;
  /**
   * Bytes forwarded but not yet recorded above which forwarding pauses until the recording has
   * caught up to half of it (default `DEFAULT_RECORD_QUEUE_BYTES`): the bound on the memory a
   * recording that falls behind can take.
   */
  queueBytes?: number;
}

export interface RecordResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  fixturePath: string;
  frames: number;
  complete: boolean;
}

const DEFAULT_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Default bound of the recording queue: 16 MiB. Large enough that no burst of a real session (a
 * multi-MiB tool result or image) ever waits on the recording; small enough that a 1 GiB session
 * through a recorder that cannot keep up stays within a few tens of MiB, and that the recording's
 * catch-up after the CLI exits stays bounded too.
 */
export const DEFAULT_RECORD_QUEUE_BYTES = 16 * 2 ** 20;
/** The smallest queue: room for a chunk and its announcement at the low-water mark. */
const MIN_QUEUE_BYTES = 4096;
/** The most a pipe read gives at once. */
const PIPE_CHUNK_BYTES = 64 * 1024;

/**
 * Runs `command` as a transparent proxy: every byte the client writes reaches the CLI unchanged and
 * every byte the CLI writes (stdout and stderr) reaches the client unchanged, while each line is
 * also recorded — redacted before it is written — as a fixture frame. Signals are forwarded and the
 * CLI's exit is reported. The fixture is written under a temporary name (`<out>.recording`) and
 * leak-scanned at the end; it takes its final name only when the scan passes. On a hit it is
 * deleted and a `ClideError('leak')` is thrown; after a crash only the temporary file remains
 * (`recoverRecording` scans and finalises it).
 *
 * Forwarding never waits on recording: this thread only passes the raw chunks on (with the
 * backpressure of the pipes themselves) and posts a copy of each to a recording thread
 * (record-worker.ts), which splits, redacts, writes and finally leak-scans. The fixture is complete
 * and scanned when the returned promise settles. If the recording falls `queueBytes` behind, the
 * sources pause until it is halfway caught up.
 */
export async function recordProcess(options: RecordOptions): Promise<RecordResult> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const clientIn = options.stdin ?? process.stdin;
  const clientOut = options.stdout ?? process.stdout;
  const clientErr = options.stderr ?? process.stderr;
  const rules = [
    ...(options.rulesFile ? loadRedactionRules(options.rulesFile) : []),
    ...(options.rules ?? []),
  ];
  // A bad rule fails here, before the CLI starts (the recording thread compiles them again).
  compileUserRules(rules);
  const ringBytes = options.queueBytes ?? DEFAULT_RECORD_QUEUE_BYTES;
  if (!Number.isInteger(ringBytes) || ringBytes < MIN_QUEUE_BYTES || ringBytes > 2 ** 30) {
    throw new ClideError('usage', `queueBytes must be an integer from 4096 to 2^30, not ${ringBytes}`, {
      where: 'recordProcess',
    });
  }
  // Sources pause when the next pipe read (at most 64 KiB) might not fit, and resume at half.
  const lowWater = Math.floor(ringBytes / 2);
  const highWater = ringBytes - Math.min(PIPE_CHUNK_BYTES, lowWater);

  const t0 = performance.now();
  const elapsed = () => performance.now() - t0;
  const recordedAt = new Date().toISOString();
  // Written under a temporary name; the final name only ever holds a scanned fixture.
  const temp = recordingPath(options.out);
  const fd = openFixture(temp);
  const control = new SharedArrayBuffer(SHARED_SLOTS * Int32Array.BYTES_PER_ELEMENT);
  const counters = new Int32Array(control);
  const ring = Buffer.from(new SharedArrayBuffer(ringBytes));
  const plainEnv = { ...env };
  const init: WorkerInit = {
    fd,
    temp,
    out: options.out,
    header: {
      // The binary's location is machine-specific: the fixture names it `claude`.
      argv: ['claude', ...options.args],
      cliVersion: options.cliVersion ?? null,
      recordedAt,
      ...(options.scenario ? { scenario: options.scenario } : {}),
    },
    redaction: { env: plainEnv, home: env.HOME, cwd, rules, unsafeSkipRules: options.unsafeSkipRules ?? [] },
    startedAt: performance.timeOrigin + t0,
    cliVersion: options.cliVersion,
    command: options.command,
    cwd,
    env: plainEnv,
    control,
    ring: ring.buffer as SharedArrayBuffer,
    lowWaterBytes: lowWater,
  };
  const worker = new Worker(recorderWorkerUrl(), { workerData: init });
  const send = (message: ToWorker) => worker.postMessage(message);

  // Flow control: each source pauses while any reason holds it.
  const clientGate = new Gate(clientIn);
  const child = spawn(options.command, options.args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const outGate = new Gate(child.stdout);
  const errGate = new Gate(child.stderr);
  const sources = [clientGate, outGate, errGate];

  let posted = 0;
  let writeAt = 0;
  let queueHeld = false;
  let recordingStopped = false;
  /** What could not go into the ring yet (it was full), in order: sources are paused meanwhile. */
  const backlog: Array<
    { kind: 'bytes'; dir: WireDirection; t: number; bytes: Buffer; offset: number } | ToWorker
  > = [];
  const inFlight = () => (posted - Atomics.load(counters, SLOT.recorded)) >>> 0;
  /** Copies `bytes` (which fit) into the ring and announces them. */
  const put = (dir: WireDirection, t: number, bytes: Uint8Array) => {
    const first = Math.min(bytes.length, ring.length - writeAt);
    ring.set(bytes.subarray(0, first), writeAt);
    if (first < bytes.length) ring.set(bytes.subarray(first), 0);
    writeAt = (writeAt + bytes.length) % ring.length;
    posted = (posted + bytes.length + CHUNK_OVERHEAD_BYTES) >>> 0;
    Atomics.store(counters, SLOT.posted, posted | 0);
    send({ kind: 'chunk', dir, t, length: bytes.length });
  };
  const drainBacklog = () => {
    while (backlog.length > 0) {
      const item = backlog[0]!;
      if (item.kind === 'bytes') {
        const room = ring.length - inFlight() - CHUNK_OVERHEAD_BYTES;
        if (room <= 0) return;
        const n = Math.min(room, item.bytes.length - item.offset);
        put(item.dir, item.t, item.bytes.subarray(item.offset, item.offset + n));
        item.offset += n;
        if (item.offset < item.bytes.length) return;
      } else {
        send(item);
      }
      backlog.shift();
    }
  };
  /** Eof and end go after every chunk before them. */
  const sendInOrder = (message: ToWorker) => {
    if (backlog.length > 0 && !recordingStopped) backlog.push(message);
    else send(message);
  };
  const releaseQueue = () => {
    if (!queueHeld) return;
    queueHeld = false;
    for (const gate of sources) gate.release('recording');
  };
  /** The recording thread cleared `waiting`: the ring is down to the low-water mark. */
  const onResume = () => {
    if (recordingStopped) return;
    drainBacklog();
    if (backlog.length === 0 && inFlight() <= highWater) releaseQueue();
    else waitForRecording();
  };
  /** Asks the recording thread for a `resume` — or resumes now if it caught up in the meantime. */
  const waitForRecording = () => {
    Atomics.store(counters, SLOT.waiting, 1);
    // Whoever clears the flag resumes: the recording thread (it posts `resume`), or this re-check.
    if (inFlight() <= lowWater && Atomics.compareExchange(counters, SLOT.waiting, 1, 0) === 1) onResume();
  };
  /** Records a forwarded chunk: a copy into the ring, or into the backlog while the ring is full. */
  const record = (dir: WireDirection, chunk: Buffer) => {
    if (recordingStopped) return;
    const t = elapsed();
    if (backlog.length === 0 && chunk.length + CHUNK_OVERHEAD_BYTES <= ring.length - inFlight()) {
      put(dir, t, chunk);
    } else backlog.push({ kind: 'bytes', dir, t, bytes: Buffer.from(chunk), offset: 0 });
    if (!queueHeld && (backlog.length > 0 || inFlight() > highWater)) {
      queueHeld = true;
      for (const gate of sources) gate.hold('recording');
      waitForRecording();
    }
  };

  const settled = new Promise<Extract<FromWorker, { kind: 'done' | 'failed' }>>((resolve) => {
    const stop = (outcome: Extract<FromWorker, { kind: 'done' | 'failed' }>) => {
      if (outcome.kind === 'failed') {
        // Forwarding goes on without recording; the error is reported when the session is over.
        recordingStopped = true;
        backlog.length = 0;
        releaseQueue();
      }
      resolve(outcome);
    };
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'resume') onResume();
      else stop(message);
    });
    worker.once('error', (error) => {
      // Never reached by the recording's own errors (reported as `failed`): the thread itself broke.
      rmSync(temp, { force: true });
      stop({
        kind: 'failed',
        error: {
          code: 'internal',
          message: `the recording thread failed (the unscanned fixture was deleted): ${error.message}`,
        },
      });
    });
    worker.once('exit', (code) =>
      stop({
        kind: 'failed',
        error: {
          code: 'internal',
          message: `the recording thread exited (${code}) before the fixture was done`,
        },
      }),
    );
  });

  /** `sink.write(chunk)`; when the sink's buffer is full, `gate` holds its source until the sink drains. */
  const forward = (sink: Writable, gate: Gate, reason: string, chunk: Buffer) => {
    if (sink.destroyed || sink.write(chunk) || gate.has(reason)) return;
    gate.hold(reason);
    sink.once('drain', () => gate.release(reason));
  };
  const onClientData = (chunk: Buffer) => {
    forward(child.stdin, clientGate, 'cli-stdin', chunk);
    record(0, chunk);
  };
  const onClientEnd = () => {
    sendInOrder({ kind: 'eof', dir: 0, t: elapsed() });
    child.stdin.end();
  };
  clientIn.on('data', onClientData);
  clientIn.on('end', onClientEnd);
  child.stdin.on('error', () => {
    // The CLI closed its stdin (it exited): its exit is what gets recorded.
    clientGate.release('cli-stdin');
  });
  child.stdin.on('close', () => clientGate.release('cli-stdin'));
  const onClientOutGone = () => {
    // The client stopped reading: keep recording what the CLI says.
    outGate.release('client-stdout');
    errGate.release('client-stderr');
  };
  clientOut.on?.('error', onClientOutGone);
  clientOut.on?.('close', onClientOutGone);
  if (clientErr !== clientOut) {
    clientErr.on?.('error', onClientOutGone);
    clientErr.on?.('close', onClientOutGone);
  }

  child.stdout.on('data', (chunk: Buffer) => {
    forward(clientOut, outGate, 'client-stdout', chunk);
    record(1, chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    forward(clientErr, errGate, 'client-stderr', chunk);
    record(2, chunk);
  });

  let receivedSignal: NodeJS.Signals | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const signals = options.forwardSignals ?? DEFAULT_SIGNALS;
  const onSignal = (signal: NodeJS.Signals) => {
    receivedSignal = signal;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    killTimer ??= setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 5_000);
  };
  for (const signal of signals) process.on(signal, onSignal);

  try {
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('close', (code, signal) => resolve({ code, signal })),
    );
    const outcome = await Promise.race([closed, spawnError]);

    for (const signal of signals) process.off(signal, onSignal);
    if (killTimer) clearTimeout(killTimer);
    clientIn.off('data', onClientData);
    clientIn.off('end', onClientEnd);
    // The 'error' listeners stay: a client that goes away later must not crash this process.
    for (const sink of [clientOut, clientErr]) sink.off?.('close', onClientOutGone);
    for (const gate of sources) gate.detach();
    if (clientIn === process.stdin) process.stdin.pause();

    sendInOrder({
      kind: 'end',
      t: elapsed(),
      outcome: outcome instanceof Error ? { spawnError: outcome.message } : outcome,
      receivedSignal,
    });
    const result = await settled;
    if (result.kind === 'failed') throw fromWire(result.error, options.out);
    if (outcome instanceof Error) {
      throw new ClideError('io', `cannot start the CLI: ${outcome.message}`, {
        where: options.command,
        hint: 'set CLIDE_REAL_CLAUDE to the claude binary, or run `clide-conformance install`',
        cause: outcome,
      });
    }
    return {
      exitCode: outcome.code,
      signal: outcome.signal,
      fixturePath: options.out,
      frames: result.frames,
      complete: receivedSignal === undefined && outcome.signal === null,
    };
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    if (killTimer) clearTimeout(killTimer);
    await worker.terminate();
    // Opened here, so closed here (the recording thread has synced it when it closed the fixture).
    closeSync(fd);
  }
}

/**
 * Pauses a readable while at least one reason holds it, resumes it when the last is released.
 * After `detach()` it never resumes the stream again (the session is over).
 */
class Gate {
  private readonly reasons = new Set<string>();
  private detached = false;

  constructor(private readonly stream: Readable) {}

  has(reason: string): boolean {
    return this.reasons.has(reason);
  }

  hold(reason: string): void {
    if (this.reasons.size === 0 && !this.detached) this.stream.pause();
    this.reasons.add(reason);
  }

  release(reason: string): void {
    if (this.reasons.delete(reason) && this.reasons.size === 0 && !this.detached) this.stream.resume();
  }

  detach(): void {
    this.detached = true;
  }
}

/** Opens (truncates) the fixture here, so that a folder that cannot take it fails before the CLI starts. */
function openFixture(path: string): number {
  try {
    return openSync(path, 'w');
  } catch (error) {
    throw new ClideError('io', `cannot create the fixture file: ${(error as Error).message}`, {
      where: path,
      hint: 'check that the folder exists and is writable',
      cause: error,
    });
  }
}

function fromWire(error: WireError, out: string): ClideError {
  return new ClideError(error.code as ClideErrorCode, error.message, {
    where: error.where ?? out,
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    ...(error.exitCode === undefined ? {} : { exitCode: error.exitCode }),
  });
}

/**
 * The recording thread's module: beside this one in the build. Run from the TypeScript sources (the
 * tests), the built one is used: a worker thread cannot load TypeScript.
 */
function recorderWorkerUrl(): URL {
  if (import.meta.url.endsWith('.ts')) {
    return pathToFileURL(join(packageInfo().root, 'dist', 'src', 'recorder', 'record-worker.js'));
  }
  return new URL('./record-worker.js', import.meta.url);
}
