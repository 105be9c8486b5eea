import type { Command } from 'commander';
import { EXIT } from '../../errors/index.js';
import { FAKE_CLIENT_ENV, FAKE_SERVER_ENV } from '../../fake-claude/server/frames.js';
import { nextSignal } from '../next-signal.js';

export interface FakeServerFlags {
  socket?: string;
  stopOnStdinEnd?: boolean;
  /** commander's `--no-native-client`: false. */
  nativeClient?: boolean;
}

/** Where `fake-server` writes, and what stops it. */
export interface FakeServerIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * Called once the server listens; resolves with the reason to stop (a signal name, or the end
   * of stdin). Not before: a server that cannot listen must exit at once, not wait on its stdin.
   */
  stop: () => Promise<string>;
}

/**
 * `clide-conformance fake-server [--socket PATH] [--stop-on-stdin-end]`: the fake `claude`'s engine,
 * warm in one process, for test suites that start `bin/fake-claude` once per test (in any
 * language): each executable started with `CLIDE_FAKE_SERVER=<socket>` hands its session over
 * instead of loading the engine (src/fake-claude/server/). Prints two lines on stdout,
 * `CLIDE_FAKE_SERVER=<socket>`, then `CLIDE_FAKE_CLAUDE=<executable>` (the native client, built
 * with the machine's C compiler, or bin/fake-claude: native-client.ts); serves until
 * SIGINT/SIGTERM (or, with --stop-on-stdin-end, until its stdin ends: a parent that dies takes the
 * server with it). Exits 0.
 */
export function registerFakeServer(program: Command): void {
  program
    .command('fake-server')
    .description(
      'serve fake-claude sessions from one warm process: start bin/fake-claude with the CLIDE_FAKE_SERVER=<socket> it prints (see docs/mock-claude.md)',
    )
    .option(
      '--socket <path>',
      'Unix socket to listen on, made 0600, in a folder of yours that only you may enter (default: a new private temporary folder); the token clients must send goes beside it, <path>.token (0600)',
    )
    .option('--stop-on-stdin-end', 'stop when stdin ends (tie the server to the process that started it)')
    .option(
      '--no-native-client',
      'do not build the native client (native/fake-client.c): CLIDE_FAKE_CLAUDE is then bin/fake-claude',
    )
    .action(async (flags: FakeServerFlags) => {
      process.exitCode = await runFakeServer(flags, {
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
        stop: () => stopSignal(flags.stopOnStdinEnd === true),
      });
    });
}

/** Serves until `io.stop` resolves; returns the exit code. */
export async function runFakeServer(flags: FakeServerFlags, io: FakeServerIo): Promise<number> {
  const { startFakeServer } = await import('../../fake-claude/server/server.js');
  const server = await startFakeServer({
    ...(flags.socket === undefined ? {} : { socketPath: flags.socket }),
    nativeClient: flags.nativeClient !== false,
  });
  const log = (line: string) => io.stderr(`fake-server: ${line}\n`);
  io.stdout(`${FAKE_SERVER_ENV}=${server.socketPath}\n${FAKE_CLIENT_ENV}=${server.executable}\n`);
  log(`serving fake-claude sessions on ${server.socketPath}; stop with Ctrl-C`);
  log(
    server.nativeClient.ok
      ? `clients: ${server.executable} (native) or bin/fake-claude, with CLIDE_FAKE_SERVER set`
      : `clients: ${server.executable} with CLIDE_FAKE_SERVER set (no native client: ${server.nativeClient.problem})`,
  );
  let reason: string;
  try {
    reason = await io.stop();
  } finally {
    await server.close();
  }
  const refusals = server.refusals();
  log(
    `${reason}: stopped after ${server.sessionsServed()} session(s), ${refusals.length} client(s) turned away`,
  );
  for (const refusal of refusals.slice(0, 5)) log(`turned away: ${refusal}`);
  return EXIT.ok;
}

/** SIGINT or SIGTERM, or with `--stop-on-stdin-end` the end of stdin (which then keeps nothing alive). */
function stopSignal(onStdinEnd: boolean): Promise<string> {
  const stdinEnd = onStdinEnd
    ? new Promise<string>((resolve) => {
        process.stdin.on('data', () => {});
        process.stdin.once('end', () => resolve('end of stdin'));
      })
    : undefined;
  return nextSignal(['SIGINT', 'SIGTERM'], stdinEnd).finally(() => {
    if (onStdinEnd) process.stdin.destroy();
  });
}
