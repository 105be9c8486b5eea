import { monotonicMs } from '../../../util/clock.js';
import { isRecord } from '../../../util/json.js';
import { randomUuid } from '../../../util/uuid.js';
import type { Json } from '../../behaviour/index.js';
import { roughTokens } from '../../model-side/rough-tokens.js';
import type { TurnState } from '../turn-state.js';
import { fillTemplate } from './fill.js';
import type { KindsHost } from './host.js';
import { readResponse } from './response-reader.js';
import { sideRequestBody } from './side-request.js';
import type { CompactionData } from './types.js';

/** The prompt that asks for a compaction: `/compact` alone (instructions after it are not emulated). */
export function isCompactCommand(content: unknown): boolean {
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content) && content.length === 1 && isRecord(content[0]) && content[0].type === 'text'
        ? content[0].text
        : undefined;
  return typeof text === 'string' && text.trim() === '/compact';
}

/**
 * The summary the model wrote, as the CLI keeps it: its `<analysis>` dropped, its `<summary>` as
 * `Summary:` and the text, blank lines squeezed (as 2.1.150's binary does; checked on 2.1.332 too).
 */
export function formatSummary(reply: string): string {
  let text = reply.replace(/<analysis>[\s\S]*?<\/analysis>/, '');
  const summary = /<summary>([\s\S]*?)<\/summary>/.exec(text);
  if (summary) text = text.replace(/<summary>[\s\S]*?<\/summary>/, `Summary:\n${(summary[1] ?? '').trim()}`);
  return text.replace(/\n\n+/g, '\n\n').trim();
}

/**
 * `/compact` as a prompt: the model is asked for a summary of the conversation (the version's
 * instructions after it), and the conversation starts over from that summary — with the status,
 * init, boundary, summary and command-output messages and the result of no turns the version emits.
 */
export async function compact(host: KindsHost, data: CompactionData, turn: TurnState): Promise<void> {
  const started = monotonicMs();
  const [compacting, ...done] = data.before;
  if (compacting) host.emit(fillTemplate(compacting, host.facts()));
  const last = host.lastUsage();
  const preTokens = last
    ? last.input_tokens + last.cache_creation_input_tokens + last.cache_read_input_tokens + last.output_tokens
    : 0;
  const body = sideRequestBody(host, host.history(), data.prompt, data.params);
  const response = await host.call(body, turn.abort.signal);
  if (!response.ok) {
    const text = `API Error: ${response.status} ${typeof response.body === 'string' ? response.body : JSON.stringify(response.body)}`;
    host.emitResult(
      host.b.resultApiError(host.facts(), host.totals(turn, 0), text, response.status, randomUuid()),
    );
    return;
  }
  const read = await readResponse(response.events, () => {});
  host.account(read.usage, Math.round(monotonicMs() - started));
  const reply = read.blocks
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text))
    .join('');
  for (const message of done) host.emit(fillTemplate(message, host.facts()));
  host.emit(host.b.initMessage(host.facts(), randomUuid()));
  const summary = fillTemplate(data.summary, host.facts(), { strings: { summary: formatSummary(reply) } });
  const summaryText = String((summary.message as Json | undefined)?.content ?? '');
  host.emit(
    fillTemplate(data.boundary, host.facts(), {
      values: {
        preTokens,
        postTokens:
          roughTokens(summaryText) +
          data.postTokensOffset +
          host.contextTokens(data.context) -
          data.postTokensContextTokens,
        durationMs: Math.round(monotonicMs() - started),
      },
    }),
  );
  host.emit(summary);
  for (const message of data.after) host.emit(fillTemplate(message, host.facts()));
  // The conversation starts over from the summary, in the context the CLI rebuilds around it.
  host.replaceHistory(
    data.history.map((block) => ({
      role: 'user',
      content: [fillTemplate(block, host.facts(), { strings: { summaryMessage: summaryText } })],
    })),
  );
  host.rebuildContext(data.context);
  // A result of no turns: the version's fields (a plain result's, and what only this one has).
  const built = host.b.resultSuccess(host.facts(), host.totals(turn, 0), '', null, randomUuid());
  const result: Json = {};
  for (const key of data.result.keys)
    result[key] = key in data.result.extra ? data.result.extra[key] : built[key];
  host.emitResult(result);
}
