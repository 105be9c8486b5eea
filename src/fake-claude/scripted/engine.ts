import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSettledLines } from '../../protocol/settled-lines.js';
import { monotonicMs } from '../../util/clock.js';
import { jsonDepth, stringifyJson } from '../../util/deep-json.js';
import { isRecord } from '../../util/json.js';
import { sleep } from '../../util/sleep.js';
import { randomUuid } from '../../util/uuid.js';
import type {
  ApiTool,
  CallUsage,
  CliBehaviour,
  Json,
  ResultTotals,
  SessionFacts,
  ToolContext,
} from '../behaviour/index.js';
import type { FakeFlags } from '../flags.js';
import type { FakeIo } from '../io.js';
import { toolResultBlock } from '../model-side/compose.js';
import type { ContextTemplates } from '../model-side/context-templates.js';
import type { PostToolUseContext } from '../model-side/hooks.js';
import { ModelSideSession } from '../model-side/session.js';
import { sendStartRequests } from '../model-side/start-requests.js';
import type { ModelTotals } from '../usage/session-cost.js';
import { SessionTally } from '../usage/tally.js';
import { postToApi } from './api-post.js';
import { AwaitInitialize } from './await-initialize.js';
import { outputStyleInForce, sessionSettings } from './control/session-settings.js';
import { handleControlRequest } from './control/table.js';
import type { ControlSession, UsageReport } from './control/types.js';
import { AbortError, Fatal, killedExitCode, StreamClosedError } from './errors.js';
import { discoverExtensions, type Extensions } from './extensions.js';
import { HookRunner } from './hook-runner.js';
import { loadCommandHooks } from './hook-settings.js';
import { McpHub } from './mcp-hub.js';
import { type KindsHost, MessageKinds } from './message-kinds/index.js';
import { messagingSocketPath } from './messaging-socket.js';
import { logRequest, type ModelSource } from './model-source.js';
import { addUsage, type ModelUsageEntry, ResultAccounting, ZERO_USAGE } from './result-accounting.js';
import { SessionContext, type SessionContextHost } from './session-context.js';
import { SessionState } from './session-state/index.js';
import { SessionStore, type StoredMessage, transcriptPath } from './session-store.js';
import { parseMcpConfigs } from './stdio-mcp.js';
import { StructuredOutput } from './structured-output/index.js';
import { ToolUse, type ToolUseHost } from './tool-use.js';
import type { TurnState } from './turn-state.js';

export { killedExitCode } from './errors.js';

/**
 * Scripted mode: the CLI side of a stream-json session, emulated around model turns. The engine
 * sequences what happens (stdin lines, control requests both ways, model calls, tool calls,
 * interrupts); every shape and text comes from the behaviour model of the emulated version.
 */

export interface EngineOptions {
  flags: FakeFlags;
  behaviour: CliBehaviour;
  /** Created lazily on the first model call (so offline control requests need no model). */
  source: () => Promise<ModelSource>;
  io: FakeIo;
  env: Record<string, string | undefined>;
  cwd: string;
  pid: number;
  /** Aborted when the session is killed: the run ends at once (`killedExitCode`), nothing more is done. */
  killed?: AbortSignal;
}

