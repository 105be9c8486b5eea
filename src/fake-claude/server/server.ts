import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { packageInfo } from '../../config/package-info.js';
import { ClideError } from '../../errors/index.js';
import {
  type ExitPayload,
  encodeFrame,
  FAKE_SERVER_ENV,
  FRAME,
  type Frame,
  FrameDecoder,
  type FrameType,
  type HelloPayload,
  WIRE_PROTOCOL,
} from '../../protocol/fake-server-frames.js';
import { streamChunks } from '../fd-stdio.js';
import { runFakeSession } from '../run.js';
import { fakeClaudeBin, type NativeClient, type NativeClientOptions, nativeClient } from './native-client.js';

/**
 * The fake server: the engine of `fake-claude`, warm in one long-lived process, serving sessions
 * to `bin/fake-claude` started with `CLIDE_FAKE_SERVER=<socket>`. The executable then does not
 * load the engine: it forwards its argv, environment, cwd, stdin, stdout, stderr and exit over a
 * Unix socket (client.ts), so that a session costs about what a bare Node program costs. For test
 * suites in any language that start the executable per test; the engine, its flags, versions,
 * modes and texts are the same (`runFakeSession`, as the executable and the in-process fake run).
 */

export interface FakeServerOptions {
  /**
   * Path of the Unix socket to listen on (default: `fake.sock` in a new private temporary folder,
   * removed by `close()`). An existing file at that path is an error, not replaced.
   */
  socketPath?: string;
  /**
   * Build (or take from the kit's cache) the native client, native/fake-client.c, with the
   * machine's C compiler, so that `executable` starts a served session with no Node process
   * (default: true). `false`, or a machine without a compiler: `executable` is bin/fake-claude.
   */
  nativeClient?: boolean | NativeClientOptions;
}

export interface FakeServer {
  /** The socket the server listens on. */
  readonly socketPath: string;
  /** The environment that points a client at this server: `{ CLIDE_FAKE_SERVER: socketPath }`. */
  readonly env: { [FAKE_SERVER_ENV]: string };
  /**
   * The `claude` to start for a served session (with `env`): the native client when there is one
   * (`nativeClient.ok`), else bin/fake-claude. Both run the session themselves when no server
   * takes it.
   */
  readonly executable: string;
  /** The native client, or why there is none (not asked for, no compiler, a failed build). */
  readonly nativeClient: NativeClient;
  /** Sessions accepted so far. */
  sessionsServed(): number;
  /** Sessions running now. */
  activeSessions(): number;
  /** Clients the server turned away (another kit version, a bad hello), with why. */
  refusals(): string[];
  /**
   * Stops listening, ends the sessions still running as a kill ends the executable (their clients
   * exit as killed by SIGTERM), and removes the socket (and the folder it made). Idempotent.
   */
  close(): Promise<void>;
}

/** How long an ended connection waits for its client to close its end. */
const LINGER_MS = 2000;

/** Longest socket path Linux takes (sun_path is 108 bytes with its NUL); macOS takes 103. */
const MAX_SOCKET_PATH = process.platform === 'darwin' ? 103 : 107;

/** Starts a fake server; resolves once it listens. */
export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const ownFolder =
    options.socketPath === undefined ? mkdtempSync(join(tmpdir(), 'clide-fake-server-')) : undefined;
  const socketPath = options.socketPath ?? join(ownFolder as string, 'fake.sock');
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    throw new ClideError(
      'usage',
      `the fake server's socket path is ${Buffer.byteLength(socketPath)} bytes long, over the ${MAX_SOCKET_PATH} a Unix socket path may have`,
      {
        where: socketPath,
        hint: 'pass a shorter socketPath (or --socket), e.g. under /tmp',
      },
    );
  }
  const sessions = new Set<ServedSession>();
  const refused: string[] = [];
  let served = 0;
  const server: Server = createServer((socket) => {
    const session = new ServedSession(socket, {
      onAccept: () => {
        served += 1;
      },
      onRefuse: (reason) => refused.push(reason),
      onEnd: () => sessions.delete(session),
    });
    sessions.add(session);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new ClideError(
      'usage',
      `the fake server cannot listen on ${socketPath}: ${code ?? String(error)}`,
      {
        where: socketPath,
        hint:
          code === 'EADDRINUSE'
            ? 'a file (or another server) is there already: pick another path or remove it'
            : 'pick a path in a folder you may write',
      },
    );
  }
  const native: NativeClient =
    options.nativeClient === false
      ? { ok: false, problem: 'not asked for (nativeClient: false)' }
      : await nativeClient(options.nativeClient === true ? {} : options.nativeClient);
  let closing: Promise<void> | undefined;
  return {
    socketPath,
    env: { [FAKE_SERVER_ENV]: socketPath },
    executable: native.ok ? native.path : fakeClaudeBin(),
    nativeClient: native,
    sessionsServed: () => served,
    activeSessions: () => [...sessions].filter((session) => session.running).length,
    refusals: () => [...refused],
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...sessions].map((session) => session.kill()));
        await stopped;
        if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
        else rmSync(socketPath, { force: true });
      })();
      return closing;
    },
  };
}

interface SessionHooks {
  onAccept(): void;
  onRefuse(reason: string): void;
  onEnd(): void;
}

