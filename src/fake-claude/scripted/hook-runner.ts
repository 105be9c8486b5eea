import { isRecord } from '../../util/json.js';
import { randomUuid } from '../../util/uuid.js';
import {
  type HookRef,
  hookProgressMessage,
  hookResponseMessage,
  hookStartedMessage,
} from '../behaviour/base/hook-messages.js';
import type { CliBehaviour, HookCommon, Json } from '../behaviour/index.js';
import type { BlockingHook, SessionStartNote } from '../model-side/hooks.js';
import { runCommandHook } from './command-hook-process.js';
import { type CommandHookTable, matchesHook } from './hook-settings.js';

/** What the hooks of one event decided. */
export interface HookOutcome {
  /** `hookSpecificOutput.additionalContext` of every hook, in order. */
  additionalContext: string[];
  /** `decision: "block"`: the reason… */
  block?: string;
  /** …and the hook that blocked. */
  blockedBy?: BlockingHook;
  /** PreToolUse: the tool is denied with this text. */
  deny?: string;
  allow?: boolean;
  updatedInput?: Json;
}

/** What the runner reads of the session. */
export interface HookHost {
  readonly b: CliBehaviour;
  readonly cwd: string;
  readonly env: Record<string, string | undefined>;
  /** The command hooks of the settings (`hook-settings.ts`). */
  readonly commandHooks: CommandHookTable;
  /** `--include-hook-events`: every event's runs are reported, not only SessionStart's. */
  readonly includeHookEvents: boolean;
  /** The client's hook callbacks (initialize.hooks). */
  callbacks(): Json;
  /** The fields every hook input starts with. */
  common(promptId: string): HookCommon;
  /** What the SessionStart command hooks of `source` had to say (output or context), once they all ran. */
  onSessionStart?(source: string, notes: SessionStartNote[]): void;
  sendRequest(request: Json, signal?: AbortSignal): Promise<Json>;
  emit(message: Json): void;
}

/** Where a hook runs: the prompt of its turn, and what stops it. */
export interface HookTurn {
  promptId: string;
  abort: AbortController;
}

/** Events whose command hooks report their runs without `--include-hook-events` (both pins). */
const ALWAYS_REPORTED = new Set(['SessionStart', 'Setup']);
/** Seconds a command hook may run when its settings give no `timeout`. */
const DEFAULT_TIMEOUT_S = 600;

/**
 * Runs the hooks of one event: the settings' command hooks whose matcher matches (side by side,
 * each reported as `system/hook_*` messages when the event is reported), then the client's hook
 * callbacks (initialize.hooks, through `hook_callback`, one at a time). A command hook's stdout
 * that is a JSON object counts as its answer, as a callback's reply does.
 */
export class HookRunner {
  private sessionStarted: Promise<void> | undefined;

  constructor(private readonly host: HookHost) {}

  /**
   * SessionStart, once a session: its command hooks run before initialize is answered, or before
   * the first turn when no initialize comes. Undefined when there is nothing to wait for.
   */
  sessionStart(source: 'startup' | 'resume'): Promise<void> | undefined {
    if (this.sessionStarted) return this.sessionStarted;
    if (!this.host.commandHooks.SessionStart?.length) return undefined;
    const common = this.host.common('');
    const input = {
      session_id: common.sessionId,
      transcript_path: common.transcriptPath,
      cwd: common.cwd,
      hook_event_name: 'SessionStart',
      source,
    };
    this.sessionStarted = this.runCommands('SessionStart', source, input, undefined).then((runs) => {
      this.host.onSessionStart?.(source, sessionStartNotes(runs));
    });
    return this.sessionStarted;
  }

  /**
   * Calls the hooks registered for `event` whose matcher matches `matchQuery` (the tool name;
   * events without one call every group).
   */
  async run(
    event: string,
    matchQuery: string | undefined,
    payload: Json,
    toolUseId: string,
    turn: HookTurn,
  ): Promise<HookOutcome> {
    const { b } = this.host;
    const outcome: HookOutcome = { additionalContext: [] };
    const input = b.hookInput(event, this.host.common(turn.promptId), payload);
    const runs = await this.runCommands(event, matchQuery, input, turn.abort.signal);
    for (const { answer, command } of runs)
      if (answer && decide(event, answer, outcome, { kind: 'command', command })) return outcome;
    const callbacks = this.host.callbacks();
    const groups = Array.isArray(callbacks[event]) ? (callbacks[event] as unknown[]) : [];
    for (const group of groups) {
      if (!isRecord(group) || (matchQuery !== undefined && !matchesHook(group.matcher, matchQuery))) continue;
      const ids = Array.isArray(group.hookCallbackIds) ? group.hookCallbackIds : [];
      for (const callbackId of ids) {
        let reply: Json;
        try {
          reply = await this.host.sendRequest(
            { subtype: 'hook_callback', callback_id: callbackId, input, tool_use_id: toolUseId },
            turn.abort.signal,
          );
        } catch {
          continue;
        }
        if (decide(event, reply, outcome, { kind: 'callback' })) return outcome;
      }
    }
    return outcome;
  }

