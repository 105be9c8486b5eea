/**
 * The behaviour model of one real CLI version: every text, shape and rule the fake copies from it.
 * The engine (`../scripted/`) only sequences events; what they look like comes from here — the
 * base (`base/`) around the version's captured data (`data/<version>/`), plus the named overrides
 * of its version (`<version>/overrides.ts`) — so a new pinned version is data and, where needed, an
 * override set, never an if-chain in the engine.
 */

import type { McpErrorKind } from './base/mcp-errors.js';
import type { CapturedArgv } from './data/types.js';

export type Json = Record<string, unknown>;

/** A Messages API tool offered to the model. */
export interface ApiTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  /** Other fields the CLI sends with a tool (`defer_loading`, …). */
  [field: string]: unknown;
}

/** Token usage of one model response (as the API reports it in `message_delta`). */
export interface CallUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** How a tool call is gated before it runs. */
export type PermissionPolicy =
  /** `reasonType`: why no one was asked (`mode`, `subcommandResults`); none for a tool that never asks. */
  | { kind: 'allow'; reasonType?: string }
  /**
   * The client is asked (`can_use_tool`); without a permission prompt tool it is auto-denied.
   * `settled`: the version was seen to ask here whatever the mode (no mode turns it into a denial).
   */
  | {
      kind: 'ask';
      description?: string;
      suggestions?: Json[];
      blockedPath?: string;
      reasonType?: string;
      settled?: boolean;
    }
  /**
   * Denied by a rule or the mode (dontAsk): a `system/permission_denied` event (with `details` after
   * its reason type), then the error result. `sessionNotice`: a notice shown once a session before
   * the first such denial; `nonExecution`: why the tool did not run, when not `permission-rule`.
   */
  | {
      kind: 'deny';
      message: string;
      reasonType: string;
      details?: Json;
      sessionNotice?: string;
      nonExecution?: string;
    };

/** What a tool produced: the tool_result block content and the `tool_use_result` of the `user` message. */
export interface ToolOutcome {
  content: string | Json[];
  isError: boolean;
  /** `is_error: false` is written explicitly (Bash does that on 2.1.150). */
  explicitNotError?: boolean;
  toolUseResult: unknown;
  /** A synthetic user message the harness injects after the result (a skill's body). */
  injectedText?: string;
  /** How the permission for the call was settled (the engine fills it in; versions that report it render it). */
  permission?: PermissionRecord;
}

/** How the permission for one tool call was settled. */
export interface PermissionRecord {
  decision?: 'accept' | 'reject';
  /** Who decided: the client for this call (`user_temporary` / `user_reject`), configuration or mode (`config`), a hook. */
  source?: 'user_temporary' | 'user_reject' | 'config' | 'hook';
  reasonType?: string;
  /** Why the tool did not run: a decision or rule (`permission-rule`), or the user went away (`user-rejected`). */
  nonExecution?: string;
}

/** Session facts the shapes need. */
export interface SessionFacts {
  sessionId: string;
  cwd: string;
  /** Model as shown in `system/init` and `modelUsage` (e.g. `claude-opus-4-7[1m]`). */
  model: string;
  permissionMode: string;
  /** Tool names listed in `system/init`. */
  tools: string[];
  /** Project and user skills / commands (listed before the built-in ones). */
  skills: string[];
  commands: string[];
  /** `origin`: an in-process SDK server (initialize) or one from `--mcp-config`. */
  mcpServers: Array<{ name: string; status: string; origin?: 'sdk' | 'config' }>;
  apiKeySource: string;
  configDir: string;
  /** HOME of the process. */
  home: string;
  /** How the session authenticates to the Messages API. */
  auth: 'api-key' | 'oauth' | 'none';
  /** The process's TMPDIR and pid. */
  tmpDir: string;
  pid: number;
  /** 2.1.332's messaging socket (`system/init`'s `messaging_socket_path`): see messaging-socket.ts. */
  messagingSocketPath: string;
}

