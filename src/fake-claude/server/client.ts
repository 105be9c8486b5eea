import { fstatSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { packageInfo } from '../../config/package-info.js';
import { isRegularFile, quietOnEpipe } from '../fd-stdio.js';
import {
  type ExitPayload,
  encodeFrame,
  FAKE_SERVER_ENV,
  FRAME,
  type Frame,
  FrameDecoder,
  type HelloPayload,
  tokenPath,
  WIRE_PROTOCOL,
} from './frames.js';

/** How long the client waits for the server's answer to its hello before it runs the session itself. */
export const ANSWER_TIMEOUT_MS = 2000;

/**
 * `bin/fake-claude` with `CLIDE_FAKE_SERVER=<socket>`: the session runs in the fake server
 * (server.ts), and this process only carries it: its argv, environment, cwd and pid go in a hello
 * with the server's token (read from beside the socket: only the server's user can read it),
 * its stdin goes over chunk by chunk once the server accepts, and what the server sends comes out
 * on stdout and stderr, then the exit (code, or the signal the session died of). It loads no
 * engine, so a session starts in about the time any piped Node program does.
 *
 * No server at the path (nothing listens, no file), one that refuses the session (another kit
 * version, a token this process could not read), or one that has not answered within `ANSWER_TIMEOUT_MS`: `hooks.runLocally` runs the
 * engine in this process instead, as without the variable; stdin is untouched until the server
 * accepts, so nothing is lost. Like the executable, the client handles no signal: a signal kills
 * it, and the server ends the session when the socket closes. The process's exit is the caller's
 * (`hooks.exit`, src/cli/fake-client.ts).
 */
export interface ServedSessionHooks {
  /** Runs the session in this process instead (no server took it); nothing of stdin has been read. */
  runLocally(): void;
  /** The session has ended and stdout and stderr are drained: leave with its exit code, or die of its signal. */
  exit(payload: ExitPayload): void;
}

export function runServedSession(socketPath: string, hooks: ServedSessionHooks): void {
  const socket = connect(socketPath);
  const decoder = new FrameDecoder();
  let state: 'connecting' | 'running' | 'exiting' | 'local' = 'connecting';
  const local = () => {
    if (state !== 'connecting') return;
    state = 'local';
    clearTimeout(unanswered);
    socket.destroy();
    hooks.runLocally();
  };
  // A server that takes the connection but does not answer (stopped, wedged) must not hang the
  // session: it runs here instead, with nothing of stdin read yet.
  const unanswered = setTimeout(local, ANSWER_TIMEOUT_MS);
  socket.on('error', () => {
    if (state === 'connecting') local();
  });
  const token = readToken(socketPath);
  const hello: HelloPayload = {
    protocol: WIRE_PROTOCOL,
    ...(token === undefined ? {} : { token }),
    kit: kitVersion(),
    argv: process.argv.slice(2),
    env: process.env as Record<string, string>,
    cwd: process.cwd(),
    pid: process.pid,
    stdinIsTTY: isTerminal(0),
    stdinIsFile: isRegularFile(0),
  };
  // Sent once the socket connects (a socket holds writes until then).
  socket.write(encodeFrame(FRAME.hello, JSON.stringify(hello)));
  socket.on('data', (chunk: Buffer) => {
    let frames: Frame[];
    try {
      frames = decoder.push(chunk);
    } catch (error) {
      fail(`sent a broken frame stream: ${(error as Error).message}`);
      return;
    }
    for (const frame of frames) {
      if (state === 'local' || state === 'exiting') return;
      handle(frame);
    }
  });
  socket.on('close', () => {
    if (state === 'connecting') local();
    else if (state === 'running') fail('closed the session before it ended');
  });

  /** Sends process.stdin over the socket, chunk by chunk as read, then its end. */
  function forwardStdin(): void {
    const input = process.stdin;
    input.on('data', (chunk: Buffer | string) => {
      if (!socket.write(encodeFrame(FRAME.stdin, chunk))) {
        input.pause();
        socket.once('drain', () => input.resume());
      }
    });
    // An error reading stdin ends the input, as it does for the executable.
    const end = () => {
      if (state === 'running') socket.write(encodeFrame(FRAME.stdinEnd));
    };
    input.once('end', end);
    input.once('error', end);
  }

  // Made on first use: each is a stream to build (a socket for a pipe), and a session that writes
  // nothing on stderr never needs that one.
  let out: NodeJS.WriteStream | undefined;
  let err: NodeJS.WriteStream | undefined;
  const stdout = () => (out ??= quietOnEpipe(process.stdout));
  const stderr = () => (err ??= quietOnEpipe(process.stderr));

  function handle(frame: Frame): void {
    switch (frame.type) {
      case FRAME.accept:
        clearTimeout(unanswered);
        state = 'running';
        forwardStdin();
        return;
      case FRAME.refuse:
        local();
        return;
      case FRAME.stdout:
        if (!stdout().write(frame.payload)) {
          socket.pause();
          stdout().once('drain', () => socket.resume());
        }
        return;
      case FRAME.stderr:
        stderr().write(frame.payload);
        return;
      case FRAME.exit:
        exit(JSON.parse(frame.payload.toString('utf8')) as ExitPayload);
        return;
      default:
        fail(`sent a frame a server does not send (${String.fromCharCode(frame.type)})`);
    }
  }

  function exit(payload: ExitPayload): void {
    state = 'exiting';
    socket.destroy();
    // Let stdout and stderr drain (pipes), then leave even if stdin is still open.
    const flushed = (stream: NodeJS.WriteStream | undefined, then: () => void) =>
      stream ? stream.write('', then) : then();
    flushed(err, () => flushed(out, () => hooks.exit(payload)));
  }

  function fail(what: string): void {
    stderr().write(
      `fake-claude: internal error: the fake server (${FAKE_SERVER_ENV}=${socketPath}) ${what}\n`,
    );
    exit({ exitCode: 70 });
  }
}

/**
 * The server's token (64 hex digits), or none when the file cannot be read (no server, or one of
 * another user) or holds no token: the hello then goes without it, and the server turns it away
 * saying so.
 */
function readToken(socketPath: string): string | undefined {
  try {
    const text = readFileSync(tokenPath(socketPath), 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The bundle has the version built in (scripts/bundle.mjs); tsc's output reads package.json. */
declare const __CLIDE_KIT_VERSION__: string | undefined;
function kitVersion(): string {
  return typeof __CLIDE_KIT_VERSION__ === 'string' ? __CLIDE_KIT_VERSION__ : packageInfo().version;
}

/** A terminal, without node:tty (and what it loads) for a pipe or a file, which are no character device. */
function isTerminal(fd: number): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}
