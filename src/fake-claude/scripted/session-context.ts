import { isRecord } from '../../util/json.js';
import { monthYear } from '../../util/month-year.js';
import type { CallUsage, CliBehaviour, Json, SessionFacts } from '../behaviour/index.js';
import { contextDate, requestMessages } from '../model-side/compose.js';
import { fillTemplate } from '../model-side/index.js';
import type { ModelSideSession, SessionTools } from '../model-side/session.js';
import { contextUsage, onModel } from '../usage/context-usage.js';
import { capturedModel, usageData } from '../usage/index.js';
import { type Attachment, KeptAttachments } from '../usage/kept-attachments.js';

/** What the session's context accounting reads of the engine (scripted/engine.ts). */
export interface SessionContextHost {
  readonly b: CliBehaviour;
  readonly modelSide: ModelSideSession;
  readonly configDir: string;
  readonly auth: 'api-key' | 'oauth' | 'none';
  /** The session's model now. */
  readonly model: string;
  /** The conversation as the CLI keeps it. */
  readonly history: ReadonlyArray<{ role: 'user' | 'assistant' | 'system'; content: unknown }>;
  /** The last response's usage. */
  readonly lastUsage: CallUsage | undefined;
  facts(): SessionFacts;
  /** The built-in tools of the session, offered or deferred. */
  builtinToolNames(): string[];
  /** The MCP tools of the session, as the requests offer them. */
  mcpTools(): SessionTools['mcp'];
  /** The tools the next request offers. */
  apiTools(): ReadonlyArray<{ name: string }>;
  /** The request the session would send with `history`. */
  requestBody(history: Array<{ role: 'user' | 'assistant' | 'system'; content: unknown }>): Json;
  /** Posts `bodies` to the Messages API beside the session (settled with the session's start-up requests). */
  postAside(path: string, bodies: Json[], timeoutMs?: number): Promise<void>;
  hasConversation(): boolean;
}

/**
 * The session's context as `get_context_usage` reads it: its token counts (the `count_tokens`
 * requests the version makes), its computed answer (usage/context-usage.ts, where the captured
 * counts cover the session), the model its tools are described for, and the attachments the
 * version keeps event by event (usage/kept-attachments.ts). The turn (turn-loop.ts,
 * model-loop.ts) tells it of prompts, requests, responses and tool results through
 * `keptAttachments()`.
 */
export class SessionContext {
  /**
   * The model the session's tools were first described for (its first request or
   * get_context_usage): 2.1.150 keeps those descriptions for the session whatever its model
   * (checked against it: a Bash tool naming the model in its commit trailer).
   */
  toolsModel: string | undefined;
  /** The attachments the session keeps, event by event (a version that keeps prompt snapshots: usage/kept-attachments.ts). */
  private kept: KeptAttachments | undefined;

  constructor(private readonly host: SessionContextHost) {}

  /**
   * Whether the captured counts of `get_context_usage` cover the session: api-key auth (the rest
   * model-side/session.ts decides, from the session's tools: `countedTools`).
   */
  private countsCovered(): boolean {
    return this.host.auth === 'api-key';
  }

  /** The session's tools as `get_context_usage` counts them: built-in (offered or deferred) and MCP. */
  private countedTools(): SessionTools {
    return {
      builtin: this.host.builtinToolNames().map((n) => (n === 'Task' ? 'Agent' : n)),
      mcp: this.host.mcpTools(),
    };
  }

  /** The session's context as the version's estimates read it (usage/data/<version>.json). */
  private get estimates() {
    return usageData(this.host.b.version)?.context ?? undefined;
  }

  /**
   * The conversation's count request, of a version that counts it after a turn (2.1.150): the
   * conversation as the requests lay it out, but for the context blocks the count leaves out and
   * the cache control, with no tools.
   */
  private conversationCount(model: string): Json | undefined {
    if (!this.host.modelSide.countsConversation) return undefined;
    const omits = this.estimates?.conversationCountOmits ?? [];
    // Before a prompt (a local command's messages alone) the conversation has no context around it.
    const messages = (
      this.host.history.some((m) => m.role === 'assistant')
        ? withoutCacheControl(this.host.requestBody(this.keptConversation()).messages)
        : requestMessages(this.keptConversation(), undefined, null)
    ) as Json[];
    const first = messages[0];
    if (first && Array.isArray(first.content))
      messages[0] = {
        ...first,
        content: (first.content as Json[]).filter(
          (b) => !(typeof b.text === 'string' && omits.some((prefix) => String(b.text).startsWith(prefix))),
        ),
      };
    // A conversation with thinking asks the count for thinking too.
    const thinks = this.host.history.some(
      (m) =>
        m.role === 'assistant' &&
        Array.isArray(m.content) &&
        (m.content as Json[]).some((b) => b.type === 'thinking' || b.type === 'redacted_thinking'),
    );
    const thinking = this.estimates?.conversationCountThinking;
    return { model, messages, tools: [], ...(thinks && thinking ? { thinking } : {}) };
  }

