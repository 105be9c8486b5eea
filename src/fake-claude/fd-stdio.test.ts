import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fdChunks, fdWriter, isPlainFd } from './fd-stdio.js';

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
