import { estimateTokens } from '../../model-api/message-reply.js';
import type { ContextEstimates, ContextWindowFacts } from './types.js';

/**
 * `get_context_usage`'s answer for a session the captured counts cover, computed as the CLI
 * computes it (read from the binaries, checked against them):
 *
 * - every part of its own context is counted by the token-count API (`detail` full: a request
 *   per part, as context-counts.ts sends them, each answered as the kit's scripted API answers,
 *   a quarter of the request's characters rounded up) or estimated (`detail: 'summary'`, on
 *   versions that make summaries: a text's characters over the model's characters a token,
 *   rounded; a set of tool definitions the same of their JSON, plus an overhead): the system
 *   prompt (a count per section), the tools offered (one count; less the skills' share), the
 *   deferred tools (a count each, less the overhead) — on a version without the deferred category
 *   they count with the tools offered —, the MCP tools (one count, less the overhead: `mcpTools`),
 *   the Skill tool (the slash commands' tokens);
 * - the messages: before a model turn, the empty conversation's count (a summary: none); after
 *   one, the last response's input tokens (`apiUsage`: its input, cache creation and cache read)
 *   beyond the other categories, what came after it estimated, within the free window (a version
 *   that counts the conversation then takes the larger of that count and the input beyond the rest,
 *   and reports the last response's input as the total);
 * - the free space, the percentage, the grid of squares;
 * - the breakdown of the messages: each block's JSON (a plain prompt's text) estimated at the
 *   breakdown's characters a token, the tool calls and results by tool, the attachments the CLI
 *   keeps once a turn is over (captured), what the breakdown leaves unattributed.
 *
 * Whatever else the answer holds is the fresh session's captured answer (`base`).
 */

type Json = Record<string, unknown>;

export interface CountedPart {
  /** The user message's text. */
  text: string;
  /** The tools it counts, by name. */
  tools: string[];
  /** The count request's body. */
  body: Json;
  /** The count of the session's MCP tools. */
  mcp?: true;
}

export interface StoredMessage {
  role: string;
  content: unknown;
}

export interface ApiUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface ContextUsageInput {
  /** The version's answer for a fresh session (captured), its paths filled in. */
  base: Json;
  estimates: ContextEstimates;
  /** Asked for a summary, of a version that estimates one. */
  summary: boolean;
  /** The context's parts, as this call counts (or would count) them. */
  parts: CountedPart[];
  /** The names of the tools the conversation's requests offer (the rest are deferred). */
  offeredTools: ReadonlySet<string>;
  /** A version that counts the conversation after a turn: that count's request body. */
  conversation?: Json;
  /** The conversation as the CLI keeps it (prompts, responses, tool results). */
  messages: readonly StoredMessage[];
  /** The usage of the main loop's last response (null: none yet). */
  apiUsage: ApiUsage | null;
  /** The attachments' JSON texts, filled in, once a turn is over (none before). */
  attachments: ReadonlyArray<{ type: string; json: string }>;
}

interface Category {
  name: string;
  tokens: number;
  color: string;
  id?: string;
  isDeferred?: boolean;
}

const FREE = 'Free space';
const BUFFERS = ['Autocompact buffer', 'Compact buffer'];
/** The categories a covered session can have, in the CLI's order, with their id and colour. */
const KNOWN: ReadonlyArray<Omit<Category, 'tokens'>> = [
  { id: 'system_prompt', name: 'System prompt', color: 'promptBorder' },
  { id: 'system_tools', name: 'System tools', color: 'inactive' },
  { id: 'mcp_tools', name: 'MCP tools', color: 'cyan_FOR_SUBAGENTS_ONLY' },
  { id: 'mcp_tools_deferred', name: 'MCP tools (deferred)', color: 'inactive', isDeferred: true },
  { id: 'system_tools_deferred', name: 'System tools (deferred)', color: 'inactive', isDeferred: true },
  { id: 'skills', name: 'Skills', color: 'warning' },
  { id: 'messages', name: 'Messages', color: 'purple_FOR_SUBAGENTS_ONLY' },
];

