import { monthYear } from '../../util/month-year.js';
import { fillTemplate } from './index.js';

/**
 * `get_context_usage`'s token counts, as a version's CLI asks them of the API (captured from the
 * binary: capture/model-side-context-counts.ts): a `count_tokens` request per part of the context
 * — a baseline (`foo`), each section of its own system prompt, the Skill tool, the offered
 * built-in tools together, the deferred ones — each a user message and the tools it counts. The
 * CLI sends them concurrently, so they arrive in no fixed order (the model-side comparison sorts
 * them).
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
   * null: the version counts the conversation's messages then (2.1.150), which is not emulated.
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

/** One session's token counts: what it counted already. */
export class ContextCounts {
  private readonly counted = new Set<string>();

  constructor(private readonly data: ContextCountsData | null | undefined) {}

  /**
   * The bodies of a get_context_usage's counts for a session of `model` (`afterATurn`: it had a
   * model turn), the prompt templates filled with `values` (as the CLI's own system prompt's):
   * what the version asks this time. Undefined where the data has none.
   */
  bodies(model: string, afterATurn: boolean, values: Record<string, string>): Json[] | undefined {
    const data = this.data;
    const set = afterATurn ? data?.afterATurn : data?.beforeFirstTurn;
    if (!data || !set) return undefined;
    const month = monthYear();
    const tool = (name: string): Json => {
      const def = set.tools[name] ?? data.beforeFirstTurn.tools[name] ?? { name };
      return typeof def.description === 'string'
        ? { ...def, description: def.description.split('{monthYear}').join(month) }
        : def;
    };
    const body = (request: ContextCountRequest): Json => ({
      model,
      messages: [{ role: 'user', content: fillTemplate(request.text, values) }],
      tools: request.tools.map(tool),
    });
    const all = set.requests.map(body);
    if (!data.cachedInSession) return all;
    // Counted in an earlier call: asked again only if always asked, once.
    const always = new Set(afterATurn ? [] : data.alwaysCounted.map((r) => JSON.stringify(body(r))));
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
