import { release, type } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../model-api/index.js';
import { monthYear } from '../../util/month-year.js';
import {
  attachmentTemplate,
  CAPTURED_STYLE,
  type ContextRuns,
  charsPerToken,
  contextEstimates,
  contextWindowFacts,
  countsAlike,
  deferredOverhead,
  ESTIMATE_PROMPT,
  MEASURED_MCP_TOOL,
  mcpOverhead,
  modelAttachments,
  modelCharsPerToken,
  outputStyleAttachments,
  ownContextCounts,
  priceOf,
} from './usage.js';

type Json = Record<string, unknown>;

const count = (text: string, tools: Json[] = []): RecordedRequest =>
  ({
    kind: 'count_tokens',
    body: { model: 'm', messages: [{ role: 'user', content: text }], tools },
  }) as unknown as RecordedRequest;
const skill = { name: 'Skill', description: 'Invoke a skill.' };
const mcpName = `mcp__${MEASURED_MCP_TOOL.server}__${MEASURED_MCP_TOOL.name}`;
/** A session with the measured MCP tool whose answer gives it its count less `overhead`. */
const mcpRun = (overhead: number): ContextRuns['mcp'] => {
  const request = count('foo', [{ name: mcpName, description: MEASURED_MCP_TOOL.description }]);
  const counted = Math.ceil(JSON.stringify(request.body).length / 4);
  return {
    answer: {
      mcpTools: [{ name: mcpName, serverName: MEASURED_MCP_TOOL.server, tokens: counted - overhead }],
    },
    counts: [count('foo'), request],
  };
};

