import type { CacheSummary } from './tally.js';

/**
 * `get_session_cost`'s text, as the CLI formats it: the cost, the API and wall durations, the
 * lines the tools changed, the tokens and cost of each model, and (versions that report it) the
 * main loop's prompt cache.
 */

export interface ModelTotals {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  costUSD: number;
}

export interface SessionCostFacts {
  /** The first line's label as the version writes it (`Total cost:            `). */
  costLabel: string;
  totalCostUsd: number;
  apiMs: number;
  wallMs: number;
  linesAdded: number;
  linesRemoved: number;
  /** Per model (the session's ids), in the order they were first used. */
  models: Record<string, ModelTotals>;
  /** The prompt cache's line, for versions that report it (null: none). */
  cache: { summary: CacheSummary; now: number; recacheTokens: number } | null;
}

/** A duration as the CLI writes one (`0s`, `12s`, `1m 5s`, `2h 0m 3s`). */
export function formatDuration(ms: number): string {
  if (ms < 60_000) {
    if (ms === 0) return '0s';
    if (ms < 1) return `${(ms / 1000).toFixed(1)}s`;
    return `${Math.floor(ms / 1000).toString()}s`;
  }
  let days = Math.floor(ms / 86_400_000);
  let hours = Math.floor((ms % 86_400_000) / 3_600_000);
  let minutes = Math.floor((ms % 3_600_000) / 60_000);
  let seconds = Math.round((ms % 60_000) / 1000);
  if (seconds === 60) {
    seconds = 0;
    minutes++;
  }
  if (minutes === 60) {
    minutes = 0;
    hours++;
  }
  if (hours === 24) {
    hours = 0;
    days++;
  }
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

const compactWithFraction = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
});
const compact = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
  minimumFractionDigits: 0,
});

/** A token count as the CLI writes one (`980`, `1.2k`, `30.0k`). */
export function formatTokens(n: number): string {
  return (n >= 1000 ? compactWithFraction : compact).format(n).toLowerCase();
}

/** A cost as the CLI writes one (`$0.0005`, `$1.25`). */
export function formatCost(usd: number): string {
  return `$${usd > 0.5 ? (Math.round(usd * 100) / 100).toFixed(2) : usd.toFixed(4)}`;
}

/** A model's canonical name, under which the usage lines add its variants up. */
export function canonicalModel(model: string): string {
  return model.replace(/\[1m\]$/i, '').replace(/-\d{8}$/, '');
}

function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

function usageLines(models: Record<string, ModelTotals>): string {
  const entries = Object.entries(models);
  if (entries.length === 0) return 'Usage:                 0 input, 0 output, 0 cache read, 0 cache write';
  const byName = new Map<string, ModelTotals>();
  for (const [model, totals] of entries) {
    const name = canonicalModel(model);
    const sum = byName.get(name) ?? {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
      webSearchRequests: 0,
      costUSD: 0,
    };
    sum.inputTokens += totals.inputTokens;
    sum.outputTokens += totals.outputTokens;
    sum.cacheReadInputTokens += totals.cacheReadInputTokens;
    sum.cacheCreationInputTokens += totals.cacheCreationInputTokens;
    sum.webSearchRequests += totals.webSearchRequests;
    sum.costUSD += totals.costUSD;
    byName.set(name, sum);
  }
  let out = 'Usage by model:';
  for (const [name, t] of byName) {
    const tokens =
      `${formatTokens(t.inputTokens)} input, ${formatTokens(t.outputTokens)} output, ` +
      `${formatTokens(t.cacheReadInputTokens)} cache read, ${formatTokens(t.cacheCreationInputTokens)} cache write` +
      (t.webSearchRequests > 0 ? `, ${formatTokens(t.webSearchRequests)} web search` : '');
    out += `\n${`${name}:`.padStart(21)}  ${tokens} (${formatCost(t.costUSD)})`;
  }
  return out;
}

/** The prompt cache's line (`Prompt cache (main):   …`), or null before the first request. */
export function promptCacheLine(summary: CacheSummary, now: number, recacheTokens: number): string | null {
  const last = summary.lastRequest;
  if (summary.requests === 0 || last === null) return null;
  const parts = [plural(summary.requests, 'request')];
  if (summary.hitRatio !== null)
    parts.push(`${Math.round(summary.hitRatio * 100)}% of input tokens from cache`);
  parts.push(
    summary.misses === 0
      ? 'no misses'
      : `${summary.misses} ${summary.misses === 1 ? 'miss' : 'misses'} (last ${formatDuration(now - (summary.lastMissAt ?? now))} ago, ${formatTokens(summary.missRecacheTokens)} tokens re-cached)`,
  );
  const idle = formatDuration(now - (summary.lastActivityAt ?? last.at));
  if (!summary.cachingObserved) parts.push('no prompt caching reported by the API');
  else
    parts.push(
      summary.warm
        ? `warm (${last.ttl} TTL, last activity ${idle} ago)`
        : `cold \u2014 idle ${idle}, next turn re-caches ~${formatTokens(recacheTokens)} tokens`,
    );
  return `Prompt cache (main):   ${parts.join(' \u00b7 ')}`;
}

/** `get_session_cost`'s `text`. */
export function sessionCostText(facts: SessionCostFacts): string {
  const cache = facts.cache
    ? promptCacheLine(facts.cache.summary, facts.cache.now, facts.cache.recacheTokens)
    : null;
  return (
    `${facts.costLabel}${formatCost(facts.totalCostUsd)}\n` +
    `Total duration (API):  ${formatDuration(facts.apiMs)}\n` +
    `Total duration (wall): ${formatDuration(facts.wallMs)}\n` +
    `Total code changes:    ${plural(facts.linesAdded, 'line')} added, ${plural(facts.linesRemoved, 'line')} removed\n` +
    usageLines(facts.models) +
    (cache ? `\n${cache}` : '')
  );
}
