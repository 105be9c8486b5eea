/**
 * The wire format between `bin/fake-claude` in client mode (`CLIDE_FAKE_SERVER`) and the fake
 * server (src/fake-claude/server/): length-prefixed frames over a Unix socket, one byte of type, four of payload
 * length (big-endian), then the payload. Bytes pass as they are, so a stdin chunk reaches the
 * engine with the boundaries and bytes it had at the client (the engine's reading of stdin depends
 * on both: src/protocol/settled-lines.ts). Used by both ends; it imports nothing, so the client's
 * bundle stays small.
 */

/** Frame types (one ASCII letter each, so a capture is readable). */
export const FRAME = {
  /** client → server, first: the session's argv, environment, cwd, pid (JSON, `HelloPayload`). */
  hello: 0x48, // H
  /** server → client: the session runs; the client may now forward stdin. */
  accept: 0x41, // A
  /** server → client: no session (JSON `{ reason }`); the client runs the engine itself. */
  refuse: 0x52, // R
  /** client → server: one chunk of the client's stdin, as read. */
  stdin: 0x49, // I
  /** client → server: the client's stdin has ended (no payload). */
  stdinEnd: 0x45, // E
  /** server → client: bytes for the client's stdout. */
  stdout: 0x4f, // O
  /** server → client: bytes for the client's stderr. */
  stderr: 0x57, // W
  /** server → client, last: how the session ended (JSON `ExitPayload`). */
  exit: 0x58, // X
} as const;

export type FrameType = (typeof FRAME)[keyof typeof FRAME];

/**
 * Version of this wire format and of the hello; a server refuses a client that speaks another.
 * 2: the hello carries the server's token.
 */
export const WIRE_PROTOCOL = 2;

/**
 * The server's token file, beside its socket: `<socket>.token`, 64 hex digits (32 random bytes),
 * 0600 in the socket's private folder, so only the server's user can read it. A client sends it in
 * its hello (`HelloPayload.token`); the server takes no hello without it. Node cannot ask a Unix
 * socket who its peer is (`SO_PEERCRED` needs a native addon): the token is the proof that the
 * client runs as the server's user (decision 17).
 */
export function tokenPath(socketPath: string): string {
  return `${socketPath}.token`;
}

/** How many random bytes make a server's token (written as twice as many hex digits). */
export const TOKEN_BYTES = 32;

/** The environment variable that points `bin/fake-claude` at a running fake server (its socket path). */
export const FAKE_SERVER_ENV = 'CLIDE_FAKE_SERVER';

/** The name under which `fake-server` prints the client to start (its native client, or bin/fake-claude). */
export const FAKE_CLIENT_ENV = 'CLIDE_FAKE_CLAUDE';

/** A frame's payload is at most this long (a hostile or broken peer cannot make a side buffer without end). */
export const MAX_FRAME_BYTES = 256 * 1024 * 1024;

/**
 * A frame from a client is at most this long: a hello (argv and environment, far below it on any
 * system) or a stdin chunk (64 KiB as read). The server checks it against the header, before any
 * of the payload is read.
 */
export const MAX_CLIENT_FRAME_BYTES = 1024 * 1024;

const HEADER_BYTES = 5;
const TYPES = new Set<number>(Object.values(FRAME));

export interface HelloPayload {
  protocol: number;
  /** The server's token, as read from `tokenPath(socket)`; absent when the client could not read it. */
  token?: string;
  /** The kit version of the client's install (the server refuses another one: the two engines could differ). */
  kit: string;
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  pid: number;
  stdinIsTTY: boolean;
  /** stdin is a regular file (absent from a client that does not tell: it is not). */
  stdinIsFile?: boolean;
}

export interface ExitPayload {
  exitCode: number;
  signal?: string;
}

export interface Frame {
  type: FrameType;
  payload: Buffer;
}

/** One frame as bytes. */
export function encodeFrame(type: FrameType, payload: Uint8Array | string = ''): Buffer {
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  const frame = Buffer.allocUnsafe(HEADER_BYTES + length);
  frame[0] = type;
  frame.writeUInt32BE(length, 1);
  if (typeof payload === 'string') frame.write(payload, HEADER_BYTES);
  else frame.set(payload, HEADER_BYTES);
  return frame;
}

/** A broken frame stream: what was wrong, at which byte of the stream. */
export class FrameError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (at byte ${offset} of the stream)`);
    this.name = 'FrameError';
  }
}

/**
 * Cuts a byte stream into frames, whatever the chunks it comes in. Throws a `FrameError` for an
 * unknown type or a length over `maxBytes` (`MAX_FRAME_BYTES` unless told), as soon as the header
 * says so; after that the stream cannot be trusted, so the caller closes it.
 */
export class FrameDecoder {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private consumed = 0;

  /** `maxBytes`: the longest payload taken; `what`: the frames' name in the error (`a frame`). */
  constructor(
    private readonly maxBytes = MAX_FRAME_BYTES,
    private readonly what = 'a frame',
  ) {}

  push(chunk: Uint8Array): Frame[] {
    if (chunk.byteLength > 0) {
      this.buffered.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      this.bufferedBytes += chunk.byteLength;
    }
    const frames: Frame[] = [];
    while (this.bufferedBytes >= HEADER_BYTES) {
      const head = this.peek(HEADER_BYTES);
      const type = head[0] as number;
      if (!TYPES.has(type))
        throw new FrameError(`unknown frame type 0x${type.toString(16).padStart(2, '0')}`, this.consumed);
      const length = head.readUInt32BE(1);
      if (length > this.maxBytes) {
        throw new FrameError(
          `frame of ${length} bytes, over the ${this.maxBytes} ${this.what} may have`,
          this.consumed,
        );
      }
      if (this.bufferedBytes < HEADER_BYTES + length) break;
      const whole = this.take(HEADER_BYTES + length);
      frames.push({ type: type as FrameType, payload: whole.subarray(HEADER_BYTES) });
    }
    return frames;
  }

  /** Bytes received that are not a whole frame yet (0 at a clean end of stream). */
  get pendingBytes(): number {
    return this.bufferedBytes;
  }

  private peek(bytes: number): Buffer {
    const first = this.buffered[0] as Buffer;
    if (first.byteLength >= bytes) return first;
    const joined = Buffer.concat(this.buffered);
    this.buffered = [joined];
    return joined;
  }

  private take(bytes: number): Buffer {
    const first = this.peek(bytes);
    const taken = first.subarray(0, bytes);
    const rest = first.subarray(bytes);
    if (rest.byteLength > 0) this.buffered[0] = rest;
    else this.buffered.shift();
    this.bufferedBytes -= bytes;
    this.consumed += bytes;
    return taken;
  }
}