/** One MCP server of the session as `mcp_status` reports it (see base/mcp-status.ts). */
export interface McpStatusServer {
  name: string;
  status: string;
  /** Why a failed server failed. */
  error?: string;
  /** An in-process server of the client (reached through `mcp_message`). */
  sdk: boolean;
  /** The server's `serverInfo` from its `initialize` answer. */
  serverInfo?: Json;
  /** How a server of the configuration is reached. */
  config?: { type: string; command?: string; args?: string[]; url?: string };
  tools: Array<{ name: string; annotations?: Json }>;
}

export interface ResultTotals {
  durationMs: number;
  durationApiMs: number;
  ttftMs: number;
  numTurns: number;
  /** Usage of this turn (sum over its model responses). */
  usage: CallUsage;
  /** Cumulative per model over the session. */
  modelUsage: Record<string, { usage: CallUsage; costUSD: number }>;
  /** Per model since the previous result message. */
  modelUsageSinceLastResult: Record<string, { usage: CallUsage; costUSD: number }>;
  /** 0-based number of this result among the session's results. */
  resultIndex: number;
  /** Models whose session usage was restored by a resume (`resumeRestoresModelUsage`). */
  restoredModels?: string[];
  /** With --include-partial-messages: the ids of the API messages streamed in this turn. */
  streamedMessageIds?: string[];
  /** What the session's subagents did (`subagent_stats`), once one ran. */
  subagentStats?: Json;
  totalCostUsd: number;
  permissionDenials: Json[];
}

export interface CliBehaviour {
  /** `2.1.150` */
  version: string;
  buildTime: string;
  /** `--version` output (without newline). */
  versionText: string;
  /** The command line: its help texts and every option the binary accepts (captured). */
  argv: CapturedArgv;

  /** Default model shown in `system/init` and the model name sent to the API. */
  defaultModel: string;
  /** The model name sent to the Messages API for a session model. */
  apiModelFor(model: string): string;
  contextWindow(model: string): number;
  maxOutputTokens(model: string): number;
  /** Cost of one response in USD. */
  cost(model: string, usage: CallUsage): number;

  /** Built-in tools offered to the model, and the names listed in `system/init`. */
  apiTools(): ApiTool[];
  initToolNames(session: { permissionPromptTool?: string; auth: 'api-key' | 'oauth' | 'none' }): string[];
  /** `--resume` starts from the earlier session's model usage and cost. */
  resumeRestoresModelUsage: boolean;
  /** An interrupted response's message_start usage counts in modelUsage. */
  countsInterruptedUsage: boolean;
  /** The partial assistant message of a response interrupted mid-text carries `aborted: true`. */
  marksAbortedMessage: boolean;
  /**
   * With --include-partial-messages, a response interrupted mid-text gets its stream closed after
   * the interrupted marker: content_block_stop, a message_delta without a stop reason, and a
   * message_stop naming the blocks that never came (`abandoned_blocks`).
   */
  closesAbandonedStream: boolean;
  /** The API request body besides model/messages/tools/system (max_tokens, thinking, …). */
  apiRequestDefaults(): Json;
  apiHeaders(): Record<string, string>;
  systemPrompt(): Json[];

