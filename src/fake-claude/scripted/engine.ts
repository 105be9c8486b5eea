import { homedir } from 'node:os';
import { join } from 'node:path';
import { readSettledLines } from '../../protocol/settled-lines.js';
import { stringifyJson } from '../../util/deep-json.js';
import { isRecord } from '../../util/json.js';
import { randomUuid } from '../../util/uuid.js';
import type {
  ApiTool,
  CliBehaviour,
  Json,
  ResultTotals,
  SessionFacts,
  ToolContext,
} from '../behaviour/index.js';
import type { FakeFlags } from '../flags.js';
import type { FakeIo } from '../io.js';
import type { ContextTemplates } from '../model-side/context-templates.js';
import { ModelSideSession } from '../model-side/session.js';
import { sendStartRequests } from '../model-side/start-requests.js';
import type { ModelTotals } from '../usage/session-cost.js';
import { SessionTally } from '../usage/tally.js';
import { postToApi } from './api-post.js';
import { AwaitInitialize } from './await-initialize.js';
import { cliTmpDir } from './cli-tmpdir.js';
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
import { ModelLoop, type ModelLoopHost } from './model-loop.js';
import { logRequest, type ModelSource } from './model-source.js';
import { type ModelUsageEntry, ResultAccounting } from './result-accounting.js';
import { SessionContext, type SessionContextHost } from './session-context.js';
import { SessionState } from './session-state/index.js';
import { SessionStore, type StoredMessage, transcriptPath } from './session-store.js';
import { parseMcpConfigs } from './stdio-mcp.js';
import { StructuredOutput } from './structured-output/index.js';
import { ToolUse, type ToolUseHost } from './tool-use.js';
import { TurnLoop, type TurnLoopHost } from './turn-loop.js';
import type { TurnState } from './turn-state.js';

export { killedExitCode } from './errors.js';

/**
 * Scripted mode: the CLI side of a stream-json session, emulated around model turns. The engine
 * sequences what happens (stdin lines, control requests both ways, model calls, tool calls,
 * interrupts); every shape and text comes from the behaviour model of the emulated version.
 *
 * It holds the session's state and reads its input; the parts each see it through a narrow host:
 * a user message's turn (turn-loop.ts), the turn's model calls (model-loop.ts) and tool calls
 * (tool-use.ts), the client's control requests (control/, one handler each), MCP servers
 * (mcp-hub.ts), the results' totals (result-accounting.ts), `get_context_usage`
 * (session-context.ts), the message kinds beyond a plain turn (message-kinds/).
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
  /** A turn's model calls, streamed responses and tool batches, to its result (model-loop.ts). */
  private readonly modelLoop: ModelLoop;
  /** A user message taken as a turn: prompt hooks, system/init, the prompt kept (turn-loop.ts). */
  private readonly turnLoop: TurnLoop;
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
    this.modelLoop = new ModelLoop(this.modelLoopHost());
    this.turnLoop = new TurnLoop(this.turnLoopHost());
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

  /** The turn in progress, if any. */
  get turn(): TurnState | undefined {
    return this.turnLoop.turn;
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
        this.enqueue(() => this.turnLoop.run(value));
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
      tmpDir: cliTmpDir(this.options.env),
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
  private failStartup(): void {
    if (!this.startupError) return;
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

  // ------------------------------------------------------------------ conversation and requests

  /** What the context around the conversation is made of, for the model the session asks now. */
  private contextFacts() {
    const sessionModel = this.modelSide.model(this.model, this.turn);
    return {
      model: String(this.b.apiModelFor(sessionModel)),
      sessionModel,
      projectSkills: this.extensions.listed,
      deferredMcpTools: this.deferredMcpTools(),
      builtinTools: this.builtinToolNames(),
    };
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
      this.contextFacts(),
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
        return engine.modelLoop.lastUsage;
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
      lastUsage: () => this.modelLoop.lastUsage,
      configDir: () => this.configDir,
      promptSuggestions: () => this.promptSuggestions,
      permissionMode: () => this.permissionMode,
      lastResultIsError: () => this.accounting.lastResultIsError,
      requestBody: (history, context) => this.requestBody(history, context),
      rebuildContext: (context) => this.modelSide.rebuildContext(context),
      contextTokens: (context) => this.modelSide.contextTokens(context, this.contextFacts()),
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

  /** What the model loop uses of the session (collaborators fixed by now; model and id read live). */
  private modelLoopHost(): ModelLoopHost {
    const engine = this;
    return {
      b: this.b,
      flags: this.flags,
      env: this.options.env,
      auth: this.auth,
      get model() {
        return engine.model;
      },
      get sessionId() {
        return engine.sessionId;
      },
      modelSide: this.modelSide,
      context: this.context,
      accounting: this.accounting,
      tally: this.tally,
      hookRunner: this.hookRunner,
      toolUse: this.toolUse,
      structured: this.structured,
      facts: () => this.facts(),
      emit: (message) => this.emit(message),
      emitResult: (message) => this.emitResult(message),
      remember: (message) => this.remember(message),
      requestBody: () => this.requestBody(),
      source: () => this.source(),
      saveSourcePosition: (source) => this.saveSourcePosition(source),
      outputStyle: () => outputStyleInForce(this),
    };
  }

  /** What a turn uses of the session (collaborators fixed by now; model, id and mode read live). */
  private turnLoopHost(): TurnLoopHost {
    const engine = this;
    return {
      b: this.b,
      flags: this.flags,
      env: this.options.env,
      cwd: this.options.cwd,
      configDir: this.configDir,
      get model() {
        return engine.model;
      },
      get sessionId() {
        return engine.sessionId;
      },
      get permissionMode() {
        return engine.permissionMode;
      },
      modelSide: this.modelSide,
      context: this.context,
      accounting: this.accounting,
      hookRunner: this.hookRunner,
      mcp: this.mcp,
      kinds: this.kinds,
      sessionState: this.sessionState,
      modelLoop: this.modelLoop,
      commands: this.extensions.commands,
      facts: () => this.facts(),
      emit: (message) => this.emit(message),
      emitResult: (message) => this.emitResult(message),
      remember: (message) => this.remember(message),
      failStartup: () => this.failStartup(),
      sessionStart: () => this.sessionStart(),
      builtinToolNames: () => this.builtinToolNames(),
      deferredMcpTools: () => this.deferredMcpTools(),
      coAuthored: () => sessionSettings(this).flag.includeCoAuthoredBy !== false,
      outputStyle: () => outputStyleInForce(this),
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
}