/** One client connection: a hello, then one session of the engine, then its exit. */
class ServedSession {
  running = false;
  private readonly decoder = new FrameDecoder();
  private state: 'hello' | 'running' | 'done' = 'hello';
  private readonly kills = new AbortController();
  /** The client's stdin, a chunk per stdin frame (the engine reads it as the executable reads a pipe). */
  private stdin: PassThrough | undefined;
  private finished: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: Socket,
    private readonly hooks: SessionHooks,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    // A client that goes away (killed, or its stdout closed and it died) ends its session as a
    // signal ends the executable: the engine stops, nothing more is written.
    socket.on('close', () => this.gone());
    socket.on('error', () => this.gone());
  }

  /** Ends the session now (the server closes): its client exits as killed by SIGTERM. */
  async kill(): Promise<void> {
    if (this.state === 'running') {
      this.send(FRAME.exit, JSON.stringify({ exitCode: 143, signal: 'SIGTERM' } satisfies ExitPayload));
      this.close();
      this.gone();
    } else this.socket.destroy();
    await this.finished;
  }

  private onData(chunk: Buffer): void {
    let frames: Frame[];
    try {
      frames = this.decoder.push(chunk);
    } catch (error) {
      this.refuse(`a broken frame stream: ${(error as Error).message}`);
      return;
    }
    for (const frame of frames) {
      if (this.state === 'done') return;
      if (this.state === 'hello') {
        if (frame.type !== FRAME.hello) {
          this.refuse(`the first frame must be a hello (H), not ${String.fromCharCode(frame.type)}`);
          return;
        }
        this.start(frame.payload);
        continue;
      }
      if (frame.type === FRAME.stdin) this.takeStdin(frame.payload);
      else if (frame.type === FRAME.stdinEnd) this.stdin?.end();
      else {
        this.refuse(
          `a client may send stdin (I) and end of stdin (E) frames after its hello, not ${String.fromCharCode(frame.type)}`,
        );
        return;
      }
    }
  }

  private refuse(reason: string): void {
    const wasRunning = this.state === 'running';
    this.hooks.onRefuse(reason);
    if (!wasRunning) this.send(FRAME.refuse, JSON.stringify({ reason }));
    this.close();
    this.gone();
  }

  private start(payload: Buffer): void {
    const hello = readHello(payload);
    if (typeof hello === 'string') {
      this.refuse(hello);
      return;
    }
    this.state = 'running';
    this.running = true;
    this.hooks.onAccept();
    this.send(FRAME.accept);
    const stdin = new PassThrough();
    this.stdin = stdin;
    const out = (type: typeof FRAME.stdout | typeof FRAME.stderr) => ({
      acceptsBytes: true as const,
      write: (chunk: string | Uint8Array) => {
        if (this.state !== 'running' || chunk.length === 0) return true;
        return this.send(type, chunk);
      },
    });
    this.finished = runFakeSession(hello.argv, {
      io: {
        stdin: streamChunks(stdin),
        stdinIsTTY: hello.stdinIsTTY,
        stdout: out(FRAME.stdout),
        stderr: out(FRAME.stderr),
      },
      env: hello.env,
      cwd: hello.cwd,
      pid: hello.pid,
      killed: this.kills.signal,
    }).then((exit) => {
      if (this.state !== 'running') return;
      this.send(
        FRAME.exit,
        JSON.stringify({
          exitCode: exit.exitCode,
          ...(exit.signal ? { signal: exit.signal } : {}),
        } satisfies ExitPayload),
      );
      this.close();
      this.gone();
    });
  }

  /**
   * Ends the connection once what was sent is out. The client closes its end then; one that never
   * does is cut off after `LINGER_MS`, so that it cannot keep the server from closing. (Not at
   * once: closing a Unix socket with unread input resets it, and the client would lose the frames
   * still on their way to it, its exit among them.)
   */
  private close(): void {
    this.socket.end();
    setTimeout(() => this.socket.destroy(), LINGER_MS).unref();
  }

  /** One stdin chunk for the engine; the socket waits while the engine has not read those before. */
  private takeStdin(chunk: Buffer): void {
    const stdin = this.stdin;
    if (!stdin || stdin.writableEnded) return;
    if (!stdin.write(chunk)) {
      this.socket.pause();
      stdin.once('drain', () => this.socket.resume());
    }
  }

  private send(type: FrameType, payload?: string | Uint8Array): boolean {
    if (this.socket.destroyed || this.socket.writableEnded) return false;
    return this.socket.write(encodeFrame(type, payload));
  }

  private gone(): void {
    if (this.state === 'done') return;
    this.state = 'done';
    this.running = false;
    this.kills.abort();
    // Whatever the session was reading, its input is gone with the client.
    this.stdin?.end();
    this.stdin?.resume();
    this.hooks.onEnd();
  }
}

/** The hello, checked; a string says what is wrong with it. */
function readHello(payload: Buffer): HelloPayload | string {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    return `the hello is not JSON: ${(error as Error).message}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the hello must be a JSON object';
  const hello = value as Record<string, unknown>;
  if (hello.protocol !== WIRE_PROTOCOL) {
    return `the client speaks wire protocol ${JSON.stringify(hello.protocol)}, this server ${WIRE_PROTOCOL}`;
  }
  const kit = packageInfo().version;
  if (hello.kit !== kit)
    return `the client is clide-conformance ${JSON.stringify(hello.kit)}, this server ${kit}`;
  if (!Array.isArray(hello.argv) || !hello.argv.every((arg) => typeof arg === 'string')) {
    return 'hello.argv must be an array of strings';
  }
  if (typeof hello.env !== 'object' || hello.env === null || Array.isArray(hello.env))
    return 'hello.env must be an object';
  for (const [name, text] of Object.entries(hello.env)) {
    if (typeof text !== 'string') return `hello.env.${name} must be a string`;
  }
  if (typeof hello.cwd !== 'string' || hello.cwd === '') return 'hello.cwd must be a non-empty string';
  if (!Number.isInteger(hello.pid)) return 'hello.pid must be an integer';
  if (typeof hello.stdinIsTTY !== 'boolean') return 'hello.stdinIsTTY must be a boolean';
  return hello as unknown as HelloPayload;
}
