import { monotonicMs } from '../../../util/clock.js';
import type { TurnState } from '../turn-state.js';
import { fillTemplate } from './fill.js';
import type { KindsHost } from './host.js';
import { readResponse } from './response-reader.js';
import { sideRequestBody } from './side-request.js';
import type { PromptSuggestionData } from './types.js';

/** The last response's input, cache-write and output tokens above which the cache is cold: no suggestion. */
const COLD_CACHE_TOKENS = 10_000;

/** The model's reply as a suggestion: trimmed, a wrapping tag (`<suggestion>`…) or label taken off. */
export function suggestionText(reply: string): string {
  return reply
    .trim()
    .replace(
      /^<(suggestion|response|output|answer|result)>([\s\S]*)<\/\1>$/i,
      (whole, tag: string, inner: string) =>
        inner.toLowerCase().includes(`</${tag.toLowerCase()}>`) ? whole : inner,
    )
    .replace(
      /^\s*(suggested\s+(response|reply|input|prompt)|suggestion|response|reply|answer|output|result)\s*:\s*/i,
      '',
    )
    .trim();
}

const ACCEPTED_SINGLE_WORDS = new Set([
  'yes',
  'yeah',
  'yep',
  'yea',
  'yup',
  'sure',
  'ok',
  'okay',
  'push',
  'commit',
  'deploy',
  'stop',
  'continue',
  'check',
  'exit',
  'quit',
  'no',
]);

/**
 * Why the CLI would not show `suggestion` (2.1.150's filters: empty, meta text, too few or too many
 * words, too long, several sentences, formatting, evaluative, in Claude's voice); undefined when it
 * would. 2.1.332's further (mostly multilingual) rules are not emulated.
 */
export function refusedSuggestion(suggestion: string): string | undefined {
  if (!suggestion) return 'empty';
  const lower = suggestion.toLowerCase();
  const words = suggestion.trim().split(/\s+/).length;
  const rules: Array<[string, () => boolean]> = [
    ['done', () => lower === 'done'],
    [
      'meta_text',
      () =>
        lower === 'nothing found' ||
        lower === 'nothing found.' ||
        lower.startsWith('nothing to suggest') ||
        lower.startsWith('no suggestion') ||
        /\bsilence is\b|\bstay(s|ing)? silent\b/.test(lower) ||
        /^\W*silence\W*$/.test(lower),
    ],
    ['meta_wrapped', () => /^\(.*\)$|^\[.*\]$/.test(suggestion)],
    [
      'error_message',
      () =>
        [
          'api error:',
          'prompt is too long',
          'request timed out',
          'invalid api key',
          'image was too large',
        ].some((p) => lower.startsWith(p)),
    ],
    ['prefixed_label', () => /^\w+:\s/.test(suggestion)],
    ['too_few_words', () => words < 2 && !suggestion.startsWith('/') && !ACCEPTED_SINGLE_WORDS.has(lower)],
    ['too_many_words', () => words > 12],
    ['too_long', () => suggestion.length >= 100],
    ['multiple_sentences', () => /[.!?]\s+[A-Z]/.test(suggestion)],
    ['has_formatting', () => /[\n*]|\*\*/.test(suggestion)],
    [
      'evaluative',
      () =>
        /thanks|thank you|looks good|sounds good|that works|that worked|that's all|nice|great|perfect|makes sense|awesome|excellent/.test(
          lower,
        ),
    ],
    [
      'claude_voice',
      () =>
        /^(let me|i'll|i've|i'm|i can|i would|i think|i notice|here's|here is|here are|that's|this is|this will|you can|you should|you could|sure,|of course|certainly)/i.test(
          suggestion,
        ),
    ],
  ];
  return rules.find(([, applies]) => applies())?.[0];
}

/**
 * After a turn's result, with initialize's `promptSuggestions`: once the conversation has two
 * assistant messages (a block is one), the model is asked — the conversation, then the version's
 * instructions — what the user would type next, and a suggestion the CLI's filters let through is
 * emitted as `prompt_suggestion`. The request counts in the session's cost.
 */
export async function suggestPrompt(
  host: KindsHost,
  data: PromptSuggestionData,
  turn: TurnState,
): Promise<void> {
  if (!host.promptSuggestions() || turn.interrupted || host.permissionMode() === 'plan') return;
  const history = host.history();
  const assistantMessages = history
    .filter((m) => m.role === 'assistant')
    .reduce((n, m) => n + (Array.isArray(m.content) ? m.content.length : 1), 0);
  if (assistantMessages < 2) return;
  const last = host.lastUsage();
  if (last && last.input_tokens + last.cache_creation_input_tokens + last.output_tokens > COLD_CACHE_TOKENS)
    return;
  const started = monotonicMs();
  const body = sideRequestBody(host, history, data.prompt, data.params);
  const response = await host.call(body, turn.abort.signal);
  if (!response.ok) return;
  const read = await readResponse(response.events, () => {});
  host.account(read.usage, Math.round(monotonicMs() - started));
  // The first text the model wrote; a tool call instead means no suggestion.
  if (read.blocks.some((b) => b.type === 'tool_use')) return;
  const reply = read.blocks.find((b) => b.type === 'text');
  const suggestion = suggestionText(String(reply?.text ?? ''));
  if (refusedSuggestion(suggestion) !== undefined) return;
  host.emit(fillTemplate(data.message, host.facts(), { strings: { suggestion } }));
}
