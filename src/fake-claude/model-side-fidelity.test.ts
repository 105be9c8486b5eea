import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../model-api/index.js';
import { normalizeModelRequests } from './model-side-fidelity.js';

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
});
