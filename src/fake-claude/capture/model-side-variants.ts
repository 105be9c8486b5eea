import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { isRecord } from '../../util/json.js';
import type { ContextCountSet } from '../model-side/context-counts.js';
import type { ModelSideData, ModelSideVariant } from '../model-side/types.js';
import { toolTemplate } from './index.js';
import { type ContextFacts, contextTemplate, deferredToolNames } from './model-side-context.js';

/**
 * What a session of another model or another auth changes in the first request (see
 * `ModelSideVariant`), each field only where it differs from the default session's.
 */

type Json = Record<string, unknown>;

const OWN_FIELDS = new Set(['model', 'messages', 'system', 'tools', 'metadata', 'stream']);

/** The request's parameters besides the conversation's own fields (max_tokens, thinking, …). */
export function requestParams(request: RecordedRequest): Json {
  const body = request.body as Json;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !OWN_FIELDS.has(key)));
}

function systemOf(request: RecordedRequest): Json[] {
  const body = request.body as Json;
  return Array.isArray(body.system) ? (body.system as Json[]) : [];
}

function toolsOf(request: RecordedRequest): Json[] {
  const body = request.body as Json;
  return Array.isArray(body.tools) ? (body.tools as Json[]) : [];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface VariantInput {
  when: ModelSideVariant['when'];
  /** The variant session's first request, whose prompt is `prompt`. */
  request: RecordedRequest;
  prompt: string;
  /** Its own prompt as a template (`defaultPromptTemplate`). */
  defaultPrompt: string;
  facts: ContextFacts;
}

/** The variant: what `input`'s request has other than the default session's (`base`, `baseRequest`). */
export function variantOf(
  input: VariantInput,
  base: Pick<ModelSideData, 'defaultPrompt' | 'context'>,
  baseRequest: RecordedRequest,
): ModelSideVariant {
  const { request } = input;
  const variant: ModelSideVariant = { when: input.when };
  if (input.defaultPrompt !== base.defaultPrompt) variant.defaultPrompt = input.defaultPrompt;
  const params = requestParams(request);
  if (!same(params, requestParams(baseRequest))) variant.requestParams = params;
  const cache = systemOf(request)[1]?.cache_control;
  if (isRecord(cache) && !same(cache, systemOf(baseRequest)[1]?.cache_control))
    variant.systemCacheControl = cache;
  const baseTools = new Map(toolsOf(baseRequest).map((t) => [String(t.name), t]));
  const tools: Record<string, Json> = {};
  for (const tool of toolsOf(request)) {
    if (!same(tool, baseTools.get(String(tool.name)))) tools[String(tool.name)] = toolTemplate(tool);
  }
  if (Object.keys(tools).length > 0) variant.tools = tools;

  // The context around the prompt, its notices where the default session's go.
  const messages = ((request.body as Json).messages as Json[]) ?? [];
  const texts = (m: Json | undefined) =>
    m === undefined
      ? []
      : typeof m.content === 'string'
        ? [m.content]
        : (m.content as Json[]).map((b) => String(b.text ?? JSON.stringify(b)));
  const first = texts(messages[0]);
  const at = first.lastIndexOf(input.prompt);
  if (at < 0)
    throw new ClideError('io', `the ${JSON.stringify(input.when)} session's first message lacks its prompt`);
  const template = (t: string) => contextTemplate(t, input.facts);
  const userBlocks = first.slice(0, at).map(template);
  if (!same(userBlocks, base.context.userBlocks)) variant.userBlocks = userBlocks;
  const systemMessage = messages.find((m) => m.role === 'system');
  if (!systemMessage && base.context.systemMessage !== null) {
    // No system-role message: the context is in the first user message's blocks alone (2.1.332's
    // claude-haiku-4-5), the deferred tools listed there.
    variant.systemMessage = null;
    const deferred = first
      .slice(0, at)
      .map((t) => deferredToolNames(t))
      .find((names) => names.length > 0);
    if (deferred && !same(deferred, base.context.deferredBuiltins)) variant.deferredBuiltins = deferred;
  }
  if (systemMessage && base.context.systemMessage !== null) {
    const raw = texts(systemMessage).join('');
    const deferred = deferredToolNames(raw);
    if (!same(deferred, base.context.deferredBuiltins)) variant.deferredBuiltins = deferred;
    let text = template(raw);
    const tail = base.context.systemMessage.split('{notices}')[1];
    if (tail !== undefined && text.endsWith(tail))
      text = `${text.slice(0, text.length - tail.length)}{notices}${tail}`;
    if (text !== base.context.systemMessage) variant.systemMessage = text;
  }
  const lastMessage = messages.at(-1);
  const last = Array.isArray(lastMessage?.content) ? (lastMessage.content as Json[]).at(-1) : undefined;
  if (isRecord(last?.cache_control) && !same(last.cache_control, base.context.cacheControl))
    variant.cacheControl = last.cache_control;
  return variant;
}

/**
 * A model's `get_context_usage` counts before a turn (`set`) as its variant keeps them: undefined
 * where it counts the tools as the default model (`base`: the same tools in the same requests,
 * each defined alike), else every request (its own prompt's sections too) and the tools'
 * definitions that differ from the default's.
 */
export function countsVariant(set: ContextCountSet, base: ContextCountSet): ContextCountSet | undefined {
  const tools = Object.fromEntries(
    Object.entries(set.tools).filter(([name, def]) => !same(def, base.tools[name])),
  );
  const toolRequests = (s: ContextCountSet) => s.requests.filter((r) => r.tools.length > 0);
  if (same(toolRequests(set), toolRequests(base)) && Object.keys(tools).length === 0) return undefined;
  return { requests: set.requests, tools };
}