/** The token-count API's answer to a request (the kit's scripted API: its characters over four, up). */
export function countTokens(body: Json): number {
  return estimateTokens(JSON.stringify(body));
}

/** A text estimated at `charsPerToken`. */
export function estimate(text: string, charsPerToken: number): number {
  return Math.round(text.length / charsPerToken);
}

function categoriesOf(base: Json): Array<Category & { kind?: string }> {
  return (Array.isArray(base.categories) ? base.categories : []) as Array<Category & { kind?: string }>;
}

/** The parts' tokens by role (see the module comment). */
function partTokens(input: ContextUsageInput) {
  const { estimates, parts, offeredTools } = input;
  const perToken = input.summary ? estimates.summaryCharsPerToken : null;
  const overhead = estimates.toolOverhead;
  const tokens = (part: CountedPart): number =>
    perToken === null
      ? countTokens(part.body)
      : part.tools.length === 0
        ? estimate(part.text, perToken)
        : estimate(JSON.stringify(part.body.tools), perToken) + overhead;
  const baseline = parts.find((p) => p.tools.length > 0)?.text;
  const sections = parts.filter((p) => p.tools.length === 0 && p.text !== baseline);
  const empty = parts.find((p) => p.tools.length === 0 && p.text === baseline);
  const skillOnly = (p: CountedPart) => p.tools.length === 1 && p.tools[0] === 'Skill';
  const skill = parts.find(skillOnly);
  // The Skill tool alone is the slash commands' count (a version may count it twice: the skills').
  const toolParts = parts.filter((p) => p.tools.length > 0 && !skillOnly(p) && !p.mcp);
  const offered = toolParts.filter((p) => p.tools.some((t) => offeredTools.has(t)));
  const deferred = toolParts.filter((p) => !p.tools.some((t) => offeredTools.has(t)));
  const deferredCategory = categoriesOf(input.base).some((c) => c.name === 'System tools (deferred)');
  const sum = (list: CountedPart[], each: (p: CountedPart) => number) =>
    list.reduce((s, p) => s + each(p), 0);
  return {
    systemPrompt: sum(sections, tokens),
    builtIn: sum(offered, tokens) + (deferredCategory ? 0 : sum(deferred, tokens)),
    deferred: deferredCategory ? sum(deferred, (p) => Math.max(0, tokens(p) - overhead)) : 0,
    slashCommands: skill ? tokens(skill) : undefined,
    emptyConversation: empty && perToken === null ? countTokens(empty.body) : 0,
    mcp: mcpTools(input, tokens, deferredCategory),
  };
}

interface McpTool {
  name: string;
  serverName: string;
  tokens: number;
  isLoaded: boolean;
}

/**
 * The MCP tools' tokens: their count (all in one) less the overhead, shared out by each one's
 * estimate (its definition's JSON at the breakdown's characters a token). On a version with the
 * deferred category (it defers them behind ToolSearch) a tool the conversation called is loaded
 * (the "MCP tools" category), the others deferred; on one without, none is loaded and all count
 * as "MCP tools".
 */
function mcpTools(input: ContextUsageInput, tokens: (p: CountedPart) => number, deferredCategory: boolean) {
  const part = input.parts.find((p) => p.mcp);
  if (!part) return { loaded: 0, deferred: 0, tools: [] as McpTool[] };
  const total = Math.max(0, tokens(part) - input.estimates.toolOverhead);
  const defs = (Array.isArray(part.body.tools) ? part.body.tools : []) as Json[];
  const each = defs.map((d) => estimate(JSON.stringify(d), input.estimates.messageCharsPerToken));
  const all = each.reduce((s, t) => s + t, 0) || 1;
  const called = new Set<string>();
  if (deferredCategory)
    for (const m of input.messages)
      if (m.role === 'assistant' && Array.isArray(m.content))
        for (const block of m.content as Json[])
          if (block.type === 'tool_use' && typeof block.name === 'string') called.add(block.name);
  const tools = defs.map((d, i) => {
    const name = String(d.name);
    return {
      name,
      serverName: name.split('__')[1] || 'unknown',
      tokens: Math.round((each[i]! / all) * total),
      isLoaded: called.has(name),
    };
  });
  const sum = (list: McpTool[]) => list.reduce((s, t) => s + t.tokens, 0);
  return deferredCategory
    ? { loaded: sum(tools.filter((t) => t.isLoaded)), deferred: sum(tools.filter((t) => !t.isLoaded)), tools }
    : { loaded: total, deferred: 0, tools };
}

