import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fdChunks, fdWriter, isPlainFd, streamChunks } from './fd-stdio.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-fd-stdio-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function collect(chunks: AsyncIterable<Uint8Array | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

/** A FIFO opened at both ends without blocking: writes past its capacity answer EAGAIN. */
function nonBlockingFifo() {
  const path = join(dir, 'fifo');
  execFileSync('mkfifo', [path]);
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  return { reader, writer };
}

describe('fdChunks', () => {
  it('yields a file’s bytes in order, across chunk boundaries, and ends at end of file', async () => {
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => `line ${i} ✓\n`).join(''));
    const file = join(dir, 'input');
    writeFileSync(file, bytes);
    const fd = openSync(file, 'r');
    try {
      expect((await collect(fdChunks(fd))).equals(bytes)).toBe(true);
    } finally {
      closeSync(fd);
    }
  });

  it('hands over to the fallback stream when the descriptor is non-blocking (EAGAIN)', async () => {
    const { reader, writer } = nonBlockingFifo();
    try {
      async function* fallback() {
        yield Buffer.from('from the stream\n');
      }
      expect((await collect(fdChunks(reader, fallback))).toString()).toBe('from the stream\n');
    } finally {
      closeSync(reader);
      closeSync(writer);
    }
  });

  it('ends like a closed stream on a descriptor that cannot be read', async () => {
    expect((await collect(fdChunks(987_654))).length).toBe(0);
  });
});

describe('fdWriter', () => {
  it('writes every text in order, and flush waits until it is out', async () => {
    const file = join(dir, 'output');
    const fd = openSync(file, 'w');
    const texts = Array.from({ length: 3000 }, (_, i) => `{"n":${i},"s":"${'é'.repeat(i % 50)}"}\n`);
    try {
      const out = fdWriter(fd, () => {
        throw new Error('no fallback expected');
      });
      for (const text of texts) out.write(text);
      await new Promise<void>((resolve) => out.flush(resolve));
      const written = Buffer.alloc(200_000);
      const n = readSync(openSync(file, 'r'), written);
      expect(written.subarray(0, n).toString()).toBe(texts.join(''));
    } finally {
      closeSync(fd);
    }
  });

  it('on EAGAIN hands the rest, in order and byte for byte, to the fallback', async () => {
    const { reader, writer } = nonBlockingFifo();
    const fallback: Buffer[] = [];
    // More than a pipe holds (64 KiB on Linux), with multi-byte characters across any split.
    const texts = Array.from({ length: 400 }, (_, i) => `${i}:${'€'.repeat(300)}\n`);
    try {
      const out = fdWriter(writer, () => ({
        write: (chunk: string | Uint8Array, done?: () => void) => {
          fallback.push(Buffer.from(chunk));
          done?.();
        },
      }));
      for (const text of texts) out.write(text);
      await new Promise<void>((resolve) => out.flush(resolve));
      const inPipe: Buffer[] = [];
      const buffer = Buffer.alloc(65_536);
      for (;;) {
        let n = 0;
        try {
          n = readSync(reader, buffer);
        } catch {
          break;
        }
        if (n === 0) break;
        inPipe.push(Buffer.from(buffer.subarray(0, n)));
      }
      expect(fallback.length).toBeGreaterThan(0);
      expect(Buffer.concat([...inPipe, ...fallback]).toString()).toBe(texts.join(''));
    } finally {
      closeSync(reader);
      closeSync(writer);
    }
  });

  it('drops the rest of the output once the reader is gone (EPIPE), and flush still returns', async () => {
    const { reader, writer } = nonBlockingFifo();
    closeSync(reader);
    try {
      const out = fdWriter(writer, () => {
        throw new Error('no fallback expected');
      });
      out.write('lost\n');
      await new Promise<void>((resolve) => out.flush(resolve));
      out.write('also lost\n');
      await new Promise<void>((resolve) => out.flush(resolve));
    } finally {
      closeSync(writer);
    }
  });
});

describe('isPlainFd', () => {
  it('is true for a regular file and /dev/null, false for a FIFO and a closed descriptor', () => {
    const file = openSync(join(dir, 'plain'), 'w');
    const devNull = openSync('/dev/null', 'r');
    const { reader, writer } = nonBlockingFifo();
    try {
      expect([isPlainFd(file), isPlainFd(devNull), isPlainFd(reader), isPlainFd(writer)]).toEqual([
        true,
        true,
        false,
        false,
      ]);
      expect(isPlainFd(987_654)).toBe(false);
    } finally {
      for (const fd of [file, devNull, reader, writer]) closeSync(fd);
    }
  });
});

describe('streamChunks (a piped stdin from its data events)', () => {
  /**
   * What iterating `chunks` gives: the bytes in order, then how it ended. (Not the chunks: the
   * stream's own iterator joins what was buffered before it read; `data` events come one per read.)
   */
  async function outcome(chunks: AsyncIterable<Uint8Array | string>) {
    const seen: string[] = [];
    try {
      for await (const chunk of chunks) seen.push(chunk.toString());
      return { bytes: seen.join(''), ended: 'done' };
    } catch (error) {
      return {
        bytes: seen.join(''),
        ended: `threw ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      };
    }
  }
  /** The same input played to a fresh stream for each reader, as the writer `play` writes it. */
  async function both(play: (stream: PassThrough) => void) {
    const mine = new PassThrough();
    const node = new PassThrough();
    const results = Promise.all([outcome(streamChunks(mine)), outcome(node)]);
    play(mine);
    play(node);
    const [a, b] = await results;
    return { mine: a, node: b };
  }

  it('yields the bytes the stream’s own iterator yields, and ends where it ends', async () => {
    const { mine, node } = await both((s) => {
      s.write('{"a":1}\n');
      setImmediate(() => {
        s.write('{"b":2}');
        s.end('\n');
      });
    });
    expect(mine).toEqual(node);
    expect(mine.bytes).toBe('{"a":1}\n{"b":2}\n');
  });

  it('rejects on a stream error, after the bytes before it, as the stream’s own iterator does', async () => {
    const { mine, node } = await both((s) => {
      s.write('x');
      setImmediate(() => s.destroy(Object.assign(new Error('broken'), { code: 'EIO' })));
    });
    expect(mine).toEqual(node);
    expect(mine.ended).toBe('threw EIO');
  });

  it('rejects when the stream closes before its end, as the stream’s own iterator does', async () => {
    const { mine, node } = await both((s) => {
      s.write('x');
      setImmediate(() => s.destroy());
    });
    expect(mine).toEqual(node);
    expect(mine.ended).toBe('threw ERR_STREAM_PREMATURE_CLOSE');
  });

  it('holds the stream while chunks wait unread, and loses none', async () => {
    const stream = new PassThrough();
    for (let i = 0; i < 100; i++) stream.write(`${i},`);
    stream.end();
    const iterator = streamChunks(stream)[Symbol.asyncIterator]();
    const first = await iterator.next();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.isPaused()).toBe(true);
    const rest: string[] = [String(first.value)];
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      rest.push(String(next.value));
    expect(rest.join('')).toBe(Array.from({ length: 100 }, (_, i) => `${i},`).join(''));
  });

  it('return() destroys the stream (the reader is done with it, as the stream’s own iterator does)', async () => {
    const stream = new PassThrough();
    stream.write('x');
    const iterator = streamChunks(stream)[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.return?.();
    expect(stream.destroyed).toBe(true);
  });
});
