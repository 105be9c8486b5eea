import { release, type } from 'node:os';
import { ClideError } from '../../errors/index.js';
import { isRecord } from '../../util/json.js';
import { contextDate } from '../model-side/compose.js';
import type { ContextTemplates } from '../model-side/context-templates.js';
import { type ContextFacts, contextTemplate, deferredToolNames } from './model-side-context.js';

/**
 * What the requests of the message kinds (a subagent's, a compaction's, a prompt suggestion's)
 * show against the main loop's, from a run against the real CLI: the parameters they change, the
 * instructions a side request ends with, the context a conversation is laid out in.
 */

type Json = Record<string, unknown>;

/** A request's keys that are not its parameters. */
const NOT_PARAMS = new Set(['model', 'messages', 'system', 'tools', 'metadata', 'stream']);

function fail(what: string, hint?: unknown): never {
  throw new ClideError('io', `capturing the message kinds: ${what}`, {
    ...(hint === undefined ? {} : { hint: JSON.stringify(hint).slice(0, 600) }),
  });
}

const messagesOf = (body: Json): Json[] => (Array.isArray(body.messages) ? (body.messages as Json[]) : []);

const textOf = (message: Json | undefined): string =>
  typeof message?.content === 'string'
    ? message.content
    : Array.isArray(message?.content)
      ? (message.content as Json[]).map((b) => String(b.text ?? '')).join('')
      : '';

/** The parameters of `request` whose values are not the main loop's (`main`), keys it adds included. */
export function changedParams(request: Json, main: Json): Json {
  return Object.fromEntries(
    Object.entries(request).filter(
      ([key, value]) => !NOT_PARAMS.has(key) && JSON.stringify(value) !== JSON.stringify(main[key]),
    ),
  );
}

/**
 * A side request's instructions (`what` names it): its last message, a user message whose content
 * is a string, after the conversation whose last block carries the cache control.
 */
export function sideInstructions(request: Json, what: string): string {
  const messages = messagesOf(request);
  const last = messages.at(-1);
  if (last?.role !== 'user' || typeof last.content !== 'string')
    fail(`${what} does not end with its instructions as a string`, last);
  const before = messages.at(-2)?.content;
  const tail = Array.isArray(before) ? (before as Json[]).at(-1) : undefined;
  if (!isRecord(tail?.cache_control))
    fail(`${what}: the conversation before the instructions has no cache control on its last block`, tail);
  return last.content;
}

/** The facts a context of a run in the sandbox at `root` is templated with (the request's model). */
export function contextFacts(request: Json, root: string): ContextFacts {
  return { root, model: String(request.model), date: contextDate(), osVersion: `${type()} ${release()}` };
}

/**
 * The context `request` lays its conversation out in, as templates: the blocks of its first user
 * message before index `at`, the system-role message that follows that message (if any).
 */
export function contextTemplates(request: Json, at: number, facts: ContextFacts): ContextTemplates {
  const messages = messagesOf(request);
  const first = messages[0];
  if (first?.role !== 'user' || !Array.isArray(first.content) || at < 0 || at > first.content.length)
    fail('a request does not start with a user message of blocks', first);
  const blocks = (first.content as Json[]).slice(0, at).map((b) => {
    if (typeof b.text !== 'string') fail('a context block that is not text', b);
    return contextTemplate(b.text, facts);
  });
  const system = messages[1]?.role === 'system' ? messages[1] : undefined;
  const answered = messages.findIndex((m) => m.role === 'assistant');
  if (!system && messages.slice(1, answered < 0 ? undefined : answered).some((m) => m.role === 'system'))
    fail('a system-role message elsewhere than right after the first user message', messages);
  const systemText = system ? textOf(system) : null;
  return {
    userBlocks: blocks,
    systemMessage: systemText === null ? null : contextTemplate(systemText, facts),
    systemMessageFields: system
      ? Object.fromEntries(Object.entries(system).filter(([key]) => key !== 'role' && key !== 'content'))
      : {},
    ...(systemText === null ? {} : { deferredBuiltins: deferredToolNames(systemText) }),
  };
}

/**
 * A system-role message `request` has after the message at `index` (a subagent's after its first
 * tool results): its text, which must hold nothing of the session (no path, day or model), or
 * undefined when there is none.
 */
export function systemMessageAfter(
  request: Json,
  index: number,
  facts: ContextFacts,
  what: string,
): string | undefined {
  const message = messagesOf(request)[index + 1];
  if (message?.role !== 'system') return undefined;
  const text = textOf(message);
  if (contextTemplate(text, facts) !== text) fail(`${what} holds something of the session`, text);
  const extra = Object.keys(message).filter((k) => k !== 'role' && k !== 'content');
  if (extra.length > 0) fail(`${what} has fields besides its content`, extra);
  return text;
}
