import { existsSync, readFileSync } from 'node:fs';
import { release, type } from 'node:os';
import { join, resolve } from 'node:path';
import { monthYear } from '../../util/month-year.js';
import {
  budgetAfterTools,
  budgetNotice,
  contextDate,
  type Opening,
  type OpeningFacts,
  openingContext,
  RequestMessages,
} from './compose.js';
import { ContextCounts, type ContextShape, type CountedPart } from './context-counts.js';
import { type ContextTemplates, withTemplates } from './context-templates.js';
import { deviceId } from './device-id.js';
import {
  afterToolBatch,
  type BlockingHook,
  type PostToolUseContext,
  type SessionStartNote,
  sessionStartTexts,
  stopBlockMessages,
  withoutSpent,
} from './hooks.js';
import { type ImageNoteFacts, ImageNotes } from './image-notes.js';
import {
  defersMcpTools,
  type FallbackFacts,
  fillTemplate,
  ModelFallback,
  type ModelSideData,
  type ModelSideVariant,
  modelFallbackMessage,
  modelSideData,
  systemBlocks,
} from './index.js';
import { ModelChecks } from './model-check.js';
import { type ModeChangeReminder, type ModeParamFacts, PermissionModeSide } from './permission-modes.js';
import { roughContentTokens, roughSystemTokens } from './rough-tokens.js';

type Json = Record<string, unknown>;

/** A session's tools as `get_context_usage` counts them. */
export interface SessionTools {
  /** The built-in tools, by API name (offered or deferred). */
  builtin: readonly string[];
  /** The MCP tools, as the CLI defines them for counting (`{name, description, input_schema}`). */
  mcp: readonly Json[];
}

export interface ModelSideFlags {
  systemPrompt?: unknown;
  systemPromptFile?: unknown;
  appendSystemPrompt?: unknown;
  appendSystemPromptFile?: unknown;
  fallbackModel?: string;
  maxBudgetUsd?: unknown;
  permissionMode?: string;
  dangerouslySkipPermissions?: unknown;
}

