import { describe, expect, it } from 'vitest';
import { behaviourFor } from '../behaviour/index.js';
import {
  type ContextUsageInput,
  type CountedPart,
  contextUsage,
  countTokens,
  gridRows,
  onModel,
} from './context-usage.js';
import type { ContextEstimates } from './types.js';

type Json = Record<string, unknown>;

const part = (text: string, tools: Json[] = []): CountedPart => ({
  text,
  tools: tools.map((t) => String(t.name)),
  body: { model: 'm', messages: [{ role: 'user', content: text }], tools },
});
const tool = (name: string, description: string) => ({ name, description, input_schema: { type: 'object' } });
const section = part('S'.repeat(600));
const parts = [
  part('foo'),
  section,
  part('foo', [tool('Skill', 'Invoke a skill.')]),
  part('foo', [tool('Read', 'R'.repeat(2000)), tool('Skill', 'Invoke a skill.')]),
  part('foo', [tool('Cron', 'C'.repeat(4000))]),
  part('foo', [tool('Tiny', 'tiny')]),
];
const estimates: ContextEstimates = {
  summaryCharsPerToken: 3,
  toolOverhead: 500,
  messageCharsPerToken: 4,
  attachments: [],
  conversationCountOmits: [],
  conversationCountThinking: null,
};
const category = (id: string, name: string, tokens: number, color: string, extra: Json = {}) => ({
  id,
  name,
  tokens,
  color,
  ...extra,
});
/** A fresh session's answer as 2.1.332 writes one (ids and kinds), 100 tokens of skills. */
const base: Json = {
  categories: [
    category('system_prompt', 'System prompt', 1, 'promptBorder', { kind: 'used' }),
    category('system_tools_deferred', 'System tools (deferred)', 1, 'inactive', {
      isDeferred: true,
      kind: 'deferred',
    }),
    category('skills', 'Skills', 100, 'warning', { kind: 'used' }),
    category('autocompact_buffer', 'Autocompact buffer', 33_000, 'inactive', { kind: 'buffer' }),
    category('free_space', 'Free space', 1, 'promptBorder', { kind: 'free' }),
  ],
  totalTokens: 0,
  maxTokens: 1_000_000,
  percentage: 0,
  gridRows: [],
  model: 'm',
  slashCommands: { totalCommands: 2, includedCommands: 2, tokens: 0 },
  skills: { totalSkills: 2, includedSkills: 2, tokens: 100, skillFrontmatter: [] },
  messageBreakdown: {},
  apiUsage: null,
};
const input = (over: Partial<ContextUsageInput>): ContextUsageInput => ({
  base,
  estimates,
  summary: false,
  parts,
  offeredTools: new Set(['Read', 'Skill']),
  messages: [],
  apiUsage: null,
  attachments: [],
  ...over,
});
const tokensOf = (answer: Json) =>
  Object.fromEntries(
    (answer.categories as Array<{ name: string; tokens: number }>).map((c) => [c.name, c.tokens]),
  );

