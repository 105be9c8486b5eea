import { describe, expect, it } from 'vitest';
import { capturedReplies } from '../scripted/control/captured.js';
import {
  canonicalModel,
  formatCost,
  formatDuration,
  formatTokens,
  promptCacheLine,
  sessionCostText,
} from './session-cost.js';
import { PromptCacheTally } from './tally.js';

const opus = {
  inputTokens: 30_000,
  outputTokens: 1234,
  cacheReadInputTokens: 5000,
  cacheCreationInputTokens: 2000,
  webSearchRequests: 0,
  costUSD: 0.15568,
};

describe('get_session_cost’s text', () => {
  it('writes durations, token counts and costs as the CLI does', () => {
    expect([0, 0.5, 999, 59_999, 60_000, 65_400, 3_600_000, 90_061_000].map(formatDuration)).toEqual([
      '0s',
      '0.0s',
      '0s',
      '59s',
      '1m 0s',
      '1m 5s',
      '1h 0m 0s',
      '1d 1h 1m',
    ]);
    expect([0, 10, 999, 1000, 1234, 30_000, 1_500_000].map(formatTokens)).toEqual([
      '0',
      '10',
      '999',
      '1.0k',
      '1.2k',
      '30.0k',
      '1.5m',
    ]);
    // Four decimals up to half a dollar, then cents.
    expect([0, 0.000125, 0.15568, 0.5, 0.505, 1.234].map(formatCost)).toEqual([
      '$0.0000',
      '$0.0001',
      '$0.1557',
      '$0.5000',
      '$0.51',
      '$1.23',
    ]);
  });

  it("adds a model's variants up under its canonical name", () => {
    expect(canonicalModel('claude-opus-4-7[1m]')).toBe('claude-opus-4-7');
    expect(canonicalModel('claude-haiku-4-5-20251001')).toBe('claude-haiku-4-5');
    const text = sessionCostText({
      costLabel: 'Total cost:            ',
      totalCostUsd: 0.2,
      apiMs: 0,
      wallMs: 0,
      linesAdded: 1,
      linesRemoved: 2,
      models: {
        'claude-sonnet-4-6': { ...opus, costUSD: 0.1 },
        'claude-sonnet-4-6[1m]': { ...opus, costUSD: 0.1 },
      },
      cache: null,
    });
    expect(text.split('\n').slice(3)).toEqual([
      'Total code changes:    1 line added, 2 lines removed',
      'Usage by model:',
      '   claude-sonnet-4-6:  60.0k input, 2.5k output, 10.0k cache read, 4.0k cache write ($0.2000)',
    ]);
  });

  it("a fresh session's text is the version's captured one (but for its wall time)", () => {
    for (const version of ['2.1.150', '2.1.332']) {
      const captured = capturedReplies(version, 'get_session_cost')[0]?.envelope.response as { text: string };
      const label = /^[^$\n]*/.exec(captured.text)?.[0] ?? '';
      const text = sessionCostText({
        costLabel: label,
        totalCostUsd: 0,
        apiMs: 0,
        wallMs: 1000,
        linesAdded: 0,
        linesRemoved: 0,
        models: {},
        cache: null,
      });
      const wall = (t: string) => t.replace(/(Total duration \(wall\): )\S+/, '$1<wall>');
      expect(wall(text), version).toBe(wall(captured.text));
    }
  });

  it('after a turn, as 2.1.332 wrote it: the usage per model and the prompt cache', () => {
    const cache = new PromptCacheTally();
    cache.record({
      at: 1000,
      ttl: '5m',
      inputTokens: 30_000,
      cacheReadTokens: 5000,
      cacheCreationTokens: 2000,
    });
    const text = sessionCostText({
      costLabel: 'Estimated cost:        ',
      totalCostUsd: 0.15568,
      apiMs: 27,
      wallMs: 1150,
      linesAdded: 0,
      linesRemoved: 0,
      models: { 'claude-opus-5-5': opus },
      cache: { summary: cache.summary(1200), now: 1200, recacheTokens: cache.recacheTokens() },
    });
    // The real 2.1.332's answer to the same session (docs/fake-claude-differences.md).
    expect(text).toBe(
      'Estimated cost:        $0.1557\nTotal duration (API):  0s\nTotal duration (wall): 1s\n' +
        'Total code changes:    0 lines added, 0 lines removed\nUsage by model:\n' +
        '     claude-opus-5-5:  30.0k input, 1.2k output, 5.0k cache read, 2.0k cache write ($0.1557)\n' +
        'Prompt cache (main):   1 request · 14% of input tokens from cache · no misses · warm (5m TTL, last activity 0s ago)',
    );
  });

  it('the prompt cache: none before a request, uncached, a miss, cold once the TTL passed', () => {
    const cache = new PromptCacheTally();
    expect(promptCacheLine(cache.summary(0), 0, 0)).toBeNull();
    cache.record({ at: 0, ttl: '5m', inputTokens: 10, cacheReadTokens: 0, cacheCreationTokens: 0 });
    cache.record({ at: 0, ttl: '5m', inputTokens: 10, cacheReadTokens: 0, cacheCreationTokens: 0 });
    expect(promptCacheLine(cache.summary(0), 0, 0)).toBe(
      'Prompt cache (main):   2 requests · 0% of input tokens from cache · no misses · no prompt caching reported by the API',
    );
    const missed = new PromptCacheTally();
    missed.record({ at: 0, ttl: '5m', inputTokens: 100, cacheReadTokens: 0, cacheCreationTokens: 5000 });
    // Read none of the 5,100 tokens the last request cached: a miss (more than 2,000 short).
    expect(
      missed.record({ at: 1000, ttl: '5m', inputTokens: 8000, cacheReadTokens: 0, cacheCreationTokens: 0 }),
    ).toBe('miss');
    expect(promptCacheLine(missed.summary(2000), 2000, missed.recacheTokens())).toBe(
      'Prompt cache (main):   2 requests · 0% of input tokens from cache · 1 miss (last 1s ago, 0 tokens re-cached) · cold — idle 1s, next turn re-caches ~8.0k tokens',
    );
    const idle = new PromptCacheTally();
    idle.record({ at: 0, ttl: '5m', inputTokens: 100, cacheReadTokens: 0, cacheCreationTokens: 5000 });
    expect(idle.summary(299_999).warm).toBe(true);
    expect(idle.summary(300_000).warm).toBe(false);
  });
});
