import { get, turn } from '../expect.js';
import { script, text } from '../model.js';
import { REPLAY_GAP, type Scenario, type ScenarioContext } from '../scenario.js';
import { byVersion } from '../version-range.js';

type Json = Record<string, unknown>;

/** The conversation `compaction/manual` compacts, and the model's summary of it. */
export const COMPACTION = {
  prompt: 'Say hello.',
  answer: 'Hello there.',
  /** The first response's usage: what the boundary's pre_tokens counts (input, cache read, output). */
  usage: { input_tokens: 1000, cache_read_input_tokens: 200, output_tokens: 50 },
  /** The summary the model writes: an analysis the CLI drops, the summary it keeps. */
  summaryReply:
    '<analysis>\nThe user asked for a greeting.\n</analysis>\n\n<summary>\nThe user asked for a greeting and got one.\n</summary>',
  summary: 'Summary:\nThe user asked for a greeting and got one.',
  summaryUsage: { input_tokens: 1300, output_tokens: 40 },
  next: 'Are you still there?',
  nextAnswer: 'Still here.',
  /** What 2.1.153 to 2.1.268 answer a `/compact` after a single exchange. */
  refusal: 'Not enough messages to compact.',
} as const;

const C = COMPACTION;

/** Every text of a request's messages (string contents and text blocks), one after the other. */
function textsOf(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  return messages
    .flatMap((m) => {
      const content = (m as Json).content;
      if (typeof content === 'string') return [content];
      return Array.isArray(content) ? content.map((b) => String((b as Json).text ?? '')) : [];
    })
    .join('\n');
}

const isSystem = (subtype: string) => (m: Json) => m.type === 'system' && m.subtype === subtype;

/**
 * The refusal of 2.1.153 to 2.1.268, which do not compact a single exchange: the failed status
 * (`times` of it), no summary request, no boundary, the error as a synthetic assistant message and
 * as the result's text; nothing is compacted, so the next request carries the whole conversation.
 */
async function checkRefusal(ctx: ScenarioContext, msgs: Json[], result: Json, times: number): Promise<void> {
  ctx.checkEqual(
    msgs.filter(isSystem('status')).map((m) => [m.status, m.compact_result, m.compact_error]),
    [
      ['compacting', undefined, undefined],
      ...Array.from({ length: times }, () => [null, 'failed', C.refusal]),
    ],
    'compaction/status',
    `system/status says compacting, then ${times === 1 ? 'once' : `${times} times`} that the compaction failed: "${C.refusal}"`,
  );
  ctx.check(
    !msgs.some(isSystem('compact_boundary')),
    'compaction/boundary-unexpected',
    'no system/compact_boundary is emitted',
  );
  const refusal = msgs.find((m) => m.type === 'assistant');
  ctx.checkEqual(
    [get(refusal, 'message', 'model'), get(refusal, 'message', 'content', 0, 'text')],
    ['<synthetic>', C.refusal],
    'compaction/refusal-message',
    'the error comes as a synthetic assistant message',
  );
  ctx.checkEqual(
    [result.num_turns, result.result, result.is_error],
    [0, C.refusal, false],
    'compaction/result',
    'the result counts no turn and carries the error',
  );
  const conversation = () => ctx.modelRequests().filter((r) => r.kind === 'conversation');
  ctx.checkEqual(conversation().length, 1, 'compaction/request', 'no summary request is made');
  await turn(ctx, C.next);
  const nextRequest = textsOf(get(conversation()[1], 'body', 'messages'));
  ctx.check(
    nextRequest.includes(C.prompt) && nextRequest.includes(C.answer),
    'compaction/next-request',
    'the next request carries the whole conversation',
  );
}

