import type { CliBehaviour, Json, SessionFacts } from '../../behaviour/index.js';
import type { FakeFlags } from '../../flags.js';
import type { FakeIo } from '../../io.js';
import type { ModelSideSession } from '../../model-side/session.js';
import type { ModelTotals } from '../../usage/session-cost.js';
import type { CacheSummary } from '../../usage/tally.js';
import type { AwaitInitialize } from '../await-initialize.js';
import type { McpHub } from '../mcp-hub.js';
import type { TurnState } from '../turn-state.js';

/** What a control-request handler may read and change of the session. */
export interface ControlSession {
  readonly b: CliBehaviour;
  readonly flags: FakeFlags;
  readonly io: FakeIo;
  readonly pid: number;
  readonly mcp: McpHub;
  /** The files the session has read (absolute paths): an Edit, or a Write over one, needs its path here. */
  readonly readFiles: Set<string>;
  /** Of those, the ones only seeded as read by `seed_read_state` (their content is not in the context). */
  readonly seededFiles: Set<string>;
  /** What shapes the requests to the model (initialize's systemPrompt, appendSystemPrompt). */
  readonly modelSide: ModelSideSession;
  /** `--await-initialize`: the fields of initialize its flags read. */
  readonly awaitInit: AwaitInitialize;
  readonly auth: 'api-key' | 'oauth' | 'none';
  readonly sessionId: string;
  /** The turn in progress, if any. */
  readonly turn: TurnState | undefined;
  model: string;
  permissionMode: string;
  hooks: Json;
  initialized: boolean;
  /** initialize's `promptSuggestions`: a suggested next prompt after each turn. */
  promptSuggestions: boolean;
  facts(): SessionFacts;
  emit(message: Json): void;
  /** A success `control_response` (with the version's envelope for `subtype`, when given). */
  reply(requestId: string, response?: Json, subtype?: string): void;
  replyError(requestId: string, error: string, extra?: Json): void;
  /** Ends the run with this stderr line and exit code, without throwing. */
  endWith(stderrLine: string, exitCode: number): void;
  /** Keeps `texts` in the conversation, a user message each (a local command's: `set_model`'s). */
  keep(texts: readonly string[]): void;
  /** Whether the conversation holds a message. */
  hasConversation(): boolean;
  /** `set_model`'s check of `model` (as sent), where the version makes one. */
  checkModel(model: string): void;
  /**
   * `get_context_usage`'s token counts (`detail` as asked), where the version makes them for this
   * session: settled once every count is answered.
   */
  countContext(detail?: unknown): Promise<void>;
  /** `get_context_usage`'s answer (`detail` as asked): computed where the captured counts cover the session. */
  contextUsage(detail?: unknown): Json;
  /** What the session's usage comes to (`get_session_cost`, `get_usage`). */
  usageReport(): UsageReport;
}

/** What a session's usage comes to, as `get_session_cost` and `get_usage` report it. */
export interface UsageReport {
  totalCostUsd: number;
  apiMs: number;
  wallMs: number;
  linesAdded: number;
  linesRemoved: number;
  /** Per model, in the order they were first used. */
  models: Record<string, ModelTotals>;
  /** The same as the version's result messages write each model's entry. */
  modelUsage: Json;
  /** The main loop's prompt cache (usage/tally.ts), as of `now`. */
  cache: { summary: CacheSummary; now: number; recacheTokens: number };
}

/** One client→CLI control request subtype: parse the request, check it, answer it. */
export interface ControlHandler {
  readonly subtype: string;
  handle(session: ControlSession, request: Json, requestId: string): void;
}