/** A content block as the CLI estimates one at `charsPerToken`. */
function blockEstimate(block: Json, charsPerToken: number): number {
  switch (block.type) {
    case 'text':
      return estimate(String(block.text ?? ''), charsPerToken);
    case 'thinking':
      return estimate(String(block.thinking ?? ''), charsPerToken);
    case 'redacted_thinking':
      return estimate(String(block.data ?? ''), charsPerToken);
    case 'tool_use':
      return estimate(String(block.name ?? '') + JSON.stringify(block.input ?? {}), charsPerToken);
    case 'tool_result':
      return contentEstimate(block.content, charsPerToken);
    case 'image':
    case 'document':
      return IMAGE_TOKENS;
    default:
      return estimate(JSON.stringify(block), charsPerToken);
  }
}

/** What the CLI counts an image or a document as. */
const IMAGE_TOKENS = 2000;

function contentEstimate(content: unknown, charsPerToken: number): number {
  if (typeof content === 'string') return estimate(content, charsPerToken);
  if (!Array.isArray(content)) return 0;
  return (content as Json[]).reduce((s, b) => s + blockEstimate(b, charsPerToken), 0);
}

/**
 * A message's content as the requests lay it out when the next message, of the same role, joins
 * it (`joined`): a text ending it ends in a newline.
 */
function asJoined(content: unknown, joined: boolean): unknown {
  if (!joined) return content;
  if (typeof content === 'string') return `${content}\n`;
  if (!Array.isArray(content)) return content;
  const blocks = [...(content as Json[])];
  const tail = blocks.at(-1);
  if (tail?.type === 'text' && typeof tail.text === 'string')
    blocks[blocks.length - 1] = { ...tail, text: `${tail.text}\n` };
  return blocks;
}

/**
 * What the last response's usage does not cover: the CLI keeps each block of a response as a
 * message of its own and counts the response's usage up to its first block, so its later blocks
 * and whatever came after the response are estimated — as the requests lay them out (consecutive
 * user messages joined: a `set_model`'s kept `/model` messages a newline each but the last).
 */
function sinceLastResponse(messages: readonly StoredMessage[], charsPerToken: number): number {
  const at = messages.findLastIndex((m) => m.role === 'assistant');
  if (at === -1) return 0;
  const last = messages[at]!;
  const later = Array.isArray(last.content) ? (last.content as Json[]).slice(1) : [];
  const after = messages.slice(at + 1);
  return (
    contentEstimate(later, charsPerToken) +
    after.reduce((s, m, i) => {
      const joined = m.role === 'user' && after[i + 1]?.role === 'user';
      return s + contentEstimate(asJoined(m.content, joined), charsPerToken);
    }, 0)
  );
}

