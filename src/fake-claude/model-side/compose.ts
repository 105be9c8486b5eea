import { SESSION_START_SLOT, type SessionStartTexts, withSessionStartSlot } from './hooks.js';
import { fillTemplate } from './index.js';
import { displayModelName } from './model-names.js';
import type { ModelSideData } from './types.js';

/**
 * How the CLI lays out a request's messages (from the version's captured context templates): the
 * context it puts around the session's first prompt — blocks before it in the first user message,
 * a system-role message after it, the session-start notices in their place — then the
 * conversation with consecutive user messages joined, and cache control on the last block of the
 * last message.
 */

type Json = Record<string, unknown>;
type Context = ModelSideData['context'];

export interface OpeningFacts {
  cwd: string;
  /** The day, as the CLI writes it (YYYY-MM-DD, local time). */
  date: string;
  /** The session model's API id. */
  model: string;
  osVersion: string;
  platform: string;
  isGitRepo: boolean;
  /** The project's (and user's) skills and commands, listed first among the skills. */
  projectSkills: ReadonlyArray<{ name: string; description: string }>;
  /** The MCP tools deferred behind ToolSearch, after the built-in ones. */
  deferredMcpTools: readonly string[];
  /** The session's built-in tools (those of `context.deferredBuiltins` among them are listed). */
  builtinTools: readonly string[];
}

/** The context of a session's first prompt: blocks before it, and the system-role message's text. */
export interface Opening {
  blocks: string[];
  system: string | null;
  /** The system-role message's other fields. */
  systemFields: Record<string, unknown>;
}

/** The day as the CLI writes it in its context (YYYY-MM-DD, local time). */
export function contextDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The opening context, `notices` (texts; a whole `<system-reminder>` block stays as it is) and the
 * SessionStart hooks' texts in their place.
 */
export function openingContext(
  context: Context,
  facts: OpeningFacts,
  notices: readonly string[],
  sessionStart?: SessionStartTexts,
): Opening {
  const values: Record<string, string> = {
    cwd: facts.cwd,
    date: facts.date,
    modelId: facts.model,
    modelName: displayModelName(facts.model),
    osVersion: facts.osVersion,
    platform: facts.platform,
    isGitRepo: String(facts.isGitRepo),
    projectSkills: facts.projectSkills.map((s) => `- ${s.name}: ${s.description}\n`).join(''),
    deferredTools: [
      ...context.deferredBuiltins.filter((t) => facts.builtinTools.includes(t)),
      ...facts.deferredMcpTools,
    ].join('\n'),
  };
  const fill = (template: string) => fillTemplate(template, values);
  const wrap = (text: string) =>
    text.startsWith('<system-reminder>') ? text : context.notice.template.split('{text}').join(text);
  const inBlocks = context.notice.placement === 'user-block' && notices.length > 0;
  const blocks = (inBlocks ? context.userBlocksWithNotice : context.userBlocks).map(fill);
  if (inBlocks) blocks.splice(context.notice.at, 0, ...notices.map(wrap));
  const started = sessionStart?.texts.length ? sessionStart : undefined;
  if (started?.placement === 'user-block') {
    const after = inBlocks && started.at > context.notice.at ? notices.length : 0;
    blocks.splice(started.at + after, 0, ...started.texts);
  }
  const template =
    context.systemMessage !== null && started?.placement === 'system-message'
      ? withSessionStartSlot(
          context.systemMessage,
          started.at,
          context.notice.placement === 'system-message' ? context.notice.at : undefined,
        )
      : context.systemMessage;
  const system =
    template === null
      ? null
      : fill(template)
          .replace('{notices}', () =>
            context.notice.placement === 'system-message' ? notices.map(wrap).join('') : '',
          )
          .replace(SESSION_START_SLOT, () => started?.texts.join('') ?? '');
  return { blocks, system, systemFields: structuredClone(context.systemMessageFields) };
}

/** `--max-budget-usd`'s notice: dollars as the CLI prints numbers. */
export function budgetNotice(context: Context, spent: number, max: number): string {
  return fillTemplate(context.budget, {
    spent: String(spent),
    max: String(max),
    remaining: String(max - spent),
  });
}

/**
 * The budget notice after a batch of tool results (`results`, the user message's content): on the
 * last tool_result's text, or a system-role message of its own (returned).
 */
export function budgetAfterTools(context: Context, results: Json[], notice: string): Json | undefined {
  const { placement, template } = context.budgetAfterTools;
  const text = template.split('{text}').join(notice);
  if (placement === 'system-message') return { role: 'system', content: text };
  const last = [...results].reverse().find((b) => b.type === 'tool_result');
  if (last && typeof last.content === 'string') last.content = `${last.content}${text}`;
  else if (last && Array.isArray(last.content)) last.content = [...last.content, { type: 'text', text }];
  return undefined;
}

const asBlocks = (content: unknown): Json[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : [...((content as Json[]) ?? [])];

/**
 * The request's messages: `history` (the conversation) with the opening context on its first user
 * message (when `opening` is given), consecutive user messages joined, and `cacheControl` on the
 * last block of the last message.
 */
export function requestMessages(
  history: ReadonlyArray<{ role: string; content: unknown }>,
  opening: Opening | undefined,
  cacheControl: Json | null,
): Json[] {
  const out: Json[] = [];
  const first = history.findIndex((m) => m.role === 'user');
  // The system-role message follows the first user message as joined: the run of user messages
  // that starts there (a local command's output and the next prompt, a compacted conversation's).
  let firstEnd = first;
  while (first >= 0 && history[firstEnd + 1]?.role === 'user') firstEnd += 1;
  history.forEach((message, index) => {
    let content: unknown = message.content;
    if (index === first && opening) {
      content = [...opening.blocks.map((text) => ({ type: 'text', text })), ...asBlocks(content)];
    }
    const previous = out.at(-1);
    if (message.role === 'user' && previous?.role === 'user') {
      // Joined: a text that ended the earlier message ends in a newline.
      const before = asBlocks(previous.content);
      const tail = before.at(-1);
      if (tail?.type === 'text' && typeof tail.text === 'string')
        before[before.length - 1] = { ...tail, text: `${tail.text}\n` };
      previous.content = [...before, ...asBlocks(content)];
    } else {
      out.push({ role: message.role, content });
    }
    if (index === firstEnd && opening?.system != null)
      out.push({ role: 'system', content: opening.system, ...structuredClone(opening.systemFields) });
  });
  const last = out.at(-1);
  if (last && cacheControl) {
    const blocks = asBlocks(last.content);
    const tail = blocks.at(-1);
    if (tail) blocks[blocks.length - 1] = { ...tail, cache_control: { ...cacheControl } };
    last.content = blocks;
  }
  return out;
}

/**
 * The block the model gets for a tool's outcome: an error as `is_error: true` after its content, a
 * success without the flag but where the version writes `is_error: false` (Bash).
 */
export function toolResultBlock(
  id: string,
  outcome: { content: unknown; isError: boolean; explicitNotError?: boolean },
): Json {
  return outcome.isError
    ? { type: 'tool_result', content: outcome.content, is_error: true, tool_use_id: id }
    : {
        tool_use_id: id,
        type: 'tool_result',
        content: outcome.content,
        ...(outcome.explicitNotError ? { is_error: false } : {}),
      };
}
