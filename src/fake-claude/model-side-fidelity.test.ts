import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../model-api/index.js';
import { comparedModelRequests, normalizeModelRequests } from './model-side-fidelity.js';

const withText = (text: string): RecordedRequest =>
  ({
    index: 0,
    method: 'POST',
    path: '/v1/messages?beta=true',
    headers: {},
    kind: 'conversation',
    turn: 0,
    body: {
      messages: [{ role: 'user', content: [{ type: 'tool_result', content: [{ type: 'text', text }] }] }],
    },
  }) as unknown as RecordedRequest;

describe('normalizeModelRequests', () => {
  it('sorts each run of token counts the CLI asks together, and keeps the other requests in order', () => {
    const request = (kind: string, text: string): RecordedRequest =>
      ({
        index: 0,
        method: 'POST',
        path: kind === 'count_tokens' ? '/v1/messages/count_tokens?beta=true' : '/v1/messages?beta=true',
        headers: {},
        kind,
        turn: null,
        body: { messages: [{ role: 'user', content: text }] },
      }) as unknown as RecordedRequest;
    const texts = (requests: RecordedRequest[]) =>
      normalizeModelRequests(requests).map(
        (r) => `${r.kind}:${JSON.stringify(r.body).match(/"content":"(\w+)"/)?.[1]}`,
      );
    const one = texts([
      request('count_tokens', 'b'),
      request('count_tokens', 'a'),
      request('conversation', 'z'),
      request('count_tokens', 'd'),
      request('count_tokens', 'c'),
    ]);
    expect(one).toEqual([
      'count_tokens:a',
      'count_tokens:b',
      'conversation:z',
      'count_tokens:c',
      'count_tokens:d',
    ]);
    expect(
      texts([
        request('count_tokens', 'a'),
        request('count_tokens', 'b'),
        request('conversation', 'z'),
        request('count_tokens', 'c'),
        request('count_tokens', 'd'),
      ]),
    ).toEqual(one);
  });

  it('takes how long a subagent ran out of the Agent tool result, and nothing else of its usage', () => {
    const [a] = normalizeModelRequests([
      withText('<usage>total_tokens: 259\ntool_uses: 1\nduration_ms: 253</usage>'),
    ]);
    const [b] = normalizeModelRequests([
      withText('<usage>total_tokens: 259\ntool_uses: 1\nduration_ms: 114</usage>'),
    ]);
    const [c] = normalizeModelRequests([
      withText('<usage>total_tokens: 260\ntool_uses: 1\nduration_ms: 114</usage>'),
    ]);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('compares no start-up probe where both runs asked nothing else (a CLI ending at once may exit before it)', () => {
    const probe = { index: 0, method: 'HEAD', path: '/', headers: {}, kind: 'probe', turn: null } as never;
    const turn = {
      index: 1,
      method: 'POST',
      path: '/v1/messages?beta=true',
      headers: {},
      kind: 'conversation',
      turn: 0,
      body: {},
    } as never;
    expect(comparedModelRequests([], [probe])).toEqual([[], []]);
    const [real, fake] = comparedModelRequests([turn], [probe, turn]);
    expect(fake).not.toEqual(real);
  });
});
