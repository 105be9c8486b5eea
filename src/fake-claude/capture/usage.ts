import { readdirSync, readFileSync, statSync } from 'node:fs';
import { release, type } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { estimateTokens } from '../../model-api/message-reply.js';
import { turn } from '../../scenarios/expect.js';
import { script, text, thinking, toolUse } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { isRecord } from '../../util/json.js';
import { monthYear } from '../../util/month-year.js';
import { contextDate } from '../model-side/compose.js';
import { modelSideData } from '../model-side/index.js';
import type {
  ContextEstimates,
  ContextWindowFacts,
  ModelFacts,
  ModelPrice,
  UsageData,
} from '../usage/types.js';

/**
 * Captures what a real claude binary reckons of a session's usage — the fake's
 * `src/fake-claude/usage/data/<version>.json` — by driving it offline:
 *
 * - what each model it lists (and a few the kit's scenarios and tests set) costs, and its window
 *   and output limit: one session that switches to each model in turn (`set_model`) and has a
 *   turn of it with scripted usage of one kind of token at a time; the cost each turn adds to the
 *   result's `modelUsage` is that kind's price, and the entry names the window and limit;
 *   `get_context_usage` on the model, before its turns, its window as that answer reports it
 *   (window, autocompact threshold and source, the buffer category);
 * - the constants of `get_context_usage`'s estimates, from a plain session asked in full and as a
 *   summary before its first turn and after it: how many characters a token the summary and the
 *   message breakdown estimate (the sums of the system prompt's sections and of the prompt tell),
 *   what a summary adds to a set of tool definitions and a count of the deferred or MCP tools
 *   leaves out (the Skill tool's estimate, the deferred tools' tokens and, in a session of its own,
 *   an in-process MCP server's tool tell; each that the version has must agree), the
 *   attachments the CLI keeps once the turn is over (from the session's transcript file, checked
 *   against the breakdown the CLI reported), and what a version that counts the conversation
 *   after a turn leaves out of it; the attachments a session with an output style keeps besides
 *   (`CAPTURED_STYLE`, set with `--settings`: a turn with a tool call, then a prompt), and those a
 *   session started on each of `EXTRA_MODELS` keeps otherwise than the plain one (a turn with a
 *   tool call);
 * - whether `get_session_cost` reports the prompt cache after a turn.
 */

type Json = Record<string, unknown>;

/** The tokens of each kind a pricing turn reports: the cost it adds is the price of 10k tokens. */
const PRICING_TOKENS = 10_000;
const USAGE_KINDS: ReadonlyArray<[keyof ModelPrice, string]> = [
  ['input', 'input_tokens'],
  ['output', 'output_tokens'],
  ['cacheRead', 'cache_read_input_tokens'],
  ['cacheWrite', 'cache_creation_input_tokens'],
];
/**
 * The prompt of the estimates' session: 50 characters, which 3, 4 and 5 characters a token
 * estimate apart (17, 13, 10).
 */
export const ESTIMATE_PROMPT = 'Say hi, in a few words of your own choosing, now.!';

/** The JavaScript length of a text (UTF-16 code units), which the CLI's estimates divide. */
function jsLength(value: string): number {
  return value.length;
}

/** The model a result's `modelUsage` adds (or adds to) since `before`, and what it added. */
function costDelta(before: Json, after: Json): { model: string; cost: number } {
  const changed = Object.entries(after).filter(([model, entry]) => {
    const was = isRecord(before[model]) ? Number(before[model].costUSD) : 0;
    return isRecord(entry) && Number(entry.costUSD) !== was;
  });
  if (changed.length !== 1)
    throw new ClideError('io', `a pricing turn changed ${changed.length} models' costs, not one`, {
      hint: JSON.stringify(after).slice(0, 1000),
    });
  const [model, entry] = changed[0]!;
  const was = isRecord(before[model]) ? Number(before[model].costUSD) : 0;
  return { model, cost: Number((entry as Json).costUSD) - was };
}