describe("the usage capture's arithmetic", () => {
  it('finds the characters a token that estimate a sum of texts, and the overhead deferred counts leave out', () => {
    expect(charsPerToken([2025, 357, 520], 675 + 119 + 173)).toBe(3);
    expect(charsPerToken([ESTIMATE_PROMPT.length], 13)).toBe(4);
    expect(charsPerToken([100], 7)).toBeUndefined();
    expect(deferredOverhead([1243, 128, 1099], 743 + 599)).toBe(500);
    expect(deferredOverhead([10], 20)).toBeUndefined();
  });

  it('reads what a count of MCP tools leaves out from the tokens the answer gives the measured tool', () => {
    expect(mcpOverhead(mcpRun(500))).toBe(500);
    expect(() => mcpOverhead({ answer: { mcpTools: [] }, counts: [] })).toThrow(/no count of the MCP tool/);
  });

  it("reads a get_context_usage answer's window: size, autocompact threshold and source, buffer", () => {
    const answer = {
      categories: [
        { id: 'skills', name: 'Skills', tokens: 10, color: 'warning', kind: 'used' },
        {
          id: 'autocompact_buffer',
          name: 'Autocompact buffer',
          tokens: 33_000,
          color: 'inactive',
          kind: 'buffer',
        },
      ],
      maxTokens: 1_000_000,
      rawMaxTokens: 1_000_000,
      autocompactSource: 'model-default',
      autoCompactThreshold: 967_000,
      isAutoCompactEnabled: true,
    };
    expect(contextWindowFacts(answer)).toEqual({
      maxTokens: 1_000_000,
      rawMaxTokens: 1_000_000,
      autocompactSource: 'model-default',
      autoCompactThreshold: 967_000,
      isAutoCompactEnabled: true,
      buffer: { id: 'autocompact_buffer', name: 'Autocompact buffer', tokens: 33_000, color: 'inactive' },
    });
    expect(contextWindowFacts({ ...answer, categories: [] }).buffer).toBeNull();
    expect(() => contextWindowFacts({ categories: [] })).toThrow(/without its window/);
    // The skills as estimated on the model, where the answer has them.
    const skills = { totalSkills: 1, includedSkills: 1, tokens: 10, skillFrontmatter: [] };
    expect(contextWindowFacts({ ...answer, skills }).skills).toEqual(skills);
  });

  it("compares a model's counts of the prompt's sections and tools, whatever its id and conversation", () => {
    const agent = { name: 'Agent', description: 'Runs an agent.' };
    const on = (model: string, requests: RecordedRequest[]) =>
      requests.map((r) => ({ ...r, body: { ...(r.body as Json), model } }) as RecordedRequest);
    const conversation = {
      kind: 'count_tokens',
      body: { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi.' }] }], tools: [] },
    } as unknown as RecordedRequest;
    const fresh = ownContextCounts([count('# Section'), count('foo', [agent]), count('foo'), count('foo')]);
    // Another model, a conversation counted in place of a baseline, another order: alike.
    const later = on('other', [count('foo', [agent]), conversation, count('foo'), count('# Section')]);
    expect(countsAlike(ownContextCounts(later), fresh)).toBe(true);
    // A tool described otherwise, a section more or less: not alike.
    const longer = [count('# Section'), count('foo', [{ ...agent, description: 'Runs an agent. More.' }])];
    expect(countsAlike(ownContextCounts(longer), fresh)).toBe(false);
    expect(countsAlike(ownContextCounts([count('# Other'), count('foo', [agent])]), fresh)).toBe(false);
    expect(countsAlike(ownContextCounts([count('foo', [agent])]), fresh)).toBe(false);
  });

  it('reads a price per million tokens from the cost of 10,000 tokens, to a millionth of a dollar', () => {
    expect(priceOf(0.04)).toBe(4);
    expect(priceOf(0.0002)).toBe(0.02);
    expect(priceOf(0.000125 * 10 + 1e-18)).toBe(0.125);
  });

  it("templates an attachment's paths, day, machine and month", () => {
    const root = '/tmp/clide-sandbox-ab12Cd';
    const json = JSON.stringify({
      cwd: `${root}/work`,
      memory: `${root}/home/.claude/projects/-tmp-clide-sandbox-ab12Cd-work/memory/`,
      day: '2026-12-05',
      os: `${type()} ${release()}`,
      month: `as of ${monthYear()}`,
    });
    expect(JSON.parse(attachmentTemplate(json, root, '2026-12-05'))).toEqual({
      cwd: '{cwd}',
      memory: '{memoryDir}',
      day: '{date}',
      os: '{osVersion}',
      month: 'as of {monthYear}',
    });
  });

  it("derives the estimates' constants from a version's answers, checking the transcript's attachments against its breakdown", () => {
    const sections = ['A'.repeat(2025), 'B'.repeat(357)];
    const attachments = [
      { type: 'date', date: '2026-12-05' },
      { type: 'skill_listing', content: 'x'.repeat(400) },
    ];
    const tokens = (a: Json) => Math.round(JSON.stringify(a).length / 4);
    const runs: ContextRuns = {
      root: '/tmp/r',
      date: '2026-12-05',
      full: { categories: [{ name: 'System prompt', tokens: 1 }] },
      fullCounts: [
        count('foo'),
        ...sections.map((s) => count(s)),
        count('foo', [skill]),
        count('foo', [{ name: 'Read' }]),
      ],
      summary: {
        categories: [{ name: 'System prompt', tokens: 675 + 119 }],
        slashCommands: { tokens: Math.round(JSON.stringify([skill]).length / 3) + 500 },
      },
      after: {
        messageBreakdown: {
          userMessageTokens: Math.round(ESTIMATE_PROMPT.length / 4),
          attachmentsByType: [
            { name: 'skill_listing', tokens: tokens(attachments[1]!) },
            { name: 'date', tokens: tokens(attachments[0]!) },
          ],
        },
      },
      afterCounts: [],
      cost: '',
      attachments,
      firstRequest: undefined,
      mcp: mcpRun(500),
      style: { attachments, summary: {}, root: '/tmp/r' },
      models: {},
    };
    expect(contextEstimates('2.1.332', runs)).toEqual({
      summaryCharsPerToken: 3,
      toolOverhead: 500,
      messageCharsPerToken: 4,
      attachments: [
        { type: 'date', json: '{"type":"date","date":"{date}"}' },
        { type: 'skill_listing', json: JSON.stringify(attachments[1]) },
      ],
      outputStyle: { name: CAPTURED_STYLE, attachments: [] },
      modelAttachments: {},
      conversationCountOmits: [],
      conversationCountThinking: null,
    });
    // An MCP tools' count that leaves out another overhead than the summary's stops the capture.
    expect(() => contextEstimates('2.1.332', { ...runs, mcp: mcpRun(400) })).toThrow(
      /MCP tools' count leaves out 400, the other tool counts 500/,
    );
    // A version with neither a summary nor deferred tools has the MCP tools' count alone to tell.
    const plain = { ...runs, summary: runs.full };
    expect(contextEstimates('2.1.332', plain).toolOverhead).toBe(500);
    // A breakdown the transcript does not explain stops the capture.
    const wrong = structuredClone(runs);
    (wrong.after.messageBreakdown as Json).attachmentsByType = [{ name: 'date', tokens: 1 }];
    expect(() => contextEstimates('2.1.332', wrong)).toThrow(
      /attachments are not those the breakdown reports/,
    );
  });
});

describe("a model's characters a token", () => {
  it('is what makes the Skill tool its counts sent, plus the overhead, the summary’s slash commands', () => {
    const tools = [{ name: 'Skill', description: 'Invoke a skill. '.repeat(20) }];
    const counts = [count('foo'), count('foo', tools)];
    const length = JSON.stringify(tools).length;
    const at = (n: number) => ({ slashCommands: { tokens: Math.round(length / n) + 500 } });
    expect(modelCharsPerToken(counts, at(4), 500)).toBe(4);
    expect(modelCharsPerToken(counts, at(3), 500)).toBe(3);
    // No Skill count (the model's counts were asked before): not measured.
    expect(modelCharsPerToken([count('foo')], at(3), 500)).toBeUndefined();
  });
});

describe("an output style's attachments", () => {
  const plain = [{ type: 'date', date: '2026-12-05' }];
  const instructions = {
    type: 'output_style_instructions',
    style: { name: CAPTURED_STYLE, prompt: 'P'.repeat(300) },
  };
  const reminder = { type: 'output_style', style: CAPTURED_STYLE };
  const tokens = (a: Json) => Math.round(JSON.stringify(a).length / 4);
  const runsOf = (kept: Json[], reported: Array<{ name: string; tokens: number }>) => ({
    root: '/tmp/r',
    date: '2026-12-05',
    attachments: plain,
    style: {
      attachments: kept,
      summary: { messageBreakdown: { attachmentsByType: reported } },
      root: '/tmp/s',
    },
  });
  const kept = [plain[0]!, instructions, reminder, reminder, reminder];
  const reported = [
    { name: 'output_style_instructions', tokens: tokens(instructions) },
    { name: 'output_style', tokens: 3 * tokens(reminder) },
    { name: 'date', tokens: tokens(plain[0]!) },
  ];

  it('are those the style session keeps besides the plain one, each kind once, checked against its breakdown', () => {
    expect(outputStyleAttachments(runsOf(kept, reported), 4)).toEqual({
      name: CAPTURED_STYLE,
      attachments: [
        { type: 'output_style_instructions', json: JSON.stringify(instructions), after: 'date' },
        { type: 'output_style', json: JSON.stringify(reminder), after: 'output_style_instructions' },
      ],
    });
  });

  it('stop the capture where the breakdown or the reminders do not agree', () => {
    expect(() => outputStyleAttachments(runsOf(kept, reported.slice(1)), 4)).toThrow(
      /output_style_instructions attachments are not those its breakdown reports/,
    );
    const fewer = [plain[0]!, instructions, reminder, reminder];
    const fewerReported = [reported[0]!, { name: 'output_style', tokens: 2 * tokens(reminder) }];
    expect(() => outputStyleAttachments(runsOf(fewer, fewerReported), 4)).toThrow(
      /kept 2 output_style reminders/,
    );
  });
});

describe("a model's attachments", () => {
  const date = { type: 'date', date: '2026-12-05' };
  const environment = (root: string) => ({
    type: 'environment',
    snapshot: { workingDirectory: `${root}/work` },
  });
  const listing = { type: 'agent_listing_delta', addedLines: ['- a'] };
  const longer = { type: 'agent_listing_delta', addedLines: ['- a, at length'] };
  const reminder = { type: 'total_tokens_reminder', text: '<total_tokens>9 tokens left</total_tokens>' };
  const tokens = (a: Json) => Math.round(JSON.stringify(a).length / 4);
  const runs = { root: '/tmp/r', date: '2026-12-05', attachments: [environment('/tmp/r'), date, listing] };
  const runOf = (kept: Json[]) => {
    const byType = new Map<string, number>();
    for (const a of kept) byType.set(String(a.type), (byType.get(String(a.type)) ?? 0) + tokens(a));
    const attachmentsByType = [...byType].map(([name, t]) => ({ name, tokens: t }));
    return { attachments: kept, summary: { messageBreakdown: { attachmentsByType } }, root: '/tmp/m' };
  };

  it('are the kinds kept otherwise than in the plain session, with the kind each followed', () => {
    expect(
      modelAttachments(runs, runOf([environment('/tmp/m'), date, longer, reminder, reminder]), 4, 'm'),
    ).toEqual([
      { type: 'agent_listing_delta', json: JSON.stringify(longer), after: 'date' },
      { type: 'total_tokens_reminder', json: JSON.stringify(reminder), after: 'agent_listing_delta' },
    ]);
    // Each session's paths templated by its own sandbox: the environment is the plain one's.
    expect(modelAttachments(runs, runOf([environment('/tmp/m'), date, listing]), 4, 'm')).toEqual([]);
  });

  it('stop the capture where a new kind is not kept at the prompt and after the tool result', () => {
    expect(() => modelAttachments(runs, runOf([date, listing, reminder]), 4, 'm')).toThrow(
      /kept 1 total_tokens_reminder attachments/,
    );
  });
});