type Pending = { resolve: (value: Json) => void; reject: (error: Error) => void };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ScriptedEngine implements ControlSession {
  readonly b: CliBehaviour;
  readonly flags: FakeFlags;
  private readonly pending = new Map<string, Pending>();
  private readonly store: SessionStore;
  private readonly configDir: string;
  private readonly toolCtx: ToolContext;
  /** The requests the CLI makes as it starts (model-side/start-requests.ts), settled. */
  private started: Promise<void> = Promise.resolve();
  private readonly history: Array<{ role: 'user' | 'assistant' | 'system'; content: unknown }> = [];
  readonly mcp: McpHub;
  /** Subagents: the message kinds beyond a plain turn (message-kinds/). */
  private readonly kinds: MessageKinds;
  /** initialize asked for prompt suggestions after each turn. */
  promptSuggestions = false;
  /** The usage of the main loop's last complete response (what a compaction counts as the context before). */
  private lastUsage: CallUsage | undefined;
  /** The session's context as `get_context_usage` reads it: counts, answer, kept attachments. */
  private readonly context: SessionContext;
  /** The files the session has read: an Edit, or a Write over one, needs its path here. */
  get readFiles(): Set<string> {
    return this.toolCtx.readFiles;
  }
  /** Of those, the ones only seeded as read (`seed_read_state`). */
  get seededFiles(): Set<string> {
    this.toolCtx.seededFiles ??= new Set();
    return this.toolCtx.seededFiles;
  }
  /** The settings' command hooks and the client's hook callbacks. */
  private readonly hookRunner: HookRunner;
  /** `system/session_state_changed`, when the environment asks for it. */
  private readonly sessionState: SessionState;
  /** `--json-schema`: the StructuredOutput tool and how a turn ends with it. */
  private readonly structured: StructuredOutput | undefined;
  /** The model's tool calls: hooks, permission, the tool (tool-use.ts). */
  private readonly toolUse: ToolUse;
  /** What shapes the requests to the model: system prompt options, `--fallback-model`. */
  readonly modelSide: ModelSideSession;
  /** `--await-initialize`: the first stdin line and the MCP servers of initialize. */
  readonly awaitInit: AwaitInitialize;
  private readonly accounting: ResultAccounting;
  /** What the session did besides its tokens: start, lines changed, the prompt cache (usage/tally.ts). */
  private readonly tally = new SessionTally();
  sessionId: string;
  model: string;
  readonly auth: 'api-key' | 'oauth' | 'none';
  private readonly extensions: Extensions;
  permissionMode: string;
  hooks: Json = {};
  initialized = false;
  private chain: Promise<void> = Promise.resolve();
  private inputEnded = false;
  turn: TurnState | undefined;
  private sourcePromise: Promise<ModelSource> | undefined;
  private startupError: string | undefined;
  private resumePosition: Json | undefined;
  private invalidSessionId = false;
  private fatal: Fatal | undefined;
  private onFatal: (fatal: Fatal) => void = () => {};
  private readonly fatalRaised = new Promise<never>((_, reject) => {
    this.onFatal = reject;
  });

  constructor(private readonly options: EngineOptions) {
    this.b = options.behaviour;
    this.flags = options.flags;
    this.accounting = new ResultAccounting(this.flags.includePartialMessages === true);
    this.modelSide = new ModelSideSession(
      this.b.version,
      this.flags,
      options.cwd,
      options.env.ANTHROPIC_API_KEY ? 'api-key' : options.env.CLAUDE_CODE_OAUTH_TOKEN ? 'oauth' : 'none',
    );
    this.mcp = new McpHub({
      behaviour: this.b,
      cwd: options.cwd,
      env: options.env,
      sendRequest: (request, signal) => this.sendRequest(request, signal),
    });
    this.awaitInit = new AwaitInitialize(this.flags);
    const env = options.env;
    this.configDir = env.CLAUDE_CONFIG_DIR ?? `${env.HOME ?? '/tmp'}/.claude`;
    this.store = new SessionStore(this.configDir, options.cwd, this.flags.sessionPersistence !== false);
    this.toolCtx = { cwd: options.cwd, env, readFiles: new Set() };
    this.auth = env.ANTHROPIC_API_KEY ? 'api-key' : env.CLAUDE_CODE_OAUTH_TOKEN ? 'oauth' : 'none';
    this.model = this.flags.model
      ? this.modelSide.resolveModel(this.flags.model)
      : this.b.defaultModelFor(this.auth);
    this.extensions = discoverExtensions([join(options.cwd, '.claude'), this.configDir]);
    this.context = new SessionContext(this.contextHost());
    this.permissionMode = this.flags.dangerouslySkipPermissions
      ? 'bypassPermissions'
      : (this.flags.permissionMode ?? 'default');
    this.sessionId = typeof this.flags.sessionId === 'string' ? this.flags.sessionId : randomUuid();
    for (const entry of parseMcpConfigs(this.flags.mcpConfig ?? [])) {
      // An SDK server declared on the command line (the Python Agent SDK's way) is the client's.
      if (entry.type === 'sdk') {
        this.mcp.add(entry.name);
        continue;
      }
      this.mcp.add(entry.name, entry, false);
    }
    this.restoreSession();
    this.kinds = new MessageKinds(this.kindsHost());
    this.hookRunner = this.createHookRunner();
    this.sessionState = new SessionState(
      this.b.version,
      options.env,
      (m) => this.emit(m),
      () => this.sessionId,
    );
    this.structured = StructuredOutput.from(this.b.version, this.flags.jsonSchema);
    this.toolUse = new ToolUse(this.toolUseHost());
    options.killed?.addEventListener('abort', () => this.onKilled(), { once: true });
  }

  /** The session was killed: stop where it is (no more output matters), end the run. */
  private onKilled(): void {
    if (!this.fatal) this.fatal = new Fatal(killedExitCode);
    this.onFatal(this.fatal);
    this.endInput();
    if (this.turn && !this.turn.interrupted) {
      this.turn.interrupted = true;
      this.turn.abort.abort();
    }
  }

  get currentSessionId(): string {
    return this.sessionId;
  }

  get io(): FakeIo {
    return this.options.io;
  }

  get pid(): number {
    return this.options.pid;
  }

  /** Runs the session until stdin ends (stream-json) and returns the exit code. */
  async run(): Promise<number> {
    this.fatalRaised.catch(() => {});
    try {
      if (this.invalidSessionId) {
        this.options.io.stderr.write(`${this.b.invalidSessionId}\n`);
        return 1;
      }
      this.started = sendStartRequests(
        this.options.env.ANTHROPIC_BASE_URL,
        this.modelSide.data.startRequests,
      );
      const input = this.flags.inputFormat === 'stream-json' ? this.readStdin() : this.runPrompt();
      await Promise.race([input, this.fatalRaised]);
      const unread = this.awaitInit.refuseEnd();
      if (unread) this.die(unread, 1);
      this.endInput();
      await Promise.race([this.chain, this.fatalRaised]);
      if (this.fatal) throw this.fatal;
      return this.accounting.lastResultIsError ? 1 : 0;
    } catch (error) {
      if (error instanceof Fatal) return error.exitCode;
      throw error;
    } finally {
      this.mcp.close();
      // The start-up requests end before the process does, as the real CLI's do.
      await this.started;
    }
  }

  // ------------------------------------------------------------------ input

  /**
   * stream-json input, read as the real CLI reads it (see `readSettledLines`): a line that is not
   * JSON (on some versions a whitespace-only one too) or JSON `null` ends the session with exit 1,
   * and the lines that came with it are never acted on.
   */
  private async readStdin(): Promise<void> {
    const { fatal } = await readSettledLines(
      this.options.io.stdin,
      (frames) => {
        for (const frame of frames) {
          const refused = this.awaitInit.refuseLine(frame.value);
          if (refused) this.die(refused, 1);
          this.onLine(frame.value);
        }
      },
      {
        blankLines: this.b.stdinBlankLines,
        isFatal: (frame) => frame.value === null,
        ...(this.options.io.stdinSettleMs === undefined ? {} : { settleMs: this.options.io.stdinSettleMs }),
      },
    );
    if (fatal) {
      const refused = this.awaitInit.refuseBadLine(fatal.ok);
      this.die(
        refused ?? (fatal.ok ? this.b.stdinNullError(fatal.raw) : this.b.stdinParseError(fatal.raw)),
        1,
      );
    }
  }

  /** `-p "prompt"` with text input: one turn from the argument (or stdin), then exit. */
  private async runPrompt(): Promise<void> {
    let prompt = this.flags.prompt ?? '';
    if (!this.options.io.stdinIsTTY) {
      let text = '';
      for await (const chunk of this.options.io.stdin) text += chunk.toString();
      prompt = [prompt, text].filter(Boolean).join('\n');
    }
    if (!prompt) {
      this.options.io.stderr.write(
        'Error: Input must be provided either through stdin or as a prompt argument when using --print\n',
      );
      throw new Fatal(1);
    }
    this.onLine({ type: 'user', message: { role: 'user', content: prompt } });
  }

  private die(stderrLine: string, exitCode: number): never {
    this.options.io.stderr.write(`${stderrLine}\n`);
    this.fatal = new Fatal(exitCode);
    throw this.fatal;
  }

  endWith(stderrLine: string, exitCode: number): void {
    this.options.io.stderr.write(`${stderrLine}\n`);
    this.fatal = new Fatal(exitCode);
    this.onFatal(this.fatal);
  }

  private onLine(value: unknown): void {
    if (value === null) this.die(this.b.stdinNullError('null'), 1);
    if (!isRecord(value)) return;
    switch (value.type) {
      case 'user':
        this.enqueue(() => this.runTurn(value));
        return;
      case 'control_request': {
        const request = isRecord(value.request) ? value.request : {};
        const answer = () => handleControlRequest(this, request, String(value.request_id ?? ''));
        // SessionStart's command hooks run before initialize is answered.
        const started = request.subtype === 'initialize' ? this.sessionStart() : undefined;
        if (started) started.then(answer, answer);
        else answer();
        return;
      }
      case 'control_response':
        this.onControlResponse(value);
        return;
      default:
        return;
    }
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.fatal) return;
      try {
        await task();
      } catch (error) {
        if (!(error instanceof Fatal)) throw error;
        this.fatal = error;
        this.onFatal(error);
      }
    });
  }

  private endInput(): void {
    this.inputEnded = true;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new StreamClosedError('stream closed'));
    }
  }

  // ------------------------------------------------------------------ output

  emit(message: Json): void {
    if (this.flags.outputFormat !== 'stream-json') {
      if (message.type === 'result') this.printResult(message);
      return;
    }
    this.options.io.stdout.write(`${stringifyJson(message)}\n`);
  }

  private printResult(result: Json): void {
    if (this.flags.outputFormat === 'json') this.options.io.stdout.write(`${JSON.stringify(result)}\n`);
    else this.options.io.stdout.write(`${typeof result.result === 'string' ? result.result : ''}\n`);
  }

  facts(): SessionFacts {
    const mcpTools = this.mcp.toolNames(this.flags.permissionPromptTool);
    return {
      sessionId: this.sessionId,
      cwd: this.options.cwd,
      model: this.model,
      permissionMode: this.permissionMode,
      tools: [...this.builtinToolNames(), ...mcpTools],
      skills: [...this.extensions.skills.keys()],
      commands: [...this.extensions.commands.keys()],
      mcpServers: this.mcp.initEntries(),
      apiKeySource: this.options.env.ANTHROPIC_API_KEY ? 'ANTHROPIC_API_KEY' : 'none',
      configDir: this.configDir,
      home: this.options.env.HOME ?? homedir(),
      auth: this.auth,
      tmpDir: this.options.env.TMPDIR ?? tmpdir(),
      pid: this.options.pid,
      messagingSocketPath: messagingSocketPath(this.options.env, this.options.pid),
    };
  }

  private builtinToolNames(): string[] {
    const all = this.b.initToolNames({
      permissionPromptTool: this.flags.permissionPromptTool,
      auth: this.auth,
    });
    const tools = this.flags.tools;
    let names = all;
    if (tools !== undefined) {
      const wanted = tools.flatMap((t) => t.split(/[\s,]+/)).filter(Boolean);
      if (!wanted.includes('default'))
        names = all.filter((n) => wanted.includes(n) || (n === 'Task' && wanted.includes('Agent')));
    }
    const denied = (this.flags.disallowedTools ?? []).flatMap((t) => t.split(/[\s,]+/)).filter(Boolean);
    const kept = names.filter((n) => !denied.includes(n));
    return this.structured ? this.structured.initTools(kept) : kept;
  }

  /** The MCP tools a version that defers them lists behind ToolSearch (none where it offers them). */
  private deferredMcpTools(): string[] {
    const builtin = this.b.apiTools().map((t) => t.name);
    if (!this.modelSide.defersMcpTools(builtin)) return [];
    return this.mcp.apiTools(this.flags.permissionPromptTool).map((t) => t.name);
  }

  private apiTools(): ApiTool[] {
    const names = new Set(this.builtinToolNames().map((n) => (n === 'Task' ? 'Agent' : n)));
    const offered = this.b
      .apiTools()
      .filter((t) => names.has(t.name) || this.modelSide.offeredAlways(t.name));
    const builtin = this.structured ? this.structured.apiTools(offered) : offered;
    // Versions that offer ToolSearch defer MCP tools: they are never in the request's tools.
    if (this.modelSide.defersMcpTools(builtin.map((t) => t.name))) return builtin;
    return [...builtin, ...this.mcp.apiTools(this.flags.permissionPromptTool)];
  }

  private totals(turn: TurnState | undefined, numTurns: number, denials: Json[]): ResultTotals {
    return this.accounting.totals(turn, numTurns, denials);
  }

  private emitResult(message: Json): void {
    const result = this.structured ? this.structured.decorate(message, this.turn) : message;
    this.accounting.onResult(result);
    this.emit(result);
    this.sessionState.idle();
    if (this.b.resumeRestoresModelUsage) this.store.saveUsage(this.sessionId, this.accounting.modelUsage);
  }

  // ------------------------------------------------------------------ control requests

  reply(requestId: string, response?: Json, subtype?: string): void {
    this.emit({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: requestId,
        ...(response === undefined ? {} : { response }),
        ...(subtype === undefined ? {} : this.b.controlEnvelope(subtype)),
      },
    });
  }

  replyError(requestId: string, error: string, extra: Json = {}): void {
    this.emit({
      type: 'control_response',
      response: { subtype: 'error', request_id: requestId, error, ...extra },
    });
  }

  private onControlResponse(message: Json): void {
    const response = isRecord(message.response) ? message.response : {};
    const id = String(response.request_id ?? '');
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (response.subtype === 'error') pending.reject(new Error(String(response.error ?? 'error')));
    else pending.resolve(isRecord(response.response) ? response.response : {});
  }

  /** Sends a CLI→client control request; rejects with AbortError (after control_cancel_request) on abort. */
  private sendRequest(request: Json, signal?: AbortSignal): Promise<Json> {
    if (this.inputEnded) return Promise.reject(new StreamClosedError('stream closed'));
    const requestId = randomUuid();
    return new Promise<Json>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.has(requestId)) return;
        this.pending.delete(requestId);
        this.emit({ type: 'control_cancel_request', request_id: requestId });
        reject(new AbortError('aborted'));
      };
      this.pending.set(requestId, {
        resolve: (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      });
      this.emit({ type: 'control_request', request_id: requestId, request });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  // ------------------------------------------------------------------ session

  private restoreSession(): void {
    const { flags } = this;
    if (typeof flags.sessionId === 'string' && !UUID.test(flags.sessionId)) this.invalidSessionId = true;
    let resumeId: string | undefined;
    if (typeof flags.resume === 'string') resumeId = flags.resume;
    else if (flags.continue) resumeId = this.store.latest();
    if (resumeId === undefined) return;
    const stored = this.store.load(resumeId);
    if (!stored) {
      this.startupError = this.b.noConversationFound(resumeId);
      return;
    }
    for (const message of stored) this.history.push({ role: message.role, content: message.content });
    const lastModel = [...stored].reverse().find((m) => m.model)?.model;
    if (lastModel && !flags.model) this.model = lastModel;
    this.resumePosition = this.store.loadCursor(resumeId);
    if (this.b.resumeRestoresModelUsage)
      this.accounting.restore(this.store.loadUsage(resumeId) as Record<string, ModelUsageEntry> | undefined);
    if (!flags.forkSession) this.sessionId = resumeId;
    else {
      for (const message of stored) this.store.append(this.sessionId, message);
      if (this.resumePosition) this.store.saveCursor(this.sessionId, this.resumePosition);
    }
  }

  private remember(message: StoredMessage): void {
    this.history.push({ role: message.role, content: message.content });
    this.store.append(this.sessionId, message);
  }

  /** A start-up failure reported on the first turn (the real CLI reports it once input arrives). */
  private failStartup(): boolean {
    if (!this.startupError) return false;
    const text = this.startupError;
    this.options.io.stderr.write(`${text}\n`);
    this.emit({
      ...this.b.resultError(
        this.facts(),
        this.totals(undefined, 0, []),
        null,
        undefined,
        [text],
        randomUuid(),
      ),
      session_id: randomUuid(),
    });
    throw new Fatal(1);
  }

  // ------------------------------------------------------------------ turns

  private async runTurn(message: Json): Promise<void> {
    this.failStartup();
    this.sessionState.running();
    let content = isRecord(message.message) ? message.message.content : undefined;
    // A user message without content: some versions take a placeholder prompt, others fail the turn.
    if (content === undefined && this.b.missingContentPrompt !== undefined)
      content = this.b.missingContentPrompt;
    if (typeof content !== 'string' && !Array.isArray(content)) {
      this.emitResult(
        this.b.resultError(
          this.facts(),
          this.totals(undefined, 0, []),
          null,
          undefined,
          [this.b.missingContentError],
          randomUuid(),
        ),
      );
      throw new Fatal(1);
    }
    const turn: TurnState = {
      abort: new AbortController(),
      interrupted: false,
      started: monotonicMs(),
      ttftMs: 0,
      apiMs: 0,
      usage: { ...ZERO_USAGE },
      toolUses: 0,
      modelCalls: 0,
      stopHookActive: false,
      phase: 'streaming',
      promptId: randomUuid(),
      messageIds: [],
    };
    this.turn = turn;
    try {
      await this.mcp.connect();
      const started = this.sessionStart();
      if (started) await started;
      // A command the CLI runs itself (`/compact`): no prompt hooks, no model turn of its own.
      if (await this.kinds.localCommand(content, turn)) return;
      // UserPromptSubmit hooks run before system/init; a block ends the turn without a model call.
      const prompt = await this.hookRunner.run(
        'UserPromptSubmit',
        undefined,
        { prompt: promptText(content) },
        randomUuid(),
        turn,
      );
      this.emit(this.b.initMessage(this.facts(), randomUuid()));
      if (prompt.block !== undefined) {
        this.modelSide.promptBlocked();
        const blocked = { reason: prompt.block, prompt: promptText(content) };
        const notice = this.b.promptBlockedNotice(this.facts(), blocked, randomUuid());
        if (notice) this.emit(notice);
        this.emitResult(
          this.b.resultPromptBlocked(this.facts(), this.totals(turn, 0, []), randomUuid(), blocked),
        );
        return;
      }
      if (this.overBudget()) {
        this.emitResult(
          this.b.resultLimit(
            this.facts(),
            this.totals(turn, 1, []),
            null,
            'max_budget_usd',
            [this.b.maxBudgetError(this.flags.maxBudgetUsd!)],
            randomUuid(),
          ),
        );
        return;
      }
      if (this.flags.replayUserMessages) {
        this.emit({
          ...message,
          session_id: this.sessionId,
          parent_tool_use_id: null,
          uuid: typeof message.uuid === 'string' ? message.uuid : randomUuid(),
          timestamp: new Date().toISOString(),
          isReplay: true,
        });
      }
      // Content nested too deep for the CLI's stack: the turn fails before any API request.
      if (jsonDepth(content, this.b.contentDepthLimit) > this.b.contentDepthLimit) {
        const text = this.b.stackOverflowText;
        this.emit(this.b.localErrorAssistant(text, this.facts(), randomUuid()));
        this.emitResult(this.b.resultLocalError(this.facts(), this.totals(turn, 1, []), text, randomUuid()));
        return;
      }
      // A hook's context for the session's first prompt is a session-start notice of the request.
      const context = prompt.additionalContext
        .filter((c) => !this.modelSide.takeNotice(`UserPromptSubmit hook additional context: ${c}`))
        .map((c) => ({ type: 'text', text: this.b.hookContextText('UserPromptSubmit', undefined, c) }));
      // A change of permission mode since the last prompt: blocks before it, or a system-role
      // message after it. A prompt with nothing before it stays as it came (a text: a string).
      const change = this.modelSide.modeChange(this.permissionMode, this.configDir, content);
      const before = [...(change?.blocks ?? []), ...context];
      const expanded = this.expandPrompt(content);
      const plain =
        typeof content === 'string' &&
        expanded.length === 1 &&
        isRecord(expanded[0]) &&
        expanded[0].text === content;
      this.remember({
        role: 'user',
        content: before.length === 0 && plain ? content : [...before, ...expanded],
      });
      // The prompt's images, where the version saves them: a message naming each, joined to it.
      const images = this.modelSide.imageNotes(content, {
        tmpdir: this.options.env.TMPDIR ?? tmpdir(),
        uid: process.getuid?.() ?? 0,
        cwd: this.options.cwd,
        sessionId: this.sessionId,
      });
      if (images) this.remember({ role: 'user', content: images });
      if (change?.system) this.remember(change.system);
      const kept = this.context.keptAttachments();
      if (kept) {
        const model = String(this.b.apiModelFor(this.model));
        kept.onPrompt({
          coAuthored: sessionSettings(this).flag.includeCoAuthoredBy !== false,
          model: { id: model, contextTexts: this.modelSide.contextTexts(model) },
          deferred: this.modelSide.deferredToolNames(model, this.builtinToolNames(), this.deferredMcpTools()),
          outputStyle: outputStyleInForce(this),
        });
      }
      await this.modelLoop(turn);
      await this.kinds.afterTurn(turn);
    } finally {
      this.turn = undefined;
    }
  }

  /** What the model receives for a prompt: a `/command args` of the project is expanded. */
  private expandPrompt(content: string | unknown[]): unknown[] {
    if (typeof content !== 'string') return content;
    const slash = /^\/([A-Za-z0-9_:-]+)(?:\s+([\s\S]*))?$/.exec(content.trim());
    const command = slash ? this.extensions.commands.get(slash[1]!) : undefined;
    if (slash && command !== undefined) return this.b.slashCommandBlocks(slash[1]!, slash[2] ?? '', command);
    return [{ type: 'text', text: content }];
  }

  private requestBody(history = this.history, context?: ContextTemplates): Json {
    const sessionModel = this.modelSide.model(this.model, this.turn);
    this.context.toolsModel ??= sessionModel;
    const model = String(this.b.apiModelFor(sessionModel));
    // The conversation as of now, made into the request's array only when something reads it (a
    // request log, an HTTP model, a side request): a model script played in-process never does, and
    // the copy is the one part of a request that grows with the session (model-side/compose.ts).
    const conversation = this.modelSide.messagesLater(
      history,
      this.permissionMode,
      this.configDir,
      {
        model,
        sessionModel,
        projectSkills: this.extensions.listed,
        deferredMcpTools: this.deferredMcpTools(),
        builtinTools: this.builtinToolNames(),
      },
      context,
    );
    let messages: unknown;
    return {
      model,
      get messages(): unknown {
        messages ??= conversation();
        return messages;
      },
      set messages(value: unknown) {
        messages = value;
      },
      system: this.modelSide.system(this.b.systemPrompt(), this.configDir, sessionModel),
      tools: this.modelSide.tools(this.context.toolsModel, this.apiTools()),
      metadata: this.modelSide.metadata(this.options.env, this.sessionId),
      ...this.modelSide.requestParams(sessionModel, this.b.apiRequestDefaults()),
      ...this.modelSide.modeParams(this.permissionMode, {
        cwd: this.options.cwd,
        home: this.options.env.HOME ?? homedir(),
        configDir: this.configDir,
      }),
      stream: true,
    };
  }

  /**
   * Requests the CLI makes of the API besides the conversation (`bodies` to `path`, together):
   * sent to the API base URL after the start-up requests, and like them settled before the next
   * model request and the exit; the promise settles once they are (each given up after
   * `timeoutMs`, a few seconds unless given).
   */
  private postAside(path: string, bodies: Json[], timeoutMs?: number): Promise<void> {
    const baseUrl = this.options.env.ANTHROPIC_BASE_URL;
    if (!baseUrl) return Promise.resolve();
    const options = {
      headers: this.b.apiHeaders(),
      env: this.options.env,
      sessionId: this.sessionId,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    };
    this.started = this.started.then(() =>
      Promise.all(bodies.map((body) => postToApi(baseUrl, { path, body }, options))).then(() => undefined),
    );
    return this.started;
  }

  /** Keeps `texts` in the conversation, a user message each (the next prompt joins them). */
  keep(texts: readonly string[]): void {
    for (const text of texts) this.remember({ role: 'user', content: text });
  }

  hasConversation(): boolean {
    return this.history.some((m) => m.role !== 'system');
  }

  /** `set_model`'s check of `model`, where the version makes one. */
  checkModel(model: string): void {
    const check = this.modelSide.modelCheck(model, this.options.env, this.sessionId);
    if (check) this.postAside(check.path, [check.body]);
  }

  /** `get_context_usage`'s token counts (`detail`: as asked): session-context.ts. */
  countContext(detail?: unknown): Promise<void> {
    return this.context.countContext(detail);
  }

  /** `get_context_usage`'s answer (`detail`: as asked): session-context.ts. */
  contextUsage(detail?: unknown): Json {
    return this.context.contextUsage(detail);
  }

  /** What the session's context accounting reads of the session. */
  private contextHost(): SessionContextHost {
    const engine = this;
    return {
      // Fixed for the session (set before the context is made); the model and last usage change.
      b: this.b,
      modelSide: this.modelSide,
      configDir: this.configDir,
      auth: this.auth,
      history: this.history,
      get model() {
        return engine.model;
      },
      get lastUsage() {
        return engine.lastUsage;
      },
      facts: () => this.facts(),
      builtinToolNames: () => this.builtinToolNames(),
      mcpTools: () => this.mcp.apiTools(this.flags.permissionPromptTool),
      apiTools: () => this.apiTools(),
      requestBody: (history) => this.requestBody(history),
      postAside: (path, bodies, timeoutMs) => this.postAside(path, bodies, timeoutMs),
      hasConversation: () => this.hasConversation(),
    };
  }

  /** What the session's usage comes to (`get_session_cost`, `get_usage`). */
  usageReport(): UsageReport {
    const totals = this.totals(undefined, 0, []);
    const models: Record<string, ModelTotals> = {};
    for (const [model, { usage, costUSD }] of Object.entries(this.accounting.modelUsage))
      models[model] = {
        inputTokens: usage.input_tokens,
        outputTokens: usage.output_tokens,
        cacheReadInputTokens: usage.cache_read_input_tokens,
        cacheCreationInputTokens: usage.cache_creation_input_tokens,
        webSearchRequests: 0,
        costUSD,
      };
    // Each model's entry as the version's result messages write it (get_usage reports it so).
    const result = this.b.resultSuccess(this.facts(), totals, '', null, randomUuid());
    const now = Date.now();
    return {
      totalCostUsd: this.accounting.totalCost,
      apiMs: this.accounting.totalApiMs,
      wallMs: now - this.tally.startedAt,
      linesAdded: this.tally.linesAdded,
      linesRemoved: this.tally.linesRemoved,
      models,
      modelUsage: isRecord(result.modelUsage) ? result.modelUsage : {},
      cache: { summary: this.tally.cache.summary(now), now, recacheTokens: this.tally.cache.recacheTokens() },
    };
  }

  /** What the message kinds (message-kinds/) use of the session. */
  private kindsHost(): KindsHost {
    return {
      b: this.b,
      facts: () => this.facts(),
      emit: (message) => this.emit(message),
      model: () => this.model,
      lastUsage: () => this.lastUsage,
      configDir: () => this.configDir,
      promptSuggestions: () => this.promptSuggestions,
      permissionMode: () => this.permissionMode,
      lastResultIsError: () => this.accounting.lastResultIsError,
      requestBody: (history, context) => this.requestBody(history, context),
      rebuildContext: (context) => this.modelSide.rebuildContext(context),
      call: async (body, signal) => {
        logRequest(this.options.env.CLIDE_FAKE_REQUEST_LOG, body);
        const source = await this.source();
        const response = await source.call(body, signal);
        this.saveSourcePosition(source);
        return response;
      },
      runTool: (block, turn) => this.toolUse.run(block, turn, [], []),
      account: (usage, apiMs) => {
        const cost = this.b.cost(this.model, usage);
        this.accounting.totalCost += cost;
        this.accounting.totalApiMs += apiMs;
        this.accounting.addModelUsage(this.model, usage, cost);
      },
      history: () => this.history,
      replaceHistory: (messages) => this.history.splice(0, this.history.length, ...messages),
      totals: (turn, numTurns) => this.totals(turn, numTurns, []),
      emitResult: (result) => this.emitResult(result),
      setSubagentStats: (stats) => {
        this.accounting.subagentStats = stats;
      },
    };
  }

  /** What running a tool call uses of the session (collaborators fixed by now; the mode read live). */
  private toolUseHost(): ToolUseHost {
    const engine = this;
    return {
      b: this.b,
      flags: this.flags,
      cwd: this.options.cwd,
      env: this.options.env,
      stderr: this.options.io.stderr,
      mcp: this.mcp,
      hookRunner: this.hookRunner,
      toolCtx: this.toolCtx,
      structured: this.structured,
      skills: this.extensions.skills,
      sessionState: this.sessionState,
      kinds: this.kinds,
      get permissionMode() {
        return engine.permissionMode;
      },
      facts: () => this.facts(),
      emit: (message) => this.emit(message),
      builtinToolNames: () => this.builtinToolNames(),
      sendRequest: (request, signal) => this.sendRequest(request, signal),
    };
  }

  private async source(): Promise<ModelSource> {
    await this.started;
    this.sourcePromise ??= this.options.source().then((source) => {
      const p = this.resumePosition;
      if (p && source.seek) {
        source.seek({
          cursor: Number(p.cursor) || 0,
          repeats: Number(p.repeats) || 0,
          responses: Number(p.responses) || 0,
        });
      }
      return source;
    });
    return this.sourcePromise;
  }

  private saveSourcePosition(source: ModelSource): void {
    const position = source.position?.();
    if (position) this.store.saveCursor(this.sessionId, position as unknown as Json);
  }

  private async modelLoop(turn: TurnState): Promise<void> {
    const denials: Json[] = [];
    const partial = this.flags.includePartialMessages === true;
    for (;;) {
      turn.phase = 'streaming';
      if (partial) this.emit(this.b.statusMessage(this.facts(), 'requesting', randomUuid(), false));
      let body = this.requestBody();
      this.context.keptAttachments()?.onRequest(body, this.modelSide.clientPrompt());
      logRequest(this.options.env.CLIDE_FAKE_REQUEST_LOG, body);
      const callStarted = monotonicMs();
      const source = await this.source();
      let response: Awaited<ReturnType<ModelSource['call']>>;
      for (let attempt = 1; ; attempt++) {
        try {
          response = await source.call(body, turn.abort.signal);
          this.saveSourcePosition(source);
        } catch (error) {
          if (turn.interrupted) return this.endInterrupted(turn, null, denials);
          response = {
            ok: false,
            status: 500,
            body: String((error as Error).message),
            requestId: undefined,
            headers: {},
          };
        }
        if (response.ok) break;
        if (this.modelSide.switchesAfter(response.status, turn)) {
          // --fallback-model: the next request goes to the fallback model at once.
          const originalModel = String(body.model);
          body = this.requestBody();
          const fallbackModel = String(body.model);
          const notice = this.modelSide.switchMessage({
            originalModel,
            fallbackModel,
            originalWindow: this.b.contextWindow(originalModel),
            fallbackWindow: this.b.contextWindow(fallbackModel),
            uuid: randomUuid(),
            sessionId: this.sessionId,
          });
          if (notice) this.emit(notice);
          logRequest(this.options.env.CLIDE_FAKE_REQUEST_LOG, body);
          continue;
        }
        const retry = this.b.retryPolicy(response.status, attempt, response.headers);
        if (!retry.retry) break;
        this.emit(this.b.apiRetryEvent(this.facts(), attempt, retry.delayMs, response.status, randomUuid()));
        await sleep(retry.delayMs, turn.abort.signal);
        if (turn.interrupted) return this.endInterrupted(turn, null, denials);
      }
      if (!response.ok) return this.endApiError(turn, response.status, response.body, denials);

      const blocks: Json[] = [];
      const partialJson = new Map<number, string>();
      let message: Json = {};
      let stopReason: string | null = null;
      let finalUsage: Partial<CallUsage> | undefined;
      let first = true;
      try {
        for await (const event of response.events) {
          if (turn.interrupted) break;
          if (first) {
            first = false;
            if (!turn.ttftMs) turn.ttftMs = Math.round(monotonicMs() - turn.started);
          }
          const type = String(event.type);
          if (type === 'ping') continue;
          if (type === 'message_start') {
            message = isRecord(event.message) ? event.message : {};
            if (typeof message.id === 'string') turn.messageIds.push(message.id);
            if (partial) this.emitStream(event, message.id, Math.round(monotonicMs() - callStarted));
            continue;
          }
          if (type === 'content_block_start') {
            const index = Number(event.index);
            blocks[index] = isRecord(event.content_block) ? { ...event.content_block } : {};
          } else if (type === 'content_block_delta') {
            const block = blocks[Number(event.index)];
            const delta = isRecord(event.delta) ? event.delta : {};
            if (block) {
              if (delta.type === 'text_delta')
                block.text = `${String(block.text ?? '')}${String(delta.text)}`;
              else if (delta.type === 'thinking_delta')
                block.thinking = `${String(block.thinking ?? '')}${String(delta.thinking)}`;
              else if (delta.type === 'signature_delta') block.signature = delta.signature;
              else if (delta.type === 'input_json_delta') {
                const index = Number(event.index);
                partialJson.set(index, `${partialJson.get(index) ?? ''}${String(delta.partial_json)}`);
              }
            }
          } else if (type === 'content_block_stop') {
            const index = Number(event.index);
            const block = blocks[index];
            if (block) {
              if (block.type === 'tool_use') {
                const json = partialJson.get(index);
                block.input = json ? (JSON.parse(json) as Json) : isRecord(block.input) ? block.input : {};
              }
              const shown =
                block.type === 'tool_use'
                  ? { ...block, input: this.b.assistantToolInput(String(block.name), block.input as Json) }
                  : block;
              this.emit(
                this.b.assistantMessage(message, shown, this.facts(), randomUuid(), response.requestId),
              );
            }
          } else if (type === 'message_delta') {
            const delta = isRecord(event.delta) ? event.delta : {};
            stopReason = typeof delta.stop_reason === 'string' ? delta.stop_reason : null;
            finalUsage = isRecord(event.usage) ? (event.usage as Partial<CallUsage>) : undefined;
          } else if (type === 'error') {
            return this.endApiError(turn, 500, event, denials);
          }
          if (partial) this.emitStream(event, message.id);
        }
      } catch (error) {
        if (!turn.interrupted) throw error;
      }
      if (turn.interrupted) {
        // Some versions account for the usage announced by an interrupted response's message_start.
        if (this.b.countsInterruptedUsage && isRecord(message.usage)) {
          const usage = addUsage(ZERO_USAGE, message.usage as Partial<CallUsage>);
          this.accounting.addModelUsage(this.model, usage, this.b.cost(this.model, usage));
        }
        return this.endInterrupted(turn, null, denials);
      }
      if (this.auth === 'oauth') {
        const rateLimit = this.b.rateLimitEvent(this.facts(), response.headers, randomUuid());
        if (rateLimit) this.emit(rateLimit);
      }

      // The response is complete: account for it.
      const usage = addUsage(
        ZERO_USAGE,
        finalUsage ?? (isRecord(message.usage) ? (message.usage as Partial<CallUsage>) : undefined),
      );
      const callMs = Math.round(monotonicMs() - callStarted);
      this.lastUsage = usage;
      this.tally.cache.record({
        at: Date.now(),
        ttl: '5m',
        inputTokens: usage.input_tokens,
        cacheReadTokens: usage.cache_read_input_tokens,
        cacheCreationTokens: usage.cache_creation_input_tokens,
      });
      turn.modelCalls += 1;
      const cost = this.b.cost(this.model, usage);
      this.accounting.totalCost += cost;
      this.accounting.addModelUsage(this.model, usage, cost);
      const content = blocks.filter(Boolean);
      // The CLI keeps (and sends back) a tool call's input as it shows it (an Edit's `replace_all`).
      this.remember({
        role: 'assistant',
        content: content.map((b) =>
          b.type === 'tool_use' && isRecord(b.input)
            ? { ...b, input: this.b.assistantToolInput(String(b.name), b.input) }
            : b,
        ),
        model: typeof message.model === 'string' ? message.model : undefined,
      });
      this.context.keptAttachments()?.onResponse(this.modelSide.sendsSystemMessage(String(body.model)));
      // --max-budget-usd: checked once the response is complete, before its tools run; the result
      // counts the response in the cost but not in the turn's usage (as 2.1.150 does).
      if (this.overBudget()) {
        this.emitResult(
          this.b.resultLimit(
            this.facts(),
            this.totals(turn, 1 + turn.toolUses, denials),
            stopReason,
            'max_budget_usd',
            [this.b.maxBudgetError(this.flags.maxBudgetUsd!)],
            randomUuid(),
          ),
        );
        return;
      }
      turn.apiMs += callMs;
      this.accounting.totalApiMs += callMs;
      turn.usage = addUsage(turn.usage, usage);

      const toolUses = content.filter((b) => b.type === 'tool_use');
      if (toolUses.length === 0) {
        const text = content
          .filter((b) => b.type === 'text')
          .map((b) => String(b.text))
          .join('');
        const stop = await this.hookRunner.run(
          'Stop',
          undefined,
          {
            stop_hook_active: turn.stopHookActive,
            last_assistant_message: text,
            background_tasks: [],
            session_crons: [],
          },
          randomUuid(),
          turn,
        );
        if (stop.block !== undefined) {
          // The reason goes back to the model as a synthetic user message, and the turn goes on.
          const feedback = this.b.stopHookFeedback(stop.block);
          this.emit(this.b.syntheticUserMessage(feedback, this.facts(), randomUuid()));
          this.emit(this.b.stopHookNotification(this.facts(), randomUuid()));
          for (const m of this.modelSide.stopBlocked(stop.block, stop.blockedBy ?? { kind: 'callback' }))
            this.remember(m);
          turn.toolUses += 1;
          turn.stopHookActive = true;
          continue;
        }
        // The result is the last message's text: the CLI keeps each block of a response as a message.
        const last = content.filter((b) => b.type === 'text').at(-1);
        this.emitResult(
          this.b.resultSuccess(
            this.facts(),
            this.totals(turn, 1 + turn.toolUses, denials),
            last === undefined ? '' : String(last.text),
            stopReason,
            randomUuid(),
          ),
        );
        return;
      }
      turn.phase = 'tools';
      const results: Json[] = [];
      const injected: Json[] = [];
      const hookContext: PostToolUseContext[] = [];
      const batch: Json[] = [];
      for (const block of toolUses) {
        const id = String(block.id);
        const outcome = await this.toolUse.run(block, turn, denials, hookContext);
        if (!outcome.isError) this.tally.fileChanged(outcome.toolUseResult);
        batch.push({
          tool_name: block.name,
          tool_input: block.input,
          tool_use_id: id,
          tool_response: outcome.content,
        });
        this.emit(this.b.toolResultMessage(id, outcome, this.facts(), randomUuid()));
        results.push(toolResultBlock(id, outcome));
        if (outcome.injectedText !== undefined) {
          turn.toolUses += 1;
          this.emit(this.b.syntheticUserMessage(outcome.injectedText, this.facts(), randomUuid()));
          injected.push({ type: 'text', text: outcome.injectedText });
        }
        if (turn.interrupted) break;
      }
      results.push(...injected);
      const notices = this.modelSide.afterTools(results, this.accounting.totalCost, hookContext);
      this.remember({ role: 'user', content: results });
      if (notices) this.remember({ role: 'system', content: notices.content });
      if (turn.interrupted) return this.endInterrupted(turn, stopReason, denials);
      this.context
        .keptAttachments()
        ?.onToolResults(outputStyleInForce(this), String(this.b.apiModelFor(this.model)));
      const structured = this.structured;
      const ended = structured?.afterTools(turn);
      if (structured && ended) {
        const end = { usage: turn.usage, lastCall: usage, stopReason };
        const totals = (spent: CallUsage) =>
          this.totals({ ...turn, usage: spent }, 1 + turn.toolUses, denials);
        return this.emitResult(structured.endResult(ended, this.b, this.facts(), totals, end));
      }
      await this.hookRunner.run(
        'PostToolBatch',
        undefined,
        { tool_calls: batch },
        `hook-${randomUuid()}`,
        turn,
      );
      const maxTurns = this.flags.maxTurns;
      if (maxTurns !== undefined && maxTurns > 0 && turn.modelCalls >= maxTurns) {
        this.emitResult(
          this.b.resultLimit(
            this.facts(),
            this.totals(turn, maxTurns + 1, denials),
            stopReason,
            'max_turns',
            [this.b.maxTurnsError(maxTurns)],
            randomUuid(),
          ),
        );
        return;
      }
    }
  }

  private emitStream(event: Json, messageId: unknown, ttftMs?: number): void {
    this.emit(
      this.b.streamEventMessage(event, this.facts(), randomUuid(), {
        ...(ttftMs === undefined ? {} : { ttftMs }),
        ...(typeof messageId === 'string' ? { messageId } : {}),
      }),
    );
  }

  private endInterrupted(turn: TurnState, stopReason: string | null, denials: Json[]): void {
    const tools = turn.phase === 'tools';
    const text = tools ? this.b.interruptedForToolText : this.b.interruptedText;
    this.emit(this.b.textUserMessage(text, this.facts(), randomUuid()));
    this.remember({ role: 'user', content: [{ type: 'text', text }] });
    this.emitResult(
      this.b.resultError(
        this.facts(),
        this.totals(turn, 2 + turn.toolUses, denials),
        stopReason,
        tools ? 'aborted_tools' : 'aborted_streaming',
        [this.b.ediagnostic(stopReason)],
        randomUuid(),
      ),
    );
  }

  private endApiError(turn: TurnState, status: number, body: unknown, denials: Json[]): void {
    const text = `API Error: ${status} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
    this.emit(
      this.b.assistantMessage(
        {
          id: randomUuid(),
          model: '<synthetic>',
          usage: { ...ZERO_USAGE },
        },
        { type: 'text', text },
        this.facts(),
        randomUuid(),
        undefined,
      ),
    );
    this.emitResult(
      this.b.resultApiError(
        this.facts(),
        this.totals(turn, 1 + turn.toolUses, denials),
        text,
        status,
        randomUuid(),
      ),
    );
  }

  private createHookRunner(): HookRunner {
    const { env, cwd } = this.options;
    return new HookRunner({
      b: this.b,
      cwd,
      env,
      commandHooks: loadCommandHooks({
        cwd,
        configDir: this.configDir,
        ...(this.flags.settingSources === undefined ? {} : { settingSources: this.flags.settingSources }),
        ...(this.flags.settings === undefined ? {} : { settings: this.flags.settings }),
      }),
      includeHookEvents: this.flags.includeHookEvents === true,
      callbacks: () => this.hooks,
      common: (promptId) => ({
        sessionId: this.sessionId,
        transcriptPath: transcriptPath(this.configDir, cwd, this.sessionId),
        cwd,
        permissionMode: this.permissionMode,
        promptId,
      }),
      sendRequest: (request, signal) => this.sendRequest(request, signal),
      emit: (message) => this.emit(message),
      onSessionStart: (source, notes) => this.modelSide.sessionStartHooks(source, notes),
    });
  }

  /** SessionStart's command hooks, once; undefined when there is nothing to wait for. */
  private sessionStart(): Promise<void> | undefined {
    const resumed = typeof this.flags.resume === 'string' || this.flags.continue === true;
    return this.hookRunner.sessionStart(resumed ? 'resume' : 'startup');
  }

  /** --max-budget-usd is set and the session's cost has reached it. */
  private overBudget(): boolean {
    const max = this.flags.maxBudgetUsd;
    return max !== undefined && this.accounting.totalCost >= max;
  }
}

/** The prompt text hooks see: the string, or the text blocks of a content array. */
function promptText(content: string | unknown[]): string {
  if (typeof content === 'string') return content;
  return content
    .filter((b): b is Json => isRecord(b) && b.type === 'text' && typeof b.text === 'string')
    .map((b) => String(b.text))
    .join('\n');
}