  // ---- stdout shapes ----
  initMessage(facts: SessionFacts, uuid: string): Json;
  statusMessage(facts: SessionFacts, status: string | null, uuid: string, withMode: boolean): Json;
  assistantMessage(
    message: Json,
    block: Json,
    facts: SessionFacts,
    uuid: string,
    requestId: string | undefined,
  ): Json;
  toolResultMessage(toolUseId: string, outcome: ToolOutcome, facts: SessionFacts, uuid: string): Json;
  /** A `stream_event` (with --include-partial-messages); `ttftMs` on message_start, `messageId` once known. */
  streamEventMessage(
    event: Json,
    facts: SessionFacts,
    uuid: string,
    extra: { ttftMs?: number; messageId?: string },
  ): Json;
  /** A user message carrying plain text (interrupt markers). */
  textUserMessage(text: string, facts: SessionFacts, uuid: string): Json;
  resultSuccess(
    facts: SessionFacts,
    totals: ResultTotals,
    text: string,
    stopReason: string | null,
    uuid: string,
  ): Json;
  resultApiError(facts: SessionFacts, totals: ResultTotals, text: string, status: number, uuid: string): Json;
  resultError(
    facts: SessionFacts,
    totals: ResultTotals,
    stopReason: string | null,
    terminalReason: string | undefined,
    errors: string[],
    uuid: string,
  ): Json;

  /**
   * A turn stopped by a limit: `--max-turns` (`error_max_turns`, `terminal_reason: max_turns`) or
   * `--max-budget-usd` (`error_max_budget_usd`, no `terminal_reason`).
   */
  resultLimit(
    facts: SessionFacts,
    totals: ResultTotals,
    stopReason: string | null,
    limit: 'max_turns' | 'max_budget_usd',
    errors: string[],
    uuid: string,
  ): Json;
  /** The result of a prompt a UserPromptSubmit hook blocked (no model call). */
  resultPromptBlocked(
    facts: SessionFacts,
    totals: ResultTotals,
    uuid: string,
    blocked: { reason: string; prompt: string },
  ): Json;
  /** The message announcing a blocked prompt before its result; none on 2.1.150. */
  promptBlockedNotice(
    facts: SessionFacts,
    blocked: { reason: string; prompt: string },
    uuid: string,
  ): Json | undefined;

  // ---- hooks (initialize.hooks, called through hook_callback) ----
  /** The `input` of a hook_callback request: the common fields, then the event's own. */
  hookInput(event: string, common: HookCommon, payload: Json): Json;
  /** The `<system-reminder>` block carrying a hook's `additionalContext` to the model. */
  hookContextText(event: string, toolName: string | undefined, context: string): string;
  /** The synthetic user text a blocking Stop hook's reason becomes. */
  stopHookFeedback(reason: string): string;
  /** The `system/notification` that follows a blocking Stop hook. */
  stopHookNotification(facts: SessionFacts, uuid: string): Json;
  /** `errors[0]` of the limit results. */
  maxTurnsError(maxTurns: number): string;
  maxBudgetError(maxBudgetUsd: number): string;

  // ---- control replies ----
  initializeResponse(pid: number, facts: SessionFacts): Json;
  alreadyInitializedError: string;
  binaryVersionResponse(): Json;
  /** Fields a success control_response carries besides subtype, request_id and response. */
  controlEnvelope(subtype: string): Json;
  /** Fields an error control_response carries besides subtype, request_id and error (`code`: what failed). */
  errorEnvelope(code: 'unsupported' | 'invalid_mode'): Json;
  /** The captured reply to an argument-less request this version answers (e.g. `list_models`). */
  staticControlReply(subtype: string, facts: SessionFacts): Json | undefined;
  settingsResponse(model: string, facts: SessionFacts): Json;
  contextUsageResponse(facts: SessionFacts): Json;
  mcpStatusResponse(servers: McpStatusServer[]): Json;
  /** The version's text for what went wrong with an MCP server (`undefined`: the version does not refuse). */
  mcpError(kind: McpErrorKind, server: string, detail?: string): string | undefined;
  unsupportedSubtype(subtype: string): string;
  isPermissionMode(mode: string): boolean;
  setModelNotice(model: string): string;
  /**
   * How `set_model` is answered (`model`: the model as the answer names it; `command`: the request's
   * model, or `default`, and the model as the `/model` command shows it, an alias with what it
   * names): the reply payload, the local-command notice replayed before it, and the messages the
   * version keeps in its conversation for it (the `/model` command's: caveat, command, output) —
   * on a change of model, and with `inConversation` only once the conversation holds a message.
   */
  setModelAnswer(
    model: string,
    command?: { args: string; shown: string },
  ): { response?: Json; notice?: string; kept?: string[]; inConversation?: boolean };
  /** The payload of the `interrupt` reply (none on 2.1.150). */
  interruptResponse(): Json | undefined;
  /** An unknown mode for `set_permission_mode`: the error reply, or `undefined` to echo it as success. */
  invalidPermissionMode(mode: string): { error: string; envelope: Json } | undefined;
  /** The `can_use_tool` request as sent (`server`: the MCP server of an MCP tool). */
  permissionRequest(request: Json, server: { name: string; origin: 'sdk' | 'config' } | undefined): Json;
  /** The SDK MCP servers are connected when initialize arrives (before its reply), not at the first turn. */
  mcpConnectOnInitialize: boolean;
  /**
   * The initialize reply confirms each of its fields the flags read (`mcp_servers_applied` with
   * `--await-initialize`, `settings_applied`…). 2.1.324 takes `--await-initialize` but confirms
   * nothing, and the newest Agent SDK then ends the session ("too old to read MCP servers over stdin").
   */
  confirmsInitializeFields: boolean;

