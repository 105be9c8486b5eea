import {
  defersMcpTools,
  type FallbackFacts,
  ModelFallback,
  type ModelSideData,
  modelFallbackMessage,
  modelSideData,
  systemBlocks,
} from './index.js';

type Json = Record<string, unknown>;

export interface ModelSideFlags {
  systemPrompt?: unknown;
  appendSystemPrompt?: unknown;
  fallbackModel?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * One session's model side: the system prompt options of its command line and of `initialize`
 * (initialize's `systemPrompt` and `appendSystemPrompt` replace the flags'), and `--fallback-model`
 * once the primary model was overloaded often enough.
 */
export class ModelSideSession {
  readonly data: ModelSideData;
  private systemPrompt: string | undefined;
  private appendSystemPrompt: string | undefined;
  private readonly fallback: ModelFallback;

  constructor(version: string, flags: ModelSideFlags) {
    this.data = modelSideData(version);
    this.systemPrompt = text(flags.systemPrompt);
    this.appendSystemPrompt = text(flags.appendSystemPrompt);
    this.fallback = new ModelFallback(this.data, flags.fallbackModel);
  }

  /** initialize's fields that shape the request. */
  fromInitialize(request: Json): void {
    if (typeof request.systemPrompt === 'string') this.systemPrompt = request.systemPrompt;
    if (typeof request.appendSystemPrompt === 'string') this.appendSystemPrompt = request.appendSystemPrompt;
  }

  /** The request's `system`; `own` is the CLI's own prompt (its text: the last block's). */
  system(own: Json[]): Json[] {
    return systemBlocks(this.data, {
      systemPrompt: this.systemPrompt,
      appendSystemPrompt: this.appendSystemPrompt,
      defaultPrompt: String(own.at(-1)?.text ?? ''),
    });
  }

  /** The model to ask: the fallback model once the session switched, else `primary`. */
  model(primary: string): string {
    return this.fallback.model ?? primary;
  }

  /**
   * A failed answer (its status): true when the session switches to the fallback model now; then
   * `switchMessage` is what the CLI emits, if anything.
   */
  switchesAfter(status: number): boolean {
    return this.fallback.onAnswer(status);
  }

  switchMessage(facts: FallbackFacts): Json | undefined {
    return modelFallbackMessage(this.data, facts);
  }

  /** Whether MCP tools stay out of the request's `tools` (deferred behind ToolSearch). */
  defersMcpTools(builtinApiToolNames: readonly string[]): boolean {
    return defersMcpTools(builtinApiToolNames);
  }
}
