import { get, turn } from '../expect.js';
import { script, text } from '../model.js';
import { REPLAY_GAP, type Scenario } from '../scenario.js';

type Json = Record<string, unknown>;

/** The conversation of `prompt-suggestion/after-turn` and the suggestion the model makes. */
export const PROMPT_SUGGESTION = {
  prompts: ['Say hello.', 'Write a haiku about tests.'],
  answers: ['Hello there.', 'Tests run at dawn.'],
  /** The model's reply to the suggestion request, wrapped in a tag the CLI takes off. */
  reply: '<suggestion>run the tests</suggestion>',
  suggestion: 'run the tests',
  replyUsage: { input_tokens: 4000, output_tokens: 40 },
} as const;

const P = PROMPT_SUGGESTION;

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

export const promptSuggestionScenarios: Scenario[] = [
  {
    id: 'prompt-suggestion/after-turn',
    requirement:
      "with initialize.promptSuggestions, once the conversation has two assistant messages the CLI asks the model (the conversation, then its suggestion instructions) for the prompt the user would type next after a turn's result, and emits it as prompt_suggestion (a wrapping tag taken off); after the first turn it asks nothing",
    spec: '§1 prompt_suggestion; §2 initialize (promptSuggestions)',
    tier: 'model',
    replayGaps: {
      'suggestion/early': REPLAY_GAP.modelRequests,
      'model/requests': REPLAY_GAP.modelRequests,
      'suggestion/request': REPLAY_GAP.modelRequests,
      'suggestion/request-history': REPLAY_GAP.modelRequests,
    },
    model: script([text(P.answers[0])], [text(P.answers[1])], {
      blocks: [text(P.reply)],
      usage: P.replyUsage,
    }),
    async drive(ctx) {
      const init = await ctx.session.request({ subtype: 'initialize', hooks: {}, promptSuggestions: true });
      ctx.checkEqual(init.subtype, 'success', 'control/response-subtype', 'initialize succeeds');
      await turn(ctx, P.prompts[0]);
      ctx.checkEqual(
        ctx.modelRequests().filter((r) => r.kind === 'conversation').length,
        1,
        'suggestion/early',
        'after the first turn no suggestion is asked for',
      );
      const result = await turn(ctx, P.prompts[1]);
      const suggestion = await ctx.session.waitFor(
        (m) => m.type === 'prompt_suggestion',
        'a prompt_suggestion',
      );
      const msgs = ctx.session.messages();
      ctx.checkEqual(
        Object.keys(suggestion),
        ['type', 'suggestion', 'uuid', 'session_id'],
        'suggestion/fields',
        'prompt_suggestion carries the suggestion, a uuid and the session',
      );
      ctx.checkEqual(
        suggestion.suggestion,
        P.suggestion,
        'suggestion/text',
        "the suggestion is the model's text without its tag",
        ['suggestion'],
      );
      ctx.checkEqual(
        msgs.filter((m) => m.type === 'prompt_suggestion').length,
        1,
        'suggestion/count',
        'one suggestion, after the second turn',
      );
      ctx.check(
        msgs.indexOf(suggestion) > msgs.indexOf(result),
        'suggestion/order',
        "the suggestion follows the turn's result",
      );
      const requests = ctx.modelRequests().filter((r) => r.kind === 'conversation');
      ctx.checkEqual(requests.length, 3, 'model/requests', 'one request more than the turns: the suggestion');
      const messages = (get(requests[2], 'body', 'messages') ?? []) as Json[];
      const last = messages.at(-1);
      ctx.check(
        last?.role === 'user' && textsOf([last]).includes('SUGGESTION MODE'),
        'suggestion/request',
        'the suggestion request ends with its instructions as a user message',
        { actual: last },
      );
      ctx.check(
        P.answers.every((a) => textsOf(messages).includes(a)),
        'suggestion/request-history',
        'the suggestion request carries the conversation',
      );
    },
  },
];
