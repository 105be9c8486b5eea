import { existsSync } from 'node:fs';
import { release, type } from 'node:os';
import { join } from 'node:path';
import { monotonicMs } from '../../../util/clock.js';
import { isRecord } from '../../../util/json.js';
import { sleep } from '../../../util/sleep.js';
import { randomUuid } from '../../../util/uuid.js';
import type { CallUsage, Json, ToolOutcome } from '../../behaviour/index.js';
import { toolResultBlock } from '../../model-side/compose.js';
import type { ContextTemplates } from '../../model-side/context-templates.js';
import { fillTemplate as fillPrompt } from '../../model-side/index.js';
import type { TurnState } from '../turn-state.js';
import { fillTemplate } from './fill.js';
import type { HistoryMessage, KindsHost } from './host.js';
import { readResponse } from './response-reader.js';
import { agentToolOutcome } from './subagent-result.js';
import type { SubagentData, TokenCount } from './types.js';

const hex = (digits: number) =>
  Array.from({ length: digits }, () => Math.floor(Math.random() * 16).toString(16)).join('');

const inputOf = (u: Partial<CallUsage> | undefined) =>
  (u?.input_tokens ?? 0) + (u?.cache_creation_input_tokens ?? 0) + (u?.cache_read_input_tokens ?? 0);

/** A task message's token count (types.ts `TokenCount`). */
const tokens = (mode: TokenCount, input: number, blockOutputs: number, latestOutput: number, streamed = 0) =>
  input +
  (mode === 'block-outputs'
    ? blockOutputs
    : mode === 'latest-output'
      ? latestOutput
      : blockOutputs + streamed);

/**
 * A foreground subagent, run when the model calls the Agent tool (`Task` on older versions): its
 * own turns against the session's model source, with its own tools and system prompt, the task
 * messages and nested messages the version emits around them (captured templates), its responses
 * counted in the session's cost but not in the turn's usage; its report becomes the tool's result.
 */
export class Subagents {
  private stats: Json | undefined;

  constructor(
    private readonly host: KindsHost,
    private readonly data: SubagentData,
  ) {
    this.stats = data.stats === undefined ? undefined : structuredClone(data.stats);
  }