/** The breakdown of the messages (see the module comment), but its unattributed tokens. */
function breakdownOf(input: ContextUsageInput) {
  const perToken = input.estimates.messageCharsPerToken;
  const out = {
    toolCallTokens: 0,
    toolResultTokens: 0,
    attachmentTokens: 0,
    assistantMessageTokens: 0,
    userMessageTokens: 0,
  };
  const calls = new Map<string, number>();
  const results = new Map<string, number>();
  const attachments = new Map<string, number>();
  const toolOf = new Map<string, string>();
  for (const m of input.messages)
    if (m.role === 'assistant' && Array.isArray(m.content))
      for (const block of m.content as Json[])
        if (block.type === 'tool_use' && typeof block.id === 'string')
          toolOf.set(block.id, String(block.name ?? 'unknown'));
  for (const m of input.messages) {
    if (m.role === 'assistant' && Array.isArray(m.content)) {
      for (const block of m.content as Json[]) {
        const tokens = estimate(JSON.stringify(block), perToken);
        if (block.type === 'tool_use') {
          out.toolCallTokens += tokens;
          const name = String(block.name ?? 'unknown');
          calls.set(name, (calls.get(name) ?? 0) + tokens);
        } else out.assistantMessageTokens += tokens;
      }
    } else if (m.role === 'user') {
      if (typeof m.content === 'string') {
        out.userMessageTokens += estimate(m.content, perToken);
        continue;
      }
      for (const block of (Array.isArray(m.content) ? m.content : []) as Json[]) {
        const tokens = estimate(JSON.stringify(block), perToken);
        if (block.type === 'tool_result') {
          out.toolResultTokens += tokens;
          const name = toolOf.get(String(block.tool_use_id)) ?? 'unknown';
          results.set(name, (results.get(name) ?? 0) + tokens);
        } else out.userMessageTokens += tokens;
      }
    }
  }
  for (const a of input.attachments) {
    const tokens = estimate(a.json, perToken);
    out.attachmentTokens += tokens;
    attachments.set(a.type, (attachments.get(a.type) ?? 0) + tokens);
  }
  const byTool = new Map<string, { callTokens: number; resultTokens: number }>();
  for (const [name, callTokens] of calls) byTool.set(name, { callTokens, resultTokens: 0 });
  for (const [name, resultTokens] of results)
    byTool.set(name, { callTokens: byTool.get(name)?.callTokens ?? 0, resultTokens });
  return {
    ...out,
    toolCallsByType: [...byTool]
      .map(([name, t]) => ({ name, callTokens: t.callTokens, resultTokens: t.resultTokens }))
      .sort((a, b) => b.callTokens + b.resultTokens - (a.callTokens + a.resultTokens)),
    attachmentsByType: [...attachments]
      .map(([name, tokens]) => ({ name, tokens }))
      .sort((a, b) => b.tokens - a.tokens),
  };
}

interface GridSquare {
  color: string;
  isFilled: true;
  categoryName: string;
  tokens: number;
  percentage: number;
  squareFullness: number;
}

/** The grid of squares the categories fill (10 rows of 20 for a window of a million or more, else of 10). */
export function gridRows(categories: readonly Category[], window: number): GridSquare[][] {
  const columns = window >= 1_000_000 ? 20 : 10;
  const rows = 10;
  const squares = columns * rows;
  const shown = categories
    .filter((c) => !c.isDeferred)
    .map((c) => ({
      ...c,
      squares:
        c.name === FREE
          ? Math.round((c.tokens / window) * squares)
          : Math.max(1, Math.round((c.tokens / window) * squares)),
      percentage: Math.round((c.tokens / window) * 100),
    }));
  const squaresOf = (c: (typeof shown)[number]): GridSquare[] => {
    const exact = (c.tokens / window) * squares;
    const whole = Math.floor(exact);
    const part = exact - whole;
    return Array.from({ length: c.squares }, (_, i) => ({
      color: c.color,
      isFilled: true,
      categoryName: c.name,
      tokens: c.tokens,
      percentage: c.percentage,
      squareFullness: i === whole && part > 0 ? part : 1,
    }));
  };
  const grid: GridSquare[] = [];
  const buffer = shown.find((c) => BUFFERS.includes(c.name));
  for (const c of shown.filter((c) => !BUFFERS.includes(c.name) && c.name !== FREE))
    for (const square of squaresOf(c)) if (grid.length < squares) grid.push(square);
  const free = categories.find((c) => c.name === FREE);
  while (grid.length < squares - (buffer?.squares ?? 0))
    grid.push({
      color: 'promptBorder',
      isFilled: true,
      categoryName: FREE,
      tokens: free?.tokens || 0,
      percentage: free ? Math.round((free.tokens / window) * 100) : 0,
      squareFullness: 1,
    });
  if (buffer) for (const square of squaresOf(buffer)) if (grid.length < squares) grid.push(square);
  return Array.from({ length: rows }, (_, r) => grid.slice(r * columns, (r + 1) * columns));
}