describe('get_context_usage computed for a session the counts cover', () => {
  it('in full, each part as the token-count API answers it: sections, the tools offered less the skills, each deferred tool less the overhead', () => {
    const answer = contextUsage(input({}));
    const sp = countTokens(section.body);
    const tools = countTokens(parts[3]!.body) - 100;
    const deferred = countTokens(parts[4]!.body) - 500; // the tiny one's count is under the overhead
    expect(countTokens({ a: 'bcd' })).toBe(Math.ceil(JSON.stringify({ a: 'bcd' }).length / 4));
    expect(tokensOf(answer)).toEqual({
      'System prompt': sp,
      'System tools': tools,
      'System tools (deferred)': deferred,
      Skills: 100,
      Messages: countTokens(parts[0]!.body),
      'Autocompact buffer': 33_000,
      'Free space': 1_000_000 - (sp + tools + 100 + countTokens(parts[0]!.body)) - 33_000,
    });
    expect(answer.totalTokens).toBe(sp + tools + 100 + countTokens(parts[0]!.body));
    expect((answer.slashCommands as Json).tokens).toBe(countTokens(parts[2]!.body));
    expect((answer.categories as Json[]).map((c) => c.kind)).toEqual([
      'used',
      'used',
      'deferred',
      'used',
      'used',
      'buffer',
      'free',
    ]);
  });

  it('as a summary, estimated: texts at 3 characters a token, tool sets their JSON so plus the overhead; no messages before a turn', () => {
    const answer = contextUsage(input({ summary: true }));
    const json = (p: CountedPart) => JSON.stringify(p.body.tools).length;
    expect(tokensOf(answer)).toMatchObject({
      'System prompt': 200,
      'System tools': Math.round(json(parts[3]!) / 3) + 500 - 100,
      'System tools (deferred)': Math.round(json(parts[4]!) / 3) + Math.round(json(parts[5]!) / 3),
    });
    expect(tokensOf(answer).Messages).toBeUndefined();
  });

  it("after a turn: the last response's input beyond the rest, its later blocks estimated; the messages broken down", () => {
    const messages = [
      { role: 'user', content: 'Write it.' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'Write', input: { file_path: 'a' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'Done.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'First.' },
          { type: 'text', text: 'Second line.' },
        ],
      },
    ];
    const apiUsage = {
      input_tokens: 40_000,
      output_tokens: 5,
      cache_creation_input_tokens: 1000,
      cache_read_input_tokens: 9000,
    };
    const attachments = [{ type: 'date', json: '{"type":"date","date":"2026-12-05"}' }];
    const answer = contextUsage(input({ messages, apiUsage, attachments }));
    const before = tokensOf(answer)['System prompt']! + tokensOf(answer)['System tools']! + 100;
    // 'Second line.' (12 characters) at 3 a token.
    expect(tokensOf(answer).Messages).toBe(50_000 - before + 4);
    expect(answer.totalTokens).toBe(50_000 + 4);
    expect(answer.percentage).toBe(5);
    expect(answer.apiUsage).toEqual(apiUsage);
    // Each block's JSON (a plain prompt's text) at 4 characters a token.
    const estimate = (v: unknown) => Math.round(JSON.stringify(v).length / 4);
    const call = estimate((messages[1]!.content as Json[])[0]);
    const result = estimate((messages[2]!.content as Json[])[0]);
    const assistant =
      estimate({ type: 'text', text: 'First.' }) + estimate({ type: 'text', text: 'Second line.' });
    expect(answer.messageBreakdown).toEqual({
      toolCallTokens: call,
      toolResultTokens: result,
      attachmentTokens: 9,
      assistantMessageTokens: assistant,
      userMessageTokens: 2,
      redirectedContextTokens: 0,
      unattributedTokens: 50_000 - before + 4 - (call + result + 9 + assistant + 2),
      toolCallsByType: [{ name: 'Write', callTokens: call, resultTokens: result }],
      attachmentsByType: [{ name: 'date', tokens: 9 }],
    });
  });

  it('estimates the user messages after the last response as the requests join them: a newline each but the last', () => {
    const apiUsage = {
      input_tokens: 10,
      output_tokens: 1,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    // Three texts of 5 characters: 2 tokens each at 3 a token, alone (5/3) or joined (6/3).
    const kept = ['aaaaa', 'bbbbb', 'ccccc'].map((content) => ({ role: 'user', content }));
    const messages = [{ role: 'assistant', content: [{ type: 'text', text: 'Hi.' }] }, ...kept];
    const answer = contextUsage(input({ messages, apiUsage }));
    expect(tokensOf(answer).Messages).toBe(2 + 2 + 2);
    const longer = ['aaaa', 'bbbb', 'cccc'].map((content) => ({ role: 'user', content }));
    // 4 characters: 1 token alone, 5 (2 tokens) with the newline of a message another joins.
    const joined = contextUsage(input({ messages: [messages[0]!, ...longer], apiUsage }));
    expect(tokensOf(joined).Messages).toBe(2 + 2 + 1);
  });

  it("a version that counts the conversation: the larger of its count and the input beyond the rest; the last response's input is the total", () => {
    const plain = {
      ...base,
      categories: (base.categories as Json[]).map(({ id: _id, kind: _kind, ...c }) => c),
    };
    const conversation = { model: 'm', messages: [{ role: 'user', content: 'x'.repeat(400) }], tools: [] };
    const small = {
      input_tokens: 10,
      output_tokens: 1,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    const answer = contextUsage(input({ base: plain, conversation, apiUsage: small }));
    expect(tokensOf(answer).Messages).toBe(countTokens(conversation));
    expect(answer.totalTokens).toBe(10);
    expect((answer.categories as Json[])[0]).toEqual({
      name: 'System prompt',
      tokens: expect.any(Number),
      color: 'promptBorder',
    });
    const large = { ...small, input_tokens: 60_000 };
    const before = tokensOf(answer)['System prompt']! + tokensOf(answer)['System tools']! + 100;
    expect(tokensOf(contextUsage(input({ base: plain, conversation, apiUsage: large }))).Messages).toBe(
      60_000 - before,
    );
  });

  describe('the MCP tools: one count of them all less the overhead, shared out by their definitions’ estimates', () => {
    const big = tool('mcp__calc__add', 'A'.repeat(3000));
    const small = tool('mcp__calc__sub', 'S'.repeat(1000));
    const mcp: CountedPart = { ...part('foo', [big, small]), mcp: true };
    const total = countTokens(mcp.body) - 500;
    const share = (t: Json) => Math.round(JSON.stringify(t).length / 4);
    const all = share(big) + share(small);
    const of = (t: Json) => Math.round((share(t) / all) * total);
    const listed = (isLoaded: [boolean, boolean]) => [
      { name: 'mcp__calc__add', serverName: 'calc', tokens: of(big), isLoaded: isLoaded[0] },
      { name: 'mcp__calc__sub', serverName: 'calc', tokens: of(small), isLoaded: isLoaded[1] },
    ];
    const withMcp = { ...base, mcpTools: [] };

    it('deferred (a version with the deferred category) until the conversation calls one: then loaded', () => {
      const answer = contextUsage(input({ base: withMcp, parts: [...parts, mcp] }));
      expect(answer.mcpTools).toEqual(listed([false, false]));
      expect(tokensOf(answer)['MCP tools (deferred)']).toBe(of(big) + of(small));
      expect(tokensOf(answer)['MCP tools']).toBeUndefined();
      expect((answer.categories as Json[]).map((c) => c.id)).toEqual([
        'system_prompt',
        'system_tools',
        'mcp_tools_deferred',
        'system_tools_deferred',
        'skills',
        'messages',
        'autocompact_buffer',
        'free_space',
      ]);
      const messages = [
        { role: 'user', content: 'Add.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'mcp__calc__add', input: {} }] },
      ];
      const called = contextUsage(input({ base: withMcp, parts: [...parts, mcp], messages }));
      expect(called.mcpTools).toEqual(listed([true, false]));
      expect(tokensOf(called)['MCP tools']).toBe(of(big));
      expect(tokensOf(called)['MCP tools (deferred)']).toBe(of(small));
    });

    it('as a summary, their definitions estimated (the overhead added, then left out)', () => {
      const answer = contextUsage(input({ base: withMcp, parts: [...parts, mcp], summary: true }));
      expect(tokensOf(answer)['MCP tools (deferred)']).toBe(
        Math.round(JSON.stringify(mcp.body.tools).length / 3),
      );
    });

    it('on a version without the deferred category, none loaded and all of them "MCP tools"; under the overhead, none', () => {
      const plain = {
        ...withMcp,
        categories: (base.categories as Json[])
          .filter((c) => c.name !== 'System tools (deferred)')
          .map(({ id: _id, kind: _kind, ...c }) => c),
      };
      const answer = contextUsage(input({ base: plain, parts: [...parts, mcp] }));
      expect(answer.mcpTools).toEqual(listed([false, false]));
      expect((answer.categories as Json[])[2]).toEqual({
        name: 'MCP tools',
        tokens: total,
        color: 'cyan_FOR_SUBAGENTS_ONLY',
      });
      const tiny: CountedPart = { ...part('foo', [tool('mcp__calc__add', 'Adds.')]), mcp: true };
      const under = contextUsage(input({ base: plain, parts: [...parts, tiny] }));
      expect(under.mcpTools).toEqual([
        { name: 'mcp__calc__add', serverName: 'calc', tokens: 0, isLoaded: false },
      ]);
      expect(tokensOf(under)['MCP tools']).toBeUndefined();
    });
  });

  it("on another model: the fresh answer with that model's window, threshold, source and buffer, its free space and grid", () => {
    const fresh: Json = {
      ...contextUsage(input({})),
      rawMaxTokens: 1_000_000,
      autocompactSource: 'model-default',
      autoCompactThreshold: 967_000,
      isAutoCompactEnabled: true,
    };
    const used = Number(fresh.totalTokens);
    const small = {
      maxTokens: 200_000,
      rawMaxTokens: 200_000,
      autocompactSource: 'auto',
      autoCompactThreshold: 167_000,
      isAutoCompactEnabled: true,
      buffer: null,
    };
    const answer = onModel(fresh, 'm-small', small);
    expect(answer.model).toBe('m-small');
    expect(answer).toMatchObject({
      maxTokens: 200_000,
      rawMaxTokens: 200_000,
      autocompactSource: 'auto',
      autoCompactThreshold: 167_000,
    });
    expect(tokensOf(answer)['Autocompact buffer']).toBeUndefined();
    expect((answer.categories as Json[]).at(-1)).toEqual({
      id: 'free_space',
      name: 'Free space',
      tokens: 200_000 - used,
      color: 'promptBorder',
      kind: 'free',
    });
    expect(answer.percentage).toBe(Math.round((used / 200_000) * 100));
    expect(answer.gridRows).toEqual(gridRows(answer.categories as never, 200_000));
    expect(Object.keys(answer)).toEqual(Object.keys(fresh));
    // A buffer the model keeps: before the free space, which it leaves out.
    const buffered = onModel(fresh, 'm-small', {
      ...small,
      buffer: { id: 'autocompact_buffer', name: 'Autocompact buffer', tokens: 33_000, color: 'inactive' },
    });
    expect(tokensOf(buffered)['Autocompact buffer']).toBe(33_000);
    expect(tokensOf(buffered)['Free space']).toBe(200_000 - used - 33_000);
  });

  it("lays the grid out as the CLI does: each version's captured fresh answer has the grid its categories make", async () => {
    for (const version of ['2.1.150', '2.1.332']) {
      const b = await behaviourFor(version);
      const captured = b.contextUsageResponse({
        sessionId: 's',
        cwd: '/w',
        model: b.defaultModel,
        permissionMode: 'default',
        tools: [],
        skills: [],
        commands: [],
        mcpServers: [],
        apiKeySource: 'none',
        configDir: '/c',
        home: '/h',
        auth: 'api-key',
        tmpDir: '/t',
        pid: 1,
        messagingSocketPath: '/t/cc-socks/1.sock',
      }) as Json;
      expect(gridRows(captured.categories as never, Number(captured.maxTokens)), version).toEqual(
        captured.gridRows,
      );
    }
  });
});
