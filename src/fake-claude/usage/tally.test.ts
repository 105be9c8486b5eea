import { describe, expect, it } from 'vitest';
import { PromptCacheTally, SessionTally } from './tally.js';

describe("the session's tally", () => {
  it('counts a created file’s lines (its newlines and one) and a patch’s added and removed lines', () => {
    const tally = new SessionTally();
    tally.fileChanged({ type: 'create', content: 'one\ntwo\nthree\n', structuredPatch: [] });
    expect([tally.linesAdded, tally.linesRemoved]).toEqual([4, 0]);
    tally.fileChanged({
      structuredPatch: [{ lines: [' one', '-two', '+deux', '+zwei', ' three'] }, { lines: ['-x'] }],
    });
    expect([tally.linesAdded, tally.linesRemoved]).toEqual([6, 2]);
    // What is no file change counts nothing.
    tally.fileChanged({ type: 'text', file: {} });
    tally.fileChanged(undefined);
    expect([tally.linesAdded, tally.linesRemoved]).toEqual([6, 2]);
  });

  it('reckons each request of the prompt cache as the CLI does: cold, uncached, hit, miss', () => {
    const cache = new PromptCacheTally();
    const at = (n: number, read: number, write: number, input = 100) => ({
      at: n,
      ttl: '5m',
      inputTokens: input,
      cacheReadTokens: read,
      cacheCreationTokens: write,
    });
    expect(cache.record(at(0, 0, 0))).toBe('cold');
    expect(cache.record(at(1, 0, 0))).toBe('uncached');
    expect(cache.record(at(2, 0, 5000))).toBe('cold');
    // Reads 95% of what it could: a hit; 2,000 or more short of it: a miss.
    expect(cache.record(at(3, 4845, 0, 255))).toBe('hit');
    expect(cache.record(at(4, 3000, 0, 2100))).toBe('miss');
    const summary = cache.summary(5);
    expect(summary.requests).toBe(5);
    expect(summary.misses).toBe(1);
    expect(summary.hitRatio).toBeCloseTo((4845 + 3000) / (4845 + 3000 + 5000 + 100 * 3 + 255 + 2100));
    expect(summary.warm).toBe(true);
    expect(cache.recacheTokens()).toBe(5100);
  });
});
