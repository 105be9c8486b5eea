import { monthYear } from '../../util/month-year.js';
import { fillTemplate } from './index.js';

/**
 * `get_context_usage`'s token counts, as a version's CLI asks them of the API (captured from the
 * binary: capture/model-side-context-counts.ts): a `count_tokens` request per part of the context
 * — a baseline (`foo`), each section of its own system prompt, the Skill tool, the offered
 * built-in tools together, the deferred ones — each a user message and the tools it counts. The
 * CLI sends them concurrently, so they arrive in no fixed order (the model-side comparison sorts
 * them).
 *
 * The capture is of a plain session; another session's counts follow from what it has (its
 * `ContextShape`, read from the binaries and checked against them in an Agent SDK session): a
 * session with an empty system prompt of its own counts no section, one without some built-in
 * tools leaves them out of their counts (a count left with no tool is not made), and one with MCP
 * tools counts them together in a count of their own, as they are defined (`{name, description,
 * input_schema}`).
 */

type Json = Record<string, unknown>;

export interface ContextCountRequest {
  /** The user message's text: a template as `defaultPrompt` (`{cwd}`, `{memoryDir}`, …). */
  text: string;
  /** The tools it counts, by name (their definitions in the set's `tools`). */
  tools: string[];
}

/** The counts of one get_context_usage. */
export interface ContextCountSet {
  requests: ContextCountRequest[];
  /** Each counted tool's definition (`{monthYear}` as in the base data). */
  tools: Record<string, Json>;
}

export interface ContextCountsData {
  path: string;
  /** get_context_usage before the session's first model turn. */
  beforeFirstTurn: ContextCountSet;
  /**
   * get_context_usage after a model turn (its `tools`: those that read otherwise than before it);
   * null: the version counts the parts as before a turn and the conversation's messages in place
   * of the empty conversation's baseline (2.1.150; the engine makes that count's request).
   */
  afterATurn: ContextCountSet | null;
  /**
   * Whether a later get_context_usage of the session asks again only what it has not counted yet
   * (2.1.332), or everything again (2.1.150).
   */
  cachedInSession: boolean;
  /**
   * What a later get_context_usage before the session's first turn asks again though counted
   * before (2.1.332: the baseline, which a session that had a turn does not ask).
   */
  alwaysCounted: ContextCountRequest[];
}

/** One part of the context as a get_context_usage counts it: the user message's text, the tools, the request. */
export interface CountedPart {
  text: string;
  tools: string[];
  body: Json;
  /** The count of the session's MCP tools (their definitions the body's `tools`). */
  mcp?: true;
}

/** What of a session shapes its counts (see the module comment). */
export interface ContextShape {
  /** Whether the session has the CLI's own system prompt (its sections counted), not an empty one. */
  ownPrompt: boolean;
  /** The session's built-in tools, by API name (undefined: the captured session's). */
  tools?: ReadonlySet<string>;
  /** The session's MCP tools, as the CLI defines them for counting. */
  mcpTools: readonly Json[];
  /**
   * Built-in tools described otherwise than in the capture, by name (`{monthYear}` as in the
   * data): those of the model the session's tools were described for (its variant's).
   */
  described?: Readonly<Record<string, Json>>;
  /**
   * The counts of the session's model where they differ from the default model's (its variant's):
   * its requests (its own prompt's sections, the tools it defers) and its tools' definitions.
   */
  counted?: ContextCountSet;
}

const PLAIN: ContextShape = { ownPrompt: true, mcpTools: [] };

/** One session's token counts: what it counted already. */
export class ContextCounts {
  private readonly counted = new Set<string>();

  constructor(private readonly data: ContextCountsData | null | undefined) {}

  /** Whether the data has a counted definition of each of `tools` (built-in, by API name). */
  countsTools(tools: Iterable<string>): boolean {
    const data = this.data;
    if (!data) return false;
    return [...tools].every((t) => data.beforeFirstTurn.tools[t] !== undefined);
  }

  /**
   * The parts of `set` a session of `shape` makes (templates filled by `part`): the sections only
   * with its own prompt, each tool count with the session's tools (none left: no count). The MCP
   * tools' count is the second tool-less baseline count of the capture (a session without MCP
   * tools counts none: the baseline alone); a session with MCP tools counts their definitions there.
   */
  private partsOf(
    model: string,
    set: ContextCountSet,
    shape: ContextShape,
    part: (request: ContextCountRequest) => CountedPart,
  ): CountedPart[] {
    const baseline = set.requests.find((r) => r.tools.length > 0)?.text ?? 'foo';
    let baselines = 0;
    let mcp: CountedPart | undefined;
    if (shape.mcpTools.length > 0) {
      const tools = shape.mcpTools.map((t) => structuredClone(t));
      mcp = {
        text: baseline,
        tools: tools.map((t) => String(t.name)),
        body: { model, messages: [{ role: 'user', content: baseline }], tools },
        mcp: true,
      };
    }
    const parts = set.requests.flatMap((r): CountedPart[] => {
      if (r.tools.length === 0) {
        if (r.text !== baseline) return shape.ownPrompt ? [part(r)] : [];
        baselines++;
        if (baselines === 2 && mcp) {
          const taken = mcp;
          mcp = undefined;
          return [taken];
        }
        return [part(r)];
      }
      // A tool the default model does not count is the session's model's own (2.1.332's
      // claude-haiku-4-5: the Task tools): counted whatever tools the session lists.
      const own = (t: string) => this.data!.beforeFirstTurn.tools[t] === undefined;
      const tools = shape.tools ? r.tools.filter((t) => shape.tools!.has(t) || own(t)) : r.tools;
      return tools.length === 0 ? [] : [part({ text: r.text, tools })];
    });
    return mcp ? [...parts, mcp] : parts;
  }

