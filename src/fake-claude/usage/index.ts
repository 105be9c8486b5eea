import { versionOrder } from '../../../schemas/version.js';
import { DATA_BY_VERSION } from './data/index.js';
import type { ModelFacts, ModelPrice, UsageData } from './types.js';

/**
 * What a session's usage comes to, as the real CLI of the emulated version reckons it: the prices
 * of its models and the constants of its token estimates (captured: capture/usage.ts), the
 * session's tally (`SessionTally`), `get_context_usage` (context-usage.ts), `get_session_cost` and
 * `get_usage` (session-cost.ts).
 */

export type { ContextEstimates, ModelFacts, ModelPrice, UsageData } from './types.js';

const DATA = DATA_BY_VERSION as Readonly<Record<string, UsageData>>;

/** The data of `version`, or of the newest captured version before it (undefined: none is). */
export function usageData(version: string): UsageData | undefined {
  const versions = Object.keys(DATA).sort(versionOrder);
  const at = versions.filter((v) => versionOrder(v, version) <= 0).at(-1);
  return at === undefined ? undefined : DATA[at];
}

/** What `version` reckons of `model` (its prices, window, output limit), where the capture measured it. */
export function capturedModel(version: string, model: string): ModelFacts | undefined {
  return usageData(version)?.models[model];
}

/**
 * The cost in USD of `usage` at `price` (USD per million tokens of each kind), summed as the CLI
 * sums it: each kind's tokens in millions times its price, in this order (a float sum: the order
 * shows in the fourth decimal of a cost text).
 */
export function costAt(
  price: ModelPrice,
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_read_input_tokens: number;
    cache_creation_input_tokens: number;
  },
): number {
  return (
    (usage.input_tokens / 1e6) * price.input +
    (usage.output_tokens / 1e6) * price.output +
    (usage.cache_read_input_tokens / 1e6) * price.cacheRead +
    (usage.cache_creation_input_tokens / 1e6) * price.cacheWrite
  );
}
