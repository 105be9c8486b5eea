import { existsSync, readFileSync } from 'node:fs';
import { release, type } from 'node:os';
import { join, resolve } from 'node:path';
import {
  defersMcpTools,
  type FallbackFacts,
  fillTemplate,
  ModelFallback,
  type ModelSideData,
  modelFallbackMessage,
  modelSideData,
  systemBlocks,
} from './index.js';

type Json = Record<string, unknown>;

export interface ModelSideFlags {
  systemPrompt?: unknown;
  systemPromptFile?: unknown;
  appendSystemPrompt?: unknown;
  appendSystemPromptFile?: unknown;
  fallbackModel?: string;
}

/** A prompt given as text, else as a file (relative to `cwd`); unreadable: undefined. */
function promptOf(value: unknown, file: unknown, cwd: string): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof file !== 'string') return undefined;
  try {
    return readFileSync(resolve(cwd, file), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * One session's model side: the system prompt options of its command line and of `initialize`
 * (initialize's `systemPrompt` and `appendSystemPrompt` replace the flags'), and `--fallback-model`
 * for the rest of a turn once the primary model was overloaded often enough in it.
 */
export class ModelSideSession {
  readonly data: ModelSideData;
  private systemPrompt: string | undefined;
  private appendSystemPrompt: string | undefined;
  private readonly fallback: ModelFallback;
  /** The plan-mode reminder, once the first request is made (null: not in plan mode then). */
  private planReminder: string | null | undefined;
  private requestsMade = 0;

  constructor(
    version: string,
    flags: ModelSideFlags,
    private readonly cwd: string,
  ) {
    this.data = modelSideData(version);
    this.systemPrompt = promptOf(flags.systemPrompt, flags.systemPromptFile, cwd);
    this.appendSystemPrompt = promptOf(flags.appendSystemPrompt, flags.appendSystemPromptFile, cwd);
    this.fallback = new ModelFallback(this.data, flags.fallbackModel);
  }

  /** initialize's fields that shape the request. */
  fromInitialize(request: Json): void {
    if (typeof request.systemPrompt === 'string') this.systemPrompt = request.systemPrompt;
    // The Agent SDK's array of blocks: one text, as the real CLI sends it (checked against it).
    else if (Array.isArray(request.systemPrompt))
      this.systemPrompt = request.systemPrompt
        .filter((t): t is string => typeof t === 'string')
        .join(this.data.system.joiner);
    if (typeof request.appendSystemPrompt === 'string') this.appendSystemPrompt = request.appendSystemPrompt;
  }

  /**
   * The request's `system`. Without a given prompt: the version's own (its template filled for
   * this session: `cwd`, the memory folder under `configDir`, this machine), else `own`'s last text.
   */
  system(own: Json[], configDir: string): Json[] {
    const template = this.data.defaultPrompt;
    const defaultPrompt = template
      ? fillTemplate(template, {
          cwd: this.cwd,
          memoryDir: `${join(configDir, 'projects', this.cwd.replace(/[^a-zA-Z0-9]/g, '-'), 'memory')}/`,
          isGitRepo: String(existsSync(join(this.cwd, '.git'))),
          platform: process.platform,
          osVersion: `${type()} ${release()}`,
        })
      : String(own.at(-1)?.text ?? '');
    return systemBlocks(this.data, {
      systemPrompt: this.systemPrompt,
      appendSystemPrompt: this.appendSystemPrompt,
      defaultPrompt,
    });
  }

  /**
   * A request's messages: the conversation, with the plan-mode reminder where the version puts it
   * when the session's first request was made in plan mode (its plan file under `configDir`/plans,
   * named after the first prompt).
   */
  messages(history: Json[], permissionMode: string, configDir: string): Json[] {
    const first = history.findIndex((m) => m.role === 'user');
    if (this.planReminder === undefined) {
      this.planReminder =
        permissionMode === 'plan'
          ? fillTemplate(this.data.planReminder.template, {
              planFilePath: join(configDir, 'plans', `${planSlug(history[first]?.content)}.md`),
            })
          : null;
    }
    this.requestsMade += 1;
    const reminder = this.planReminder;
    if (reminder === null || first < 0) return history;
    const out = [...history];
    if (this.data.planReminder.placement === 'user-block') {
      const message = out[first]!;
      const content =
        typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
      out[first] = { ...message, content: [{ type: 'text', text: reminder }, ...(content as Json[])] };
      return out;
    }
    // A system-role message after the first user message: a block in the first request, its text after.
    const content = this.requestsMade === 1 ? [{ type: 'text', text: reminder }] : reminder;
    out.splice(first + 1, 0, { role: 'system', content });
    return out;
  }

  /** The model to ask in `turn`: the fallback model once the turn switched, else `primary`. */
  model(primary: string, turn: object | undefined): string {
    return this.fallback.modelFor(turn) ?? primary;
  }

  /**
   * A failed answer in `turn` (its status): true when the turn switches to the fallback model
   * now; then `switchMessage` is what the CLI emits, if anything.
   */
  switchesAfter(status: number, turn: object): boolean {
    return this.fallback.onAnswer(status, turn);
  }

  switchMessage(facts: FallbackFacts): Json | undefined {
    return modelFallbackMessage(this.data, facts);
  }

  /**
   * A request tool the CLI offers whatever the session's tools: `DeferredToolPlaceholder` (where
   * the version has it, it stands in the request for the tools deferred behind ToolSearch).
   */
  offeredAlways(apiToolName: string): boolean {
    return apiToolName === 'DeferredToolPlaceholder';
  }

  /** Whether MCP tools stay out of the request's `tools` (deferred behind ToolSearch). */
  defersMcpTools(builtinApiToolNames: readonly string[]): boolean {
    return defersMcpTools(builtinApiToolNames);
  }
}

/** The plan file's name: the first prompt's first words, then the fake's own words. */
function planSlug(content: unknown): string {
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((c) => (typeof c?.text === 'string' ? c.text : '')).join(' ')
        : '';
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .split('-')
    .filter(Boolean)
    .slice(0, 4);
  return [...words, 'scripted', 'plan'].join('-');
}
