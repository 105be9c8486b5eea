import { versionOrder } from '../../../schemas/version.js';
import { DATA_BY_VERSION } from './data/index.js';
import { displayModelName, windowText } from './model-names.js';
import type { ModelSideData } from './types.js';

/**
 * What the fake sends the model for the options that shape the request, as the real CLI of the
 * emulated version does (its data captured from the binary: capture/model-side.ts): the system
 * prompt's blocks (`--system-prompt`, `--append-system-prompt`, initialize's `systemPrompt` and
 * `appendSystemPrompt`), `--fallback-model` after overloaded answers, and which tools a version
 * defers behind `ToolSearch`.
 */

export type { ModelSideData, ModelSideVariant } from './types.js';

type Json = Record<string, unknown>;

const DATA = DATA_BY_VERSION as Readonly<Record<string, ModelSideData>>;

/** The data of `version`, or of the newest captured version before it (the oldest when none is). */
export function modelSideData(version: string): ModelSideData {
  const versions = Object.keys(DATA).sort(versionOrder);
  const at = versions.filter((v) => versionOrder(v, version) <= 0).at(-1) ?? versions[0]!;
  return DATA[at]!;
}

/** Fills `{name}` placeholders; `{hex:N}` becomes N random hex digits. */
export function fillTemplate(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(hex:(\d+)|[A-Za-z]+)\}/g, (whole, name: string, digits?: string) => {
    if (digits !== undefined) {
      let out = '';
      for (let i = 0; i < Number(digits); i++) out += Math.floor(Math.random() * 16).toString(16);
      return out;
    }
    return values[name] ?? whole;
  });
}

export interface SystemPromptOptions {
  /** `--system-prompt`, replaced by initialize's `systemPrompt` when that is a string. */
  systemPrompt?: string;
  /** `--append-system-prompt`, replaced by initialize's `appendSystemPrompt` when that is a string. */
  appendSystemPrompt?: string;
  /** The CLI's own prompt, sent when no system prompt is given. */
  defaultPrompt: string;
}

/**
 * The request's `system` blocks: the billing header, the identity line (another one when a text
 * is appended), then the prompt — the given one or the CLI's own — with the appended text after
 * the joiner, in one block that is left out when empty.
 */
export function systemBlocks(data: ModelSideData, options: SystemPromptOptions): Json[] {
  const { system } = data;
  const cache = system.cacheControl ? { cache_control: { ...system.cacheControl } } : {};
  const append = options.appendSystemPrompt || undefined;
  const prompt = options.systemPrompt ?? options.defaultPrompt;
  const body = [prompt, append].filter((t): t is string => Boolean(t)).join(system.joiner);
  return [
    { type: 'text', text: fillTemplate(system.billing) },
    { type: 'text', text: append ? system.identityWithAppend : system.identity, ...cache },
    ...(body ? [{ type: 'text', text: body, ...cache }] : []),
  ];
}

/**
 * `--fallback-model`: counts the primary model's overloaded answers (529) in a row within a turn;
 * after as many as the version allows, the rest of that turn's requests go to the fallback model
 * (the next turn asks the primary model again). A turn is any object that stands for it.
 */
export class ModelFallback {
  private overloaded = 0;
  private turn: object | undefined;
  private switchedIn: object | undefined;

  constructor(
    private readonly data: ModelSideData,
    private readonly fallbackModel: string | undefined,
  ) {}

  /** An answer came in `turn`: true when the CLI switches to the fallback model now (no retry event, no wait). */
  onAnswer(status: number, turn: object): boolean {
    if (turn !== this.turn) {
      this.turn = turn;
      this.overloaded = 0;
    }
    if (!this.fallbackModel || this.switchedIn === turn) return false;
    if (status !== 529) {
      this.overloaded = 0;
      return false;
    }
    this.overloaded += 1;
    if (this.overloaded < this.data.fallback.overloadedBeforeFallback) return false;
    this.switchedIn = turn;
    return true;
  }

  /** The fallback model during the turn that switched; undefined otherwise. */
  modelFor(turn: object | undefined): string | undefined {
    return turn !== undefined && turn === this.switchedIn ? this.fallbackModel : undefined;
  }
}

export interface FallbackFacts {
  originalModel: string;
  fallbackModel: string;
  originalWindow: number;
  fallbackWindow: number;
  uuid: string;
  sessionId: string;
}

/** The `system/model_fallback` message the version emits when it switches, or undefined. */
export function modelFallbackMessage(data: ModelSideData, facts: FallbackFacts): Json | undefined {
  const same = facts.originalWindow === facts.fallbackWindow;
  const template = same ? data.fallback.messageSameWindow : data.fallback.message;
  if (!template) return undefined;
  const values: Record<string, string> = {
    uuid: facts.uuid,
    sessionId: facts.sessionId,
    originalModel: facts.originalModel,
    fallbackModel: facts.fallbackModel,
    originalName: displayModelName(facts.originalModel),
    fallbackName: displayModelName(facts.fallbackModel),
    originalWindow: windowText(facts.originalWindow),
    fallbackWindow: windowText(facts.fallbackWindow),
  };
  return Object.fromEntries(
    Object.entries(template).map(([key, value]) => [
      key,
      typeof value === 'string' ? fillTemplate(value, values) : value,
    ]),
  );
}

/**
 * Whether the version defers MCP tools: when it offers `ToolSearch`, an MCP tool is never in the
 * request's `tools` (the model finds it through ToolSearch).
 */
export function defersMcpTools(builtinToolNames: readonly string[]): boolean {
  return builtinToolNames.includes('ToolSearch');
}
