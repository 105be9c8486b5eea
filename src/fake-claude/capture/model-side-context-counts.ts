import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { turn } from '../../scenarios/expect.js';
import { script, text } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { isRecord } from '../../util/json.js';
import type {
  ContextCountRequest,
  ContextCountSet,
  ContextCountsData,
} from '../model-side/context-counts.js';
import { toolTemplate } from './index.js';

/**
 * `get_context_usage`'s token counts (`ContextCountsData`), from two offline sessions of a claude
 * binary with its own system prompt, default model and tools: one asks before any model turn, one
 * after a turn, each twice in a row (what the second asks again tells what the session caches) (its tools may read otherwise then; a version that counts the conversation's
 * messages then has no after-a-turn set). Each `count_tokens` request is a user message
 * (a template, as the CLI's own prompt) and the tools it counts (by name; each tool's definition
 * once per get_context_usage: one counted twice in it must read the same). A version that makes no
 * such request has none (null).
 */

type Json = Record<string, unknown>;

interface Counted {
  root: string;
  /** The first get_context_usage's requests. */
  requests: RecordedRequest[];
  /** The second's, right after. */
  again: RecordedRequest[];
}

async function countsOf(binary: string, withTurn: boolean, args: string[] = []): Promise<Counted> {
  const state: { root?: string; first?: number; second?: number } = {};
  const scenario: Scenario = {
    id: `capture/model-side-context-counts-${withTurn ? 'after-a-turn' : 'before-a-turn'}`,
    requirement: 'get_context_usage',
    ...(args.length > 0 ? { args: { extraArgs: args } } : {}),
    spec: 'capture',
    tier: 'model',
    model: script([text('Hi.')]),
    deadlineMs: 60_000,
    async drive(ctx) {
      state.root = ctx.cwd.replace(/\/work$/, '');
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      if (withTurn) await turn(ctx, 'Say hi.');
      for (const call of ['first', 'second'] as const) {
        const reply = await ctx.session.request({ subtype: 'get_context_usage' });
        if (reply.subtype !== 'success')
          throw new ClideError('io', 'get_context_usage failed', { hint: JSON.stringify(reply) });
        state[call] = ctx.modelRequests().length;
      }
    },
  };
  for (let attempt = 0; ; attempt++) {
    const run = await runScenario(scenario, { binary });
    if (run.passed && state.root && state.first !== undefined) {
      const counts = (from: number, to?: number) =>
        run.modelRequests.slice(from, to).filter((r) => r.kind === 'count_tokens');
      return { root: state.root, requests: counts(0, state.first), again: counts(state.first) };
    }
    if (attempt === 1)
      throw new ClideError('io', `capturing ${scenario.id} from ${binary} failed`, {
        where: binary,
        hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
      });
  }
}

/**
 * One get_context_usage's requests as templates (`template`: a user message's text), in a fixed
 * order (they arrive in none: the CLI sends them together), and their tools' definitions.
 */
export function countSet(
  requests: readonly RecordedRequest[],
  template: (text: string) => string,
): ContextCountSet {
  const tools: Record<string, Json> = {};
  const counted = requests.map((request): ContextCountRequest => {
    const body = request.body as Json;
    const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
    const keys = Object.keys(body).sort().join(',');
    if (keys !== 'messages,model,tools' || messages.length !== 1 || messages[0]?.role !== 'user')
      throw new ClideError('io', 'a count_tokens request that is not one user message and tools', {
        hint: JSON.stringify(body).slice(0, 1000),
      });
    const content = messages[0]?.content;
    if (typeof content !== 'string')
      throw new ClideError('io', 'a count_tokens request whose message is not a text', {
        hint: JSON.stringify(content).slice(0, 1000),
      });
    const names: string[] = [];
    for (const tool of (body.tools as Json[]) ?? []) {
      if (!isRecord(tool) || typeof tool.name !== 'string')
        throw new ClideError('io', 'a counted tool without a name');
      const def = toolTemplate(tool);
      const seen = tools[tool.name];
      if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(def))
        throw new ClideError('io', `the tool ${tool.name} is counted twice, with two definitions`);
      tools[tool.name] = def;
      names.push(tool.name);
    }
    return { text: template(content), tools: names };
  });
  counted.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  // The tools by name, so that a capture reads the same whatever order the requests came in.
  const byName = Object.fromEntries(Object.entries(tools).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { requests: counted, tools: byName };
}