  /**
   * The part a count request of `set` makes for a session of `model` (its templates filled with
   * `values`; `afterATurn`: the session's requests recorded its tools). A tool is counted as the
   * session's tools were described (`shape.described`), else: one counted alone (a deferred tool,
   * which no request records) as the session's model counts it (`shape.counted`); one of the offered set as
   * the requests recorded it after a turn (`set`, the default model's definitions), before one as
   * the session's model counts it.
   */
  private partOf(
    model: string,
    set: ContextCountSet,
    values: Record<string, string>,
    shape: Pick<ContextShape, 'described' | 'counted'> = {},
    afterATurn = false,
  ): (request: ContextCountRequest) => CountedPart {
    const data = this.data!;
    const month = monthYear();
    const described = shape.described ?? {};
    const own = shape.counted?.tools ?? {};
    const base = data.beforeFirstTurn.tools;
    const tool =
      (alone: boolean) =>
      (name: string): Json => {
        const def = (alone ? own[name] : undefined) ??
          described[name] ??
          (afterATurn ? set.tools[name] : (own[name] ?? set.tools[name])) ??
          base[name] ?? { name };
        return typeof def.description === 'string'
          ? { ...def, description: def.description.split('{monthYear}').join(month) }
          : def;
      };
    return (request) => {
      const text = fillTemplate(request.text, values);
      return {
        text,
        tools: request.tools,
        body: {
          model,
          messages: [{ role: 'user', content: text }],
          tools: request.tools.map(tool(request.tools.length === 1)),
        },
      };
    };
  }

  /**
   * The set a get_context_usage counts from (`afterATurn`: the session had a model turn): the
   * default model's, or the session's model's requests where it counts its own (`counted`) — less,
   * after a turn, what the default model's leave out then (a baseline).
   */
  private setOf(afterATurn: boolean, counted: ContextCountSet | undefined): ContextCountSet {
    const data = this.data!;
    const set = afterATurn ? (data.afterATurn ?? data.beforeFirstTurn) : data.beforeFirstTurn;
    if (!counted) return set;
    if (set === data.beforeFirstTurn) return { requests: counted.requests, tools: set.tools };
    const left = [...data.beforeFirstTurn.requests.map((r) => JSON.stringify(r))];
    for (const r of set.requests) left.splice(left.indexOf(JSON.stringify(r)), 1);
    const requests = counted.requests.filter((r) => {
      const at = left.indexOf(JSON.stringify(r));
      if (at === -1) return true;
      left.splice(at, 1);
      return false;
    });
    return { requests, tools: set.tools };
  }

  /**
   * The parts of a get_context_usage for a session of `model` (`afterATurn`: it had a model turn)
   * and `shape`, the prompt templates filled with `values` (as the CLI's own system prompt's): every count the
   * version makes of its context, asked this time or counted before. A version that counts the
   * conversation after a turn (`afterATurn` null in the data) counts its parts as before one, but
   * the empty conversation's (the conversation's own count is the caller's). Undefined where the
   * data has none.
   */
  parts(
    model: string,
    afterATurn: boolean,
    values: Record<string, string>,
    shape: ContextShape = PLAIN,
  ): CountedPart[] | undefined {
    const data = this.data;
    if (!data) return undefined;
    const set = this.setOf(afterATurn, shape.counted);
    const part = this.partOf(model, set, values, shape, afterATurn);
    const parts = this.partsOf(model, set, shape, part);
    if (!afterATurn || data.afterATurn !== null) return parts;
    const baseline = parts.find((p) => p.tools.length > 0)?.text;
    const empty = parts.findIndex((p) => p.tools.length === 0 && p.text === baseline);
    return empty === -1 ? parts : parts.filter((_, i) => i !== empty);
  }

  /**
   * The bodies of a get_context_usage's counts (see `parts`): what the version asks this time —
   * with `conversation` (a version that counts the conversation after a turn), that count too.
   * Undefined where the data has none.
   */
  bodies(
    model: string,
    afterATurn: boolean,
    values: Record<string, string>,
    conversation?: Json,
    shape: ContextShape = PLAIN,
  ): Json[] | undefined {
    const data = this.data;
    if (!data || (afterATurn && data.afterATurn === null && conversation === undefined)) return undefined;
    const parts = this.parts(model, afterATurn, values, shape);
    if (!parts) return undefined;
    const all = [...parts.map((p) => p.body), ...(conversation ? [conversation] : [])];
    if (!data.cachedInSession) return all;
    // Counted in an earlier call: asked again only if always asked, once.
    const part = this.partOf(model, this.setOf(false, shape.counted), values, shape);
    const always = new Set(afterATurn ? [] : data.alwaysCounted.map((r) => JSON.stringify(part(r).body)));
    const before = new Set(this.counted);
    const again = new Set<string>();
    return all.filter((b) => {
      const key = JSON.stringify(b);
      this.counted.add(key);
      if (!before.has(key)) return true;
      if (!always.has(key) || again.has(key)) return false;
      again.add(key);
      return true;
    });
  }
}
