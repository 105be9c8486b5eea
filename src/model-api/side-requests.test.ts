import { describe, expect, it } from 'vitest';
import {
  classifyMessagesRequest,
  DEFAULT_SIDE_TEXT,
  sampleForSchema,
  sideReplyTurn,
} from './side-requests.js';

/** Request bodies shaped like those the real CLI 2.1.150 sent (docs/model-script.md, "Side requests"). */
const tool = { name: 'Write', description: 'w', input_schema: { type: 'object' } };
const mainLoop = {
  model: 'claude-opus-4-7',
  max_tokens: 64000,
  stream: true,
  tools: [tool],
  thinking: { type: 'adaptive' },
  context_management: { edits: [] },
  output_config: { effort: 'xhigh' },
  messages: [],
};
const mainLoopWithoutTools = { ...mainLoop, tools: [] };
const subagent = { model: 'claude-opus-4-7', max_tokens: 64000, stream: true, tools: [tool], messages: [] };
const titleQuery = {
  model: 'claude-opus-4-7',
  max_tokens: 64000,
  stream: true,
  tools: [],
  output_config: {
    effort: 'xhigh',
    format: {
      type: 'json_schema',
      schema: {
        type: 'object',
        properties: { title: { type: 'string' } },
        required: ['title'],
        additionalProperties: false,
      },
    },
  },
  messages: [],
};
const probe = { model: 'claude-x', max_tokens: 1, messages: [] };
/** The auto-mode security classifier of 2.1.270 (in plan mode): thinking, but no tools and no context_management. */
const securityMonitor = {
  model: 'claude-sonnet-5',
  max_tokens: 64,
  stream: true,
  thinking: { type: 'adaptive' },
  system: [{ type: 'text', text: 'You are a security monitor for autonomous AI coding agents.' }],
  messages: [{ role: 'user', content: [{ type: 'text', text: '<transcript>\n' }] }],
};
const helper = { model: 'claude-haiku', max_tokens: 1024, messages: [] };

describe('classifyMessagesRequest', () => {
  it.each([
    ['the main loop', mainLoop],
    ['the main loop under --tools ""', mainLoopWithoutTools],
    ['a subagent', subagent],
  ])('takes %s for the conversation', (_name, body) => {
    expect(classifyMessagesRequest(body, undefined)).toEqual({ kind: 'conversation' });
  });

  it.each([
    ['the session title query', titleQuery, 'structured output'],
    ['a max_tokens 1 probe', probe, 'probe'],
    ['a tool-less helper query', helper, 'helper query'],
    ['a tool-less helper query with thinking (the auto-mode classifier)', securityMonitor, 'helper query'],
  ])('takes %s for a side request', (_name, body, reason) => {
    const result = classifyMessagesRequest(body, undefined);
    expect(result.kind).toBe('side');
    expect(result.kind === 'side' && result.reason).toContain(reason);
  });

  it('takes everything for the conversation when detection is off', () => {
    expect(classifyMessagesRequest(titleQuery, { detect: 'off' })).toEqual({ kind: 'conversation' });
  });
});

describe('sideReplyTurn', () => {
  it('answers a structured-output request with JSON matching its schema', () => {
    const turn = sideReplyTurn(titleQuery, undefined);
    const block = turn.blocks[0];
    expect(block?.type === 'text' && JSON.parse(block.text)).toEqual({ title: DEFAULT_SIDE_TEXT });
  });

  it('answers other side requests with a fixed text, or the scripted blocks', () => {
    expect(sideReplyTurn(helper, undefined).blocks).toEqual([{ type: 'text', text: DEFAULT_SIDE_TEXT }]);
    const blocks = [{ type: 'text' as const, text: '{"title":"Cats"}' }];
    expect(sideReplyTurn(titleQuery, { blocks }).blocks).toEqual(blocks);
  });

  it('samples enums, consts, arrays, numbers and nested objects', () => {
    expect(
      sampleForSchema(
        {
          type: 'object',
          properties: {
            kind: { enum: ['a', 'b'] },
            fixed: { const: 7 },
            list: { type: 'array', items: { type: 'string' } },
            count: { type: 'integer' },
            flag: { type: 'boolean' },
            inner: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
        0,
      ),
    ).toEqual({ kind: 'a', fixed: 7, list: [], count: 0, flag: false, inner: { name: DEFAULT_SIDE_TEXT } });
  });
});
