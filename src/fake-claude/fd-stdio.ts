import { fstatSync, read, statSync, write } from 'node:fs';

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
  write(text: string): boolean;
  /** Calls `done` once everything written so far is out (or dropped by a closed reader). */
  flush(done: () => void): void;
}

/**
 * stdout as ordered writes of the descriptor: what is written while a write is under way goes out
 * with the next one. A reader that went away (EPIPE) drops the rest of the output, as the real CLI
 * does; EAGAIN hands what is left, in order, to `fallback` (`process.stdout`).
 */
export function fdWriter(
  fd = 1,
  fallback: () => { write(chunk: string | Uint8Array, done?: () => void): unknown } = () => process.stdout,
): FdWriter {
  let queue: string[] = [];
  let busy = false;
  let state: 'fd' | 'stream' | 'closed' = 'fd';
  let waiters: Array<() => void> = [];

  const settle = () => {
    const done = waiters;
    waiters = [];
    for (const waiter of done) waiter();
  };
  const pump = () => {
    if (busy) return;
    if (queue.length === 0) return settle();
    const text = queue.length === 1 ? queue[0]! : queue.join('');
    queue = [];
    busy = true;
    const bytes = Buffer.from(text, 'utf8');
    const writeFrom = (offset: number) => {
      write(fd, bytes, offset, bytes.length - offset, null, (error, written) => {
        if (error) {
          busy = false;
          if (error.code === 'EAGAIN') {
            state = 'stream';
            const rest = Buffer.concat([bytes.subarray(offset), Buffer.from(queue.join(''), 'utf8')]);
            queue = [];
            if (rest.length > 0) fallback().write(rest);
          } else {
            state = 'closed';
            queue = [];
          }
          return settle();
        }
        if (offset + written < bytes.length) return writeFrom(offset + written);
        busy = false;
        pump();
      });
    };
    writeFrom(0);
  };

  return {
    write(text: string): boolean {
      if (state === 'closed' || text.length === 0) return true;
      if (state === 'stream') {
        fallback().write(text);
        return true;
      }
      queue.push(text);
      pump();
      return true;
    },
    flush(done: () => void): void {
      if (state === 'stream') {
        fallback().write('', done);
        return;
      }
      if (!busy && queue.length === 0) {
        done();
        return;
      }
      waiters.push(done);
    },
  };
}
