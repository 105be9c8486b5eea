import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { packageInfo } from '../../config/package-info.js';
import { streamChunks } from '../fd-stdio.js';
import { runFakeSession } from '../run.js';
import {
  type ExitPayload,
  encodeFrame,
  FAKE_SERVER_ENV,
  FRAME,
  type Frame,
  FrameDecoder,
  type FrameType,
  type HelloPayload,
  MAX_CLIENT_FRAME_BYTES,
  tokenPath,
  WIRE_PROTOCOL,
} from './frames.js';
import { fakeClaudeBin, type NativeClient, type NativeClientOptions, nativeClient } from './native-client.js';
import { listenAt, newToken, removeSocket, socketPlace, writeToken } from './socket-place.js';

/**
 * The fake server: the engine of `fake-claude`, warm in one long-lived process, serving sessions
 * to `bin/fake-claude` started with `CLIDE_FAKE_SERVER=<socket>`. The executable then does not
 * load the engine: it forwards its argv, environment, cwd, stdin, stdout, stderr and exit over a
 * Unix socket (client.ts), so that a session costs about what a bare Node program costs. For test
 * suites in any language that start the executable per test; the engine, its flags, versions,
 * modes and texts are the same (`runFakeSession`, as the executable and the in-process fake run).
 *
 * Only the server's user gets a session: the socket is 0600 in a private folder, and a hello
 * must carry the token the server wrote beside it, which only that user can read (socket-place.ts);
 * a hello without it, or with another, is turned away before anything of it is acted on.
 */

export interface FakeServerOptions {
  /**
   * Path of the Unix socket to listen on (default: `fake.sock` in a new private temporary folder,
   * removed by `close()`). Its folder must be the user's own and private (0700; one that does not
   * exist is made so, and removed by `close()`): socket-place.ts. The socket of a server that died
   * there is replaced; anything else at that path is an error, never replaced. The server's token
   * goes beside it, at `<socketPath>.token` (0600, removed by `close()`), under the same rules.
   */
  socketPath?: string;
  /**
   * Build (or take from the kit's cache) the native client, native/fake-client.c, with the
   * machine's C compiler, so that `executable` starts a served session with no Node process
   * (default: true). `false`, or a machine without a compiler: `executable` is bin/fake-claude.
   */
  nativeClient?: boolean | NativeClientOptions;
  /**
   * How long a client has, once connected, to send its whole hello (default `HELLO_TIMEOUT_MS`);
   * then it is turned away.
   */
  helloTimeoutMs?: number;
  /**
   * Connections held at once, sessions and hellos alike (default `MAX_CONNECTIONS`); a client
   * over it is turned away at once (and runs its session itself).
   */
  maxConnections?: number;
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
  /**
   * Clients the server turned away (no token or another than the server's, another kit version, a
   * bad hello, too many connections), with why.
   */
  refusals(): string[];
  /**
   * Stops listening, ends the sessions still running as a kill ends the executable (their clients
   * exit as killed by SIGTERM), and removes the socket (and the folder it made). Idempotent.
   */
  close(): Promise<void>;
}

/** How long an ended connection waits for its client to close its end, once all it was sent is out. */
const LINGER_MS = 2000;

/** How long a client has to send its hello (the client itself gives up waiting for an answer after 2 s). */
export const HELLO_TIMEOUT_MS = 5000;

/** Connections a server holds at once by default. */
export const MAX_CONNECTIONS = 128;

/** Starts a fake server; resolves once it listens. */
export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const place = socketPlace(options.socketPath);
  const { socketPath } = place;
  // Made before the server listens, written once it does (no live server's token is replaced).
  const token = newToken();
  const proof = { token: Buffer.from(token), path: tokenPath(socketPath) };
  const helloTimeoutMs = options.helloTimeoutMs ?? HELLO_TIMEOUT_MS;
  const maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
  /** Every connection until its socket closes: sessions running, ended ones still being read, hellos. */
  const connections = new Set<ServedSession>();
  const refused: string[] = [];
  let served = 0;
  const server: Server = createServer((socket) => {
    if (connections.size >= maxConnections) {
      const reason = `the server has ${maxConnections} connections, as many as it takes`;
      refused.push(reason);
      turnAway(socket, reason);
      return;
    }
    const session = new ServedSession(
      socket,
      {
        onAccept: () => {
          served += 1;
        },
        onRefuse: (reason) => refused.push(reason),
        onClose: () => connections.delete(session),
      },
      helloTimeoutMs,
      proof,
    );
    connections.add(session);
  });
  await listenAt(server, place);
  try {
    writeToken(place, token);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    removeSocket(place);
    throw error;
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
    activeSessions: () => [...connections].filter((session) => session.running).length,
    refusals: () => [...refused],
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...connections].map((session) => session.kill()));
        await stopped;
        removeSocket(place);
      })();
      return closing;
    },
  };
}