/**
 * A fresh session's answer (`base`) as a session on `model` reports it: the model's window,
 * autocompact threshold, source and buffer (`window`, captured), its free space, percentage and
 * grid for them; the other figures are the base's.
 */
export function onModel(base: Json, model: string, window: ContextWindowFacts): Json {
  const categories = categoriesOf(base).filter((c) => !BUFFERS.includes(c.name) && c.name !== FREE);
  const withIds = categoriesOf(base).some((c) => typeof c.id === 'string');
  const used = categories.reduce((s, c) => s + (c.isDeferred ? 0 : c.tokens), 0);
  const bufferTokens = window.buffer?.tokens ?? 0;
  const freeTemplate = categoriesOf(base).find((c) => c.name === FREE);
  const all: Category[] = [
    ...categories,
    ...(window.buffer
      ? [
          {
            ...(withIds && window.buffer.id ? { id: window.buffer.id } : {}),
            name: window.buffer.name,
            tokens: bufferTokens,
            color: window.buffer.color,
            ...(withIds ? { kind: 'buffer' } : {}),
          },
        ]
      : []),
    {
      ...(withIds ? { id: freeTemplate?.id ?? 'free_space' } : {}),
      name: FREE,
      tokens: Math.max(0, window.maxTokens - used - bufferTokens),
      color: freeTemplate?.color ?? 'promptBorder',
      ...(withIds ? { kind: 'free' } : {}),
    },
  ];
  const answer: Json = {};
  for (const [key, value] of Object.entries(base)) {
    switch (key) {
      case 'categories':
        answer.categories = all;
        break;
      case 'model':
        answer.model = model;
        break;
      case 'maxTokens':
      case 'rawMaxTokens':
      case 'autocompactSource':
      case 'isAutoCompactEnabled':
        answer[key] = window[key];
        break;
      case 'autoCompactThreshold':
        if (window.autoCompactThreshold !== null) answer[key] = window.autoCompactThreshold;
        break;
      case 'percentage':
        answer.percentage = Math.round((Number(base.totalTokens) / window.maxTokens) * 100);
        break;
      case 'gridRows':
        answer.gridRows = gridRows(all, window.maxTokens);
        break;
      default:
        answer[key] = value;
    }
  }
  return answer;
}

