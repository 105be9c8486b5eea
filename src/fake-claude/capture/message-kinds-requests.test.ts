import { describe, expect, it } from 'vitest';
import {
  changedParams,
  contextTemplates,
  sideInstructions,
  systemMessageAfter,
} from './message-kinds-requests.js';

const facts = { root: '/tmp/sbx', model: 'claude-opus-5-5', date: '2031-02-03', osVersion: 'Linux 9' };
const cache = { type: 'ephemeral' };

describe('what the message kinds’ requests show against the main loop’s', () => {
  it('the parameters a request changes or adds, not its messages, system, tools or model', () => {
    const main = {
      model: 'a',
      messages: [],
      max_tokens: 64000,
      thinking: { type: 'adaptive' },
      stream: true,
    };
    const side = { model: 'b', messages: [1], max_tokens: 20000, thinking: { type: 'adaptive' }, top_k: 1 };
    expect(changedParams(side, main)).toEqual({ max_tokens: 20000, top_k: 1 });
  });

  it('a side request’s instructions: a string after the conversation that carries the cache control', () => {
    const conversation = {
      role: 'assistant',
      content: [{ type: 'text', text: 'Hi.', cache_control: cache }],
    };
    expect(sideInstructions({ messages: [conversation, { role: 'user', content: 'Do it.' }] }, 'x')).toBe(
      'Do it.',
    );
    expect(() =>
      sideInstructions(
        { messages: [conversation, { role: 'user', content: [{ type: 'text', text: 'Do it.' }] }] },
        'x',
      ),
    ).toThrow(/as a string/);
    const uncached = { role: 'assistant', content: [{ type: 'text', text: 'Hi.' }] };
    expect(() =>
      sideInstructions({ messages: [uncached, { role: 'user', content: 'Do it.' }] }, 'x'),
    ).toThrow(/cache control/);
  });

  it('the context around a conversation as templates: the blocks before a point, the system-role message after', () => {
    const request = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Today is 2031-02-03.' },
            { type: 'text', text: 'The prompt.' },
          ],
        },
        {
          role: 'system',
          content:
            'The following deferred tools are now available via ToolSearch. Load them:\nCronCreate\nWebSearch\n\nIn /tmp/sbx/work.',
          output_config: { effort: 'medium' },
        },
      ],
    };
    expect(contextTemplates(request, 1, facts)).toEqual({
      userBlocks: ['Today is {date}.'],
      systemMessage:
        'The following deferred tools are now available via ToolSearch. Load them:\n{deferredTools}\n\nIn {cwd}.',
      systemMessageFields: { output_config: { effort: 'medium' } },
      deferredBuiltins: ['CronCreate', 'WebSearch'],
    });
    expect(contextTemplates({ messages: [request.messages[0]] }, 1, facts)).toEqual({
      userBlocks: ['Today is {date}.'],
      systemMessage: null,
      systemMessageFields: {},
    });
  });

  it('a system-role message after a given one, only when it holds nothing of the session', () => {
    const results = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] };
    const agents = { role: 'system', content: [{ type: 'text', text: 'Agent types: a, b.' }] };
    expect(systemMessageAfter({ messages: [results, agents] }, 0, facts, 'x')).toBe('Agent types: a, b.');
    expect(systemMessageAfter({ messages: [results] }, 0, facts, 'x')).toBeUndefined();
    const dated = { role: 'system', content: 'Today is 2031-02-03.' };
    expect(() => systemMessageAfter({ messages: [results, dated] }, 0, facts, 'x')).toThrow(/of the session/);
  });
});