  /**
   * Whether `get_context_usage` counts the session's conversation: once it holds a turn, or, on a
   * version that counts the conversation (2.1.150), any message (a local command's: `set_model`).
   */
  private countsConversationNow(): boolean {
    return this.host.modelSide.countsConversation
      ? this.host.hasConversation()
      : this.host.history.some((m) => m.role === 'assistant');
  }

  /** The conversation as the CLI keeps it (a copy). */
  private keptConversation(): Array<{ role: 'user' | 'assistant' | 'system'; content: unknown }> {
    return this.host.history.map((m) => ({ role: m.role, content: m.content }));
  }

  /**
   * Whether `get_context_usage` of the session's model is computed (`detail` as asked): on the
   * model the counts were captured with, on one whose counts the capture found equal to its but
   * for the model's id (`countsAsDefault`: 2.1.150's models, 2.1.332's listed ones) or on one
   * whose own counts its variant holds (2.1.332's `claude-haiku-4-5`, which describes the tools at
   * length), its window and skills captured — a summary of a version that estimates one only where
   * the model's characters a token are captured too.
   */
  private countedOnModel(detail?: unknown): boolean {
    if (this.onCapturedModel()) return true;
    const facts = capturedModel(this.host.b.version, this.host.model)?.context;
    // Its counts: the default model's, or its own (captured with its variant).
    const counts =
      facts?.countsAsDefault === true ||
      this.host.modelSide.variant(this.host.model)?.contextCounts !== undefined;
    const estimated = detail === 'summary' && typeof this.estimates?.summaryCharsPerToken === 'number';
    return counts && facts?.skills !== undefined && (!estimated || facts.charsPerToken !== undefined);
  }

  /**
   * Whether the session's tools are described, for `get_context_usage` too, as its requests
   * recorded them (a version that keeps prompt snapshots, 2.1.332: before a request, as for the
   * session's model now), rather than as at their first use, a request or a `get_context_usage`
   * (2.1.150).
   */
  private get toolsAsRecorded(): boolean {
    return this.estimates?.attachments.some((a) => a.type === 'prompt_snapshot') === true;
  }

  /** The model the session's tools are described for, where that is fixed (see `toolsAsRecorded`). */
  describedFor(): string | undefined {
    if (!this.toolsAsRecorded) this.toolsModel ??= this.host.model;
    return this.toolsModel;
  }

  /**
   * `get_context_usage`'s token counts (`detail`: as asked), where the version makes them and the
   * capture covers the session: settled once every count is answered (the CLI answers after its
   * counts, which end with the session).
   */
  countContext(detail?: unknown): Promise<void> {
    const toolsModel = this.describedFor();
    if (!this.countsCovered() || !this.countedOnModel(detail)) return Promise.resolve();
    // A summary is estimated, not counted, by a version that makes summaries.
    if (detail === 'summary' && typeof this.estimates?.summaryCharsPerToken === 'number')
      return Promise.resolve();
    const model = String(this.host.b.apiModelFor(this.host.model));
    const counted = this.countsConversationNow();
    const conversation = counted ? this.conversationCount(model) : undefined;
    const counts = this.host.modelSide.contextCounts(
      this.host.model,
      model,
      counted,
      this.host.configDir,
      this.countedTools(),
      conversation,
      !this.onCapturedModel(),
      toolsModel,
    );
    // Its answer waits for them: a loaded machine's slow answers too.
    return counts ? this.host.postAside(counts.path, counts.bodies, 60_000) : Promise.resolve();
  }

  /** Whether the session is on the model `get_context_usage`'s fresh answer was captured with. */
  private onCapturedModel(): boolean {
    return this.host.b.contextUsageResponse(this.host.facts()).model === this.host.model;
  }

