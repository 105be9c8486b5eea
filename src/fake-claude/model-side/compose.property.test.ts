import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { type Opening, RequestMessages, requestMessages } from './compose.js';

/**
 * A conversation's request messages built request by request (`RequestMessages`, which keeps what
 * it built for the settled part of the history) are what building each request anew gives — also
 * when they are made only after later requests (`later`) — and an earlier request's messages never
 * change afterwards — whatever the order of user, assistant and
 * system messages, a history rewritten in place (a compaction's) or an opening that changes.
 */

type Entry = { role: string; content: unknown };

const content = fc.oneof(
  fc.constantFrom('a prompt', 'another prompt', ''),
  fc.constant([{ type: 'text', text: 'a block' }]),
  fc.constant([{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }]),
  fc.constant([
    { type: 'text', text: 'thinking aloud' },
    { type: 'tool_use', id: 'toolu_2', name: 'Bash', input: {} },
  ]),
);
const entry = fc.record({ role: fc.constantFrom('user', 'user', 'assistant', 'system'), content });
const openings: Array<Opening | undefined> = [
  { blocks: ['<context>'], system: 'the environment', systemFields: { output_config: {} } },
  { blocks: ['<other context>', '<skills>'], system: null, systemFields: {} },
  undefined,
];
/** One step of a session: a message remembered, the history rewritten, the opening changed. */
const step = fc.oneof(
  { weight: 8, arbitrary: entry.map((e) => ({ kind: 'append' as const, entry: e })) },
  { weight: 1, arbitrary: fc.array(entry, { maxLength: 3 }).map((es) => ({ kind: 'rewrite' as const, es })) },
  { weight: 1, arbitrary: fc.nat(2).map((n) => ({ kind: 'opening' as const, n })) },
);

describe('RequestMessages', () => {
  test.prop([fc.array(step, { maxLength: 40 }), fc.boolean()], { numRuns: 500 })(
    'builds each request of a growing conversation as building it anew does, made at once or after later requests, and leaves earlier requests as they were',
    (steps, cached) => {
      const history: Entry[] = [];
      let opening = openings[0];
      const cacheControl = cached ? { type: 'ephemeral' } : null;
      const built = new RequestMessages();
      const earlier: Array<{ messages: unknown; copy: unknown }> = [];
      const asked: Array<{ later: () => unknown; expected: unknown }> = [];
      steps.forEach((s, i) => {
        if (s.kind === 'append') history.push({ ...s.entry });
        else if (s.kind === 'rewrite') history.splice(0, history.length, ...s.es.map((e) => ({ ...e })));
        else opening = openings[s.n];
        const expected = requestMessages(history, opening, cacheControl);
        // Every other request's messages are asked for only at the end, after the later requests.
        if (i % 2 === 1) {
          asked.push({ later: built.later(history, opening, cacheControl), expected });
          return;
        }
        const messages = built.build(history, opening, cacheControl);
        expect(messages).toEqual(expected);
        earlier.push({ messages, copy: structuredClone(messages) });
      });
      for (const a of asked) expect(a.later()).toEqual(a.expected);
      for (const e of earlier) expect(e.messages).toEqual(e.copy);
    },
  );
});
