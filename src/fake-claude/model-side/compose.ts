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

type HistoryEntry = { role: string; content: unknown };

/**
 * The request's messages: `history` (the conversation) with the opening context on its first user
 * message (when `opening` is given), consecutive user messages joined, and `cacheControl` on the
 * last block of the last message.
 */
export function requestMessages(
  history: ReadonlyArray<HistoryEntry>,
  opening: Opening | undefined,
  cacheControl: Json | null,
): Json[] {
  return new RequestMessages().build(history, opening, cacheControl);
}

/**
 * `requestMessages` for a conversation that grows from one request to the next: what it built for
 * the settled part of the history — up to its last message that is not the user's, which no later
 * message joins or moves the context around — is kept, and a request builds only the messages
 * added since, so a request costs what its new messages cost, not the whole conversation's (a
 * session of many turns stays linear). The messages of a request are a new array each time (their
 * message objects shared with other requests' and never changed), and `later` makes that array
 * only when it is asked for: a copy of the conversation is the one cost that grows with it, and a
 * model played in-process never reads the messages. Starts over for another history, another
 * opening, or a history rewritten in place (a compaction's).
 */
export class RequestMessages {
  #history: ReadonlyArray<HistoryEntry> | undefined;
  #opening: Opening | undefined;
  /**
   * The messages built for `history[0, #settled)` (`#out[0, #settledOut)`, never changed: a new
   * array when the builder starts over), then those of the messages after it, built again each time.
   */
  #out: Json[] = [];
  #settled = 0;
  #settledOut = 0;
  /** `history[0]` and `history[#settled - 1]` when they were built: a history rewritten shows. */
  #head: HistoryEntry | undefined;
  #settledEntry: HistoryEntry | undefined;

  /** The request's messages for `history` as it is now (see `requestMessages`). */
  build(
    history: ReadonlyArray<HistoryEntry>,
    opening: Opening | undefined,
    cacheControl: Json | null,
  ): Json[] {
    return this.later(history, opening, cacheControl)();
  }

  /**
   * `build`, with the array made when the function is called (at any time: it gives the messages
   * of `history` as it was when `later` was called, and the same array every call).
   */
  later(
    history: ReadonlyArray<HistoryEntry>,
    opening: Opening | undefined,
    cacheControl: Json | null,
  ): () => Json[] {
    const kept =
      history === this.#history &&
      opening === this.#opening &&
      history.length >= this.#settled &&
      (this.#settled === 0 ||
        (history[0] === this.#head && history[this.#settled - 1] === this.#settledEntry));
    if (!kept) {
      this.#history = history;
      this.#opening = opening;
      this.#out = [];
      this.#settled = 0;
      this.#settledOut = 0;
    }
    const out = this.#out;
    out.length = this.#settledOut;
    const first = history.findIndex((m) => m.role === 'user');
    // The system-role message follows the first user message as joined: the run of user messages
    // that starts there (a local command's output and the next prompt, a compacted conversation's).
    let firstEnd = first;
    while (first >= 0 && history[firstEnd + 1]?.role === 'user') firstEnd += 1;
    for (let index = this.#settled; index < history.length; index += 1) {
      const message = history[index]!;
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
        out[out.length - 1] = { ...previous, content: [...before, ...asBlocks(content)] };
      } else {
        out.push({ role: message.role, content });
      }
      if (index === firstEnd && opening?.system != null)
        out.push({ role: 'system', content: opening.system, ...structuredClone(opening.systemFields) });
      if (message.role !== 'user') {
        this.#settled = index + 1;
        this.#settledOut = out.length;
        this.#head = history[0];
        this.#settledEntry = message;
      }
    }
    // The messages after the settled ones are built again next time: copied now, with the cache
    // control (on a copy of the last message, settled or not).
    let cut = this.#settledOut;
    const tail = out.slice(cut);
    if (cacheControl) {
      if (tail.length === 0 && cut > 0) {
        cut -= 1;
        tail.push(out[cut]!);
      }
      const last = tail.at(-1);
      if (last) {
        const blocks = asBlocks(last.content);
        const block = blocks.at(-1);
        if (block) blocks[blocks.length - 1] = { ...block, cache_control: { ...cacheControl } };
        tail[tail.length - 1] = { ...last, content: blocks };
      }
    }
    let messages: Json[] | undefined;
    return () => {
      if (messages === undefined) {
        messages = out.slice(0, cut);
        for (const message of tail) messages.push(message);
      }
      return messages;
    };
  }
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
