import { monotonicMs } from '../../util/clock.js';
import type { CallUsage, Json, ResultTotals } from '../behaviour/index.js';
import type { TurnState } from './turn-state.js';

/** One model's usage and cost, as `modelUsage` of a result message reports it. */
export interface ModelUsageEntry {
  usage: CallUsage;
  costUSD: number;
}

export const ZERO_USAGE: CallUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

export function addUsage(a: CallUsage, b: Partial<CallUsage> | undefined): CallUsage {
  return {
    input_tokens: a.input_tokens + (b?.input_tokens ?? 0),
    output_tokens: a.output_tokens + (b?.output_tokens ?? 0),
    cache_creation_input_tokens: a.cache_creation_input_tokens + (b?.cache_creation_input_tokens ?? 0),
    cache_read_input_tokens: a.cache_read_input_tokens + (b?.cache_read_input_tokens ?? 0),
  };
}

/** The session's usage, cost and API time: what every result message totals. */
export class ResultAccounting {
  readonly modelUsage: Record<string, ModelUsageEntry> = {};
  /** The same, since the last result message. */
  private modelUsageSinceResult: Record<string, ModelUsageEntry> = {};
  private resultCount = 0;
  /** Models whose usage a resume restored from the earlier session. */
  private readonly restoredModels = new Set<string>();
  totalCost = 0;
  totalApiMs = 0;
  /** What the session's subagents did, once one ran (results of versions that report it). */
  subagentStats: Json | undefined;
  lastResultIsError = false;

  constructor(private readonly includePartialMessages: boolean) {}

  totals(turn: TurnState | undefined, numTurns: number, denials: Json[]): ResultTotals {
    return {
      durationMs: turn ? Math.round(monotonicMs() - turn.started) : 0,
      durationApiMs: this.totalApiMs,
      ttftMs: turn?.ttftMs ?? 0,
      numTurns,
      usage: turn?.usage ?? ZERO_USAGE,
      modelUsage: this.modelUsage,
      modelUsageSinceLastResult: this.modelUsageSinceResult,
      resultIndex: this.resultCount,
      ...(this.restoredModels.size ? { restoredModels: [...this.restoredModels] } : {}),
      ...(turn && this.includePartialMessages ? { streamedMessageIds: [...turn.messageIds] } : {}),
      ...(this.subagentStats ? { subagentStats: this.subagentStats } : {}),
      totalCostUsd: this.totalCost,
      permissionDenials: denials,
    };
  }

  /** Adds one response's usage to the model's totals (of the session and since the last result). */
  addModelUsage(model: string, usage: CallUsage, cost: number): void {
    for (const totals of [this.modelUsage, this.modelUsageSinceResult]) {
      const entry = totals[model] ?? { usage: { ...ZERO_USAGE }, costUSD: 0 };
      totals[model] = { usage: addUsage(entry.usage, usage), costUSD: entry.costUSD + cost };
    }
  }

  /** `--max-budget-usd` is set (`maxBudgetUsd`) and the session's cost has reached it. */
  overBudget(maxBudgetUsd: number | undefined): boolean {
    return maxBudgetUsd !== undefined && this.totalCost >= maxBudgetUsd;
  }

  /** A result message goes out: the next one counts from here. */
  onResult(result: Json): void {
    this.lastResultIsError = result.is_error === true;
    this.resultCount += 1;
    this.modelUsageSinceResult = {};
  }

  /** A resume restores the earlier session's per-model usage (and its cost). */
  restore(usage: Record<string, ModelUsageEntry> | undefined): void {
    for (const [model, entry] of Object.entries(usage ?? {})) {
      this.modelUsage[model] = entry;
      this.totalCost += entry.costUSD;
      this.restoredModels.add(model);
    }
  }
}
