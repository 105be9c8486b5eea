import type { ModelSideData } from './types.js';

type Context = ModelSideData['context'];

/**
 * Context templates that stand in for the version's own around a conversation the CLI lays out
 * otherwise: a subagent's (its own system-role message), a compacted conversation's (the context
 * the CLI rebuilds after the boundary). Templates as `ModelSideData['context']`'s (`{cwd}`,
 * `{date}`, `{modelName}`, `{projectSkills}`, `{deferredTools}`, …), captured with the message
 * kinds (src/fake-claude/capture/message-kinds*.ts).
 */
export interface ContextTemplates {
  /** The blocks before the conversation's first user message, in order. */
  userBlocks: string[];
  /** The system-role message after the first user message as joined (null: none). */
  systemMessage: string | null;
  /** Its fields besides `role` and `content`. */
  systemMessageFields: Record<string, unknown>;
  /** The built-in tools it lists as deferred, in order (absent: the version's own list). */
  deferredBuiltins?: string[];
}

/** The version's context with `templates` in place of its own (no session-start notice goes in). */
export function withTemplates(context: Context, templates: ContextTemplates): Context {
  return {
    ...context,
    userBlocks: templates.userBlocks,
    userBlocksWithNotice: templates.userBlocks,
    systemMessage: templates.systemMessage,
    systemMessageFields: templates.systemMessageFields,
    deferredBuiltins: templates.deferredBuiltins ?? context.deferredBuiltins,
  };
}