  async run(input: Json, toolUseId: string, turn: TurnState): Promise<ToolOutcome> {
    const { host, data } = this;
    const facts = host.facts();
    const started = monotonicMs();
    const prompt = String(input.prompt ?? '');
    const subagentType = typeof input.subagent_type === 'string' ? input.subagent_type : 'general-purpose';
    const strings: Record<string, string> = {
      taskId: `a${hex(16)}`,
      runId: `${Date.now().toString(36).padStart(9, '0')}-${hex(8)}`,
      toolUseId,
      description: String(input.description ?? ''),
      prompt,
      subagentType,
      sessionId: facts.sessionId,
      cwdSlug: facts.cwd.replace(/[^a-zA-Z0-9]/g, '-'),
      uid: String(typeof process.getuid === 'function' ? process.getuid() : 0),
      // The main response that called the agent (what its retries' tool_progress are named after).
      messageId: String(turn.messageIds.at(-1) ?? ''),
    };
    strings.outputFile = fillTemplate(data.outputFile, facts, { strings });
    const fill = (template: Json, values: Record<string, unknown> = {}, more: Record<string, string> = {}) =>
      fillTemplate(template, host.facts(), { strings: { ...strings, ...more }, values });
    this.count(input.run_in_background, subagentType);
    host.emit(fill(data.taskStarted));
    host.emit(fill(data.prompt));

    // The subagent's own turn: its tool calls do not count as the main turn's.
    const own: TurnState = { ...turn, toolUses: 0, modelCalls: 0, messageIds: [] };
    const history: HistoryMessage[] = [{ role: 'user', content: [{ type: 'text', text: prompt }] }];
    // The subagent's own context around its prompt, frozen for its run.
    const context = { ...data.request.context };
    const toolNames: string[] = [];
    let blockOutputs = 0;
    let report = '';
    let usage: CallUsage | undefined;
    let model = '';
    for (;;) {
      const body = this.requestBody(history, context);
      model = String(body.model);
      const callStarted = monotonicMs();
      const response = await this.call(body, turn, fill);
      if (!response.ok) {
        const text = `API Error: ${response.status} ${typeof response.body === 'string' ? response.body : JSON.stringify(response.body)}`;
        return { content: text, isError: true, toolUseResult: `Error: ${text}` };
      }
      const read = await readResponse(response.events, (block, message, streamed) => {
        const announced = isRecord(message.usage) ? (message.usage as Partial<CallUsage>) : {};
        blockOutputs += announced.output_tokens ?? 0;
        if (block.type !== 'tool_use') return;
        toolNames.push(String(block.name));
        const blockInput = isRecord(block.input) ? block.input : {};
        const description =
          typeof blockInput.description === 'string' ? blockInput.description : String(block.name);
        host.emit(
          fill(
            data.progress,
            {
              tokens: tokens(
                data.tokens.progress,
                inputOf(announced),
                blockOutputs,
                announced.output_tokens ?? 0,
                streamed,
              ),
              toolUses: toolNames.length,
              durationMs: Math.round(monotonicMs() - started),
              toolName: block.name,
            },
            { toolDescription: description },
          ),
        );
        const shown = { ...block, input: host.b.assistantToolInput(String(block.name), blockInput) };
        const built = host.b.assistantMessage(message, shown, host.facts(), randomUuid(), response.requestId);
        host.emit(fill(data.assistant, { message: built.message, requestId: built.request_id }));
      });
      host.account(read.usage, Math.round(monotonicMs() - callStarted));
      usage = read.usage;
      history.push({ role: 'assistant', content: read.blocks });
      const calls = read.blocks.filter((b) => b.type === 'tool_use');
      if (calls.length === 0) {
        report = read.blocks
          .filter((b) => b.type === 'text')
          .map((b) => String(b.text))
          .join('');
        break;
      }
      const results: Json[] = [];
      for (const call of calls) {
        const id = String(call.id);
        const outcome = await host.runTool(call, own);
        const built = host.b.toolResultMessage(id, outcome, host.facts(), randomUuid());
        host.emit(fill(data.toolResult, { message: built.message, toolResultMeta: built.tool_result_meta }));
        results.push(toolResultBlock(id, outcome));
      }
      const first = !history.some((m) => m.role === 'system');
      history.push({ role: 'user', content: results });
      // What the version tells the subagent once, after its first tool results.
      if (first && data.request.afterTools !== undefined)
        history.push({ role: 'system', content: data.request.afterTools });
    }

    const durationMs = Math.round(monotonicMs() - started);
    const final = usage ?? {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    if (data.taskUpdated) host.emit(fill(data.taskUpdated, { endTime: Date.now() }));
    host.emit(
      fill(
        data.notification,
        {
          tokens: tokens(data.tokens.notification, inputOf(final), blockOutputs, final.output_tokens),
          toolUses: toolNames.length,
          durationMs,
        },
        { report },
      ),
    );
    this.count(undefined, subagentType, true);
    return agentToolOutcome(data.result, host.facts(), {
      report,
      toolNames,
      totalTokens: inputOf(final) + final.output_tokens,
      durationMs,
      usage: final,
      model,
      strings,
    });
  }

  /**
   * A request of the subagent: the main loop's, in the subagent's context, with its tools, system
   * prompt and parameters.
   */
  private requestBody(history: HistoryMessage[], context: ContextTemplates): Json {
    const { host, data } = this;
    const body = Object.assign(host.requestBody(history, context), structuredClone(data.request.params));
    const offered = new Map(host.b.apiTools().map((t) => [t.name, t]));
    body.tools = data.request.tools.flatMap((name) => {
      const tool = offered.get(name);
      return tool ? [tool] : [];
    });
    for (const key of data.request.omits) delete body[key];
    const cwd = host.facts().cwd;
    const values = {
      cwd,
      memoryDir: `${join(host.configDir(), 'projects', cwd.replace(/[^a-zA-Z0-9]/g, '-'), 'memory')}/`,
      isGitRepo: String(existsSync(join(cwd, '.git'))),
      platform: process.platform,
      osVersion: `${type()} ${release()}`,
    };
    body.system = data.request.system.map((block) => ({
      ...block,
      text: fillPrompt(String(block.text), values),
    }));
    return body;
  }

  /**
   * Sends a request, retried as the version's policy says: on versions that report it, a
   * tool_progress of the Agent call before each wait, and one more once a retry went through.
   */
  private async call(
    body: Json,
    turn: TurnState,
    fill: (template: Json, values?: Record<string, unknown>) => Json,
  ) {
    const { host } = this;
    const progress = this.data.retryProgress;
    for (let attempt = 1; ; attempt++) {
      const response = await host.call(body, turn.abort.signal);
      if (response.ok) {
        if (attempt > 1 && progress) host.emit(fill(progress.resolved));
        return response;
      }
      const retry = host.b.retryPolicy(response.status, attempt, response.headers);
      if (!retry.retry) return response;
      if (progress) {
        // The retry limit as the version's own api_retry message states it.
        const event = host.b.apiRetryEvent(
          host.facts(),
          attempt,
          retry.delayMs,
          response.status,
          randomUuid(),
        );
        host.emit(
          fill(progress.retrying, {
            attempt,
            maxRetries: event.max_retries,
            delayMs: retry.delayMs,
            status: response.status,
          }),
        );
      }
      await sleep(retry.delayMs, turn.abort.signal);
    }
  }

  /** `subagent_stats`: one more spawned (how it was asked to run), or one more completed. */
  private count(background: unknown, subagentType: string, completed = false): void {
    const stats = this.stats;
    if (!stats) return;
    const bump = (record: unknown, key: string) => {
      if (isRecord(record)) record[key] = Number(record[key] ?? 0) + 1;
    };
    if (completed) bump(stats, 'completed');
    else {
      bump(stats, 'spawned');
      bump(
        stats.requested,
        background === true ? 'background' : background === false ? 'foreground' : 'unset',
      );
      stats.max_depth = Math.max(Number(stats.max_depth ?? 0), 1);
      bump(stats.by_type, subagentType);
    }
    this.host.setSubagentStats(structuredClone(stats));
  }
}
