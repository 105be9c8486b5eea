import { stat } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readSettledLines } from './settled-lines.js';

/** A stream of `parts`: strings are chunks, numbers are pauses (ms). */
async function* stream(...parts: Array<string | number>): AsyncGenerator<string> {
  for (const p of parts) {
    if (typeof p === 'number') await sleep(p);
    else yield p;
  }
}

async function read(parts: Array<string | number>, options: Parameters<typeof readSettledLines>[2] = {}) {
  const batches: unknown[][] = [];
  const result = await readSettledLines(
    stream(...parts),
    (frames) => batches.push(frames.map((f) => f.value)),
    options,
  );
  return { batches, fatal: result.fatal?.raw };
}

describe('readSettledLines', () => {
  it('hands over the lines of a burst together, once the stream is quiet or ended', async () => {
    expect(await read(['{"a":1}\n{"b"', ':2}\n', 80, '{"c":3}\n'])).toEqual({
      batches: [[{ a: 1 }, { b: 2 }], [{ c: 3 }]],
      fatal: undefined,
    });
  });

  it('a bad line drops the lines that came with it and stops reading', async () => {
    expect(await read(['{"a":1}\n', 'oops\n', '{"b":2}\n'])).toEqual({ batches: [], fatal: 'oops' });
    expect(await read(['{"a":1}\n', 80, 'oops\n', '{"b":2}\n'])).toEqual({
      batches: [[{ a: 1 }]],
      fatal: 'oops',
    });
  });

  it('a truncated last line is found at the end, before anything was handed over', async () => {
    expect(await read(['{"a":1}\n{"type":"user","mess'])).toEqual({
      batches: [],
      fatal: '{"type":"user","mess',
    });
  });

  it('input that came while the process was not scheduled is read before the quiet time ends', async () => {
    // The first chunk stops inside a line, so a quiet time starts. Then the process is held up
    // (a synchronous stall) for longer than the quiet time, while the rest of the input arrives:
    // here a read on libuv's thread pool that completes during the stall. When the process runs
    // again its timer is due before it polls for that input; the input still comes first.
    async function* stalled(): AsyncGenerator<string> {
      yield '{"a":1}\n{"type":"user","mess';
      const rest = new Promise<string>((resolve) => {
        queueMicrotask(() => {
          // After the quiet time's timer was set (the same synchronous run that asked for this chunk).
          stat('.', () => resolve('age"'));
          const until = Date.now() + 200;
          while (Date.now() < until) {}
        });
      });
      yield await rest;
    }
    const batches: unknown[][] = [];
    const result = await readSettledLines(stalled(), (frames) => batches.push(frames.map((f) => f.value)), {
      settleMs: 30,
    });
    expect({ batches, fatal: result.fatal?.raw }).toEqual({ batches: [], fatal: '{"type":"user","message"' });
  });

  it('by default, a truncated last line whose end of input comes 100 ms late still drops the line before it', async () => {
    // A client wrote both in one go and closed stdin; a busy machine delivered the close late.
    // The real CLI, still starting, reads the two as one and dies at the second.
    expect(await read(['{"a":1}\n{"type":"user","mess', 100])).toEqual({
      batches: [],
      fatal: '{"type":"user","mess',
    });
  });

  it('whitespace-only lines: skipped, or refused with blankLines "frame"; empty lines always skipped', async () => {
    expect(await read(['\n  \n{"a":1}\n'])).toEqual({ batches: [[{ a: 1 }]], fatal: undefined });
    expect(await read(['\n  \n{"a":1}\n'], { blankLines: 'frame' })).toEqual({ batches: [], fatal: '  ' });
  });

  it('a parsed line can be fatal too (isFatal)', async () => {
    expect(await read(['{"a":1}\nnull\n'], { isFatal: (f) => f.value === null })).toEqual({
      batches: [],
      fatal: 'null',
    });
  });

  it("a client's finished write is acted on at once; input that stops inside a line waits for the quiet time", async () => {
    const handed: number[] = [];
    const start = Date.now();
    const onLines = () => handed.push(Date.now() - start);
    // The stream stays open for 300 ms after each write; the settle time is longer than that.
    await readSettledLines(stream('{"a":1}\n', 300), onLines, { settleMs: 10_000 });
    expect(handed).toHaveLength(1);
    expect(handed[0]).toBeLessThan(300);
    handed.length = 0;
    await readSettledLines(stream('{"a":1}\n{"b"', 300, ':2}\n'), onLines, { settleMs: 10_000 });
    expect(handed).toHaveLength(1);
    expect(handed[0]).toBeGreaterThanOrEqual(300);
    // A chunk as long as a whole pipe read means more is coming, even when it ends on a line boundary.
    const full = `${JSON.stringify({ pad: 'x'.repeat(64 * 1024) })}\n`;
    handed.length = 0;
    await readSettledLines(stream(full, 300), onLines, { settleMs: 10_000 });
    expect(handed).toHaveLength(1);
    expect(handed[0]).toBeGreaterThanOrEqual(300);
  });
});
