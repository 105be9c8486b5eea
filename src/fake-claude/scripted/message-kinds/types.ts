/**
 * What the real CLI of one version emits for the message kinds the fake produces beyond a plain
 * turn — a subagent's task messages, a manual compaction, a prompt suggestion — captured from its
 * binary by `npm run fake:capture-message-kinds` (src/fake-claude/capture/message-kinds.ts) into
 * `data/<version>.json`. Nothing here is written by hand.
 *
 * A message is a template (see `fill.ts`): a string may hold `{name}` placeholders and the
 * sandbox's folders (`<cwd>`, `<home>`, `<config-dir>`, `<tmpdir>`); a string that is exactly
 * `{=name}` stands for a whole value the fake computes (left out when it has none); `<uuid>`,
 * `<session_id>` and `<timestamp>` are filled per message.
 */

import type { ContextTemplates } from '../../model-side/context-templates.js';

type Json = Record<string, unknown>;

export interface MessageKindsData {
  version: string;
  /** Each kind is there once its scenario has been captured; the fake emulates only those. */
  subagent?: SubagentData;
  compaction?: CompactionData;
  promptSuggestion?: PromptSuggestionData;
}

/**
 * How a task message counts a subagent's tokens: the input of the response in progress (with its
 * cache tokens) plus the output of every response block so far as each block's message announced
 * it (`block-outputs`), or plus the output of the response in progress (`latest-output`: the
 * announced output while it streams, its final output once complete), or `block-outputs` plus the
 * CLI's running estimate of the response in progress from what it streamed (`streamed-estimate`:
 * response-reader.ts; 2.1.263 to 2.1.324 count a task_progress so).
 */
export type TokenCount = 'block-outputs' | 'latest-output' | 'streamed-estimate';

/** A foreground subagent (the `Agent` tool, `Task` before it was renamed) and its tool calls. */
export interface SubagentData {
  /** `system/task_started` (`{taskId}`, `{runId}`, `{toolUseId}`, `{description}`, `{prompt}`, `{subagentType}`). */
  taskStarted: Json;
  /** The user message carrying the subagent's prompt. */
  prompt: Json;
  /** `system/task_progress` before each tool call (`{toolDescription}`, `{toolName}`, `{=tokens}`, `{=toolUses}`, `{=durationMs}`). */
  progress: Json;
  /** A subagent's assistant message (one tool_use block): `{=message}` and `{=requestId}` are the main loop's. */
  assistant: Json;
  /** The user message with a subagent's tool result: `{=message}` and `{=toolResultMeta}` are the main loop's. */
  toolResult: Json;
  /** `system/task_updated` when the subagent ends (`{=endTime}`), on versions that emit it. */
  taskUpdated?: Json;
  /** `system/task_notification` when it ends (`{report}`, `{=tokens}`, `{=toolUses}`, `{=durationMs}`, `{outputFile}`). */
  notification: Json;
  /** The Agent tool's result. */
  result: {
    /** The tool_result content blocks (`{report}`, `{notes}`, `{taskId}`, `{totalTokens}`, `{toolUses}`, `{durationMs}`). */
    content: Json[];
    /** `tool_use_result` (`{=content}`, `{=usage}`, `{=toolStats}`, `{=toolsUsed}`, `{=noteCount}`, `{harnessHash}`, …). */
    toolUseResult: Json;
    /** The usage of the subagent's last response as `tool_use_result.usage` has it (`{=input_tokens}`, …). */
    usage: Json;
    /** What each line of the report (and of a harness note) is indented with in the text. */
    reportIndent: string;
    /** The harness note naming the tools the subagent used (`{tools}`), on versions that add one. */
    toolsNote?: string;
    /** `toolStats`' counters, in order. */
    toolStats?: string[];
  };
  /** The task's output file (`{taskId}`, `{sessionId}`, `{cwdSlug}`, `{uid}`, `<tmpdir>`); empty on versions without one. */
  outputFile: string;
  tokens: { progress: TokenCount; notification: TokenCount };
  /**
   * `tool_progress` of the Agent call while a subagent's request is retried (`{messageId}`: the main
   * response that called the agent; `{=attempt}`, `{=maxRetries}`, `{=delayMs}`, `{=status}`) and once
   * the retry went through, on versions that report it (`subagent/api-retry`, a 529 answered).
   */
  retryProgress?: { retrying: Json; resolved: Json };
  /** A result's `subagent_stats` before any subagent (its counters 0), on versions that report them. */
  stats?: Json;
  /** The subagent's requests. */
  request: {
    /** The tools offered. */
    tools: string[];
    /** The main loop's request keys it leaves out. */
    omits: string[];
    /** Its request parameters whose values differ from the main loop's (its thinking, …). */
    params: Json;
    /** Its system blocks. */
    system: Json[];
    /** The context around its prompt (its own system-role message, …). */
    context: ContextTemplates;
    /** A system-role message after its first tool results (a template as `context`'s), on versions that send one. */
    afterTools?: string;
  };
}

/** `/compact` as a prompt: the summary request and what the CLI emits around it. */
export interface CompactionData {
  /** The summary request's instructions, the user message after the conversation (a string). */
  prompt: string;
  /** The summary request's parameters whose values differ from the main loop's (its max_tokens, …). */
  params: Json;
  /** What comes before `system/init` (status messages). */
  before: Json[];
  /** `system/compact_boundary` (`{=preTokens}`, `{=postTokens}`, `{=durationMs}`). */
  boundary: Json;
  /** The synthetic user message with the summary (`{summary}`, `{transcriptPath}`). */
  summary: Json;
  /** What follows it before the result (the command's output, replayed). */
  after: Json[];
  /** The result's fields in order, and the fields a plain turn's result lacks, with their values. */
  result: { keys: string[]; extra: Json };
  /** `post_tokens` minus the summary message's length in tokens (length / 4, rounded). */
  postTokensOffset: number;
  /**
   * The rough tokens of the context the captured session re-attached (the next request's context
   * blocks and system-role message, each rounded on its own: `roughContentTokens`). `post_tokens`
   * counts that context as it is for the session (its working folder, day, skills, deferred
   * tools), so the fake adds the tokens its own context has more (or less) than this.
   */
  postTokensContextTokens: number;
  /**
   * The conversation after compaction: its user messages, a text block each (`{summaryMessage}`),
   * without the newline the CLI adds to each as it joins them with what follows.
   */
  history: Json[];
  /** The context the CLI rebuilds around the compacted conversation. */
  context: ContextTemplates;
}

/** A suggested next prompt after a turn (initialize's `promptSuggestions`). */
export interface PromptSuggestionData {
  /** The suggestion request's instructions, the user message after the conversation (a string). */
  prompt: string;
  /** The suggestion request's parameters whose values differ from the main loop's. */
  params: Json;
  /** `prompt_suggestion` (`{suggestion}`). */
  message: Json;
}
