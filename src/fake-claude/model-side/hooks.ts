import { fillTemplate } from './index.js';
import type { ModelSideData } from './types.js';

/**
 * What the CLI sends the model for hooks (captured from the binary by
 * `capture/model-side-hooks.ts` into `ModelSideData['hooks']`), and how the fake lays it out.
 */

/** What the CLI of a version sends the model for hooks. */
export interface ModelSideHooks {
  /**
   * The session's SessionStart command hooks (at startup) in its first request: each hook that
   * succeeded with something to say, in the settings' order, before the context of the first prompt.
   */
  sessionStart: {
    /**
     * `user-block`: a block each of the first user message, at index `at` of `context.userBlocks`;
     * `system-message`: a text each in the system-role message after it, at offset `at` of its
     * template (`context.systemMessage` without `{notices}`).
     */
    placement: 'user-block' | 'system-message';
    at: number;
    /** A hook's output, trimmed: `{hookName}` (`SessionStart:startup`), `{output}`. */
    output: string;
    /** A hook's JSON answer's `hookSpecificOutput.additionalContext`: `{hookName}`, `{context}`. */
    context: string;
  };
  /**
   * A PostToolUse hook's additionalContext after a batch of tool results (`template`:
   * `{hookName}`, `PostToolUse:<tool>`, and `{context}`): `user-block`, a block of their user
   * message, after them; `system-message`, a text of the system-role message after it, which joins
   * its texts (the hooks', then the budget notice) with `joiner`.
   */
  postToolUse: { placement: 'user-block' | 'system-message'; template: string; joiner: string };
  /**
   * A Stop hook's block: a user message that gives the model the reason (`feedback`, `{reason}`;
   * its content a string or one text block), then a system-role message (null: none) for a hook
   * callback's (`callback`, `{reason}`) or a command hook's (`command`, `{command}`, `{reason}`).
   */
  stop: { feedback: string; asString: boolean; callback: string | null; command: string | null };
  /**
   * The blocks of `context.userBlocks` (indexes) that a prompt blocked by a UserPromptSubmit hook
   * before the session's first request spends: the next prompt's context lacks them.
   */
  spentByBlockedPrompt: number[];
}

type Context = ModelSideData['context'];

/**
 * The context of a first prompt without the blocks (`spent`, indexes of `context.userBlocks`) a
 * blocked prompt spent; the session-start notices' and SessionStart texts' places moved with them.
 */
export function withoutSpent<C extends Pick<Context, 'userBlocks' | 'userBlocksWithNotice' | 'notice'>>(
  context: C,
  sessionStart: SessionStartTexts | undefined,
  spent: readonly number[],
): { context: C; sessionStart: SessionStartTexts | undefined } {
  if (spent.length === 0) return { context, sessionStart };
  const kept = (_: unknown, i: number) => !spent.includes(i);
  const before = (at: number) => at - spent.filter((i) => i < at).length;
  return {
    context: {
      ...context,
      userBlocks: context.userBlocks.filter(kept),
      userBlocksWithNotice: context.userBlocksWithNotice.filter(kept),
      notice:
        context.notice.placement === 'user-block'
          ? { ...context.notice, at: before(context.notice.at) }
          : context.notice,
    },
    sessionStart:
      sessionStart?.placement === 'user-block'
        ? { ...sessionStart, at: before(sessionStart.at) }
        : sessionStart,
  };
}

/** The hook that blocked: a hook callback, or a command hook (its command). */
export type BlockingHook = { kind: 'callback' } | { kind: 'command'; command: string };

/** The messages that give the model a Stop hook's block (`reason`, of `by`). */
export function stopBlockMessages(
  hooks: ModelSideHooks,
  reason: string,
  by: BlockingHook,
): Array<{ role: 'user' | 'system'; content: unknown }> {
  const { feedback, asString, callback, command } = hooks.stop;
  const text = fillTemplate(feedback, { reason });
  const system = by.kind === 'callback' ? callback : command;
  return [
    { role: 'user', content: asString ? text : [{ type: 'text', text }] },
    ...(system === null
      ? []
      : [
          {
            role: 'system' as const,
            content: fillTemplate(system, { reason, command: by.kind === 'command' ? by.command : '' }),
          },
        ]),
  ];
}

/** A PostToolUse hook's context for one tool call. */
export interface PostToolUseContext {
  toolName: string;
  context: string;
}

/**
 * After a batch of tool results (`results`, the user message's content, mutated): the PostToolUse
 * hooks' contexts where the version puts them; the texts of the system-role message after it, if
 * any (then `budget`, the budget notice's, if it is one).
 */
export function afterToolBatch(
  hooks: ModelSideHooks,
  results: Array<Record<string, unknown>>,
  contexts: readonly PostToolUseContext[],
  budget: string | undefined,
): string | undefined {
  const { placement, template, joiner } = hooks.postToolUse;
  const texts = contexts.map((c) =>
    fillTemplate(template, { hookName: `PostToolUse:${c.toolName}`, context: c.context }),
  );
  if (placement === 'user-block') results.push(...texts.map((text) => ({ type: 'text', text })));
  const system = [
    ...(placement === 'system-message' ? texts : []),
    ...(budget === undefined ? [] : [budget]),
  ];
  return system.length > 0 ? system.join(joiner) : undefined;
}

/** What a SessionStart command hook had to say: its output, or its JSON answer's context. */
export type SessionStartNote = { output: string } | { context: string };

/** SessionStart's texts where the session's first request has them. */
export interface SessionStartTexts {
  placement: ModelSideHooks['sessionStart']['placement'];
  at: number;
  texts: string[];
}

/** The texts of a session's SessionStart notes (`source`: `startup`), as the version writes them. */
export function sessionStartTexts(
  hooks: ModelSideHooks,
  notes: readonly SessionStartNote[],
  source: string,
): SessionStartTexts | undefined {
  if (notes.length === 0) return undefined;
  const { placement, at, output, context } = hooks.sessionStart;
  const hookName = `SessionStart:${source}`;
  const texts = notes.map((note) =>
    'output' in note
      ? fillTemplate(output, { hookName, output: note.output })
      : fillTemplate(context, { hookName, context: note.context }),
  );
  return { placement, at, texts };
}

/** The slot of the SessionStart texts in a system-role message's template. */
export const SESSION_START_SLOT = '{sessionStart}';

/**
 * `template` (a system-role message's, `{notices}` in it at `noticesAt` of the template without
 * it) with the SessionStart slot at offset `at` of the template without `{notices}`.
 */
export function withSessionStartSlot(template: string, at: number, noticesAt: number | undefined): string {
  const shift = noticesAt !== undefined && at > noticesAt && template.includes('{notices}');
  const offset = shift ? at + '{notices}'.length : at;
  return `${template.slice(0, offset)}${SESSION_START_SLOT}${template.slice(offset)}`;
}
