import { monotonicMs } from '../../util/clock.js';
import { jsonDepth } from '../../util/deep-json.js';
import { isRecord } from '../../util/json.js';
import { randomUuid } from '../../util/uuid.js';
import type { CliBehaviour, Json, ResultTotals, SessionFacts } from '../behaviour/index.js';
import type { FakeFlags } from '../flags.js';
import type { ModelSideSession } from '../model-side/session.js';
import { cliTmpDir } from './cli-tmpdir.js';
import { Fatal } from './errors.js';
import type { Extensions } from './extensions.js';
import type { HookRunner } from './hook-runner.js';
import type { McpHub } from './mcp-hub.js';
import type { MessageKinds } from './message-kinds/index.js';
import type { ModelLoop } from './model-loop.js';
import { type ResultAccounting, ZERO_USAGE } from './result-accounting.js';
import type { SessionContext } from './session-context.js';
import type { SessionState } from './session-state/index.js';
import type { StoredMessage } from './session-store.js';
import type { TurnState } from './turn-state.js';

/** What a turn reads and uses of the session (scripted/engine.ts). */
export interface TurnLoopHost {
  readonly b: CliBehaviour;
  readonly flags: FakeFlags;
  /** The session's environment (TMPDIR: where the version saves a prompt's images). */
  readonly env: Record<string, string | undefined>;
  readonly cwd: string;
  readonly configDir: string;
  /** The session's model, id and permission mode now (a resume, control requests change them). */
  readonly model: string;
  readonly sessionId: string;
  readonly permissionMode: string;
  /** What shapes the requests: the prompt's blocks, a mode change, the images, prompt-hook notices. */
  readonly modelSide: ModelSideSession;
  /** The attachments the session keeps (told of each prompt). */
  readonly context: Pick<SessionContext, 'keptAttachments'>;
  /** The session's cost (--max-budget-usd) and every result's totals. */
  readonly accounting: ResultAccounting;
  /** UserPromptSubmit hooks. */
  readonly hookRunner: HookRunner;
  /** The session's MCP servers, connected before the first turn. */
  readonly mcp: Pick<McpHub, 'connect'>;
  /** A command the CLI runs itself (`/compact`), and what follows a turn (a prompt suggestion). */
  readonly kinds: Pick<MessageKinds, 'localCommand' | 'afterTurn'>;
  /** `system/session_state_changed`: a turn starts. */
  readonly sessionState: Pick<SessionState, 'running'>;
  /** The turn's model calls and tool calls, to its result. */
  readonly modelLoop: Pick<ModelLoop, 'run'>;
  /** The project's and user's slash commands (a `/command args` prompt is expanded). */
  readonly commands: Extensions['commands'];
  facts(): SessionFacts;
  emit(message: Json): void;
  /** Sends a result message (accounted, stored, the session idle). */
  emitResult(message: Json): void;
  /** Keeps `message` in the conversation (and the session's transcript). */
  remember(message: StoredMessage): void;
  /** Reports a start-up failure (a resume of no session) and throws `Fatal`; nothing without one. */
  failStartup(): void;
  /** SessionStart's command hooks, once; undefined when there is nothing to wait for. */
  sessionStart(): Promise<void> | undefined;
  /** The built-in tools of the session, and the MCP tools a version defers behind ToolSearch. */
  builtinToolNames(): string[];
  deferredMcpTools(): string[];
  /** Whether the settings leave the co-authored-by trailer on, and the output style in force. */
  coAuthored(): boolean;
  outputStyle(): string | undefined;
}

/**
 * One user message as the CLI takes it: a start-up failure reported, the content checked, MCP
 * servers and SessionStart hooks settled, a local command run, UserPromptSubmit hooks, system/init,
 * the limits and checks that end a turn before any model call (a blocked prompt, the budget, content
 * too deep), the prompt kept as the model will receive it; then the model loop (model-loop.ts).
 */
export class TurnLoop {
  private readonly b: CliBehaviour;
  /** The turn in progress, if any (what an interrupt aborts). */
  private current: TurnState | undefined;

  constructor(private readonly host: TurnLoopHost) {
    this.b = host.b;
  }

  get turn(): TurnState | undefined {
    return this.current;
  }

  private totals(turn: TurnState | undefined, numTurns: number, denials: Json[]): ResultTotals {
    return this.host.accounting.totals(turn, numTurns, denials);
  }