/** A prompt given as text, else as a file (relative to `cwd`); unreadable: undefined. */
function promptOf(value: unknown, file: unknown, cwd: string): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof file !== 'string') return undefined;
  try {
    return readFileSync(resolve(cwd, file), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * One session's model side: the system prompt options of its command line and of `initialize`
 * (initialize's `systemPrompt` and `appendSystemPrompt` replace the flags'), and `--fallback-model`
 * for the rest of a turn once the primary model was overloaded often enough in it.
 */
/** What the context around a request's conversation is filled with (see `messagesLater`). */
export type ContextFacts = Pick<
  OpeningFacts,
  'model' | 'projectSkills' | 'deferredMcpTools' | 'builtinTools'
> & {
  sessionModel?: string;
};

export class ModelSideSession {
  readonly data: ModelSideData;
  private systemPrompt: string | undefined;
  private appendSystemPrompt: string | undefined;
  private readonly fallback: ModelFallback;
  /** The context around the first prompt, once the first request is made. */
  private opening: Opening | undefined;
  private readonly notices: string[] = [];
  /** The context after a compaction (its templates), once one happened. */
  private rebuilt: ContextTemplates | undefined;
  /** The context of requests laid out with other templates (a subagent's), each frozen at its first. */
  private readonly otherOpenings = new WeakMap<ContextTemplates, Opening>();
  /** Each conversation's messages as built so far (the main loop's, a subagent's): see `RequestMessages`. */
  private readonly built = new WeakMap<object, RequestMessages>();
  /** What the session's SessionStart command hooks had to say at startup. */
  private sessionStartNotes: readonly SessionStartNote[] = [];
  /** The blocks of the first prompt's context a blocked prompt spent (indexes of its templates). */
  private spent: readonly number[] = [];
  private readonly maxBudgetUsd: number | undefined;
  private device: string | undefined;
  private readonly modes: PermissionModeSide;
  private readonly modelChecks: ModelChecks;
  private readonly images: ImageNotes;
  private readonly counts: ContextCounts;

  constructor(
    version: string,
    flags: ModelSideFlags,
    private readonly cwd: string,
    private readonly auth: 'api-key' | 'oauth' | 'none' = 'api-key',
  ) {
    this.data = modelSideData(version);
    this.systemPrompt = promptOf(flags.systemPrompt, flags.systemPromptFile, cwd);
    this.appendSystemPrompt = promptOf(flags.appendSystemPrompt, flags.appendSystemPromptFile, cwd);
    this.fallback = new ModelFallback(this.data, flags.fallbackModel);
    const budget = Number(flags.maxBudgetUsd);
    this.maxBudgetUsd = flags.maxBudgetUsd !== undefined && Number.isFinite(budget) ? budget : undefined;
    this.modes = new PermissionModeSide(
      this.data.permissionModes,
      flags.dangerouslySkipPermissions ? 'bypassPermissions' : (flags.permissionMode ?? 'default'),
    );
    this.modelChecks = new ModelChecks(this.data.setModelCheck);
    this.images = new ImageNotes(this.data.imageNotes);
    this.counts = new ContextCounts(this.data.contextCounts);
  }

  /** initialize's fields that shape the request. */
  fromInitialize(request: Json): void {
    if (typeof request.systemPrompt === 'string') this.systemPrompt = request.systemPrompt;
    // The Agent SDK's array of blocks: one text, as the real CLI sends it (checked against it).
    else if (Array.isArray(request.systemPrompt))
      this.systemPrompt = request.systemPrompt
        .filter((t): t is string => typeof t === 'string')
        .join(this.data.system.joiner);
    if (typeof request.appendSystemPrompt === 'string') this.appendSystemPrompt = request.appendSystemPrompt;
  }

  /**
   * The request's `system`. Without a given prompt: the version's own (its template filled for
   * this session: `cwd`, the memory folder under `configDir`, this machine), else `own`'s last text.
   */
  system(own: Json[], configDir: string, model?: string): Json[] {
    const variant = this.variant(model);
    const template = variant?.defaultPrompt ?? this.data.defaultPrompt;
    const defaultPrompt = template
      ? fillTemplate(template, this.promptValues(configDir))
      : String(own.at(-1)?.text ?? '');
    const data = variant?.systemCacheControl
      ? { ...this.data, system: { ...this.data.system, cacheControl: variant.systemCacheControl } }
      : this.data;
    return systemBlocks(data, {
      systemPrompt: this.systemPrompt,
      appendSystemPrompt: this.appendSystemPrompt,
      defaultPrompt,
    });
  }

  /** The client's system prompt (`--system-prompt` or initialize's), if any. */
  clientPrompt(): string | undefined {
    return this.systemPrompt;
  }

  /** Whether `model`'s requests carry the context as a system-role message (not on a variant without one). */
  sendsSystemMessage(model: string): boolean {
    return this.variant(model)?.systemMessage !== null;
  }

  /**
   * The deferred tools `model` (API id) lists in its opening context, in a session of
   * `builtinTools` and `deferredMcpTools` (see `messagesLater`).
   */
  deferredToolNames(
    model: string,
    builtinTools: readonly string[],
    deferredMcpTools: readonly string[],
  ): string[] {
    const variant = this.variant(model);
    const base = this.data.context.deferredBuiltins;
    const own = (variant?.deferredBuiltins ?? []).filter((t) => !base.includes(t));
    const tools = new Set([...builtinTools, ...own]);
    return [...(variant?.deferredBuiltins ?? base).filter((t) => tools.has(t)), ...deferredMcpTools];
  }

  /** The texts of `model`'s opening context (its own where its variant has one), as templates. */
  contextTexts(model: string): string[] {
    const variant = this.variant(model);
    const system =
      variant?.systemMessage !== undefined ? variant.systemMessage : this.data.context.systemMessage;
    return [...(variant?.userBlocks ?? this.data.context.userBlocks), ...(system === null ? [] : [system])];
  }

  /** The values of the CLI's own prompt's templates for this session. */
  private promptValues(configDir: string): Record<string, string> {
    return {
      cwd: this.cwd,
      memoryDir: `${join(configDir, 'projects', this.cwd.replace(/[^a-zA-Z0-9]/g, '-'), 'memory')}/`,
      isGitRepo: String(existsSync(join(this.cwd, '.git'))),
      platform: process.platform,
      osVersion: `${type()} ${release()}`,
    };
  }

  /**
   * `get_context_usage`'s token counts (path and bodies) for a session of `sessionModel` (its API
   * id `apiModel`; `afterATurn`: it had a model turn; `conversation`: the conversation's count, of a
   * version that makes one after a turn; `tools`: its built-in and MCP tools; `asDefault`: a
   * model the caller found counted as the default one; `toolsModel`: the model the session's
   * tools are described for, its variant's definitions counted), where the version makes them and the
   * capture covers the session: its own system prompt or an empty one, the default session's
   * model (no variant; `asDefault`: a variant's prompt only with an empty one), built-in tools the
   * capture counted.
   */
  contextCounts(
    sessionModel: string,
    apiModel: string,
    afterATurn: boolean,
    configDir: string,
    tools: SessionTools,
    conversation?: Json,
    asDefault = false,
    toolsModel?: string,
  ): { path: string; bodies: Json[] } | undefined {
    const data = this.data.contextCounts;
    if (!data || !this.countsCovered(sessionModel, tools, asDefault, afterATurn, toolsModel))
      return undefined;
    const bodies = this.counts.bodies(
      apiModel,
      afterATurn,
      this.promptValues(configDir),
      conversation,
      this.shape(tools, toolsModel, sessionModel),
    );
    return bodies ? { path: data.path, bodies } : undefined;
  }

  /** Every part of the context `contextCounts` counts (see `ContextCounts.parts`), where it does. */
  contextParts(
    sessionModel: string,
    apiModel: string,
    afterATurn: boolean,
    configDir: string,
    tools: SessionTools,
    asDefault = false,
    toolsModel?: string,
  ): CountedPart[] | undefined {
    if (!this.countsCovered(sessionModel, tools, asDefault, afterATurn, toolsModel)) return undefined;
    return this.counts.parts(
      apiModel,
      afterATurn,
      this.promptValues(configDir),
      this.shape(tools, toolsModel, sessionModel),
    );
  }

  /**
   * What of the session shapes its counts: `toolsModel`, the model its tools were described for
   * once that is fixed (undefined: not yet), and the counts of `sessionModel` where they are its own.
   */
  private shape(tools: SessionTools, toolsModel: string | undefined, sessionModel: string): ContextShape {
    const described = toolsModel === undefined ? undefined : this.variant(toolsModel)?.tools;
    const counted = this.variant(sessionModel)?.contextCounts;
    return {
      ownPrompt: this.systemPrompt === undefined,
      tools: new Set(tools.builtin),
      mcpTools: tools.mcp,
      ...(described ? { described } : {}),
      ...(counted ? { counted } : {}),
    };
  }

  /** The values of the CLI's own prompt's templates for this session (`{cwd}`, `{memoryDir}`, …). */
  templateValues(configDir: string): Record<string, string> {
    return this.promptValues(configDir);
  }

  /** Whether the captured counts cover a session of `sessionModel` and `tools` (see `contextCounts`). */
  private countsCovered(
    sessionModel: string,
    tools: SessionTools,
    asDefault = false,
    afterATurn = false,
    toolsModel?: string,
  ): boolean {
    const variant = this.variant(sessionModel);
    // After a turn on another model with a prompt of its own, the sections are that prompt's.
    if (
      this.systemPrompt === undefined &&
      afterATurn &&
      toolsModel !== undefined &&
      toolsModel !== sessionModel &&
      this.variant(toolsModel)?.defaultPrompt !== undefined
    )
      return false;
    const ownPrompt = this.systemPrompt === undefined && variant?.defaultPrompt !== undefined;
    // A model counted as the default one, or with counts of its own: with the CLI's own prompt, its
    // own prompt's sections as set_model leaves them are not captured (a session started on
    // 2.1.332's claude-haiku-4-5 counts 15 sections, one set to it 17).
    const modelCovered = !variant || ((asDefault || variant.contextCounts !== undefined) && !ownPrompt);
    return (
      (this.systemPrompt === undefined || this.systemPrompt === '') &&
      !this.appendSystemPrompt &&
      modelCovered &&
      this.counts.countsTools(tools.builtin)
    );
  }

  /** Whether the version counts the conversation after a turn (2.1.150), rather than estimating it. */
  get countsConversation(): boolean {
    return this.data.contextCounts?.afterATurn === null;
  }

  /**
   * What a session of `model` (its API id) and this session's auth sends other than the default
   * session: the variant captured for both, else for the model with another auth.
   */
  variant(model: string | undefined): ModelSideVariant | undefined {
    if (model === undefined) return undefined;
    const variants = this.data.variants ?? [];
    return (
      variants.find((v) => v.when.model === model && v.when.auth === this.auth) ??
      variants.find((v) => v.when.model === model && v.when.auth === 'api-key')
    );
  }

  /** The session model a `--model` value names: an alias resolved as the version does, else itself. */
  resolveModel(model: string): string {
    return this.data.aliases?.[model] ?? model;
  }

  /** The request parameters for `model` (the version's `defaults` unless its variant has its own). */
  requestParams(model: string, defaults: Json): Json {
    const own = this.variant(model)?.requestParams;
    return own ? structuredClone(own) : defaults;
  }

  /**
   * The built-in tools offered with `model`: a variant's own definition replaces the default's, and
   * the permission mode's (of the session's first request) replaces that.
   */
  tools<T extends { name: string }>(model: string, tools: T[]): T[] {
    const own = { ...this.variant(model)?.tools, ...this.modes.tools() };
    if (Object.keys(own).length === 0) return tools;
    const month = monthYear();
    return tools.map((t) => {
      const replacement = own[t.name];
      if (!replacement) return t;
      const description = String(replacement.description ?? '')
        .split('{monthYear}')
        .join(month);
      return { ...(replacement as unknown as T), description };
    });
  }

  /**
   * A UserPromptSubmit hook's context for a prompt: before the session's first request it is a
   * session-start notice (true: taken); after, the caller puts it in the prompt's message.
   */
  takeNotice(text: string): boolean {
    if (this.opening !== undefined) return false;
    this.notices.push(text);
    return true;
  }

  /**
   * A prompt blocked by a UserPromptSubmit hook: before the session's first request it spends
   * what the version sends once with the first prompt (2.1.150: the skills list).
   */
  promptBlocked(): void {
    if (this.opening === undefined) this.spent = this.data.hooks.spentByBlockedPrompt;
  }

  /**
   * What the SessionStart command hooks of `source` had to say: at startup, it goes before the
   * context of the first prompt (a resumed session's, the real CLI puts with the next prompt: not
   * emulated).
   */
  sessionStartHooks(source: string, notes: readonly SessionStartNote[]): void {
    if (source === 'startup' && this.opening === undefined) this.sessionStartNotes = [...notes];
  }

  /**
   * A request's messages: the conversation, the context the version puts around the session's
   * first prompt (frozen at the first request: the day, the model, the skills, the session-start
   * notices — the plan mode's reminder with its plan file under `configDir`/plans named after the
   * first prompt, a hook's context, the budget), cache control on the last block. With
   * `templates`, the context is theirs (a subagent's); after a compaction, the rebuilt one.
   */
  messages(
    history: ReadonlyArray<{ role: string; content: unknown }>,
    permissionMode: string,
    configDir: string,
    facts: ContextFacts,
    templates?: ContextTemplates,
  ): Json[] {
    return this.messagesLater(history, permissionMode, configDir, facts, templates)();
  }

  /**
   * The context around the conversation for `facts`' model (its variant's own parts where it has
   * them), and the facts its templates are filled with.
   */
  private contextFor(facts: ContextFacts) {
    const variant = this.variant(facts.sessionModel ?? facts.model);
    const context = {
      ...this.data.context,
      ...(variant?.userBlocks ? { userBlocks: variant.userBlocks } : {}),
      ...(variant?.systemMessage !== undefined ? { systemMessage: variant.systemMessage } : {}),
      ...(variant?.cacheControl ? { cacheControl: variant.cacheControl } : {}),
      ...(variant?.deferredBuiltins ? { deferredBuiltins: variant.deferredBuiltins } : {}),
    };
    // The deferred tools only the model has (2.1.332's claude-haiku-4-5: the Task tools) are
    // listed whatever tools the session lists.
    const ownTools = (variant?.deferredBuiltins ?? []).filter(
      (t) => !this.data.context.deferredBuiltins.includes(t),
    );
    const openingFacts = (): OpeningFacts => ({
      model: facts.model,
      projectSkills: facts.projectSkills,
      deferredMcpTools: facts.deferredMcpTools,
      builtinTools: [...facts.builtinTools, ...ownTools],
      cwd: this.cwd,
      date: contextDate(),
      osVersion: `${type()} ${release()}`,
      platform: process.platform,
      isGitRepo: existsSync(join(this.cwd, '.git')),
    });
    return { context, openingFacts };
  }

  /**
   * The rough tokens of the context `templates` lay around a conversation (each of its blocks and
   * its system-role message, rounded on its own as the real CLI counts them), filled for this
   * session as a request now would have them; nothing is kept (a compaction's `post_tokens` counts
   * the context it re-attaches).
   */
  contextTokens(templates: ContextTemplates, facts: ContextFacts): number {
    const { context, openingFacts } = this.contextFor(facts);
    const opening = openingContext(withTemplates(context, templates), openingFacts(), []);
    return (
      roughContentTokens(opening.blocks.map((text) => ({ text }))) +
      (opening.system === null ? 0 : roughSystemTokens(opening.system))
    );
  }

  /** `messages`, made when the function returned is called (see `RequestMessages.later`). */
  messagesLater(
    history: ReadonlyArray<{ role: string; content: unknown }>,
    permissionMode: string,
    configDir: string,
    facts: ContextFacts,
    templates?: ContextTemplates,
  ): () => Json[] {
    const { context, openingFacts } = this.contextFor(facts);
    // Another context (a subagent's): its own, frozen at its first request.
    if (templates !== undefined) {
      let own = this.otherOpenings.get(templates);
      if (own === undefined) {
        own = openingContext(withTemplates(context, templates), openingFacts(), []);
        this.otherOpenings.set(templates, own);
      }
      return this.requestMessages(history, own, context.cacheControl);
    }
    if (this.opening === undefined && this.rebuilt !== undefined)
      this.opening = openingContext(withTemplates(context, this.rebuilt), openingFacts(), []);
    if (this.opening === undefined) {
      const first = history.find((m) => m.role === 'user');
      const notices: string[] = [];
      if (permissionMode === 'plan')
        notices.push(
          fillTemplate(this.data.planReminder.template, {
            planFilePath: join(configDir, 'plans', `${planSlug(first?.content)}.md`),
          }),
        );
      const modeNotice = this.modes.opened(permissionMode);
      if (modeNotice !== undefined) notices.push(modeNotice);
      notices.push(...this.notices);
      if (this.maxBudgetUsd !== undefined)
        notices.push(budgetNotice(this.data.context, 0, this.maxBudgetUsd));
      const spent = withoutSpent(
        context,
        sessionStartTexts(this.data.hooks, this.sessionStartNotes, 'startup'),
        this.spent,
      );
      this.opening = openingContext(spent.context, openingFacts(), notices, spent.sessionStart);
    }
    return this.requestMessages(history, this.opening, context.cacheControl);
  }

  private requestMessages(
    history: ReadonlyArray<{ role: string; content: unknown }>,
    opening: Opening,
    cacheControl: Json | null,
  ): () => Json[] {
    let built = this.built.get(history);
    if (built === undefined) {
      built = new RequestMessages();
      this.built.set(history, built);
    }
    return built.later(history, opening, cacheControl);
  }

  /**
   * After a batch of tool results (`results`, mutated where a notice goes among them): the
   * PostToolUse hooks' contexts and `--max-budget-usd`'s notice where the version puts them; a
   * system-role message to remember after them, if the version sends one.
   */
  afterTools(results: Json[], spent: number, contexts: readonly PostToolUseContext[] = []): Json | undefined {
    const notice =
      this.maxBudgetUsd === undefined ? undefined : budgetNotice(this.data.context, spent, this.maxBudgetUsd);
    const budget = notice === undefined ? undefined : budgetAfterTools(this.data.context, results, notice);
    // In a system-role message, the hooks' texts come before the budget notice.
    const system = afterToolBatch(this.data.hooks, results, contexts, budget?.content as string | undefined);
    return system === undefined ? undefined : { role: 'system', content: system };
  }

  /**
   * A prompt is sent in `permissionMode`: what it carries for a change of mode since the last
   * prompt, if anything (a plan file under `configDir`/plans named after `prompt`, as the first's).
   */
  modeChange(permissionMode: string, configDir: string, prompt: unknown): ModeChangeReminder | undefined {
    return this.modes.prompted(permissionMode, join(configDir, 'plans', `${planSlug(prompt)}.md`));
  }

  /** The request parameters of `permissionMode` (2.1.332's classifier context), for this session. */
  modeParams(permissionMode: string, facts: ModeParamFacts): Json {
    return this.modes.params(permissionMode, facts);
  }

  /** The messages that give the model a Stop hook's block (`reason`, of `by`), to remember. */
  stopBlocked(reason: string, by: BlockingHook): Array<{ role: 'user' | 'system'; content: unknown }> {
    return stopBlockMessages(this.data.hooks, reason, by);
  }

  /**
   * A compaction: the context is rebuilt at the next request from `templates` (what the version
   * puts around a compacted conversation), without the session-start notices of the first prompt.
   */
  rebuildContext(templates: ContextTemplates): void {
    this.rebuilt = templates;
    this.opening = undefined;
  }

  /**
   * The check `set_model` with `model` (as sent) makes of the API, if the version makes one for it
   * (once per model in a session).
   */
  modelCheck(
    model: string,
    env: Record<string, string | undefined>,
    sessionId: string,
  ): { path: string; body: Json } | undefined {
    return this.modelChecks.requestFor(model, this.metadata(env, sessionId));
  }

  /**
   * A prompt's images (in `content`), where the version keeps them: each saved under the temporary
   * folder, and the text blocks naming them (a user message after the prompt's), if any.
   */
  imageNotes(content: unknown, facts: ImageNoteFacts): Json[] | undefined {
    return this.images.noteAndSave(content, facts);
  }

  /** A request's `metadata`: the device id of the CLI's global config, the session. */
  metadata(env: Record<string, string | undefined>, sessionId: string): Json {
    this.device ??= deviceId(env);
    return { user_id: JSON.stringify({ device_id: this.device, account_uuid: '', session_id: sessionId }) };
  }

  /** The model to ask in `turn`: the fallback model once the turn switched, else `primary`. */
  model(primary: string, turn: object | undefined): string {
    return this.fallback.modelFor(turn) ?? primary;
  }

  /**
   * A failed answer in `turn` (its status): true when the turn switches to the fallback model
   * now; then `switchMessage` is what the CLI emits, if anything.
   */
  switchesAfter(status: number, turn: object): boolean {
    return this.fallback.onAnswer(status, turn);
  }

  switchMessage(facts: FallbackFacts): Json | undefined {
    return modelFallbackMessage(this.data, facts);
  }

  /**
   * A request tool the CLI offers whatever the session's tools: `DeferredToolPlaceholder` (where
   * the version has it, it stands in the request for the tools deferred behind ToolSearch).
   */
  offeredAlways(apiToolName: string): boolean {
    return apiToolName === 'DeferredToolPlaceholder';
  }

  /** Whether MCP tools stay out of the request's `tools` (deferred behind ToolSearch). */
  defersMcpTools(builtinApiToolNames: readonly string[]): boolean {
    return defersMcpTools(builtinApiToolNames);
  }
}

/** The plan file's name: the first prompt's first words, then the fake's own words. */
function planSlug(content: unknown): string {
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((c) => (typeof c?.text === 'string' ? c.text : '')).join(' ')
        : '';
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .split('-')
    .filter(Boolean)
    .slice(0, 4);
  return [...words, 'scripted', 'plan'].join('-');
}
