import type { Command } from 'commander';
import { ClideError, EXIT } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { nextSignal } from '../next-signal.js';

export interface MockApiFlags {
  script: string;
  port: string;
  host: string;
}

/** Where `mock-api` writes, and what stops it (SIGINT/SIGTERM in the command). */
export interface MockApiIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves with the reason to stop, e.g. the signal name. */
  stop: Promise<string>;
}

/**
 * `clide-conformance mock-api --script FILE [--port N] [--host 127.0.0.1]`: serves a model script
 * as a scripted Anthropic Messages API until SIGINT/SIGTERM. Prints one line on stdout,
 * `ANTHROPIC_BASE_URL=http://HOST:PORT`; logs every request and problem on stderr. Exits 0, or 1
 * when the run had problems (script exhausted, a body that is not JSON, …).
 */
export function registerMockApi(program: Command): void {
  program
    .command('mock-api')
    .description(
      'serve a model script as a scripted Anthropic Messages API on loopback (see docs/model-script.md)',
    )
    .requiredOption('--script <file>', 'model script (JSON)')
    .option('--port <n>', 'port to listen on (0 = ephemeral)', '0')
    .option('--host <address>', 'loopback address to listen on', '127.0.0.1')
    .action(async (flags: MockApiFlags) => {
      process.exitCode = await runMockApi(flags, {
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
        stop: nextSignal(['SIGINT', 'SIGTERM']),
      });
    });
}

/** Serves until `io.stop` resolves; returns the exit code (1 when the run had problems). */
export async function runMockApi(flags: MockApiFlags, io: MockApiIo): Promise<number> {
  const port = parsePort(flags.port);
  const { loadModelScript, startModelApi } = await import('../../model-api/index.js');
  const script = loadModelScript(flags.script);
  const log = (line: string) => io.stderr(`mock-api: ${line}\n`);
  const api = await startModelApi({
    script,
    host: flags.host,
    port,
    onRequest: (request) => log(describe(request)),
    onProblem: (problem) => log(`PROBLEM: ${problem}`),
  });
  io.stdout(`ANTHROPIC_BASE_URL=${api.url}\n`);
  log(`serving ${flags.script} (${script.turns.length} turn(s)); stop with Ctrl-C`);
  let reason: string;
  try {
    reason = await io.stop;
  } finally {
    await api.close();
  }
  log(
    `${reason}: stopped after ${api.requests.length} request(s); ${api.turnsServed()} turn(s) served, ` +
      `${api.turnsRemaining()} not reached, ${api.problems.length} problem(s)`,
  );
  return api.problems.length > 0 ? EXIT.findings : EXIT.ok;
}

function describe(request: RecordedRequest): string {
  const what =
    request.kind === 'conversation'
      ? request.turn === null
        ? 'conversation, no turn left'
        : `conversation, turn ${request.turn}`
      : request.kind === 'side' || request.kind === 'unscripted'
        ? `${request.kind === 'side' ? 'side request' : 'unscripted side request'}: ${request.sideReason ?? ''}`
        : request.kind;
  return `#${request.index} +${request.time}ms ${request.method} ${request.path} -> ${what}`;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new ClideError('usage', `--port must be an integer from 0 to 65535, not "${text}"`);
  }
  return port;
}
