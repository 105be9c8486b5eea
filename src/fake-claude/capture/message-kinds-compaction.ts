import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { COMPACTION } from '../../scenarios/catalogue/compaction.js';
import { isRecord } from '../../util/json.js';
import { roughContentTokens, roughSystemTokens, roughTokens } from '../model-side/rough-tokens.js';
import type { CompactionData } from '../scripted/message-kinds/types.js';
import { changedParams, contextFacts, contextTemplates, sideInstructions } from './message-kinds-requests.js';
import { templated } from './templated.js';

type Json = Record<string, unknown>;

function fail(what: string, hint?: unknown): never {
  throw new ClideError('io', `capturing the compaction: ${what}`, {
    ...(hint === undefined ? {} : { hint: JSON.stringify(hint).slice(0, 400) }),
  });
}

/**
 * What a run of `compaction/manual` against the real CLI shows of `/compact` (its stdout messages
 * and the requests it made), as templates (message-kinds/types.ts `CompactionData`).
 */
export function compactionData(messages: Json[], requests: RecordedRequest[], root: string): CompactionData {
  const results = messages.map((m, i) => (m.type === 'result' ? i : -1)).filter((i) => i >= 0);
  if (results.length < 2) fail('fewer than two results');
  const plain = messages[results[0]!]!;
  const compact = messages.slice(results[0]! + 1, results[1]! + 1);
  const result = compact.at(-1)!;
  const initAt = compact.findIndex((m) => m.type === 'system' && m.subtype === 'init');
  const boundaryAt = compact.findIndex((m) => m.type === 'system' && m.subtype === 'compact_boundary');
  if (initAt < 0 || boundaryAt < initAt) fail('no system/init before a compact_boundary', compact);
  const boundary = compact[boundaryAt]!;
  const summary = compact[boundaryAt + 1];
  const summaryText = typeof summary?.message === 'object' ? String((summary.message as Json).content) : '';
  if (!summaryText.includes(COMPACTION.summary)) fail('no summary message after the boundary', summary);
  const sessionId = String(boundary.session_id);
  const knowns = { sessionId, summary: COMPACTION.summary };
  const t = (value: unknown) => templated(value, root, knowns) as Json;

  const conversation = requests.filter((r) => r.kind === 'conversation' && isRecord(r.body));
  const main = conversation[0]?.body as Json | undefined;
  const summaryRequest = conversation[1]?.body as Json | undefined;
  const next = conversation[2]?.body as Json | undefined;
  if (!main || !summaryRequest || !next) fail('fewer than three Messages API requests');
  const prompt = sideInstructions(summaryRequest, 'the summary request');
  // The next request: the context rebuilt, the compacted conversation, then the new prompt.
  const first = ((next.messages as Json[] | undefined) ?? [])[0];
  const blocks = Array.isArray(first?.content) ? (first.content as Json[]) : [];
  if (first?.role !== 'user' || blocks.at(-1)?.text !== COMPACTION.next)
    fail('the next request does not start with a user message ending in the next prompt', first);
  const summaryAt = blocks.findIndex((b) => typeof b.text === 'string' && b.text.includes(summaryText));
  if (summaryAt < 0) fail('the next request does not start from the summary', first);
  // The re-attached context as the session had it: the blocks before the summary, the system-role message.
  const systemMessage = ((next.messages as Json[] | undefined) ?? [])[1];
  const contextTokens =
    roughContentTokens(blocks.slice(0, summaryAt)) +
    (systemMessage?.role === 'system' ? roughSystemTokens(contextText(systemMessage.content)) : 0);
  // Each a message of the conversation, which the CLI ended with a newline as it joined the next.
  const history = blocks.slice(summaryAt, -1).map((b) => {
    const { cache_control: _cache, ...block } = b;
    const text = String(block.text ?? '');
    if (!text.endsWith('\n')) fail('a message of the compacted conversation not joined with a newline', b);
    return { ...block, text: text.slice(0, -1).split(summaryText).join('{summaryMessage}') };
  });

  const metadata = boundary.compact_metadata as Json;
  const wholes: Record<string, string> = {
    pre_tokens: '{=preTokens}',
    post_tokens: '{=postTokens}',
    duration_ms: '{=durationMs}',
  };
  return {
    prompt,
    params: changedParams(summaryRequest, main),
    before: compact.slice(0, initAt).map(t),
    boundary: {
      ...t(boundary),
      compact_metadata: Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, wholes[k] ?? v])),
    },
    summary: t(summary),
    after: compact.slice(boundaryAt + 2, -1).map(t),
    result: {
      keys: Object.keys(result),
      extra: Object.fromEntries(Object.entries(result).filter(([k]) => !(k in plain))),
    },
    postTokensOffset: Number(metadata.post_tokens) - roughTokens(summaryText),
    postTokensContextTokens: contextTokens,
    history: history.map(t),
    context: contextTemplates(next, summaryAt, contextFacts(next, root)),
  };
}

/** A message's text: its string content, or its text blocks joined. */
function contextText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join('');
}