  /**
   * `get_context_usage`'s answer: computed from the context's parts, the conversation and the last
   * response's usage where the captured counts cover the session (usage/context-usage.ts: on the
   * model they were captured with, or one that counts as it: `countedOnModel`), else the fresh
   * session's captured answer (on another model, with that model's window).
   */
  contextUsage(detail?: unknown): Json {
    const toolsModel = this.describedFor();
    const fresh = this.host.b.contextUsageResponse(this.host.facts());
    // On another model than the captured answer's: that model's window and skills (captured).
    const window = capturedModel(this.host.b.version, this.host.model)?.context;
    const otherModel = fresh.model !== this.host.model;
    const captured = otherModel && window ? onModel(fresh, this.host.model, window) : fresh;
    // Whatever the session, the last response's usage is what it was.
    const usage = this.host.lastUsage;
    const base =
      usage &&
      'apiUsage' in captured &&
      usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens > 0
        ? {
            ...captured,
            apiUsage: {
              input_tokens: usage.input_tokens,
              output_tokens: usage.output_tokens,
              cache_creation_input_tokens: usage.cache_creation_input_tokens,
              cache_read_input_tokens: usage.cache_read_input_tokens,
            },
          }
        : captured;
    const estimates = this.estimates;
    if (!estimates || !this.countsCovered() || !this.countedOnModel(detail)) return base;
    const model = String(this.host.b.apiModelFor(this.host.model));
    const afterATurn = this.host.history.some((m) => m.role === 'assistant');
    const counted = this.countsConversationNow();
    const parts = this.host.modelSide.contextParts(
      this.host.model,
      model,
      counted,
      this.host.configDir,
      this.countedTools(),
      otherModel,
      toolsModel,
    );
    if (!parts) return base;
    const kept = this.keptAttachments()?.attachments() ?? this.capturedAttachments();
    return contextUsage({
      // On another model, its skills as estimated there (captured with its window).
      base: otherModel && window?.skills ? { ...captured, skills: window.skills } : captured,
      // The model's characters a token, where the version estimates at one (captured per model).
      estimates:
        estimates.summaryCharsPerToken !== null && window?.charsPerToken !== undefined
          ? { ...estimates, summaryCharsPerToken: window.charsPerToken }
          : estimates,
      summary: detail === 'summary' && estimates.summaryCharsPerToken !== null,
      parts,
      offeredTools: new Set(this.host.apiTools().map((t) => t.name)),
      ...(counted ? { conversation: this.conversationCount(model) } : {}),
      messages: this.keptConversation().filter((m) => m.role !== 'system'),
      apiUsage: this.host.lastUsage ?? null,
      attachments: afterATurn ? kept : [],
    });
  }

  /** The captured attachments of a plain session's first turn, filled in for this session. */
  private capturedAttachments(): Attachment[] {
    const values = this.attachmentValues();
    return (this.estimates?.attachments ?? []).map((a) => ({
      type: a.type,
      json: fillTemplate(a.json, values),
    }));
  }

  /** The values of the captured attachments' templates for this session. */
  private attachmentValues(): Record<string, string> {
    return {
      ...this.host.modelSide.templateValues(this.host.configDir),
      date: contextDate(),
      monthYear: monthYear(),
    };
  }

  /** The attachments the session keeps event by event, on a version that keeps prompt snapshots. */
  keptAttachments(): KeptAttachments | undefined {
    if (!this.kept && this.toolsAsRecorded) {
      const style = this.estimates?.outputStyle;
      const values = this.attachmentValues();
      const filled = <T extends { json: string }>(list: readonly T[]) =>
        list.map((a) => ({ ...a, json: fillTemplate(a.json, values) }));
      const models = Object.entries(this.estimates?.modelAttachments ?? {});
      this.kept = new KeptAttachments(
        this.capturedAttachments(),
        style && { name: style.name, attachments: filled(style.attachments) },
        Object.fromEntries(models.map(([model, list]) => [model, filled(list)])),
      );
    }
    return this.kept;
  }
}

/** `value` without any `cache_control` field (a copy). */
function withoutCacheControl(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCacheControl);
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value))
    if (key !== 'cache_control') out[key] = withoutCacheControl(child);
  return out;
}
