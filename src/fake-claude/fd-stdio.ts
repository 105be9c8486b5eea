import { fstatSync, read, statSync, writeSync } from 'node:fs';

/**
 * The `fake-claude` executable's stdin and stdout as plain file-descriptor reads and writes. The
 * first touch of `process.stdin` or `process.stdout` builds Node's stream machinery (a `net.Socket`
 * for a pipe, an `fs.ReadStream` for a file), several milliseconds of a one-turn session that a
 * bare `node` never pays; the fake needs none of it: it reads chunks and writes text in order.
 *
 * Only for a regular file or /dev/null (`isPlainFd`): a read of a pipe, socket or terminal blocks a
 * thread of libuv's pool until input comes, and Node's exit waits for that thread, so a session
 * that ends while its client keeps stdin open would never exit. Those keep Node's streams, which
 * wait on the event loop instead. A non-blocking descriptor (EAGAIN) also hands over to the
 * streams, so the bytes and their order are the same either way.
 */

let devNull: { dev: number; rdev: number } | null | undefined;

/** A regular file or /dev/null: reads and writes of it finish without waiting for another process. */
export function isPlainFd(fd: number): boolean {
  let stat: ReturnType<typeof fstatSync>;
  try {
    stat = fstatSync(fd);
  } catch {
    return false;
  }
  if (stat.isFile()) return true;
  if (!stat.isCharacterDevice()) return false;
  if (devNull === undefined) {
    try {
      const s = statSync('/dev/null');
      devNull = { dev: s.dev, rdev: s.rdev };
    } catch {
      devNull = null;
    }
  }
  return devNull !== null && stat.rdev === devNull.rdev;
}

/** A regular file (not /dev/null, a pipe, a socket or a terminal). */
export function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

const CHUNK_BYTES = 64 * 1024;

function readChunk(fd: number, buffer: Buffer): Promise<number | NodeJS.ErrnoException> {
  return new Promise((resolve) => {
    read(fd, buffer, 0, buffer.length, null, (error, bytes) => resolve(error ?? bytes));
  });
}

/**
 * stdin as chunks, read from the descriptor through libuv's thread pool (as Node reads files).
 * Ends at end of file, and like a broken stream on any error but EAGAIN, which hands over to
 * `process.stdin` for the rest of the input.
 */
export async function* fdChunks(
  fd = 0,
  fallback: () => AsyncIterable<Uint8Array | string> = () => process.stdin,
) {
  for (;;) {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    const result = await readChunk(fd, buffer);
    if (typeof result !== 'number') {
      if (result.code === 'EAGAIN') yield* fallback();
      return;
    }
    if (result === 0) return;
    yield buffer.subarray(0, result);
  }
}

export interface FdWriter {
  write(chunk: string | Uint8Array): boolean;
  /** Takes bytes as they are (the replayer hands over recorded bytes without decoding them). */
  readonly acceptsBytes: true;
  /** Calls `done` once everything written so far is out: at once, the writes are synchronous. */
  flush(done: () => void): void;
}

/**
 * stdout as synchronous writes of the descriptor, as Node writes `process.stdout` when it is a
 * file: `isPlainFd` descriptors only (a file or /dev/null), whose writes never wait for a reader.
 * EAGAIN (a non-blocking descriptor) hands this write and all later ones, in order, to
 * `fallback` (`process.stdout`); any other error (a full disk) ends the output, as a broken pipe
 * ends the real CLI's.
 */
export function fdWriter(
  fd = 1,
  fallback: () => { write(chunk: string | Uint8Array, done?: () => void): unknown } = () => process.stdout,
): FdWriter {
  let state: 'fd' | 'stream' | 'closed' = 'fd';
  return {
    acceptsBytes: true,
    write(chunk: string | Uint8Array): boolean {
      if (state === 'closed' || chunk.length === 0) return true;
      if (state === 'stream') {
        // A copy: the stream may hold it after the call, and the caller reuses its buffer.
        fallback().write(typeof chunk === 'string' ? chunk : Buffer.from(chunk));
        return true;
      }
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      let offset = 0;
      while (offset < bytes.length) {
        try {
          offset += writeSync(fd, bytes, offset, bytes.length - offset);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
            state = 'stream';
            fallback().write(Buffer.from(bytes.subarray(offset)));
          } else state = 'closed';
          return true;
        }
      }
      return true;
    },
    flush(done: () => void): void {
      if (state === 'stream') fallback().write('', done);
      else done();
    },
  };
}

const HIGH_WATER_CHUNKS = 16;

/**
 * A readable stream (the executable's `process.stdin` over a pipe, socket or terminal) as chunks,
 * read from its `data` events: what the stream's own async iterator yields, and how it ends (an
 * `error`, or a close before the end, rejects; `return()` destroys the stream), without the
 * iterator's `readable`/`read()` machinery, which hands the first chunk over a millisecond or so
 * later. The stream is paused while chunks wait unread.
 */
export function streamChunks(
  stream: NodeJS.ReadableStream & { destroy(): void },
): AsyncIterable<Uint8Array | string> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<Uint8Array | string> {
      const queue: Array<Uint8Array | string> = [];
      let ended = false;
      let failure: Error | undefined;
      let wake: (() => void) | undefined;
      const notify = () => {
        const resolve = wake;
        wake = undefined;
        resolve?.();
      };
      const onData = (chunk: Uint8Array | string) => {
        queue.push(chunk);
        if (queue.length >= HIGH_WATER_CHUNKS) stream.pause();
        notify();
      };
      const onEnd = () => {
        ended = true;
        notify();
      };
      const onError = (error: Error) => {
        failure ??= error;
        notify();
      };
      const onClose = () => {
        if (!ended)
          failure ??= Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
        notify();
      };
      const detach = () => {
        stream.off('data', onData);
        stream.off('end', onEnd);
        stream.off('error', onError);
        stream.off('close', onClose);
      };
      stream.on('data', onData);
      stream.on('end', onEnd);
      stream.on('error', onError);
      stream.on('close', onClose);
      return {
        async next(): Promise<IteratorResult<Uint8Array | string>> {
          while (queue.length === 0 && !ended && failure === undefined) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          }
          const chunk = queue.shift();
          if (chunk !== undefined) {
            if (queue.length === 0 && stream.isPaused()) stream.resume();
            return { value: chunk, done: false };
          }
          detach();
          if (failure !== undefined) throw failure;
          return { value: undefined, done: true };
        },
        async return(): Promise<IteratorResult<Uint8Array | string>> {
          detach();
          stream.destroy();
          return { value: undefined, done: true };
        },
      };
    },
  };
}

/**
 * `stream` (the process's stdout or stderr), made quiet about a reader that goes away
 * (`fake-claude … | head`): as the real CLI does, the rest of the output is dropped and the session
 * runs on to its usual exit, with no stack trace for the broken pipe. Any other error still throws.
 */
export function quietOnEpipe<T extends NodeJS.WriteStream>(stream: T): T {
  if (stream.listenerCount('error') === 0) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  return stream;
}