/** What a `get_context_usage` answer tells of its window (see `ContextWindowFacts`). */
export function contextWindowFacts(answer: Json): ContextWindowFacts {
  const categories = (Array.isArray(answer.categories) ? answer.categories : []) as Json[];
  const buffer = categories.find((c) => c.name === 'Autocompact buffer' || c.name === 'Compact buffer');
  const facts: ContextWindowFacts = {
    maxTokens: Number(answer.maxTokens),
    rawMaxTokens: Number(answer.rawMaxTokens),
    autocompactSource: String(answer.autocompactSource),
    autoCompactThreshold:
      typeof answer.autoCompactThreshold === 'number' ? answer.autoCompactThreshold : null,
    isAutoCompactEnabled: answer.isAutoCompactEnabled === true,
    buffer: buffer
      ? {
          ...(typeof buffer.id === 'string' ? { id: buffer.id } : {}),
          name: String(buffer.name),
          tokens: Number(buffer.tokens),
          color: String(buffer.color),
        }
      : null,
  };
  if (!Number.isInteger(facts.maxTokens) || !Number.isInteger(facts.rawMaxTokens))
    throw new ClideError('io', 'a get_context_usage answer without its window', {
      hint: JSON.stringify(answer).slice(0, 500),
    });
  if (isRecord(answer.skills)) facts.skills = answer.skills;
  return facts;
}

/**
 * What a get_context_usage's count requests count of the session's own context, whatever its
 * model and conversation: each request's text and tools (by the tools' names, or a section's
 * text), but the baseline (the text the tool counts go with, counted alone) and the
 * conversation's (not a text).
 */
export function ownContextCounts(counts: readonly RecordedRequest[]): Map<string, string> {
  const bodies = counts.filter((r) => r.kind === 'count_tokens').map(countBody);
  const baseline = bodies.find((c) => c.tools.length > 0)?.text;
  const own = new Map<string, string>();
  for (const c of bodies)
    if (c.text !== undefined && (c.tools.length > 0 || c.text !== baseline))
      own.set(
        c.tools.length > 0 ? `tools: ${c.tools.map((t) => String(t.name)).join(',')}` : `text: ${c.text}`,
        JSON.stringify(c),
      );
  return own;
}

/** Whether `counts` count what `reference` does, each alike (see `ownContextCounts`). */
export function countsAlike(
  counts: ReadonlyMap<string, string>,
  reference: ReadonlyMap<string, string>,
): boolean {
  return counts.size === reference.size && [...counts].every(([key, body]) => reference.get(key) === body);
}

/**
 * A model's characters a token (see `ContextWindowFacts.charsPerToken`): what a summary on it
 * makes of the Skill tool, whose definition its full answer's counts sent (`counts`) — its JSON
 * estimated at that many characters a token, plus `toolOverhead`, is the summary's slash
 * commands' tokens. Undefined where the counts hold no Skill tool alone (the model's counts were
 * asked before) or no ratio explains the summary.
 */
export function modelCharsPerToken(
  counts: readonly RecordedRequest[],
  summary: Json,
  toolOverhead: number,
): number | undefined {
  const skill = counts
    .filter((r) => r.kind === 'count_tokens')
    .map(countBody)
    .find((c) => c.tools.length === 1 && c.tools[0]?.name === 'Skill');
  const commands = isRecord(summary.slashCommands) ? Number(summary.slashCommands.tokens) : Number.NaN;
  if (!skill || !Number.isInteger(commands)) return undefined;
  return charsPerToken([jsLength(JSON.stringify(skill.tools))], commands - toolOverhead);
}

/** USD per million tokens from the cost of `PRICING_TOKENS` tokens (to a millionth of a dollar). */
export function priceOf(cost: number): number {
  return Math.round((cost * 1_000_000 * 1_000_000) / PRICING_TOKENS) / 1_000_000;
}

/**
 * Model ids the kit's scenarios and tests set that a version need not list: measured too (a
 * version costs and sizes any model it knows).
 */
export const EXTRA_MODELS: readonly string[] = ['claude-haiku-4-5', 'claude-sonnet-4-5'];

/**
 * The price per million tokens, window and output limit of each of `models` (`undefined`: the
 * session's default), by model id.
 */
