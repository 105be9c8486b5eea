import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import { ClideError } from '../errors/index.js';
import { recordingPath } from '../fixture/file-name.js';
import type { FixtureFinding } from '../fixture/index.js';
import { createFixtureWriter, type FixtureWriter, LineSplitter } from '../fixture/index.js';
import { createRedactor, finalizeFixture, JoinedFrames, type Redactor } from '../redact/index.js';
import { leakScanThread, type ScanThread } from '../redact/scan-thread.js';
import { compileUserRules, loadRedactionRules, type UserRule } from '../redact/user-rules.js';
import { CollectionPacer } from './collection-pacer.js';
import { guardProcessGroup } from './group-guard.js';

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
   * the leak scan must find it (`clide-record` reads `CLIDE_RECORD_UNSAFE_SKIP_RULES`); `leak-mask`
   * also switches the masking of what the scan finds off, so that the recording is quarantined.
   */
  unsafeSkipRules?: string[];
  /** Signals forwarded to the CLI while it runs. */
  forwardSignals?: NodeJS.Signals[];
  /** After a forwarded signal, how long the CLI may take to exit before it is killed. */
  killAfterMs?: number;
  /**
   * Run a full V8 collection in this process every so many bytes recorded (`CollectionPacer`):
   * for a process that is the recorder alone (`clide-record`), whose memory must stay flat over
   * any session length. Off by default: a library does not collect its host's heap.
   */
  collectEveryBytes?: number;
}

export interface RecordResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  fixturePath: string;
  frames: number;
  complete: boolean;
  /** Secrets the redaction missed that the leak scan found and masked in the fixture (its trailer names them). */
  findings: FixtureFinding[];
}

const DEFAULT_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const DIRECTIONS = ['to-cli', 'from-cli', 'stderr'] as const;
type Dir = 0 | 1 | 2;