export interface ContextCountsCaptureInput {
  binary: string;
  /** The version's default model: every count must ask it. */
  model: string;
  /** A text of a session at `root` as a template, as its own system prompt (`defaultPromptTemplate`). */
  template: (text: string, root: string) => string;
}

export async function captureContextCounts(
  input: ContextCountsCaptureInput,
): Promise<ContextCountsData | null> {
  const before = await countsOf(input.binary, false);
  const after = await countsOf(input.binary, true);
  if (before.requests.length === 0 && after.requests.length === 0) return null;
  const all = [...before.requests, ...after.requests];
  const other = all.find((r) => (r.body as Json).model !== input.model);
  if (other)
    throw new ClideError(
      'io',
      `a count_tokens request asks ${String((other.body as Json).model)}, not ${input.model}`,
    );
  const paths = new Set(all.map((r) => r.path));
  if (paths.size !== 1)
    throw new ClideError('io', 'count_tokens requests on several paths', { hint: [...paths].join(' ') });
  // A version that counts the conversation after a turn (2.1.150: its messages, laid out otherwise
  // than in the requests) has no after-a-turn set: its counts would need that layout.
  const countsConversation = after.requests.some((r) => {
    const messages = (r.body as Json).messages;
    return !Array.isArray(messages) || messages.length !== 1;
  });
  const beforeFirstTurn = countSet(before.requests, (t) => input.template(t, before.root));
  const afterATurn = countsConversation
    ? null
    : countSet(after.requests, (t) => input.template(t, after.root));
  // A second call right after: everything again, or only what is always asked (the rest is cached).
  const again = countSet(before.again, (t) => input.template(t, before.root)).requests;
  const key = (r: ContextCountRequest) => JSON.stringify(r);
  const cachedInSession = JSON.stringify(again) !== JSON.stringify(beforeFirstTurn.requests);
  if (cachedInSession && again.some((r) => !beforeFirstTurn.requests.some((b) => key(b) === key(r))))
    throw new ClideError('io', 'a second get_context_usage asks what the first did not');
  const alwaysCounted = cachedInSession ? again : [];
  if (afterATurn) {
    const againAfter = countSet(after.again, (t) => input.template(t, after.root)).requests;
    // After a turn the baseline is not asked: a cached session asks nothing again.
    const expected = cachedInSession ? [] : afterATurn.requests;
    if (JSON.stringify(againAfter) !== JSON.stringify(expected))
      throw new ClideError(
        'io',
        'a second get_context_usage after a turn asks otherwise than the first tells',
        {
          hint: JSON.stringify(againAfter.map((r) => [r.text.slice(0, 40), r.tools])).slice(0, 1000),
        },
      );
    // Only the tools that read otherwise than before a turn.
    for (const [name, def] of Object.entries(afterATurn.tools))
      if (JSON.stringify(def) === JSON.stringify(beforeFirstTurn.tools[name])) delete afterATurn.tools[name];
  }
  return { path: [...paths][0]!, beforeFirstTurn, afterATurn, cachedInSession, alwaysCounted };
}

/**
 * The counts of a get_context_usage before the first turn of a session started with `args` (a
 * `--model`): what a model whose tools or prompt read otherwise counts (its own sections, its
 * tools' definitions, the tools it defers), as `countSet`.
 */
export async function captureCountsWith(
  input: Pick<ContextCountsCaptureInput, 'binary' | 'template'>,
  args: string[],
): Promise<ContextCountSet> {
  const before = await countsOf(input.binary, false, args);
  return countSet(before.requests, (t) => input.template(t, before.root));
}