export async function captureModels(
  binary: string,
  models: ReadonlyArray<string | undefined>,
  toolOverhead?: number,
): Promise<Record<string, ModelFacts>> {
  const turns = models.flatMap(() =>
    USAGE_KINDS.map(([, field]) => ({
      blocks: [text('Priced.')],
      usage: {
        input_tokens: 0,
        output_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
        [field]: PRICING_TOKENS,
      },
    })),
  );
  const facts: Record<string, ModelFacts> = {};
  let priced = 0;
  const scenario: Scenario = {
    id: 'capture/usage-pricing',
    requirement: 'capture',
    spec: 'capture',
    tier: 'model',
    model: script(...turns),
    deadlineMs: 120_000,
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      let before: Json = {};
      // The default model's counts, as of its last ask: the others' are compared with them.
      let defaultCounts: Map<string, string> | undefined;
      for (const model of models) {
        if (model !== undefined) {
          const set = await ctx.session.request({ subtype: 'set_model', model });
          if (set.subtype !== 'success')
            throw new ClideError('io', `set_model ${model} failed`, { hint: JSON.stringify(set) });
        }
        const asked = ctx.modelRequests().length;
        const usage = await ctx.session.request({ subtype: 'get_context_usage' });
        if (usage.subtype !== 'success' || !isRecord(usage.response))
          throw new ClideError('io', `get_context_usage on ${model ?? 'the default model'} failed`, {
            hint: JSON.stringify(usage),
          });
        const window = contextWindowFacts(usage.response);
        const counts = ownContextCounts(ctx.modelRequests().slice(asked));
        defaultCounts ??= counts;
        window.countsAsDefault = countsAlike(counts, defaultCounts);
        if (toolOverhead !== undefined) {
          const summary = await ctx.session.request({ subtype: 'get_context_usage', detail: 'summary' });
          const perToken = isRecord(summary.response)
            ? modelCharsPerToken(ctx.modelRequests().slice(asked), summary.response, toolOverhead)
            : undefined;
          if (perToken !== undefined) window.charsPerToken = perToken;
        }
        const price: Partial<ModelPrice> = {};
        let id: string | undefined;
        let entry: Json = {};
        for (const [kind] of USAGE_KINDS) {
          const result = await turn(ctx, `Price the ${kind} tokens.`);
          const after = isRecord(result.modelUsage) ? result.modelUsage : {};
          const delta = costDelta(before, after);
          if (id !== undefined && delta.model !== id)
            throw new ClideError('io', `a turn of ${id} was costed as ${delta.model}`);
          id = delta.model;
          entry = after[id] as Json;
          price[kind] = priceOf(delta.cost);
          before = after;
        }
        if (usage.response.model !== id)
          throw new ClideError(
            'io',
            `get_context_usage names ${String(usage.response.model)}, the turns ${id}`,
          );
        if (model === undefined) {
          // The default model after turns, as the later models are read: what it counts otherwise
          // then (2.1.332's Agent; a version that counts once a session asks only that again).
          const again = ctx.modelRequests().length;
          await ctx.session.request({ subtype: 'get_context_usage' });
          for (const [key, body] of ownContextCounts(ctx.modelRequests().slice(again)))
            defaultCounts.set(key, body);
        }
        const measured: ModelFacts = {
          price: price as ModelPrice,
          contextWindow: Number(entry.contextWindow),
          maxOutputTokens: Number(entry.maxOutputTokens),
          context: window,
        };
        const seen = facts[id!];
        // A model read again (an alias of one read before) counts again only what it has not counted.
        if (seen?.context?.countsAsDefault !== undefined)
          window.countsAsDefault = seen.context.countsAsDefault;
        if (seen?.context?.charsPerToken !== undefined) window.charsPerToken = seen.context.charsPerToken;
        if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(measured))
          throw new ClideError('io', `two readings of ${id}`, { hint: JSON.stringify([seen, measured]) });
        facts[id!] = measured;
        priced += 1;
      }
    },
  };
  const run = await runScenario(scenario, { binary });
  if (!run.passed || priced !== models.length)
    throw new ClideError('io', `capturing the models' prices from ${binary} failed`, {
      where: binary,
      hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
    });
  return facts;
}

/** The first `.jsonl` file under `dir` (the session's transcript: the sandbox has one session). */
function transcriptUnder(dir: string): string | undefined {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const found = transcriptUnder(path);
      if (found) return found;
    } else if (name.endsWith('.jsonl')) return path;
  }
  return undefined;
}

/**
 * The attachments of the session's transcript under `home`, once it holds the answers of its
 * `turns` (the CLI writes it a moment after the result).
 */
async function transcriptAttachments(home: string, turns = 1): Promise<Json[]> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const file = transcriptUnder(home);
    const entries = file
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .flatMap((line) => {
            try {
              return [JSON.parse(line) as Json];
            } catch {
              return []; // a line being written
            }
          })
      : [];
    const answers = entries.filter((e) => e.type === 'assistant' && isRecord(e.message));
    const texts = answers.filter((e) =>
      ((e.message as Json).content as Json[] | undefined)?.some?.((b) => b.type === 'text'),
    );
    if (texts.length >= turns)
      return entries
        .filter((e) => e.type === 'attachment' && isRecord(e.attachment))
        .map((e) => e.attachment as Json);
    await sleep(100);
  }
  throw new ClideError('io', 'no session transcript with the turn in the sandbox');
}