  /** Runs the turn of `message` (a `user` line) to its end. */
  async run(message: Json): Promise<void> {
    this.host.failStartup();
    this.host.sessionState.running();
    let content = isRecord(message.message) ? message.message.content : undefined;
    // A user message without content: some versions take a placeholder prompt, others fail the turn.
    if (content === undefined && this.b.missingContentPrompt !== undefined)
      content = this.b.missingContentPrompt;
    if (typeof content !== 'string' && !Array.isArray(content)) {
      this.host.emitResult(
        this.b.resultError(
          this.host.facts(),
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
    this.current = turn;
    try {
      await this.host.mcp.connect();
      const started = this.host.sessionStart();
      if (started) await started;
      // A command the CLI runs itself (`/compact`): no prompt hooks, no model turn of its own.
      if (await this.host.kinds.localCommand(content, turn)) return;
      // UserPromptSubmit hooks run before system/init; a block ends the turn without a model call.
      const prompt = await this.host.hookRunner.run(
        'UserPromptSubmit',
        undefined,
        { prompt: promptText(content) },
        randomUuid(),
        turn,
      );
      this.host.emit(this.b.initMessage(this.host.facts(), randomUuid()));
      if (prompt.block !== undefined) {
        this.host.modelSide.promptBlocked();
        const blocked = { reason: prompt.block, prompt: promptText(content) };
        const notice = this.b.promptBlockedNotice(this.host.facts(), blocked, randomUuid());
        if (notice) this.host.emit(notice);
        this.host.emitResult(
          this.b.resultPromptBlocked(this.host.facts(), this.totals(turn, 0, []), randomUuid(), blocked),
        );
        return;
      }
      if (this.host.accounting.overBudget(this.host.flags.maxBudgetUsd)) {
        this.host.emitResult(
          this.b.resultLimit(
            this.host.facts(),
            this.totals(turn, 1, []),
            null,
            'max_budget_usd',
            [this.b.maxBudgetError(this.host.flags.maxBudgetUsd!)],
            randomUuid(),
          ),
        );
        return;
      }
      if (this.host.flags.replayUserMessages) {
        this.host.emit({
          ...message,
          session_id: this.host.sessionId,
          parent_tool_use_id: null,
          uuid: typeof message.uuid === 'string' ? message.uuid : randomUuid(),
          timestamp: new Date().toISOString(),
          isReplay: true,
        });
      }
      // Content nested too deep for the CLI's stack: the turn fails before any API request.
      if (jsonDepth(content, this.b.contentDepthLimit) > this.b.contentDepthLimit) {
        const text = this.b.stackOverflowText;
        this.host.emit(this.b.localErrorAssistant(text, this.host.facts(), randomUuid()));
        this.host.emitResult(
          this.b.resultLocalError(this.host.facts(), this.totals(turn, 1, []), text, randomUuid()),
        );
        return;
      }
      // A hook's context for the session's first prompt is a session-start notice of the request.
      const context = prompt.additionalContext
        .filter((c) => !this.host.modelSide.takeNotice(`UserPromptSubmit hook additional context: ${c}`))
        .map((c) => ({ type: 'text', text: this.b.hookContextText('UserPromptSubmit', undefined, c) }));
      // A change of permission mode since the last prompt: blocks before it, or a system-role
      // message after it. A prompt with nothing before it stays as it came (a text: a string).
      const change = this.host.modelSide.modeChange(this.host.permissionMode, this.host.configDir, content);
      const before = [...(change?.blocks ?? []), ...context];
      const expanded = this.expandPrompt(content);
      const plain =
        typeof content === 'string' &&
        expanded.length === 1 &&
        isRecord(expanded[0]) &&
        expanded[0].text === content;
      this.host.remember({
        role: 'user',
        content: before.length === 0 && plain ? content : [...before, ...expanded],
      });
      // The prompt's images, where the version saves them: a message naming each, joined to it.
      const images = this.host.modelSide.imageNotes(content, {
        tmpdir: cliTmpDir(this.host.env),
        uid: process.getuid?.() ?? 0,
        cwd: this.host.cwd,
        sessionId: this.host.sessionId,
      });
      if (images) this.host.remember({ role: 'user', content: images });
      if (change?.system) this.host.remember(change.system);
      const kept = this.host.context.keptAttachments();
      if (kept) {
        const model = String(this.b.apiModelFor(this.host.model));
        kept.onPrompt({
          coAuthored: this.host.coAuthored(),
          model: { id: model, contextTexts: this.host.modelSide.contextTexts(model) },
          deferred: this.host.modelSide.deferredToolNames(
            model,
            this.host.builtinToolNames(),
            this.host.deferredMcpTools(),
          ),
          outputStyle: this.host.outputStyle(),
        });
      }
      await this.host.modelLoop.run(turn);
      await this.host.kinds.afterTurn(turn);
    } finally {
      this.current = undefined;
    }
  }

  /** What the model receives for a prompt: a `/command args` of the project is expanded. */
  private expandPrompt(content: string | unknown[]): unknown[] {
    if (typeof content !== 'string') return content;
    const slash = /^\/([A-Za-z0-9_:-]+)(?:\s+([\s\S]*))?$/.exec(content.trim());
    const command = slash ? this.host.commands.get(slash[1]!) : undefined;
    if (slash && command !== undefined) return this.b.slashCommandBlocks(slash[1]!, slash[2] ?? '', command);
    return [{ type: 'text', text: content }];
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
