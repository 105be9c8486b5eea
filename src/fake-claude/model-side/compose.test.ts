import { describe, expect, it } from 'vitest';
import { requestMessages } from './compose.js';

const opening = { blocks: ['<context>'], system: 'the environment', systemFields: { output_config: {} } };
const cache = { type: 'ephemeral' };

describe('requestMessages', () => {
  it('puts the system-role context after the first user message as joined, the run of user messages it starts', () => {
    const messages = requestMessages(
      [
        { role: 'user', content: 'a local command' },
        { role: 'user', content: 'the prompt' },
        { role: 'assistant', content: [{ type: 'text', text: 'an answer' }] },
        { role: 'user', content: 'the next prompt' },
      ],
      opening,
      cache,
    );
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: '<context>' },
          { type: 'text', text: 'a local command\n' },
          { type: 'text', text: 'the prompt' },
        ],
      },
      { role: 'system', content: 'the environment', output_config: {} },
      { role: 'assistant', content: [{ type: 'text', text: 'an answer' }] },
      { role: 'user', content: [{ type: 'text', text: 'the next prompt', cache_control: cache }] },
    ]);
  });

  it('keeps a prompt given as text a string where nothing joins it and no cache control lands on it', () => {
    const messages = requestMessages(
      [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: [{ type: 'text', text: 'one' }] },
        { role: 'user', content: 'second' },
        { role: 'assistant', content: [{ type: 'text', text: 'two' }] },
      ],
      { ...opening, system: null },
      cache,
    );
    expect(messages[2]).toEqual({ role: 'user', content: 'second' });
    expect(messages[3]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'two', cache_control: cache }],
    });
  });
});