/** An attachment's JSON as a template: the run's folders, day, machine and month as placeholders. */
export function attachmentTemplate(json: string, root: string, date: string): string {
  const cwd = `${root}/work`;
  const memoryDir = `${root}/home/.claude/projects/${cwd.replace(/[^a-zA-Z0-9]/g, '-')}/memory/`;
  return json
    .split(memoryDir)
    .join('{memoryDir}')
    .split(cwd)
    .join('{cwd}')
    .split(date)
    .join('{date}')
    .split(`${type()} ${release()}`)
    .join('{osVersion}')
    .split(monthYear())
    .join('{monthYear}');
}

/** The characters a token of `chars` that estimate `total` (rounding each), or undefined. */
export function charsPerToken(lengths: readonly number[], total: number): number | undefined {
  for (let r = 2; r <= 8; r++) if (lengths.reduce((sum, n) => sum + Math.round(n / r), 0) === total) return r;
  return undefined;
}

/** The overhead `x` with Σ max(0, count − x) = `total` over `counts`, or undefined. */
export function deferredOverhead(counts: readonly number[], total: number): number | undefined {
  for (let x = 0; x <= 5000; x++) if (counts.reduce((s, c) => s + Math.max(0, c - x), 0) === total) return x;
  return undefined;
}

/** A session's attachments, its summary after its turns and its sandbox's root (its paths' templates). */
export interface SessionAttachments {
  attachments: Json[];
  summary: Json;
  root: string;
}

/** The output style whose attachments are captured (one of the CLI's own). */
export const CAPTURED_STYLE = 'Explanatory';

export interface ContextRuns {
  root: string;
  date: string;
  full: Json;
  fullCounts: RecordedRequest[];
  /** A session with one MCP tool (`MEASURED_MCP_TOOL`): its answer and the counts asked for it. */
  mcp: { answer: Json; counts: RecordedRequest[] };
  summary: Json;
  after: Json;
  afterCounts: RecordedRequest[];
  cost: string;
  attachments: Json[];
  firstRequest: RecordedRequest | undefined;
  /** A session with `CAPTURED_STYLE`: its attachments and its summary after its turns, its sandbox's root. */
  style: SessionAttachments;
  /** A session started on each of `EXTRA_MODELS`: the same after its turn. */
  models: Record<string, SessionAttachments>;
}

async function contextRuns(binary: string): Promise<ContextRuns> {
  const state: Partial<ContextRuns> = {};
  const ask = async (ctx: Parameters<Scenario['drive']>[0], request: Json & { subtype: string }) => {
    const from = ctx.modelRequests().length;
    const reply = await ctx.session.request(request);
    if (reply.subtype !== 'success' || !isRecord(reply.response))
      throw new ClideError('io', `${String(request.subtype)} failed`, { hint: JSON.stringify(reply) });
    return {
      answer: reply.response,
      counts: ctx
        .modelRequests()
        .slice(from)
        .filter((r) => r.kind === 'count_tokens'),
    };
  };
  const scenario: Scenario = {
    id: 'capture/usage-context',
    requirement: 'capture',
    spec: 'capture',
    tier: 'model',
    // A thinking block: a count of the conversation then asks for thinking too.
    model: script([thinking('Let me think.'), text('Hi there.')]),
    deadlineMs: 60_000,
    async drive(ctx) {
      state.root = ctx.cwd.replace(/\/work$/, '');
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      const full = await ask(ctx, { subtype: 'get_context_usage' });
      state.full = full.answer;
      state.fullCounts = full.counts;
      state.summary = (await ask(ctx, { subtype: 'get_context_usage', detail: 'summary' })).answer;
      await turn(ctx, ESTIMATE_PROMPT);
      state.firstRequest = ctx.modelRequests().find((r) => r.kind === 'conversation');
      const after = await ask(ctx, { subtype: 'get_context_usage', detail: 'summary' });
      state.after = after.answer;
      state.afterCounts = after.counts;
      state.cost = String((await ask(ctx, { subtype: 'get_session_cost' })).answer.text ?? '');
      state.date = contextDate();
      state.attachments = await transcriptAttachments(join(state.root, 'home'));
    },
  };
  const run = await runScenario(scenario, { binary });
  if (!run.passed || state.attachments === undefined)
    throw new ClideError('io', `capturing get_context_usage's estimates from ${binary} failed`, {
      where: binary,
      hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
    });
  state.mcp = await mcpRun(binary);
  state.style = await styleRun(binary);
  state.models = {};
  for (const model of EXTRA_MODELS) state.models[model] = await modelRun(binary, model);
  return state as ContextRuns;
}