/** A client the server does not take: a refusal (it runs its session itself), then the end. */
function turnAway(socket: Socket, reason: string): void {
  socket.on('error', () => {});
  // Read and drop what it sends: a socket closed with unread input resets the connection.
  socket.resume();
  socket.end(encodeFrame(FRAME.refuse, JSON.stringify({ reason })));
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

interface SessionHooks {
  onAccept(): void;
  onRefuse(reason: string): void;
  /** The connection is gone (its socket closed): it no longer counts. */
  onClose(): void;
}

/**
 * One client connection: a hello, then one session of the engine, then its exit.
 *
 * Backpressure end to end: a client that does not read its stdout stops reading the socket, whose
 * output then waits in the server; while it does, the server reads no more of the client's input,
 * so the engine, which acts on input, has nothing new to act on; and the client's stdin waits in
 * turn. Whatever was sent reaches the client however late it reads: the connection ends only once
 * the last byte has gone out (then `LINGER_MS` for the client to close its end).
 */
class ServedSession {
  running = false;
  private readonly decoder = new FrameDecoder(MAX_CLIENT_FRAME_BYTES, 'a client frame');
  private state: 'hello' | 'running' | 'done' = 'hello';
  private readonly kills = new AbortController();
  /** The client's stdin, a chunk per stdin frame (the engine reads it as the executable reads a pipe). */
  private stdin: PassThrough | undefined;
  private finished: Promise<void> = Promise.resolve();
  private readonly helloTimer: NodeJS.Timeout;
  private lingering: NodeJS.Timeout | undefined;
  /** Why the socket's input is not read now: the engine has stdin it has not read, or the client output. */
  private readonly holds = new Set<'stdin' | 'output'>();

  constructor(
    private readonly socket: Socket,
    private readonly hooks: SessionHooks,
    helloTimeoutMs: number,
    private readonly proof: ServerProof,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('drain', () => this.release('output'));
    // A client that goes away (killed, or its stdout closed and it died) ends its session as a
    // signal ends the executable: the engine stops, nothing more is written.
    socket.on('close', () => {
      this.gone();
      clearTimeout(this.lingering);
      hooks.onClose();
    });
    socket.on('error', () => this.gone());
    this.helloTimer = setTimeout(() => {
      if (this.state === 'hello') this.refuse(`no hello within ${helloTimeoutMs} ms`);
    }, helloTimeoutMs);
    this.helloTimer.unref();
  }

  /**
   * Ends the connection now (the server closes): a running session's client exits as killed by
   * SIGTERM; an ended one still being read has `LINGER_MS` more.
   */
  async kill(): Promise<void> {
    if (this.state === 'running') {
      this.send(FRAME.exit, JSON.stringify({ exitCode: 143, signal: 'SIGTERM' } satisfies ExitPayload));
      this.close({ patient: false });
      this.gone();
    } else if (this.state === 'hello') this.socket.destroy();
    else this.linger();
    await this.finished;
  }

  private onData(chunk: Buffer): void {
    // After the session: what the client still sends is dropped.
    if (!this.running && this.state !== 'hello') return;
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
    if (this.state === 'done') return;
    const wasRunning = this.state === 'running';
    this.hooks.onRefuse(reason);
    if (!wasRunning) this.send(FRAME.refuse, JSON.stringify({ reason }));
    this.close({ patient: false });
    this.gone();
  }

  private start(payload: Buffer): void {
    clearTimeout(this.helloTimer);
    const hello = readHello(payload, this.proof);
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
        const room = this.send(type, chunk);
        if (!room) this.hold('output');
        return room;
      },
      // A writer that can wait (the replayer, between batches) waits for the client to read.
      whenWritable: () => (this.running && this.holds.has('output') ? this.outputRoom() : undefined),
    });
    this.finished = runFakeSession(hello.argv, {
      io: {
        stdin: streamChunks(stdin),
        stdinIsTTY: hello.stdinIsTTY,
        stdinIsFile: hello.stdinIsFile === true,
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
      this.close({ patient: true });
      this.gone();
    });
  }

  /**
   * Ends the connection once what was sent is out. Patient (a session that ended): however long
   * the client takes to read it all, then `LINGER_MS` for it to close its end; otherwise (a
   * refusal, the server closing) `LINGER_MS` from now. (Not at once: closing a Unix socket with
   * unread input resets it, and the client would lose the frames still on their way to it, its
   * exit among them; what the client still sends is read and dropped meanwhile.)
   */
  private close({ patient }: { patient: boolean }): void {
    this.socket.end();
    this.holds.clear();
    this.socket.resume();
    if (!patient || this.socket.writableFinished) this.linger();
    else this.socket.once('finish', () => this.linger());
  }

  /** Cuts the connection off after `LINGER_MS` (once). */
  private linger(): void {
    if (this.lingering !== undefined || this.socket.destroyed) return;
    this.lingering = setTimeout(() => this.socket.destroy(), LINGER_MS);
    this.lingering.unref();
  }

  /** One stdin chunk for the engine; the socket waits while the engine has not read those before. */
  private takeStdin(chunk: Buffer): void {
    const stdin = this.stdin;
    if (!stdin || stdin.writableEnded) return;
    if (!stdin.write(chunk)) {
      this.hold('stdin');
      stdin.once('drain', () => this.release('stdin'));
    }
  }

  /** Resolves once the output waiting for the client has gone out, or the connection has. */
  private outputRoom(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      this.socket.on('drain', done);
      this.socket.on('close', done);
    });
  }

  /** Reads no more of the client's frames until every hold is released. */
  private hold(why: 'stdin' | 'output'): void {
    this.holds.add(why);
    this.socket.pause();
  }

  private release(why: 'stdin' | 'output'): void {
    if (!this.holds.delete(why)) return;
    if (this.holds.size === 0) this.socket.resume();
  }

  private send(type: FrameType, payload?: string | Uint8Array): boolean {
    if (this.socket.destroyed || this.socket.writableEnded) return false;
    return this.socket.write(encodeFrame(type, payload));
  }

  private gone(): void {
    clearTimeout(this.helloTimer);
    if (this.state === 'done') return;
    this.state = 'done';
    this.running = false;
    this.kills.abort();
    // Whatever the session was reading, its input is gone with the client.
    this.stdin?.end();
    this.stdin?.resume();
  }
}

/** The token a hello must carry, and the file it is read from (named in a refusal). */
interface ServerProof {
  token: Buffer;
  path: string;
}

/**
 * The hello, checked; a string says what is wrong with it. The token first: a peer without it
 * learns nothing more of the server (not its protocol nor its version), and nothing else in its
 * hello is looked at.
 */
function readHello(payload: Buffer, proof: ServerProof): HelloPayload | string {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    return `the hello is not JSON: ${(error as Error).message}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the hello must be a JSON object';
  const hello = value as Record<string, unknown>;
  const where = `a client sends the one in ${proof.path}, which only the server's user may read`;
  if (hello.token === undefined) return `the hello carries no token (${where})`;
  if (!sameToken(hello.token, proof.token)) return `the hello's token is not this server's (${where})`;
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
  if (hello.stdinIsFile !== undefined && typeof hello.stdinIsFile !== 'boolean')
    return 'hello.stdinIsFile must be a boolean';
  return hello as unknown as HelloPayload;
}

/** Whether `given` is the server's token, compared in constant time (its length is no secret: 64). */
function sameToken(given: unknown, token: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const bytes = Buffer.from(given, 'utf8');
  return bytes.length === token.length && timingSafeEqual(bytes, token);
}
