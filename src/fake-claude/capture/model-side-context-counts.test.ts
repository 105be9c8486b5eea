import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../model-api/index.js';
import { countSet } from './model-side-context-counts.js';

const count = (body: unknown): RecordedRequest =>
  ({
    index: 0,
    method: 'POST',
    path: '/v1/messages/count_tokens?beta=true',
    headers: {},
    kind: 'count_tokens',
    turn: null,
    time: 0,
    body,
  }) as RecordedRequest;
const tool = (name: string, description = `${name} does it.`) => ({ name, description, input_schema: {} });

describe('the token counts’ capture', () => {
  it('keeps each request’s text as a template and its tools by name, in a fixed order', () => {
    const set = countSet(
      [
        count({ model: 'm', messages: [{ role: 'user', content: 'foo' }], tools: [tool('B'), tool('A')] }),
        count({ model: 'm', messages: [{ role: 'user', content: 'Work in /sb/work.' }], tools: [] }),
      ],
      (text) => text.split('/sb/work').join('{cwd}'),
    );
    expect(set.requests).toEqual([
      { text: 'Work in {cwd}.', tools: [] },
      { text: 'foo', tools: ['B', 'A'] },
    ]);
    expect(Object.keys(set.tools).sort()).toEqual(['A', 'B']);
  });

  it('refuses a request that is not one user text and tools, or a tool read two ways', () => {
    const same = (t: string) => t;
    expect(() =>
      countSet(
        [
          count({
            model: 'm',
            messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
            tools: [],
          }),
        ],
        same,
      ),
    ).toThrow(/not a text/);
    expect(() => countSet([count({ model: 'm', messages: [], tools: [], system: [] })], same)).toThrow(
      /one user message/,
    );
    expect(() =>
      countSet(
        [
          count({ model: 'm', messages: [{ role: 'user', content: 'foo' }], tools: [tool('A')] }),
          count({ model: 'm', messages: [{ role: 'user', content: 'foo' }], tools: [tool('A', 'other')] }),
        ],
        same,
      ),
    ).toThrow(/two definitions/);
  });
});