export const compactionScenarios: Scenario[] = [
  {
    id: 'compaction/manual',
    requirement:
      "`/compact` as a prompt compacts the conversation: the CLI asks the model for a summary (its instructions as the last user message), emits system/status compacting then compact_result success, system/init, system/compact_boundary (trigger manual, pre_tokens the context before), the summary as a synthetic user message, the command's output, and a result of no turns; the next turn's request starts from the summary. 2.1.153 to 2.1.268 refuse to compact a single exchange: compact_result failed with compact_error \"Not enough messages to compact.\" (twice before 2.1.195), no summary request and no boundary, the error as a synthetic assistant message and as the result's text; the next request carries the whole conversation",
    spec: '§1 system/compact_boundary, system/status',
    tier: 'model',
    replayGaps: {
      'compaction/request': REPLAY_GAP.modelRequests,
      'compaction/request-history': REPLAY_GAP.modelRequests,
      'compaction/next-request': REPLAY_GAP.modelRequests,
    },
    model: script(
      { blocks: [text(C.answer)], usage: C.usage },
      { blocks: [text(C.summaryReply)], usage: C.summaryUsage },
      [text(C.nextAnswer)],
    ),
    async drive(ctx) {
      await turn(ctx, C.prompt);
      const before = ctx.session.messages().length;
      const result = await turn(ctx, '/compact');
      const msgs = ctx.session.messages().slice(before);
      // Boundaries: /compact after one exchange: 2.1.152 compacts, 2.1.153 refuses (bisected); 2.1.268
      // refuses, 2.1.269 compacts. The failed status comes twice up to 2.1.193, once from 2.1.195 (there
      // is no 2.1.194). Each run one by one: 2.1.152, 2.1.153, 2.1.191, 2.1.193, 2.1.195, 2.1.199,
      // 2.1.226 to 2.1.229, 2.1.231, 2.1.268, 2.1.269, and the sweeps' releases.
      const refusals = byVersion(ctx, {
        '<2.1.153': 0,
        '>=2.1.153 <2.1.195': 2,
        '>=2.1.195 <2.1.269': 1,
        '>=2.1.269': 0,
      });
      if (refusals > 0) {
        await checkRefusal(ctx, msgs, result, refusals);
        return;
      }
      const at = (predicate: (m: Json) => boolean) => msgs.findIndex(predicate);

      const statuses = msgs.filter(isSystem('status'));
      ctx.checkEqual(
        statuses.map((m) => [m.status, m.compact_result]),
        [
          ['compacting', undefined],
          [null, 'success'],
        ],
        'compaction/status',
        'system/status says compacting, then that the compaction succeeded',
      );
      const boundaryAt = at(isSystem('compact_boundary'));
      const boundary = msgs[boundaryAt];
      ctx.check(boundary !== undefined, 'compaction/boundary-missing', 'system/compact_boundary is emitted');
      ctx.check(
        at(isSystem('init')) > at((m) => m.compact_result === 'success') && at(isSystem('init')) < boundaryAt,
        'compaction/order',
        'system/init comes between the status messages and the boundary',
      );
      ctx.checkEqual(
        get(boundary, 'compact_metadata', 'trigger'),
        'manual',
        'compaction/trigger',
        'the boundary says the compaction was asked for',
        ['compact_metadata', 'trigger'],
      );
      ctx.checkEqual(
        get(boundary, 'compact_metadata', 'pre_tokens'),
        C.usage.input_tokens + C.usage.cache_read_input_tokens + C.usage.output_tokens,
        'compaction/pre-tokens',
        "pre_tokens is the context before: the last response's input, cache and output tokens",
        ['compact_metadata', 'pre_tokens'],
      );
      const post = get(boundary, 'compact_metadata', 'post_tokens');
      ctx.check(
        typeof post === 'number' && post > 0,
        'compaction/post-tokens',
        'post_tokens counts the context after',
        {
          path: ['compact_metadata', 'post_tokens'],
          actual: post,
        },
      );

      const after = msgs.slice(boundaryAt + 1).filter((m) => m.type === 'user');
      const summary = after[0];
      const summaryText = String(get(summary, 'message', 'content') ?? '');
      ctx.checkEqual(
        [summary?.isSynthetic, summary?.isReplay],
        [true, false],
        'compaction/summary-message',
        'the summary comes as a synthetic user message',
      );
      ctx.check(
        summaryText.includes(C.summary) && !summaryText.includes('<analysis>'),
        'compaction/summary-text',
        "the message carries the model's summary without its analysis",
        { actual: summaryText },
      );
      ctx.checkEqual(
        [get(after[1], 'message', 'content'), after[1]?.isReplay],
        ['<local-command-stdout>Compacted </local-command-stdout>', true],
        'compaction/command-output',
        "the command's output follows, replayed",
      );
      ctx.checkEqual(
        [result.num_turns, result.result, result.is_error],
        [0, '', false],
        'compaction/result',
        'the result counts no turn and carries no text',
      );
      const models = Object.values((result.modelUsage ?? {}) as Record<string, Json>);
      ctx.checkEqual(
        models.reduce((sum, m) => sum + Number(m.inputTokens ?? 0), 0),
        C.usage.input_tokens + C.summaryUsage.input_tokens,
        'compaction/cost',
        "the summary request counts in the session's usage",
        ['modelUsage'],
      );

      const requests = ctx.modelRequests().filter((r) => r.kind === 'conversation');
      const summaryRequest = (get(requests[1], 'body', 'messages') ?? []) as Json[];
      const last = summaryRequest.at(-1);
      ctx.check(
        last?.role === 'user' && textsOf([last]).includes('summary'),
        'compaction/request',
        'the summary request ends with the instructions as a user message',
        { actual: last },
      );
      ctx.check(
        textsOf(summaryRequest).includes(C.answer),
        'compaction/request-history',
        'the summary request carries the conversation so far',
      );

      await turn(ctx, C.next);
      const nextRequest = textsOf(
        get(ctx.modelRequests().filter((r) => r.kind === 'conversation')[2], 'body', 'messages'),
      );
      ctx.check(
        nextRequest.includes(C.summary) && !nextRequest.includes(C.answer),
        'compaction/next-request',
        'the next request starts from the summary, without the compacted conversation',
      );
    },
  },
];
