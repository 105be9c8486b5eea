import { describe, expect, it } from 'vitest';
import { requestMessages, toolResultBlock } from './compose.js';

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

describe('the block the model gets for a tool outcome', () => {
  it('an error says so after its content; a success carries is_error: false only where the version writes it', () => {
    expect(toolResultBlock('t1', { content: 'boom', isError: true })).toEqual({
      type: 'tool_result',
      content: 'boom',
      is_error: true,
      tool_use_id: 't1',
    });
    expect(toolResultBlock('t2', { content: 'ok', isError: false })).toEqual({
      tool_use_id: 't2',
      type: 'tool_result',
      content: 'ok',
    });
    expect(toolResultBlock('t3', { content: '', isError: false, explicitNotError: true })).toHaveProperty(
      'is_error',
      false,
    );
  });
});