/**
 * A session under `extraArgs` whose first turn makes the `write`, then the other `prompts`; its
 * transcript's attachments and its summary after them. `what` names it in an error.
 */
async function attachmentsRun(
  binary: string,
  session: {
    id: string;
    what: string;
    extraArgs: string[];
    /** The Write tool call of the first turn. */
    write: { id: string; file: string; content: string };
    prompts: [string, ...string[]];
  },
): Promise<ContextRuns['style']> {
  const state: { run?: ContextRuns['style'] } = {};
  const [write, ...others] = session.prompts;
  const scenario: Scenario = {
    id: session.id,
    requirement: 'capture',
    spec: 'capture',
    tier: 'model',
    args: { extraArgs: session.extraArgs },
    model: script(
      [toolUse(session.write.id, 'Write', { file_path: session.write.file, content: session.write.content })],
      [text('Written.')],
      ...others.map(() => [text('Again.')]),
    ),
    deadlineMs: 60_000,
    async drive(ctx) {
      const root = ctx.cwd.replace(/\/work$/, '');
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      await turn(ctx, write);
      for (const prompt of others) await turn(ctx, prompt);
      const reply = await ctx.session.request({ subtype: 'get_context_usage', detail: 'summary' });
      const summary = isRecord(reply.response) ? reply.response : {};
      const attachments = await transcriptAttachments(join(root, 'home'), session.prompts.length);
      state.run = { attachments, summary, root };
    },
  };
  const run = await runScenario(scenario, { binary });
  if (!run.passed || state.run === undefined)
    throw new ClideError('io', `capturing the attachments of ${session.what} from ${binary} failed`, {
      where: binary,
      hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
    });
  return state.run;
}

/** A session started on `model` (`--model`): a prompt whose turn writes a file. */
function modelRun(binary: string, model: string): Promise<ContextRuns['style']> {
  return attachmentsRun(binary, {
    id: 'capture/usage-context-model',
    what: `a session on ${model}`,
    extraArgs: ['--model', model, '--permission-mode', 'acceptEdits'],
    write: { id: 'toolu_01ModelWrite', file: 'model.txt', content: 'model\n' },
    prompts: ['Write model.txt.'],
  });
}

/** A session with `CAPTURED_STYLE` (`--settings`): a prompt whose turn writes a file, then another. */
function styleRun(binary: string): Promise<ContextRuns['style']> {
  return attachmentsRun(binary, {
    id: 'capture/usage-context-style',
    what: 'an output style',
    extraArgs: [
      '--permission-mode',
      'acceptEdits',
      '--settings',
      JSON.stringify({ outputStyle: CAPTURED_STYLE }),
    ],
    write: { id: 'toolu_01StyleWrite', file: 'style.txt', content: 'styled\n' },
    prompts: ['Write style.txt.', 'Again.'],
  });
}

/** get_context_usage of a session with `MEASURED_MCP_TOOL`, once the CLI lists it, and the counts asked. */
async function mcpRun(binary: string): Promise<ContextRuns['mcp']> {
  const state: { mcp?: ContextRuns['mcp'] } = {};
  const name = `mcp__${MEASURED_MCP_TOOL.server}__${MEASURED_MCP_TOOL.name}`;
  const scenario: Scenario = {
    id: 'capture/usage-context-mcp',
    requirement: 'capture',
    spec: 'capture',
    tier: 'model',
    model: script([text('Measured.')]),
    sdkMcpServers: [
      {
        name: MEASURED_MCP_TOOL.server,
        tools: [
          {
            name: MEASURED_MCP_TOOL.name,
            description: MEASURED_MCP_TOOL.description,
            inputSchema: { type: 'object', properties: {} },
            call: () => ({ content: [{ type: 'text', text: 'measured' }] }),
          },
        ],
      },
    ],
    deadlineMs: 60_000,
    async drive(ctx) {
      await ctx.session.request({
        subtype: 'initialize',
        hooks: {},
        sdkMcpServers: [MEASURED_MCP_TOOL.server],
      });
      // An in-process server's handshake is made for the first turn; its tools are listed after it.
      await turn(ctx, 'Measure.');
      for (let attempt = 0; attempt < 50; attempt++) {
        const reply = await ctx.session.request({ subtype: 'get_context_usage' });
        const answer = isRecord(reply.response) ? reply.response : {};
        const listed = (Array.isArray(answer.mcpTools) ? answer.mcpTools : []) as Json[];
        if (listed.some((t) => t.name === name)) {
          state.mcp = { answer, counts: ctx.modelRequests().filter((r) => r.kind === 'count_tokens') };
          return;
        }
        await sleep(200);
      }
    },
  };
  const run = await runScenario(scenario, { binary });
  if (!run.passed || state.mcp === undefined)
    throw new ClideError('io', `capturing get_context_usage of an MCP tool from ${binary} failed`, {
      where: binary,
      hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
    });
  return state.mcp;
}

