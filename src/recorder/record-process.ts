import { spawn } from 'node:child_process';
import { hostname, userInfo } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { ClideError } from '../errors/index.js';
import { createFixtureWriter, type Direction, LineSplitter } from '../fixture/index.js';
import { createRedactor, finalizeFixture, loadRedactionRules, type UserRule } from '../redact/index.js';

type Json = Record<string, unknown>;

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
  /** Signals forwarded to the CLI while it runs. */
  forwardSignals?: NodeJS.Signals[];
  /** After a forwarded signal, how long the CLI may take to exit before it is killed. */
  killAfterMs?: number;
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
 * Runs `command` as a transparent proxy: every byte the client writes reaches the CLI unchanged and
 * every byte the CLI writes (stdout and stderr) reaches the client unchanged, while each line is
 * also recorded — redacted before it is written — as a fixture frame. Signals are forwarded and the
 * CLI's exit is reported. The fixture is leak-scanned at the end; on a hit it is deleted and a
 * `ClideError('leak')` is thrown.
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
  const redactor = createRedactor({
    env,
    home: env.HOME,
    cwd,
    user: safeUser(),
    hostname: hostname(),
    rules,
  });
  const writer = createFixtureWriter(
    options.out,
    {
      // The binary's location is machine-specific: the fixture names it `claude`.
      argv: ['claude', ...options.args],
      cliVersion: options.cliVersion ?? null,
      ...(options.scenario ? { scenario: options.scenario } : {}),
    },
    { transform: redactor },
  );
  let cliVersion = options.cliVersion;

  const child = spawn(options.command, options.args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const record = (dir: Direction, splitter: LineSplitter, chunk: Buffer) => {
    for (const line of splitter.push(chunk)) {
      const frame = writer.line(dir, line);
      if (!cliVersion && dir === 'from-cli' && 'msg' in frame) cliVersion = initVersion(frame.msg);
    }
  };
  const flush = (dir: Direction, splitter: LineSplitter) => {
    const rest = splitter.end();
    if (rest !== undefined) writer.line(dir, rest, { eol: false });
  };

  const inSplit = new LineSplitter();
  const outSplit = new LineSplitter();
  const errSplit = new LineSplitter();

  const onClientData = (chunk: Buffer) => {
    if (!child.stdin.destroyed) child.stdin.write(chunk);
    record('to-cli', inSplit, chunk);
  };
  const onClientEnd = () => {
    flush('to-cli', inSplit);
    child.stdin.end();
  };
  clientIn.on('data', onClientData);
  clientIn.on('end', onClientEnd);
  child.stdin.on('error', () => {
    // The CLI closed its stdin (it exited): its exit is what gets recorded.
  });
  clientOut.on?.('error', () => {
    // The client stopped reading: keep recording what the CLI says.
  });

  child.stdout.on('data', (chunk: Buffer) => {
    clientOut.write(chunk);
    record('from-cli', outSplit, chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    clientErr.write(chunk);
    record('stderr', errSplit, chunk);
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

  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const outcome = await Promise.race([closed, spawnError]);

  for (const signal of signals) process.off(signal, onSignal);
  if (killTimer) clearTimeout(killTimer);
  clientIn.off('data', onClientData);
  clientIn.off('end', onClientEnd);
  if (clientIn === process.stdin) process.stdin.pause();

  if (outcome instanceof Error) {
    writer.close({
      complete: false,
      exitCode: null,
      signal: null,
      reason: `the CLI could not start: ${outcome.message}`,
    });
    throw new ClideError('io', `cannot start the CLI: ${outcome.message}`, {
      where: options.command,
      hint: 'set CLIDE_REAL_CLAUDE to the claude binary, or run `clide-conformance install`',
      cause: outcome,
    });
  }

  flush('from-cli', outSplit);
  flush('stderr', errSplit);
  // Not known up front (a CLIDE_REAL_CLAUDE path) and no `system/init` seen (a session of control
  // requests only, or a clean exit): ask the binary, once the session is over.
  if (!cliVersion && outcome.signal === null && receivedSignal === undefined) {
    cliVersion = await askVersion(options.command, cwd, env);
  }
  const complete = receivedSignal === undefined && outcome.signal === null;
  const trailer = writer.close({
    complete,
    exitCode: outcome.code,
    signal: outcome.signal,
    ...(cliVersion ? { cliVersion } : {}),
    ...(receivedSignal ? { reason: `the recorder received ${receivedSignal}` } : {}),
  });
  await finalizeFixture(options.out, options.out, redactor);
  return {
    exitCode: outcome.code,
    signal: outcome.signal,
    fixturePath: options.out,
    frames: trailer.frames,
    complete,
  };
}

function initVersion(msg: unknown): string | undefined {
  const m = msg as Json | null;
  if (m && m.type === 'system' && m.subtype === 'init' && typeof m.claude_code_version === 'string') {
    return m.claude_code_version;
  }
  return undefined;
}

/** `<binary> --version` → `2.1.150` (from `2.1.150 (Claude Code)`), or undefined. Never throws. */
function askVersion(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
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