  // ---- texts ----
  interruptedText: string;
  interruptedForToolText: string;
  ediagnostic(stopReason: string | null): string;
  /** stderr line for a stdin line that is not JSON. */
  stdinParseError(line: string): string;
  /** stderr line for a stdin line that is JSON `null`. */
  stdinNullError(line: string): string;
  /**
   * `frame`: a whitespace-only stdin line is refused like any line that is not JSON (2.1.150);
   * `skip`: it is ignored. An empty line is ignored on every version.
   */
  stdinBlankLines: 'skip' | 'frame';
  /**
   * stream-json input from a stdin that is a regular file (`claude … < session.jsonl`): `read` as
   * from a pipe (2.1.332), or `ignored` (2.1.150, 2.1.152: the CLI reads the file to its end and acts
   * on none of it, as on an empty input: no output, exit 0, also for a line that is not JSON).
   */
  streamJsonFileStdin: 'read' | 'ignored';
  /**
   * The `--betas` values an API-key session may pass (2.1.150 and 2.1.332: only
   * `context-1m-2025-08-07`); each other value gets a warning on stderr (`betasWarnings`).
   */
  allowedBetas: readonly string[];
  /**
   * A user message whose `message.content` nests deeper than this many levels overflows the CLI's
   * stack while it builds the API request: the turn ends with the synthetic assistant message and
   * error result of `stackOverflowText`, without a request. Observed: 30,000 levels pass and
   * 50,000 overflow on 2.1.150 and 2.1.332 (the exact limit is the CLI's stack size); the fake
   * takes 40,000.
   */
  contentDepthLimit: number;
  /** The text of that error (the assistant message's text and the result's `result`). */
  stackOverflowText: string;
  /** The synthetic assistant message the CLI emits for an error raised before any API request. */
  localErrorAssistant(text: string, facts: SessionFacts, uuid: string): Json;
  /** The error result after `localErrorAssistant`. */
  resultLocalError(facts: SessionFacts, totals: ResultTotals, text: string, uuid: string): Json;
  noConversationFound(sessionId: string): string;
  invalidSessionId: string;
  missingContentError: string;
  /** The prompt a user message without content becomes; `undefined`: the turn fails (missingContentError). */
  missingContentPrompt: string | undefined;
  permissionStreamClosed: string;
  permissionAborted: string;
  /** The input a valid `allow` reply runs the tool with (`original`: the input the client was shown). */
  allowedInput(reply: Json, original: Json): Json;
  /** The text of a rejected or failed permission reply; `undefined` when the reply is valid. */
  validatePermissionReply(reply: unknown): Promise<string | undefined>;
  autoDenyText(toolName: string, input: Json, cwd: string): string;
  /** The event announcing an auto-denied call (no permission prompt tool); none on 2.1.150. */
  autoDenyEvent(
    facts: SessionFacts,
    toolName: string,
    toolUseId: string,
    message: string,
    uuid: string,
  ): Json | undefined;
  /** The `tool_use_result` of a call that was denied or never decided. */
  deniedToolUseResult(text: string, permission: PermissionRecord): unknown;
  /** `--permission-prompt-tool mcp__…` naming a tool no server offers: stderr line and tool result text. */
  permissionToolMissing(
    toolName: string,
    promptTool: string,
    available: string[],
  ): { stderr: string; result: string };
  permissionDeniedEvent(
    facts: SessionFacts,
    toolName: string,
    toolUseId: string,
    reasonType: string,
    message: string,
    uuid: string,
    details?: Json,
  ): Json;
  /** A once-a-session notice named by a denial (`PermissionPolicy.sessionNotice`). */
  sessionNotice(
    key: string,
    facts: SessionFacts,
    uuid: string,
    session: { baseUrl?: string },
  ): Json | undefined;
  apiRetryEvent(facts: SessionFacts, attempt: number, delayMs: number, status: number, uuid: string): Json;
  /** Whether a failed model call is retried (and how long to wait), per the CLI's policy. */
  retryPolicy(
    status: number,
    attempt: number,
    headers: Record<string, string>,
  ): { retry: boolean; delayMs: number };
  /** `rate_limit_event` for the response headers (subscription auth only); `undefined` when none. */
  rateLimitEvent(facts: SessionFacts, headers: Record<string, string>, uuid: string): Json | undefined;
  /** Default model for the auth in use (API key vs subscription). */
  defaultModelFor(auth: 'api-key' | 'oauth' | 'none'): string;
  /** A project / user skill: the Skill tool's result and the synthetic message with its body. */
  skillOutcome(name: string, baseDir: string, body: string): { outcome: ToolOutcome; injectedText: string };
  /** The text blocks a `/command args` prompt expands to. */
  slashCommandBlocks(name: string, args: string, body: string): Json[];
  syntheticUserMessage(text: string, facts: SessionFacts, uuid: string): Json;
  askAnswerText(answers: Record<string, string>): string;
  displayName(toolName: string): string;

