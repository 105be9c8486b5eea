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
  fallback: {
    /** 529s the primary model answers before the CLI asks `--fallback-model` instead. */
    overloadedBeforeFallback: number;
    /** The `system/model_fallback` message (template), or null when the version emits none. */
    message: Record<string, unknown> | null;
    /** The same when both models have the same context window. */
    messageSameWindow: Record<string, unknown> | null;
  };
}
