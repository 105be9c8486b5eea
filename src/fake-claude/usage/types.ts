/**
 * What a version's CLI reckons of a session's usage, captured from the real binary
 * (`src/fake-claude/capture/usage.ts` → `data/<version>.json`): what a model's tokens cost, and the
 * constants of its own token estimates (`get_context_usage`). The formulas are the fake's
 * (`context-usage.ts`, `session-cost.ts`); every number they use that the binary holds is here.
 */
export interface UsageData {
  version: string;
  /**
   * What the version reckons of each model it lists (its default and each `set_model` choice)
   * and of a few it does not (the ids the kit's scenarios and tests set), by the model id a
   * result's `modelUsage` names: the prices, measured from the costs the binary reports for
   * scripted usage, and the window and output limit that `modelUsage` reports.
   */
  models: Record<string, ModelFacts>;
  /** `get_session_cost`: whether its text ends with the main loop's prompt-cache line. */
  promptCacheLine: boolean;
  /** `get_context_usage`'s estimates; null: the capture found none to measure. */
  context: ContextEstimates | null;
}

export interface ModelFacts {
  /** USD per million tokens of each kind. */
  price: ModelPrice;
  contextWindow: number;
  maxOutputTokens: number;
  /** `get_context_usage`'s window of a session on the model (set there by `set_model`). */
  context?: ContextWindowFacts;
}

/** What `get_context_usage` answers of a session's window on a model, whatever its context. */
export interface ContextWindowFacts {
  maxTokens: number;
  rawMaxTokens: number;
  autocompactSource: string;
  autoCompactThreshold: number | null;
  isAutoCompactEnabled: boolean;
  /** The buffer category kept free of the window (its id where the version writes ids); null: none. */
  buffer: { id?: string; name: string; tokens: number; color: string } | null;
  /**
   * The answer's `skills` on the model (each skill estimated at the model's characters a token:
   * 2.1.150's `claude-haiku-4-5` 811 tokens, its default model 1,083); absent: not captured.
   */
  skills?: Record<string, unknown>;
  /**
   * Whether the model's counts of the prompt's sections and of the tools are the default model's
   * (their requests equal but for the model's id); absent: not captured.
   */
  countsAsDefault?: boolean;
  /**
   * The model's characters a token: a summary (`detail: 'summary'`) estimates its texts and tool
   * sets so, and the conversation after the last response (2.1.332: `claude-haiku-4-5` 4, the
   * default model 3); absent: not captured, or a version without summaries.
   */
  charsPerToken?: number;
}

export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface ContextEstimates {
  /**
   * `detail: 'summary'` estimates a text of the default model as its length over this many
   * characters a token (rounded), instead of asking the token-count API; null: the version answers
   * a summary as it answers in full.
   */
  summaryCharsPerToken: number | null;
  /**
   * What a summary adds to the estimate of a set of tool definitions, and what a count of a
   * deferred tool or of the MCP tools leaves out.
   */
  toolOverhead: number;
  /** The breakdown of the conversation's messages (`messageBreakdown`): characters a token. */
  messageCharsPerToken: number;
  /**
   * The attachments the CLI keeps in the conversation once a plain session's first turn is over
   * (its own context: environment, model, listings, prompt snapshots, …), each the JSON of one, in
   * transcript order, as a template (`{cwd}`, `{memoryDir}`, `{date}`, `{osVersion}`,
   * `{monthYear}`): the breakdown estimates each from its length.
   */
  attachments: Array<{ type: string; json: string }>;
  /**
   * The attachments a session with the output style `name` keeps besides (templates as
   * `attachments`, each kind once, as first kept, with the kind it followed in the first prompt's
   * opening — null: first —: 2.1.332 its instructions once and its reminder, `output_style`, at
   * each prompt and after each tool result; 2.1.150 the reminder alone). Absent: not captured.
   */
  outputStyle?: {
    name: string;
    attachments: Array<{ type: string; json: string; after: string | null }>;
  };
  /**
   * The attachments a session started on a model keeps otherwise than the plain one, by model (the
   * capture's extra models): each kind whose first differs (2.1.332's `claude-haiku-4-5`: its
   * agent listing, its model notice, …) or that the plain session has not (its
   * `total_tokens_reminder`, kept at each prompt and after each tool result), as a template with
   * the kind it followed. Absent: not captured.
   */
  modelAttachments?: Record<string, Array<{ type: string; json: string; after: string | null }>>;
  /**
   * A version that counts the conversation with the token-count API after a turn (2.1.150): the
   * blocks of the first user message's context its count leaves out (the start of each block's
   * text, as the context templates begin).
   */
  conversationCountOmits: string[];
  /**
   * What that count of a conversation holding thinking blocks asks besides (its `thinking`
   * parameter); null: the version makes no such count.
   */
  conversationCountThinking: Record<string, unknown> | null;
}
