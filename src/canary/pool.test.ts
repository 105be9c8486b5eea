import { describe, expect, test } from 'vitest';
import { mapPool } from './pool.js';

describe('mapPool', () => {
  test('keeps the input order with several jobs', async () => {
    const delays = [30, 5, 20, 1];
    const out = await mapPool(delays, 2, async (ms, i) => {
      await new Promise((r) => setTimeout(r, ms));
      return i;
    });
    expect(out).toEqual([0, 1, 2, 3]);
  });

  test('starts no task once the signal aborts; the running ones finish, the rest are undefined', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const out = await mapPool(
      [0, 1, 2, 3, 4, 5],
      2,
      async (item) => {
        started.push(item);
        if (item === 1) controller.abort();
        await new Promise((r) => setTimeout(r, 10));
        return item * 10;
      },
      controller.signal,
    );
    expect(started).toEqual([0, 1]);
    expect(out).toEqual([0, 10, undefined, undefined, undefined, undefined]);
  });
});