/** The answer (see the module comment). */
export function contextUsage(input: ContextUsageInput): Json {
  const { base } = input;
  const baseCategories = categoriesOf(base);
  const withIds = baseCategories.some((c) => typeof c.id === 'string');
  const window = Number(base.maxTokens);
  const buffer = baseCategories.find((c) => BUFFERS.includes(c.name));
  const bufferTokens = buffer?.tokens ?? 0;
  const skills =
    typeof (base.skills as Json | undefined)?.tokens === 'number' ? Number((base.skills as Json).tokens) : 0;
  const parts = partTokens(input);

  const used: Category[] = [];
  const add = (name: string, tokens: number) => {
    if (tokens <= 0) return;
    const known = KNOWN.find((k) => k.name === name)!;
    const template = baseCategories.find((c) => c.name === name) ?? known;
    used.push({
      ...(withIds ? { id: template.id ?? known.id } : {}),
      name,
      tokens,
      color: template.color,
      ...(known.isDeferred ? { isDeferred: true } : {}),
    });
  };
  add('System prompt', parts.systemPrompt);
  add('System tools', parts.builtIn - skills);
  add('MCP tools', parts.mcp.loaded);
  add('MCP tools (deferred)', parts.mcp.deferred);
  add('System tools (deferred)', parts.deferred);
  add('Skills', skills);
  const before = used.reduce((s, c) => s + (c.isDeferred ? 0 : c.tokens), 0);

  const usage = input.apiUsage;
  const apiInput = usage
    ? usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens
    : null;
  let messages: number;
  let total: number | undefined;
  if (apiInput === null || apiInput === 0) {
    messages = input.conversation ? countTokens(input.conversation) : parts.emptyConversation;
  } else if (input.conversation) {
    messages = Math.max(
      countTokens(input.conversation),
      Math.min(apiInput - before, window - before - bufferTokens),
    );
    total = apiInput;
  } else {
    const perToken = input.estimates.summaryCharsPerToken ?? input.estimates.messageCharsPerToken;
    const beyond = Math.max(0, apiInput - before) + sinceLastResponse(input.messages, perToken);
    messages = Math.max(0, Math.min(beyond, window - before - bufferTokens));
    total = before + beyond;
  }
  add('Messages', messages);
  const counted = used.reduce((s, c) => s + (c.isDeferred ? 0 : c.tokens), 0);
  total ??= counted;

  const categories: Category[] = [...used];
  if (buffer)
    categories.push({
      ...(withIds ? { id: buffer.id } : {}),
      name: buffer.name,
      tokens: bufferTokens,
      color: buffer.color,
    });
  const freeTemplate = baseCategories.find((c) => c.name === FREE);
  categories.push({
    ...(withIds ? { id: freeTemplate?.id ?? 'free_space' } : {}),
    name: FREE,
    tokens: Math.max(0, window - counted - bufferTokens),
    color: freeTemplate?.color ?? 'promptBorder',
  });

  const breakdown = breakdownOf(input);
  const attributed =
    breakdown.toolCallTokens +
    breakdown.toolResultTokens +
    breakdown.attachmentTokens +
    breakdown.assistantMessageTokens +
    breakdown.userMessageTokens;
  const kind = (c: Category) =>
    c.name === FREE ? 'free' : BUFFERS.includes(c.name) ? 'buffer' : c.isDeferred ? 'deferred' : 'used';

  const answer: Json = {};
  for (const [key, value] of Object.entries(base)) {
    switch (key) {
      case 'categories':
        answer.categories = categories.map((c) => (withIds ? { ...c, kind: kind(c) } : c));
        break;
      case 'totalTokens':
        answer.totalTokens = total;
        break;
      case 'percentage':
        answer.percentage = Math.round((total / window) * 100);
        break;
      case 'gridRows':
        answer.gridRows = gridRows(categories, window);
        break;
      case 'mcpTools':
        answer.mcpTools = parts.mcp.tools;
        break;
      case 'slashCommands':
        answer.slashCommands =
          value && typeof value === 'object' && parts.slashCommands !== undefined
            ? { ...(value as Json), tokens: parts.slashCommands }
            : value;
        break;
      case 'messageBreakdown':
        answer.messageBreakdown = {
          toolCallTokens: breakdown.toolCallTokens,
          toolResultTokens: breakdown.toolResultTokens,
          attachmentTokens: breakdown.attachmentTokens,
          assistantMessageTokens: breakdown.assistantMessageTokens,
          userMessageTokens: breakdown.userMessageTokens,
          redirectedContextTokens: 0,
          unattributedTokens: Math.max(0, messages - attributed),
          toolCallsByType: breakdown.toolCallsByType,
          attachmentsByType: breakdown.attachmentsByType,
        };
        break;
      case 'apiUsage':
        answer.apiUsage =
          usage && apiInput
            ? {
                input_tokens: usage.input_tokens,
                output_tokens: usage.output_tokens,
                cache_creation_input_tokens: usage.cache_creation_input_tokens,
                cache_read_input_tokens: usage.cache_read_input_tokens,
              }
            : null;
        break;
      default:
        answer[key] = value;
    }
  }
  return answer;
}