type Category = { name: string; tokens: number };

function categoryTokens(answer: Json, name: string): number {
  const categories = (Array.isArray(answer.categories) ? answer.categories : []) as Category[];
  return categories.find((c) => c.name === name)?.tokens ?? 0;
}

function countBody(request: RecordedRequest): { text: string | undefined; tools: Json[] } {
  const body = request.body as Json;
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const content = messages.length === 1 ? messages[0]?.content : undefined;
  return {
    text: typeof content === 'string' ? content : undefined,
    tools: Array.isArray(body.tools) ? (body.tools as Json[]) : [],
  };
}

/**
 * An MCP tool the capture offers (an in-process server's): its description long enough that its
 * count exceeds what a count of tools leaves out.
 */
export const MEASURED_MCP_TOOL = {
  server: 'clide-capture',
  name: 'measure',
  description: 'Measures what a count of MCP tools leaves out. '.repeat(80),
};

/**
 * What the count of a session's MCP tools leaves out: the count (the scripted API's answer, its
 * characters over four, rounded up) less the tokens the answer gives its one tool.
 */
export function mcpOverhead(run: ContextRuns['mcp']): number {
  const name = `mcp__${MEASURED_MCP_TOOL.server}__${MEASURED_MCP_TOOL.name}`;
  const count = run.counts.find((r) => {
    const tools = countBody(r).tools;
    return tools.length === 1 && tools[0]?.name === name;
  });
  const listed = (Array.isArray(run.answer.mcpTools) ? run.answer.mcpTools : []) as Json[];
  const tokens = listed.find((t) => t.name === name)?.tokens;
  if (!count || typeof tokens !== 'number' || tokens <= 0)
    throw new ClideError('io', `no count of the MCP tool ${name}, or no tokens for it in the answer`, {
      hint: JSON.stringify(listed),
    });
  return estimateTokens(JSON.stringify(count.body)) - tokens;
}

/**
 * The estimates' constants (see `ContextEstimates`) of a version's runs, checked against what it
 * answered.
 */
