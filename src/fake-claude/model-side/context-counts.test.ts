import { describe, expect, it } from 'vitest';
import { ContextCounts, type ContextCountsData } from './context-counts.js';

const data = (cachedInSession: boolean): ContextCountsData => ({
  path: '/v1/messages/count_tokens?beta=true',
  beforeFirstTurn: {
    requests: [
      { text: 'foo', tools: [] },
      { text: 'foo', tools: [] },
      { text: 'Work in {cwd}.', tools: [] },
      { text: 'foo', tools: ['Agent', 'Web'] },
    ],
    tools: {
      Agent: { name: 'Agent', description: 'A new agent starts fresh.' },
      Web: { name: 'Web', description: 'Knows up to {monthYear}.' },
    },
  },
  afterATurn: {
    requests: [
      { text: 'foo', tools: [] },
      { text: 'Work in {cwd}.', tools: [] },
      { text: 'foo', tools: ['Agent', 'Web'] },
    ],
    tools: { Agent: { name: 'Agent', description: 'SendMessage continues an agent.' } },
  },
  cachedInSession,
  alwaysCounted: [{ text: 'foo', tools: [] }],
});
const values = { cwd: '/w' };
const texts = (bodies: Array<Record<string, unknown>> | undefined) =>
  (bodies ?? []).map((b) => {
    const [message] = b.messages as Array<{ content: string }>;
    return `${message?.content}/${(b.tools as Array<{ name: string }>).map((t) => t.name).join('+')}`;
  });

describe('get_context_usage’s token counts', () => {
  it('asks each part with the session’s model, its texts and tools filled', () => {
    const bodies = new ContextCounts(data(false)).bodies('m-1', false, values);
    expect(texts(bodies)).toEqual(['foo/', 'foo/', 'Work in /w./', 'foo/Agent+Web']);
    expect(bodies?.[0]?.model).toBe('m-1');
    const web = ((bodies?.[3]?.tools ?? []) as Array<{ description: string }>)[1];
    expect(web?.description).toMatch(/^Knows up to [A-Z][a-z]+ \d{4}\.$/);
  });

  it('after a turn, the tools that read otherwise then; the others as before', () => {
    const bodies = new ContextCounts(data(false)).bodies('m-1', true, values);
    const [agent, web] = (bodies?.[2]?.tools ?? []) as Array<{ description: string }>;
    expect(agent?.description).toBe('SendMessage continues an agent.');
    expect(web?.description).toMatch(/^Knows up to /);
  });

  it('a version that caches asks again only the baseline before a turn, and what changed after it', () => {
    const counts = new ContextCounts(data(true));
    expect(texts(counts.bodies('m-1', false, values))).toHaveLength(4);
    expect(texts(counts.bodies('m-1', false, values))).toEqual(['foo/']);
    // After a turn: the Agent tool reads otherwise, so its group is asked; nothing else.
    expect(texts(counts.bodies('m-1', true, values))).toEqual(['foo/Agent+Web']);
    expect(texts(counts.bodies('m-1', true, values))).toEqual([]);
  });

  it('a version that does not cache asks everything every time; none where the data has none', () => {
    const counts = new ContextCounts(data(false));
    counts.bodies('m-1', false, values);
    expect(texts(counts.bodies('m-1', false, values))).toHaveLength(4);
    expect(
      new ContextCounts({ ...data(false), afterATurn: null }).bodies('m-1', true, values),
    ).toBeUndefined();
    expect(new ContextCounts(null).bodies('m-1', false, values)).toBeUndefined();
  });

  it('a version that counts the conversation after a turn asks its parts as before, the conversation for the empty one', () => {
    const counts = new ContextCounts({ ...data(false), afterATurn: null });
    const conversation = { model: 'm-1', messages: [{ role: 'user', content: 'Hi.' }], tools: [] };
    const bodies = counts.bodies('m-1', true, values, conversation);
    expect(texts(bodies)).toEqual(['foo/', 'Work in /w./', 'foo/Agent+Web', 'Hi./']);
    // Its parts (what the categories read) leave the conversation to the caller.
    expect(counts.parts('m-1', true, values)?.map((p) => p.text)).toEqual(['foo', 'Work in /w.', 'foo']);
  });

  it('its parts are every count of the set, asked again or not, each with its text, tools and request', () => {
    const counts = new ContextCounts(data(true));
    counts.bodies('m-1', false, values);
    const parts = counts.parts('m-1', false, values);
    expect(parts?.map((p) => [p.text, p.tools])).toEqual([
      ['foo', []],
      ['foo', []],
      ['Work in /w.', []],
      ['foo', ['Agent', 'Web']],
    ]);
    expect(parts?.[2]?.body).toEqual({
      model: 'm-1',
      messages: [{ role: 'user', content: 'Work in /w.' }],
      tools: [],
    });
  });
});