/**
 * Runs `command` as a transparent proxy: every byte the client writes reaches the CLI unchanged and
 * every byte the CLI writes (stdout and stderr) reaches the client unchanged, while each line is
 * also recorded — redacted before it is written — as a fixture frame. Signals are forwarded and the
 * CLI's exit is reported. The fixture is written under a temporary name (`<out>.recording`) and
 * leak-scanned at the end; it takes its final name once the scan passes. A recording is never
 * lost to the scan: what it finds is masked in place and named in the trailer (`findings`), and a
 * file that cannot be masked is kept as a private quarantine (`<out>.quarantine`) with a
 * `ClideError('leak')` saying where; after a crash only the temporary file remains
 * (`recoverRecording` scans and finalises either).
 *
 * Crash safety, write-ahead: the header is written before the CLI is started, and every chunk is
 * recorded (its completed lines split, redacted and handed to the kernel in one synchronous write)
 * before it is forwarded. So whenever this process dies — SIGKILL included, however loaded the
 * machine — every line whose end was forwarded, either way, is in the file: what a killed recorder
 * loses is at most the unfinished line of each stream (bytes forwarded before their newline). The
 * CLI runs in its own process group, tied to this process by a guard (group-guard.ts): a killed
 * recorder leaves no CLI behind.
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
  // A bad rule fails here, before anything is written or started.
  compileUserRules(rules);

  const t0 = performance.now();
  const elapsed = () => performance.now() - t0;
  const plainEnv = { ...env };
  // Written under a temporary name; the final name only ever holds a scanned fixture.
  const temp = recordingPath(options.out);
  let redactor: Redactor;
  let joined: JoinedFrames;
  let writer: FixtureWriter;
  let scanThread: ScanThread | undefined;
  /** The sources held while the leak scan catches up (filled once they exist). */
  const scanGated: Gate[] = [];
  /** Lines handed to the file, not scanned yet: the scan runs after the chunk is forwarded. */
  const unscanned: string[] = [];
  try {
    redactor = createRedactor({
      env: plainEnv,
      home: env.HOME,
      cwd,
      user: safeUser(),
      hostname: hostname(),
      rules,
      unsafeSkipRules: options.unsafeSkipRules ?? [],
    });
    // Redaction over what a reader sees: a secret split over a block's deltas or stderr's lines.
    joined = new JoinedFrames(redactor);
    // The leak scan of the file, line by line as it is written (nothing is read back at the end),
    // on a thread of its own; when it falls far behind, the sources wait for it.
    scanThread = leakScanThread(temp, redactor, { env: plainEnv }, (behind) => {
      for (const gate of scanGated) behind ? gate.hold('leak-scan') : gate.release('leak-scan');
    });
    // The header is on disk when this returns: before the CLI starts.
    writer = createFixtureWriter(
      temp,
      {
        // The binary's location is machine-specific: the fixture names it `claude`.
        argv: ['claude', ...options.args],
        cliVersion: options.cliVersion ?? null,
        recordedAt: new Date().toISOString(),
        ...(options.scenario ? { scenario: options.scenario } : {}),
      },
      { transform: redactor, buffer: true, now: elapsed, onLine: (line) => unscanned.push(line) },
    );
  } catch (error) {
    scanThread?.close();
    rmSync(temp, { force: true });
    throw error;
  }
  const scan = scanThread;
  const scanOptions = { env: plainEnv, mask: !(options.unsafeSkipRules ?? []).includes('leak-mask') };
  /** Scans the lines written so far (after their chunk was forwarded: the scan is not on the forwarding path). */
  const scanWritten = () => {
    for (const line of unscanned) scan.line(line);
    unscanned.length = 0;
  };
  let cliVersion = options.cliVersion;
  /** Set when recording failed: forwarding goes on, the error is reported when the session is over. */
  let recordingError: unknown;
  const splitters = [new LineSplitter(), new LineSplitter(), new LineSplitter()];
  const pacer =
    options.collectEveryBytes === undefined ? undefined : new CollectionPacer(options.collectEveryBytes);

  const recordLine = (dir: Dir, line: Buffer, t: number, eol: boolean) => {
    const prepared = joined.prepare(DIRECTIONS[dir], line);
    const offset = writer.offset;
    const frame = writer.line(DIRECTIONS[dir], prepared.line, { t, eol });
    // The parts of a secret that began in lines written before this one, masked where they are.
    for (const patch of joined.written(prepared, frame, offset))
      writer.patch(patch.offset, patch.before, patch.after);
    if (!cliVersion && dir === 1 && 'msg' in frame) cliVersion = initVersion(frame.msg);
  };
  /** Records the lines `chunk` completes — on disk when this returns — before the chunk is forwarded. */
  const record = (dir: Dir, chunk: Buffer) => {
    if (recordingError !== undefined) return;
    try {
      const t = elapsed();
      for (const line of splitters[dir]!.push(chunk)) recordLine(dir, line, t, true);
      writer.flush();
    } catch (error) {
      recordingError = error;
    }
  };
  /** A stream ended: its last line, when it had no newline, is recorded now. */
  const recordTail = (dir: Dir) => {
    if (recordingError !== undefined) return;
    try {
      const rest = splitters[dir]!.end();
      if (rest !== undefined) recordLine(dir, rest, elapsed(), false);
      writer.flush();
    } catch (error) {
      recordingError = error;
    }
  };

  const clientGate = new Gate(clientIn);
  // Its own process group, so that the guard can kill the CLI and whatever it started together.
  const child = spawn(options.command, options.args, {
    cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const guard = child.pid === undefined ? undefined : guardProcessGroup(child.pid);
  const outGate = new Gate(child.stdout);
  const errGate = new Gate(child.stderr);
  const sources = [clientGate, outGate, errGate];
  scanGated.push(...sources);

  /** `sink.write(chunk)`; when the sink's buffer is full, `gate` holds its source until the sink drains. */
  const forward = (sink: Writable, gate: Gate, reason: string, chunk: Buffer) => {
    if (sink.destroyed || sink.write(chunk) || gate.has(reason)) return;
    gate.hold(reason);
    sink.once('drain', () => gate.release(reason));
  };
  const onClientData = (chunk: Buffer) => {
    record(0, chunk);
    forward(child.stdin, clientGate, 'cli-stdin', chunk);
    scanWritten();
    pacer?.add(chunk.length);
  };
  const onClientEnd = () => {
    recordTail(0);
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
    record(1, chunk);
    forward(clientOut, outGate, 'client-stdout', chunk);
    scanWritten();
    pacer?.add(chunk.length);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    record(2, chunk);
    forward(clientErr, errGate, 'client-stderr', chunk);
    scanWritten();
    pacer?.add(chunk.length);
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

  let finished = false;
  try {
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('close', (code, signal) => resolve({ code, signal })),
    );
    const outcome = await Promise.race([closed, spawnError]);
    guard?.release();

    for (const signal of signals) process.off(signal, onSignal);
    if (killTimer) clearTimeout(killTimer);
    clientIn.off('data', onClientData);
    clientIn.off('end', onClientEnd);
    // The 'error' listeners stay: a client that goes away later must not crash this process.
    for (const sink of [clientOut, clientErr]) sink.off?.('close', onClientOutGone);
    for (const gate of sources) gate.detach();
    if (clientIn === process.stdin) process.stdin.pause();

    if (outcome instanceof Error) {
      writer.close({
        complete: false,
        exitCode: null,
        signal: null,
        reason: `the CLI could not start: ${outcome.message}`,
      });
      finished = true;
      await finalizeFixture(temp, options.out, redactor, scanOptions);
      throw new ClideError('io', `cannot start the CLI: ${outcome.message}`, {
        where: options.command,
        hint: 'set CLIDE_REAL_CLAUDE to the claude binary, or run `clide-conformance install`',
        cause: outcome,
      });
    }
    recordTail(1);
    recordTail(2);
    if (recordingError !== undefined) {
      const reason = `recording stopped: ${(recordingError as Error).message ?? String(recordingError)}`;
      try {
        writer.close({ complete: false, reason });
      } catch {
        // The file is what it is; the scan below decides whether it may stay.
      }
      finished = true;
      try {
        await finalizeFixture(temp, options.out, redactor, scanOptions);
      } catch (scanError) {
        // A quarantine (the recording kept where nothing reads it) outranks the first error.
        if (scanError instanceof ClideError && scanError.code === 'leak') throw scanError;
      }
      throw recordingError instanceof ClideError
        ? recordingError
        : new ClideError('internal', reason, { where: options.out, cause: recordingError });
    }
    // Not known up front (a CLIDE_REAL_CLAUDE path) and no `system/init` seen (a session of control
    // requests only, or a clean exit): ask the binary, once the session is over.
    if (!cliVersion && outcome.signal === null && receivedSignal === undefined) {
      cliVersion = await askVersion(options.command, cwd, plainEnv);
    }
    const complete = receivedSignal === undefined && outcome.signal === null;
    const trailer = writer.close({
      complete,
      exitCode: outcome.code,
      signal: outcome.signal,
      ...(cliVersion ? { cliVersion } : {}),
      ...(receivedSignal ? { reason: `the recorder received ${receivedSignal}` } : {}),
    });
    finished = true;
    scanWritten();
    const { findings } = await finalizeFixture(temp, options.out, redactor, {
      ...scanOptions,
      streamed: scan,
    });
    return {
      exitCode: outcome.code,
      signal: outcome.signal,
      fixturePath: options.out,
      frames: trailer.frames,
      complete,
      findings,
    };
  } finally {
    // A scan that did not finish (the recording failed; the file got a full scan, or none).
    scan.close();
    guard?.release();
    for (const signal of signals) process.off(signal, onSignal);
    if (killTimer) clearTimeout(killTimer);
    if (!finished && !writer.closed) {
      // An error of this function itself: the file stays under its temporary name, cut, for --recover.
      try {
        writer.flush();
      } catch {
        // nothing more to save
      }
    }
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

function initVersion(msg: unknown): string | undefined {
  const m = msg as Record<string, unknown> | null;
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
