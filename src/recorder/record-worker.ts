/**
 * The recording thread of `recordProcess`: receives copies of every forwarded chunk, in the order
 * the forwarding thread saw them, and turns them into a redacted fixture (line splitting, JSON
 * classification, redaction, id normalisation, synchronous writes) under its temporary name
 * (`<out>.recording`), then finishes it (trailer, `--version` probe when needed, leak scan) and
 * only then gives it its final name. Nothing here is on the path of the proxied bytes.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { isClideError } from '../errors/index.js';
import { createFixtureWriter, type FixtureWriter, LineSplitter } from '../fixture/index.js';
import { createRedactor, finalizeFixture, type Redactor } from '../redact/index.js';
import {
  CHUNK_OVERHEAD_BYTES,
  type FromWorker,
  SHARED_SLOTS,
  SLOT,
  type ToWorker,
  WIRE_DIRECTIONS,
  type WireDirection,
  type WireError,
  type WorkerInit,
} from './worker-protocol.js';

type Json = Record<string, unknown>;

if (parentPort) runRecorder(parentPort, workerData as WorkerInit);

function runRecorder(port: MessagePort, init: WorkerInit): void {
  const post = (message: FromWorker) => port.postMessage(message);
  const control = new Int32Array(init.control, 0, SHARED_SLOTS);
  const ring = Buffer.from(init.ring);
  let readAt = 0;
  const now = () => performance.timeOrigin + performance.now() - init.startedAt;
  const splitters = [new LineSplitter(), new LineSplitter(), new LineSplitter()];
  let cliVersion = init.cliVersion;
  let redactor: Redactor | undefined;
  let writer: FixtureWriter | undefined;
  let failure: WireError | undefined;
  // The scan works out the known values of the environment itself, not from the redactor.
  const scanOptions = { env: init.redaction.env };

  /** After a failure: the fixture is finished as far as it can be, leak-scanned (deleted on a hit), and the error reported. */
  const fail = async (error: unknown, reason: string): Promise<void> => {
    if (failure) return;
    failure = toWire(error);
    try {
      if (writer && !writer.closed) writer.close({ complete: false, reason, durationMs: now() });
    } catch {
      // The file is what it is; the scan below decides whether it may stay.
    }
    if (!redactor) {
      // Nothing was recorded (the recorder could not start): no file stays behind.
      rmSync(init.temp, { force: true });
    } else {
      try {
        await finalizeFixture(init.temp, init.out, redactor, scanOptions);
      } catch (scanError) {
        // A leak (the file is deleted) outranks the first error.
        if (isClideError(scanError) && scanError.code === 'leak') failure = toWire(scanError);
      }
    }
    post({ kind: 'failed', error: failure });
  };

  try {
    redactor = createRedactor({
      env: init.redaction.env,
      home: init.redaction.home,
      cwd: init.redaction.cwd,
      user: safeUser(),
      hostname: hostname(),
      rules: init.redaction.rules,
      unsafeSkipRules: init.redaction.unsafeSkipRules,
    });
    writer = createFixtureWriter(init.fd, init.header, { transform: redactor, buffer: true });
  } catch (error) {
    void fail(error, `the recorder could not start: ${(error as Error).message}`);
  }

  const recordLine = (dir: WireDirection, line: Buffer, t: number, eol: boolean) => {
    const frame = writer!.line(WIRE_DIRECTIONS[dir], line, { t, eol });
    if (!cliVersion && dir === 1 && 'msg' in frame) cliVersion = initVersion(frame.msg);
  };

  /** Marks `n` bytes recorded; wakes the forwarding thread if it waits and the queue is low enough. */
  const recorded = (n: number) => {
    const done = Atomics.add(control, SLOT.recorded, n) + n;
    const inFlight = (Atomics.load(control, SLOT.posted) - done) >>> 0;
    if (inFlight <= init.lowWaterBytes && Atomics.compareExchange(control, SLOT.waiting, 1, 0) === 1) {
      post({ kind: 'resume' });
    }
  };

  const finish = async (message: Extract<ToWorker, { kind: 'end' }>): Promise<void> => {
    if (failure || !writer || !redactor) return;
    if ('spawnError' in message.outcome) {
      writer.close({
        complete: false,
        exitCode: null,
        signal: null,
        reason: `the CLI could not start: ${message.outcome.spawnError}`,
        durationMs: message.t,
      });
      await finalizeFixture(init.temp, init.out, redactor, scanOptions);
      post({ kind: 'done', frames: writer.frameCount });
      return;
    }
    const { code, signal } = message.outcome;
    for (const dir of [1, 2] as const) {
      const rest = splitters[dir]!.end();
      if (rest !== undefined) recordLine(dir, rest, message.t, false);
    }
    // Not known up front (a CLIDE_REAL_CLAUDE path) and no `system/init` seen (a session of control
    // requests only, or a clean exit): ask the binary, once the session is over.
    if (!cliVersion && signal === null && message.receivedSignal === undefined) {
      cliVersion = await askVersion(init.command, init.cwd, init.env);
    }
    const complete = message.receivedSignal === undefined && signal === null;
    const trailer = writer.close({
      complete,
      exitCode: code,
      signal,
      durationMs: now(),
      ...(cliVersion ? { cliVersion } : {}),
      ...(message.receivedSignal ? { reason: `the recorder received ${message.receivedSignal}` } : {}),
    });
    await finalizeFixture(init.temp, init.out, redactor, scanOptions);
    post({ kind: 'done', frames: trailer.frames });
  };

  port.on('message', (message: ToWorker) => {
    if (message.kind === 'chunk') {
      // The chunk's bytes are next in the ring, possibly wrapping. The splitter copies what it
      // keeps, so the ring space is free again once they are recorded.
      const start = readAt;
      const first = Math.min(message.length, ring.length - start);
      readAt = (start + message.length) % ring.length;
      if (!failure && writer) {
        try {
          const splitter = splitters[message.dir]!;
          const pieces = [ring.subarray(start, start + first)];
          if (first < message.length) pieces.push(ring.subarray(0, message.length - first));
          for (const piece of pieces) {
            for (const line of splitter.push(piece)) recordLine(message.dir, line, message.t, true);
          }
          // One write per chunk: every chunk recorded is in the kernel.
          writer.flush();
        } catch (error) {
          void fail(error, `recording stopped: ${(error as Error).message}`);
        }
      }
      recorded(message.length + CHUNK_OVERHEAD_BYTES);
    } else if (message.kind === 'eof') {
      if (failure || !writer) return;
      try {
        const rest = splitters[message.dir]!.end();
        if (rest !== undefined) recordLine(message.dir, rest, message.t, false);
        writer.flush();
      } catch (error) {
        void fail(error, `recording stopped: ${(error as Error).message}`);
      }
    } else {
      finish(message).catch((error: unknown) => {
        if (failure) return;
        // finalizeFixture has already deleted the file on a leak or a failed scan.
        failure = toWire(error);
        post({ kind: 'failed', error: failure });
      });
    }
  });
}

function toWire(error: unknown): WireError {
  if (isClideError(error)) {
    return {
      code: error.code,
      message: error.message,
      ...(error.where === undefined ? {} : { where: error.where }),
      ...(error.hint === undefined ? {} : { hint: error.hint }),
      exitCode: error.exitCode,
    };
  }
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

function initVersion(msg: unknown): string | undefined {
  const m = msg as Json | null;
  if (m && m.type === 'system' && m.subtype === 'init' && typeof m.claude_code_version === 'string') {
    return m.claude_code_version;
  }
  return undefined;
}

/** `<binary> --version` → `2.1.150` (from `2.1.150 (Claude Code)`), or undefined. Never throws. */
function askVersion(
  command: string,
  cwd: string,
  env: Record<string, string | undefined>,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command, ['--version'], { cwd, env, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.once('error', () => resolve(undefined));
    child.once('close', () => {
      clearTimeout(timer);
      const match = /^(\d+\.\d+\.\d+\S*) \(Claude Code\)/m.exec(out);
      resolve(match?.[1]);
    });
  });
}

function safeUser(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return undefined;
  }
}
