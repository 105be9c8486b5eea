import type { ContextCountSet, ContextCountsData } from './context-counts.js';
import type { ModelSideHooks } from './hooks.js';
import type { ImageNotesData } from './image-notes.js';
import type { ModelCheckData } from './model-check.js';
import type { PermissionModesData } from './permission-modes.js';

/**
 * What a version's CLI sends the model for the options that shape its request, captured from the
 * real binary (`src/fake-claude/capture/model-side.ts` → `data/<version>.json`).
 */
export interface ModelSideData {
  version: string;
  system: {
    /** The first system block, per request: `{hex:N}` stands for N hex digits that vary. */
    billing: string;
    /** The block before the prompt: with `--system-prompt` (or initialize's `systemPrompt`) alone… */
    identity: string;
    /** …and with an appended text (`--append-system-prompt`, initialize's `appendSystemPrompt`). */
    identityWithAppend: string;
    /** Between the prompt and the appended text, in one block. */
    joiner: string;
    /** On every block after the billing header (null: none). */
    cacheControl: Record<string, unknown> | null;
  };
  /**
   * The CLI's own system prompt, sent when none is given: `{cwd}`, `{memoryDir}`, `{isGitRepo}`,
   * `{platform}`, `{osVersion}` stand for the session's; the lines naming the model are the
   * default model's.
   */
  defaultPrompt: string;
  /** The plan-mode reminder of a session started in plan mode (`{planFilePath}` in its text). */
  planReminder: {
    /**
     * `user-block`: a block of the first user message, before the prompt; `system-message`: a
     * system-role message after the first user message.
     */
    placement: 'user-block' | 'system-message';
    template: string;
  };
  /**
   * What the CLI puts around the first prompt of a session (captured from a plain session's first
   * request): templates with `{cwd}`, `{date}`, `{modelName}`, `{modelId}`, `{osVersion}`,
   * `{platform}`, `{isGitRepo}`, `{projectSkills}` (the project's skills and commands, first in the
   * skills list) and `{deferredTools}` (the tools behind ToolSearch, a name per line: the session's
   * among `deferredBuiltins`, then its MCP tools).
   */
  context: {
    /** The blocks of the first user message before the prompt, in order. */
    userBlocks: string[];
    /** The same when there are session-start notices among them (a block's ending may differ). */
    userBlocksWithNotice: string[];
    /**
     * The system-role message after the first user message (null: the version sends none); its
     * session-start notices go where `{notices}` is.
     */
    systemMessage: string | null;
    /** The built-in tools the version lists as deferred, in order (a session lists those it has). */
    deferredBuiltins: string[];
    /** Fields of the system-role message besides `role` and `content` (`output_config`, …). */
    systemMessageFields: Record<string, unknown>;
    /**
     * A session-start notice (the budget, a UserPromptSubmit hook's context, the plan mode, …):
     * `user-block`, a block (`template`, with `{text}`) of the first user message at index `at` of
     * `userBlocks`; `system-message`, `template` at `{notices}` of the system-role message (`at`:
     * where that was in the captured text).
     */
    notice: { placement: 'user-block' | 'system-message'; at: number; template: string };
    /** `--max-budget-usd`'s notice: `{spent}`, `{max}`, `{remaining}` in dollars. */
    budget: string;
    /**
     * The budget notice after tool results: appended to the last tool_result's text (`tool-result`,
     * `template` with `{text}`), or a system-role message of its own (`system-message`).
     */
    budgetAfterTools: { placement: 'tool-result' | 'system-message'; template: string };
    /** On the last block of the last message of every request (null: none). */
    cacheControl: Record<string, unknown> | null;
  };
  /**
   * What a session of another model (`--model`, a resumed session's) or of subscription auth
   * changes in the requests, captured per model the version lists and for OAuth.
   */
  variants: ModelSideVariant[];
  /** What the CLI sends the model for hooks (SessionStart's output, …). */
  hooks: ModelSideHooks;
  /** `--model` aliases (`sonnet`, `haiku`, …) and the session model each names, as the CLI resolves them. */
  aliases: Record<string, string>;
  /**
   * The requests the CLI makes of its API base URL as it starts, before any conversation (a
   * reachability probe, `HEAD /`); empty when it makes none.
   */
  startRequests: Array<{ method: string; path: string }>;
  /** What the permission mode changes in the requests (capture/model-side-modes.ts). */
  permissionModes?: PermissionModesData;
  /** `set_model`'s check of the new model (null: the version makes none). */
  setModelCheck?: ModelCheckData | null;
  /** What the CLI keeps of a prompt's images (null: nothing, the images reach the model alone). */
  imageNotes?: ImageNotesData | null;
  /** `get_context_usage`'s token counts (null: the version asks none). */
  contextCounts?: ContextCountsData | null;
  fallback: {
    /** 529s the primary model answers before the CLI asks `--fallback-model` instead. */
    overloadedBeforeFallback: number;
    /** The `system/model_fallback` message (template), or null when the version emits none. */
    message: Record<string, unknown> | null;
    /** The same when both models have the same context window. */
    messageSameWindow: Record<string, unknown> | null;
  };
}

/** A session kind's differences from the default session's requests (each only where it differs). */
export interface ModelSideVariant {
  /** The session it is for: its auth and its model (the API id; `[1m]` added for the 1M window). */
  when: { auth: 'api-key' | 'oauth'; model: string };
  /** The CLI's own system prompt (a template as `defaultPrompt`). */
  defaultPrompt?: string;
  /** Request parameters besides model, messages, system, tools, metadata, stream (the whole set). */
  requestParams?: Record<string, unknown>;
  /** Cache control of the system blocks after the billing header. */
  systemCacheControl?: Record<string, unknown>;
  /** Built-in tools whose definition differs, by name (`{monthYear}` as in the base data). */
  tools?: Record<string, Record<string, unknown>>;
  /** The context templates (as `context.userBlocks`, `context.systemMessage`: null, none). */
  userBlocks?: string[];
  systemMessage?: string | null;
  /** Cache control on the last block of the last message. */
  cacheControl?: Record<string, unknown>;
  /** The built-in tools listed as deferred (as `context.deferredBuiltins`). */
  deferredBuiltins?: string[];
  /**
   * `get_context_usage`'s counts before a turn on the model, where they differ from the default
   * model's (`contextCounts.beforeFirstTurn`): every request, and the tools' definitions that differ.
   */
  contextCounts?: ContextCountSet;
}