  // ---- tools ----
  /** The input as the CLI shows it in the `assistant` message (2.1.150 adds Edit's replace_all default). */
  assistantToolInput(toolName: string, input: Json): Json;
  /** The input handed to hooks, permission prompts and the tool (absolute paths, normalised keys). */
  resolveToolInput(toolName: string, input: Json, cwd: string): Json;
  permissionPolicy(toolName: string, input: Json, mode: string, cwd: string): PermissionPolicy;
  /** Checks done before hooks and permission (e.g. "File has not been read yet"). */
  validateTool(toolName: string, input: Json, ctx: ToolContext): ToolOutcome | undefined;
  runTool(toolName: string, input: Json, ctx: ToolContext): Promise<ToolOutcome>;
  mcpToolOutcome(result: Json): ToolOutcome;
  mcpClientInfo(): Json;
  mcpProtocolVersion: string;
}

/** The fields every hook input starts with. */
export interface HookCommon {
  sessionId: string;
  transcriptPath: string;
  cwd: string;
  permissionMode: string;
  /** The id of the prompt whose turn runs the hook. */
  promptId: string;
}

/** What a tool may touch: the cwd and the files read so far in this session. */
export interface ToolContext {
  cwd: string;
  /** The session's environment (what a command the fake runs gets). */
  env?: Record<string, string | undefined>;
  readFiles: Set<string>;
  /**
   * Of `readFiles`, those counted as read by `seed_read_state` alone: their content is not in the
   * context, so an Edit of one does not say the file state is current.
   */
  seededFiles?: Set<string>;
  /** The client changed the input when it allowed the call (updatedInput differs from what it was shown). */
  userModified?: boolean;
}