export function contextEstimates(version: string, runs: ContextRuns): ContextEstimates {
  const counts = runs.fullCounts.map(countBody);
  const baseline = counts.find((c) => c.tools.length > 0)?.text;
  const sections = counts.filter((c) => c.tools.length === 0 && c.text !== undefined && c.text !== baseline);
  const skill = counts.find((c) => c.tools.length === 1 && c.tools[0]?.name === 'Skill');
  const sameAnswer = JSON.stringify(runs.summary.categories) === JSON.stringify(runs.full.categories);
  let summaryCharsPerToken: number | null = null;
  let toolOverhead: number | undefined;
  if (!sameAnswer) {
    const found = charsPerToken(
      sections.map((s) => jsLength(s.text!)),
      categoryTokens(runs.summary, 'System prompt'),
    );
    if (found === undefined || !skill)
      throw new ClideError('io', 'a summary whose system prompt no characters-a-token estimate explains');
    summaryCharsPerToken = found;
    const commands = isRecord(runs.summary.slashCommands) ? Number(runs.summary.slashCommands.tokens) : NaN;
    toolOverhead = commands - Math.round(jsLength(JSON.stringify(skill.tools)) / found);
  } else {
    // No summary to measure it by: the deferred tools, counted one by one less it, tell.
    const deferred = categoryTokens(runs.full, 'System tools (deferred)');
    const singles = runs.fullCounts.filter((r) => {
      const c = countBody(r);
      return c.tools.length === 1 && c.tools[0]?.name !== 'Skill';
    });
    if (deferred > 0)
      toolOverhead = deferredOverhead(
        singles.map((r) => Math.ceil(jsLength(JSON.stringify(r.body)) / 4)),
        deferred,
      );
  }
  // The MCP tools' count less the same overhead is what their tokens come to.
  const mcp = mcpOverhead(runs.mcp);
  if (toolOverhead !== undefined && mcp !== toolOverhead)
    throw new ClideError(
      'io',
      `the MCP tools' count leaves out ${mcp}, the other tool counts ${toolOverhead}`,
    );
  toolOverhead = mcp;
  if (toolOverhead === undefined || !Number.isInteger(toolOverhead) || toolOverhead < 0)
    throw new ClideError('io', 'no tool-set overhead explains the estimates');

  const breakdown = isRecord(runs.after.messageBreakdown) ? runs.after.messageBreakdown : {};
  const messageCharsPerToken = charsPerToken(
    [jsLength(ESTIMATE_PROMPT)],
    Number(breakdown.userMessageTokens),
  );
  if (messageCharsPerToken === undefined)
    throw new ClideError('io', "the breakdown's user message tokens match no characters-a-token estimate", {
      hint: JSON.stringify(breakdown),
    });

  const attachments = runs.attachments.map((a) => ({
    type: String(a.type),
    json: attachmentTemplate(JSON.stringify(a), runs.root, runs.date),
  }));
  // The transcript's attachments are those the breakdown estimated.
  const byType = new Map<string, number>();
  for (const a of runs.attachments) {
    const tokens = Math.round(jsLength(JSON.stringify(a)) / messageCharsPerToken);
    byType.set(String(a.type), (byType.get(String(a.type)) ?? 0) + tokens);
  }
  const reported = (
    Array.isArray(breakdown.attachmentsByType) ? breakdown.attachmentsByType : []
  ) as Category[];
  const mine = [...byType].map(([name, tokens]) => ({ name, tokens })).sort((a, b) => b.tokens - a.tokens);
  if (JSON.stringify(mine) !== JSON.stringify(reported.map((r) => ({ name: r.name, tokens: r.tokens }))))
    throw new ClideError('io', "the transcript's attachments are not those the breakdown reports", {
      hint: `${JSON.stringify(mine)} vs ${JSON.stringify(reported)}`,
    });

  return {
    summaryCharsPerToken,
    toolOverhead,
    messageCharsPerToken,
    attachments,
    outputStyle: outputStyleAttachments(runs, messageCharsPerToken),
    modelAttachments: Object.fromEntries(
      Object.entries(runs.models).map(([model, run]) => [
        model,
        modelAttachments(runs, run, messageCharsPerToken, model),
      ]),
    ),
    conversationCountOmits: conversationCountOmits(version, runs),
    conversationCountThinking: conversationCountThinking(runs),
  };
}

/**
 * The attachments the style session keeps that the plain one does not (each kind once, as first
 * kept, as a template, with the kind it followed there), checked against its breakdown: each kind's tokens are those of what it
 * kept — the style's reminder (`output_style`) at each of its two prompts and after its tool
 * result, three in all, where the version keeps one.
 */
export function outputStyleAttachments(
  runs: Pick<ContextRuns, 'attachments' | 'style' | 'root' | 'date'>,
  charsPerToken: number,
): ContextEstimates['outputStyle'] {
  const plain = new Set(runs.attachments.map((a) => String(a.type)));
  const added = runs.style.attachments.filter((a) => !plain.has(String(a.type)));
  const breakdown = isRecord(runs.style.summary.messageBreakdown) ? runs.style.summary.messageBreakdown : {};
  const reported = new Map(
    ((Array.isArray(breakdown.attachmentsByType) ? breakdown.attachmentsByType : []) as Category[]).map(
      (c) => [c.name, c.tokens],
    ),
  );
  const kinds = [...new Set(added.map((a) => String(a.type)))];
  for (const kind of kinds) {
    const tokens = added
      .filter((a) => a.type === kind)
      .reduce((sum, a) => sum + Math.round(jsLength(JSON.stringify(a)) / charsPerToken), 0);
    if (reported.get(kind) !== tokens)
      throw new ClideError(
        'io',
        `the style session's ${kind} attachments are not those its breakdown reports`,
        {
          hint: `${tokens} vs ${String(reported.get(kind))}`,
        },
      );
  }
  const reminders = added.filter((a) => a.type === 'output_style').length;
  if (reminders !== 0 && reminders !== 3)
    throw new ClideError(
      'io',
      `the style session kept ${reminders} output_style reminders, not one at each prompt and tool result`,
    );
  return {
    name: CAPTURED_STYLE,
    attachments: kinds.map((kind) => {
      const at = runs.style.attachments.findIndex((a) => a.type === kind);
      const first = runs.style.attachments[at] as Json;
      const before = runs.style.attachments[at - 1];
      return {
        type: kind,
        json: attachmentTemplate(JSON.stringify(first), runs.style.root, runs.date),
        after: before === undefined ? null : String(before.type),
      };
    }),
  };
}

