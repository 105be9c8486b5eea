import type {
  CallUsage,
  CliBehaviour,
  Json,
  ResultTotals,
  SessionFacts,
  ToolOutcome,
} from '../../behaviour/index.js';
import type { ContextTemplates } from '../../model-side/context-templates.js';
import type { ModelResponse } from '../model-source.js';
import type { TurnState } from '../turn-state.js';

/** One message of the conversation as the engine keeps it. */
export interface HistoryMessage {
  role: 'user' | 'assistant' | 'system';
  content: unknown;
}

/**
 * What the message kinds need of the session (the engine gives it): its facts and output, requests
 * built and sent as the main loop builds and sends its own, tools run as the main loop runs them,
 * the conversation, and the accounting every result totals.
 */
export interface KindsHost {
  readonly b: CliBehaviour;
  facts(): SessionFacts;
  emit(message: Json): void;
  /** The session's model (as system/init shows it). */
  model(): string;
  /** The usage of the main loop's last complete response, if any. */
  lastUsage(): CallUsage | undefined;
  configDir(): string;
  /** initialize asked for prompt suggestions. */
  promptSuggestions(): boolean;
  permissionMode(): string;
  /** The last result went out as an error. */
  lastResultIsError(): boolean;
  /**
   * A Messages API request for `history`, built as the main loop builds its own; with `context`,
   * the conversation laid out in that context instead of the session's (a subagent's).
   */
  requestBody(history: HistoryMessage[], context?: ContextTemplates): Json;
  /** A compaction: the session's context is rebuilt from `context` at its next request. */
  rebuildContext(context: ContextTemplates): void;
  /** The rough tokens of the context `context` lays around a conversation, as this session has it now. */
  contextTokens(context: ContextTemplates): number;
  /** Sends a request to the session's model source (logged as the main loop's are). */
  call(body: Json, signal: AbortSignal): Promise<ModelResponse>;
  /** Runs one tool call of `turn` as the main loop does (hooks, permission, the tool). */
  runTool(block: Json, turn: TurnState): Promise<ToolOutcome>;
  /** Counts a response in the session's cost and model usage (not in a turn's usage). */
  account(usage: CallUsage, apiMs: number): void;
  /** The conversation so far, and a replacement for it (compaction). */
  history(): HistoryMessage[];
  replaceHistory(messages: HistoryMessage[]): void;
  /** The totals a result of `turn` reports, and the way a result goes out (accounted, stored). */
  totals(turn: TurnState, numTurns: number): ResultTotals;
  emitResult(result: Json): void;
  /** The subagent statistics a result reports (2.1.332's `subagent_stats`). */
  setSubagentStats(stats: Json): void;
}