  /**
   * Runs the matching command hooks of `event` side by side; those that succeeded (exit code 0),
   * in order, with their answers (stdout that is a JSON object).
   */
  private async runCommands(
    event: string,
    matchQuery: string | undefined,
    input: Json,
    signal: AbortSignal | undefined,
  ): Promise<CommandRun[]> {
    const groups = this.host.commandHooks[event] ?? [];
    const hooks = groups
      .filter((g) => matchQuery === undefined || matchesHook(g.matcher, matchQuery))
      .flatMap((g) => g.hooks);
    if (hooks.length === 0) return [];
    const reported = ALWAYS_REPORTED.has(event) || this.host.includeHookEvents;
    const emit = (message: Json) => {
      if (reported) this.host.emit(message);
    };
    const sessionId = String(input.session_id ?? '');
    const hookName = matchQuery === undefined ? event : `${event}:${matchQuery}`;
    const runs = hooks.map((hook) => {
      const ref: HookRef = { hookId: randomUuid(), hookName, hookEvent: event, sessionId };
      emit(hookStartedMessage(ref, randomUuid()));
      return runCommandHook(hook.command, input, {
        cwd: this.host.cwd,
        env: { ...this.host.env, CLAUDE_PROJECT_DIR: this.host.cwd },
        ...(signal ? { signal } : {}),
        timeoutMs: (hook.timeoutS ?? DEFAULT_TIMEOUT_S) * 1000,
        onProgress: (output) => emit(hookProgressMessage(ref, output, randomUuid())),
      }).then((run) => {
        emit(hookResponseMessage(ref, run, run.exitCode, run.outcome, randomUuid()));
        return run;
      });
    });
    const done: CommandRun[] = [];
    (await Promise.all(runs)).forEach((run, i) => {
      if (run.exitCode !== 0) return;
      done.push({ command: hooks[i]!.command, stdout: run.stdout, answer: parseAnswer(run.stdout) });
    });
    return done;
  }
}

/** A command hook that succeeded: its command, its output, its answer if that is a JSON object. */
interface CommandRun {
  command: string;
  stdout: string;
  answer: Json | undefined;
}

/**
 * What SessionStart's command hooks had to say: a JSON answer's additionalContext, else the output
 * (trimmed); a hook that says nothing adds nothing.
 */
export function sessionStartNotes(runs: readonly CommandRun[]): SessionStartNote[] {
  return runs.flatMap((run): SessionStartNote[] => {
    if (run.answer) {
      const specific = isRecord(run.answer.hookSpecificOutput) ? run.answer.hookSpecificOutput : {};
      const context = specific.additionalContext;
      return typeof context === 'string' && context !== '' ? [{ context }] : [];
    }
    const output = run.stdout.trim();
    return output === '' ? [] : [{ output }];
  });
}

function parseAnswer(stdout: string): Json | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Folds one hook's answer (`by`'s) into `outcome`; true when it settles the event (a block or a deny). */
function decide(event: string, reply: Json, outcome: HookOutcome, by: BlockingHook): boolean {
  const specific = isRecord(reply.hookSpecificOutput) ? reply.hookSpecificOutput : {};
  if (typeof specific.additionalContext === 'string' && specific.additionalContext !== '') {
    outcome.additionalContext.push(specific.additionalContext);
  }
  if (reply.decision === 'block') {
    outcome.block = String(reply.reason ?? '');
    outcome.blockedBy = by;
    if (event === 'PreToolUse') outcome.deny = String(reply.reason ?? 'Blocked by hook');
    return true;
  }
  if (specific.permissionDecision === 'deny') {
    outcome.deny = String(specific.permissionDecisionReason ?? reply.reason ?? 'Blocked by hook');
    return true;
  }
  if (specific.permissionDecision === 'allow' || reply.decision === 'approve') outcome.allow = true;
  if (isRecord(specific.updatedInput)) outcome.updatedInput = specific.updatedInput;
  return false;
}