/**
 * The attachments a session started on a model keeps otherwise than the plain one (`run`): each
 * kind whose first is another than the plain session's, or that it has not (as a template, with
 * the kind it followed), checked against its breakdown; a kind the plain session has not must be
 * kept at the prompt and after the tool result (twice), as the fake keeps it.
 */
export function modelAttachments(
  runs: Pick<ContextRuns, 'attachments' | 'root' | 'date'>,
  run: ContextRuns['style'],
  charsPerToken: number,
  model: string,
): Array<{ type: string; json: string; after: string | null }> {
  const template = (a: Json, root: string) => attachmentTemplate(JSON.stringify(a), root, runs.date);
  const plain = new Map<string, string>();
  for (const a of runs.attachments)
    if (!plain.has(String(a.type))) plain.set(String(a.type), template(a, runs.root));
  const breakdown = isRecord(run.summary.messageBreakdown) ? run.summary.messageBreakdown : {};
  const reported = new Map(
    ((Array.isArray(breakdown.attachmentsByType) ? breakdown.attachmentsByType : []) as Category[]).map(
      (c) => [c.name, c.tokens],
    ),
  );
  const out: Array<{ type: string; json: string; after: string | null }> = [];
  for (const [at, a] of run.attachments.entries()) {
    const kind = String(a.type);
    if (out.some((o) => o.type === kind) || run.attachments.findIndex((b) => b.type === kind) !== at)
      continue;
    const json = template(a, run.root);
    if (plain.get(kind) === json) continue;
    const all = run.attachments.filter((b) => b.type === kind);
    const tokens = all.reduce((sum, b) => sum + Math.round(jsLength(JSON.stringify(b)) / charsPerToken), 0);
    if (reported.get(kind) !== tokens)
      throw new ClideError(
        'io',
        `the ${kind} attachments of a session on ${model} are not those its breakdown reports`,
        {
          hint: `${tokens} vs ${String(reported.get(kind))}`,
        },
      );
    if (!plain.has(kind) && all.length !== 2)
      throw new ClideError(
        'io',
        `a session on ${model} kept ${all.length} ${kind} attachments, not one at its prompt and after its tool result`,
      );
    const before = run.attachments[at - 1];
    out.push({ type: kind, json, after: before === undefined ? null : String(before.type) });
  }
  return out;
}

/** The `thinking` parameter of the conversation's count after a turn with a thinking block, if any. */
function conversationCountThinking(runs: ContextRuns): Record<string, unknown> | null {
  const conversation = runs.afterCounts.find((r) => countBody(r).text === undefined);
  const param = conversation ? (conversation.body as Json).thinking : undefined;
  return isRecord(param) ? param : null;
}

/**
 * What the conversation's count after a turn (a count of several messages, or of blocks) leaves
 * out of the first request's first user message: the blocks of the version's context templates
 * missing from it, each by its template's text up to its first placeholder.
 */
function conversationCountOmits(version: string, runs: ContextRuns): string[] {
  const conversation = runs.afterCounts.find((r) => countBody(r).text === undefined);
  if (!conversation || !runs.firstRequest) return [];
  const textsOf = (request: RecordedRequest): string[] => {
    const messages = ((request.body as Json).messages as Json[]) ?? [];
    const content = messages[0]?.content;
    if (typeof content === 'string') return [content];
    return Array.isArray(content) ? (content as Json[]).map((b) => String(b.text ?? '')) : [];
  };
  const counted = new Set(textsOf(conversation));
  const omitted = textsOf(runs.firstRequest).filter((t) => !counted.has(t));
  const templates = modelSideData(version).context.userBlocks;
  return omitted.map((block) => {
    const prefix = templates.map((t) => t.split('{')[0]!).find((p) => p.length > 0 && block.startsWith(p));
    if (prefix === undefined)
      throw new ClideError('io', 'the conversation count leaves out a block no context template starts', {
        hint: block.slice(0, 200),
      });
    return prefix;
  });
}

/** Drives `binary` (claude `version`, listing `models` for `set_model`) and returns the data; writes nothing. */
export async function captureUsage(
  version: string,
  binary: string,
  models: readonly string[],
): Promise<UsageData> {
  const runs = await contextRuns(binary);
  const context = contextEstimates(version, runs);
  const measured = await captureModels(
    binary,
    [undefined, ...models, ...EXTRA_MODELS.filter((m) => !models.includes(m))],
    // A version that makes summaries: each model's characters a token, from its summary.
    context.summaryCharsPerToken === null ? undefined : context.toolOverhead,
  );
  return {
    version,
    models: measured,
    promptCacheLine: runs.cost.includes('\nPrompt cache (main):'),
    context,
  };
}