describe('get_context_usage’s token counts of another session than the captured one', () => {
  const plain: ContextCountsData = {
    ...data(false),
    beforeFirstTurn: {
      ...data(false).beforeFirstTurn,
      requests: [...data(false).beforeFirstTurn.requests, { text: 'foo', tools: ['Cron'] }],
      tools: { ...data(false).beforeFirstTurn.tools, Cron: { name: 'Cron', description: 'Schedules.' } },
    },
  };
  const add = { name: 'mcp__calc__add', description: 'Adds two numbers', input_schema: { type: 'object' } };

  it('an empty system prompt counts no section; tools the session lacks leave their counts (none left: no count)', () => {
    const shape = { ownPrompt: false, tools: new Set(['Agent']), mcpTools: [] };
    const bodies = new ContextCounts(plain).bodies('m-1', false, values, undefined, shape);
    expect(texts(bodies)).toEqual(['foo/', 'foo/', 'foo/Agent']);
  });

  it('MCP tools are counted together in place of the second tool-less baseline count, as defined', () => {
    const shape = { ownPrompt: true, mcpTools: [add] };
    const parts = new ContextCounts(plain).parts('m-1', false, values, shape);
    expect(parts?.map((p) => [p.text, p.tools, p.mcp ?? false])).toEqual([
      ['foo', [], false],
      ['foo', ['mcp__calc__add'], true],
      ['Work in /w.', [], false],
      ['foo', ['Agent', 'Web'], false],
      ['foo', ['Cron'], false],
    ]);
    expect(parts?.[1]?.body).toEqual({
      model: 'm-1',
      messages: [{ role: 'user', content: 'foo' }],
      tools: [add],
    });
  });

  it('covers only sessions whose built-in tools the capture counted', () => {
    const counts = new ContextCounts(plain);
    expect(counts.countsTools(['Agent', 'Cron'])).toBe(true);
    expect(counts.countsTools(['Agent', 'StructuredOutput'])).toBe(false);
    expect(new ContextCounts(null).countsTools([])).toBe(false);
  });

  it('a model with counts of its own: its requests and definitions before a turn, the offered tools as recorded after one', () => {
    const counted = {
      requests: [
        { text: 'foo', tools: [] },
        { text: 'foo', tools: [] },
        { text: 'Haiku works in {cwd}.', tools: [] },
        { text: 'foo', tools: ['Agent', 'Web'] },
        { text: 'foo', tools: ['Todo'] },
      ],
      tools: {
        Agent: { name: 'Agent', description: 'A long agent.' },
        Todo: { name: 'Todo', description: 'Only this model has it.' },
      },
    };
    // The session lists Agent and Web: Todo, which the default model does not count, is the model's own.
    const shape = { ownPrompt: true, tools: new Set(['Agent', 'Web']), mcpTools: [], counted };
    const counts = new ContextCounts(data(false));
    const before = counts.parts('m-2', false, values, shape);
    expect(before?.map((p) => [p.text, p.tools])).toEqual([
      ['foo', []],
      ['foo', []],
      ['Haiku works in /w.', []],
      ['foo', ['Agent', 'Web']],
      ['foo', ['Todo']],
    ]);
    const agentOf = (parts: typeof before) =>
      (
        (parts?.find((p) => p.tools.includes('Agent'))?.body.tools ?? []) as Array<{ description: string }>
      )[0];
    expect(agentOf(before)?.description).toBe('A long agent.');
    // After a turn: a baseline less (as the default model's), the offered set as the requests
    // recorded it (here the default's after-a-turn Agent), the deferred tool still the model's.
    const after = counts.parts('m-2', true, values, shape);
    expect(after?.map((p) => p.text)).toEqual(['foo', 'Haiku works in /w.', 'foo', 'foo']);
    expect(agentOf(after)?.description).toBe('SendMessage continues an agent.');
    const described = { Agent: { name: 'Agent', description: 'As the first request sent it.' } };
    const recorded = counts.parts('m-2', true, values, { ...shape, described });
    expect(agentOf(recorded)?.description).toBe('As the first request sent it.');
    const todo = recorded?.find((p) => p.tools[0] === 'Todo')?.body.tools as Array<{ description: string }>;
    expect(todo[0]?.description).toBe('Only this model has it.');
  });
});
