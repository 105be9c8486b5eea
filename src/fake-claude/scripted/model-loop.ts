import { monotonicMs } from '../../util/clock.js';
import { isRecord } from '../../util/json.js';
import { sleep } from '../../util/sleep.js';
import { randomUuid } from '../../util/uuid.js';
import type { CallUsage, CliBehaviour, Json, ResultTotals, SessionFacts } from '../behaviour/index.js';
import type { FakeFlags } from '../flags.js';
import { toolResultBlock } from '../model-side/compose.js';
import type { PostToolUseContext } from '../model-side/hooks.js';
import type { ModelSideSession } from '../model-side/session.js';
import type { SessionTally } from '../usage/tally.js';
import type { HookRunner } from './hook-runner.js';
import { logRequest, type ModelSource } from './model-source.js';
import { addUsage, type ResultAccounting, ZERO_USAGE } from './result-accounting.js';
import type { SessionContext } from './session-context.js';
import type { StoredMessage } from './session-store.js';
import type { StructuredOutput } from './structured-output/index.js';
import type { ToolUse } from './tool-use.js';
import type { TurnState } from './turn-state.js';

/** What the model loop reads and uses of the session (scripted/engine.ts). */
export interface ModelLoopHost {
  readonly b: CliBehaviour;
  readonly flags: FakeFlags;
  /** The session's environment (`CLIDE_FAKE_REQUEST_LOG`: where each request is logged). */
  readonly env: Record<string, string | undefined>;
  readonly auth: 'api-key' | 'oauth' | 'none';
  /** The session's model and id now (a resume, `set_model` change them). */
  readonly model: string;
  readonly sessionId: string;
  /** What shapes the requests: the fallback model, what follows a Stop hook's block or tool results. */
  readonly modelSide: ModelSideSession;
  /** The attachments the session keeps (told of each request, response and tool batch). */
  readonly context: Pick<SessionContext, 'keptAttachments'>;
  /** The session's cost, usage and API time (every result's totals). */
  readonly accounting: ResultAccounting;
  /** The prompt cache and the lines the tools changed. */
  readonly tally: SessionTally;
  /** Stop and PostToolBatch hooks. */
  readonly hookRunner: HookRunner;
  /** Runs each tool call of a response. */
  readonly toolUse: Pick<ToolUse, 'run'>;
  /** `--json-schema`: how a turn ends with the StructuredOutput tool. */
  readonly structured: StructuredOutput | undefined;
  facts(): SessionFacts;
  emit(message: Json): void;
  /** Sends a result message (accounted, stored, the session idle). */
  emitResult(message: Json): void;
  /** Keeps `message` in the conversation (and the session's transcript). */
  remember(message: StoredMessage): void;
  /** The next request to the model, for the conversation as it is now. */
  requestBody(): Json;
  /** The session's model source (the scripted or HTTP model), once the start-up requests are settled. */
  source(): Promise<ModelSource>;
  /** Saves where `source` is in its script (a resume goes on from there). */
  saveSourcePosition(source: ModelSource): void;
  /** The output style in force (what a kept attachment names). */
  outputStyle(): string | undefined;
}

/**
 * The model side of a turn, as the CLI runs it: each request (retried, or sent to the fallback
 * model, as the version does), its streamed response shown as messages, the response accounted and
 * kept, the tool calls it asks for run, until a response asks for none (Stop hooks), a limit
 * (--max-turns, --max-budget-usd), an interrupt or an API error ends the turn with its result.
 */
export class ModelLoop {
  private readonly b: CliBehaviour;
  /** The usage of the main loop's last complete response (what a compaction counts as the context before). */
  private last: CallUsage | undefined;

  constructor(private readonly host: ModelLoopHost) {
    this.b = host.b;
  }

  get lastUsage(): CallUsage | undefined {
    return this.last;
  }

  private totals(turn: TurnState, numTurns: number, denials: Json[]): ResultTotals {
    return this.host.accounting.totals(turn, numTurns, denials);
  }

  /** Runs `turn`'s model calls and tool calls until its result is sent. */
  async run(turn: TurnState): Promise<void> {
    const denials: Json[] = [];
    const partial = this.host.flags.includePartialMessages === true;
    for (;;) {
      turn.phase = 'streaming';
      if (partial) this.host.emit(this.b.statusMessage(this.host.facts(), 'requesting', randomUuid(), false));
      let body = this.host.requestBody();
      this.host.context.keptAttachments()?.onRequest(body, this.host.modelSide.clientPrompt());
      logRequest(this.host.env.CLIDE_FAKE_REQUEST_LOG, body);
      const callStarted = monotonicMs();
      const source = await this.host.source();
      let response: Awaited<ReturnType<ModelSource['call']>>;
      for (let attempt = 1; ; attempt++) {
        try {
          response = await source.call(body, turn.abort.signal);
          this.host.saveSourcePosition(source);
        } catch (error) {
          if (turn.interrupted) return this.endInterrupted(turn, null, denials);
          response = {
            ok: false,
            status: 500,
            body: String((error as Error).message),
            requestId: undefined,
            headers: {},
          };
        }
        if (response.ok) break;
        if (this.host.modelSide.switchesAfter(response.status, turn)) {
          // --fallback-model: the next request goes to the fallback model at once.
          const originalModel = String(body.model);
          body = this.host.requestBody();
          const fallbackModel = String(body.model);
          const notice = this.host.modelSide.switchMessage({
            originalModel,
            fallbackModel,
            originalWindow: this.b.contextWindow(originalModel),
            fallbackWindow: this.b.contextWindow(fallbackModel),
            uuid: randomUuid(),
            sessionId: this.host.sessionId,
          });
          if (notice) this.host.emit(notice);
          logRequest(this.host.env.CLIDE_FAKE_REQUEST_LOG, body);
          continue;
        }
        const retry = this.b.retryPolicy(response.status, attempt, response.headers);
        if (!retry.retry) break;
        this.host.emit(
          this.b.apiRetryEvent(this.host.facts(), attempt, retry.delayMs, response.status, randomUuid()),
        );
        await sleep(retry.delayMs, turn.abort.signal);
        if (turn.interrupted) return this.endInterrupted(turn, null, denials);
      }
      if (!response.ok) return this.endApiError(turn, response.status, response.body, denials);

      const blocks: Json[] = [];
      /** The blocks whose content_block_stop came (each shown as an assistant message). */
      const stopped = new Set<number>();
      const partialJson = new Map<number, string>();
      let message: Json = {};
      let stopReason: string | null = null;
      let finalUsage: Partial<CallUsage> | undefined;
      let first = true;
      try {
        for await (const event of response.events) {
          if (turn.interrupted) break;
          if (first) {
            first = false;
            if (!turn.ttftMs) turn.ttftMs = Math.round(monotonicMs() - turn.started);
          }
          const type = String(event.type);
          if (type === 'ping') continue;
          if (type === 'message_start') {
            message = isRecord(event.message) ? event.message : {};
            if (typeof message.id === 'string') turn.messageIds.push(message.id);
            if (partial) this.emitStream(event, message.id, Math.round(monotonicMs() - callStarted));
            continue;
          }
          if (type === 'content_block_start') {
            const index = Number(event.index);
            blocks[index] = isRecord(event.content_block) ? { ...event.content_block } : {};
          } else if (type === 'content_block_delta') {
            const block = blocks[Number(event.index)];
            const delta = isRecord(event.delta) ? event.delta : {};
            if (block) {
              if (delta.type === 'text_delta')
                block.text = `${String(block.text ?? '')}${String(delta.text)}`;
              else if (delta.type === 'thinking_delta')
                block.thinking = `${String(block.thinking ?? '')}${String(delta.thinking)}`;
              else if (delta.type === 'signature_delta') block.signature = delta.signature;
              else if (delta.type === 'input_json_delta') {
                const index = Number(event.index);
                partialJson.set(index, `${partialJson.get(index) ?? ''}${String(delta.partial_json)}`);
              }
            }
          } else if (type === 'content_block_stop') {
            const index = Number(event.index);
            const block = blocks[index];
            stopped.add(index);
            if (block) {
              if (block.type === 'tool_use') {
                const json = partialJson.get(index);
                block.input = json ? (JSON.parse(json) as Json) : isRecord(block.input) ? block.input : {};
              }
              const shown =
                block.type === 'tool_use'
                  ? { ...block, input: this.b.assistantToolInput(String(block.name), block.input as Json) }
                  : block;
              this.host.emit(
                this.b.assistantMessage(message, shown, this.host.facts(), randomUuid(), response.requestId),
              );
            }
          } else if (type === 'message_delta') {
            const delta = isRecord(event.delta) ? event.delta : {};
            stopReason = typeof delta.stop_reason === 'string' ? delta.stop_reason : null;
            finalUsage = isRecord(event.usage) ? (event.usage as Partial<CallUsage>) : undefined;
          } else if (type === 'error') {
            return this.endApiError(turn, 500, event, denials);
          }
          if (partial) this.emitStream(event, message.id);
        }
      } catch (error) {
        if (!turn.interrupted) throw error;
      }
      if (turn.interrupted) {
        // A text block the interrupt cut short: the text streamed so far, as an assistant message
        // with message_start's fields (no stop reason); the conversation keeps the response's
        // text as far as it came, the blocks before it and that one.
        const open = blocks.findIndex((b, i) => b !== undefined && !stopped.has(i));
        const cut = blocks[open];
        const cutShort = cut?.type === 'text' && String(cut.text ?? '') !== '';
        if (cutShort) {
          const shown = this.b.assistantMessage(
            message,
            cut,
            this.host.facts(),
            randomUuid(),
            response.requestId,
          );
          this.host.emit(this.b.marksAbortedMessage ? { ...shown, aborted: true } : shown);
          const texts = blocks.filter((b) => b?.type === 'text' && String(b.text ?? '') !== '');
          this.host.remember({ role: 'assistant', content: texts });
        }
        // Some versions account for the usage announced by an interrupted response's message_start.
        // (Not emulated: the output tokens 2.1.332 estimates for text streamed before the interrupt.)
        if (this.b.countsInterruptedUsage && isRecord(message.usage)) {
          const usage = addUsage(ZERO_USAGE, message.usage as Partial<CallUsage>);
          const cost = this.b.cost(this.host.model, usage);
          this.host.accounting.totalCost += cost;
          this.host.accounting.addModelUsage(this.host.model, usage, cost);
        }
        const closeStream =
          partial && this.b.closesAbandonedStream && cutShort
            ? () => this.closeAbandonedStream(blocks, open, message)
            : undefined;
        return this.endInterrupted(turn, null, denials, closeStream);
      }
      if (this.host.auth === 'oauth') {
        const rateLimit = this.b.rateLimitEvent(this.host.facts(), response.headers, randomUuid());
        if (rateLimit) this.host.emit(rateLimit);
      }

      // The response is complete: account for it.
      const usage = addUsage(
        ZERO_USAGE,
        finalUsage ?? (isRecord(message.usage) ? (message.usage as Partial<CallUsage>) : undefined),
      );
      const callMs = Math.round(monotonicMs() - callStarted);
      this.last = usage;
      this.host.tally.cache.record({
        at: Date.now(),
        ttl: '5m',
        inputTokens: usage.input_tokens,
        cacheReadTokens: usage.cache_read_input_tokens,
        cacheCreationTokens: usage.cache_creation_input_tokens,
      });
      turn.modelCalls += 1;
      const cost = this.b.cost(this.host.model, usage);
      this.host.accounting.totalCost += cost;
      this.host.accounting.addModelUsage(this.host.model, usage, cost);
      const content = blocks.filter(Boolean);
      // The CLI keeps (and sends back) a tool call's input as it shows it (an Edit's `replace_all`).
      this.host.remember({
        role: 'assistant',
        content: content.map((b) =>
          b.type === 'tool_use' && isRecord(b.input)
            ? { ...b, input: this.b.assistantToolInput(String(b.name), b.input) }
            : b,
        ),
        model: typeof message.model === 'string' ? message.model : undefined,
      });
      this.host.context
        .keptAttachments()
        ?.onResponse(this.host.modelSide.sendsSystemMessage(String(body.model)));
      // --max-budget-usd: checked once the response is complete, before its tools run; the result
      // counts the response in the cost but not in the turn's usage (as 2.1.150 does).
      if (this.host.accounting.overBudget(this.host.flags.maxBudgetUsd)) {
        this.host.emitResult(
          this.b.resultLimit(
            this.host.facts(),
            this.totals(turn, 1 + turn.toolUses, denials),
            stopReason,
            'max_budget_usd',
            [this.b.maxBudgetError(this.host.flags.maxBudgetUsd!)],
            randomUuid(),
          ),
        );
        return;
      }
      turn.apiMs += callMs;
      this.host.accounting.totalApiMs += callMs;
      turn.usage = addUsage(turn.usage, usage);

      const toolUses = content.filter((b) => b.type === 'tool_use');
      if (toolUses.length === 0) {
        const text = content
          .filter((b) => b.type === 'text')
          .map((b) => String(b.text))
          .join('');
        const stop = await this.host.hookRunner.run(
          'Stop',
          undefined,
          {
            stop_hook_active: turn.stopHookActive,
            last_assistant_message: text,
            background_tasks: [],
            session_crons: [],
          },
          randomUuid(),
          turn,
        );
        if (stop.block !== undefined) {
          // The reason goes back to the model as a synthetic user message, and the turn goes on.
          const feedback = this.b.stopHookFeedback(stop.block);
          this.host.emit(this.b.syntheticUserMessage(feedback, this.host.facts(), randomUuid()));
          this.host.emit(this.b.stopHookNotification(this.host.facts(), randomUuid()));
          for (const m of this.host.modelSide.stopBlocked(stop.block, stop.blockedBy ?? { kind: 'callback' }))
            this.host.remember(m);
          turn.toolUses += 1;
          turn.stopHookActive = true;
          continue;
        }
        // The result is the last message's text: the CLI keeps each block of a response as a message.
        const last = content.filter((b) => b.type === 'text').at(-1);
        this.host.emitResult(
          this.b.resultSuccess(
            this.host.facts(),
            this.totals(turn, 1 + turn.toolUses, denials),
            last === undefined ? '' : String(last.text),
            stopReason,
            randomUuid(),
          ),
        );
        return;
      }
      turn.phase = 'tools';
      const results: Json[] = [];
      const injected: Json[] = [];
      const hookContext: PostToolUseContext[] = [];
      const batch: Json[] = [];
      for (const block of toolUses) {
        const id = String(block.id);
        const outcome = await this.host.toolUse.run(block, turn, denials, hookContext);
        if (!outcome.isError) this.host.tally.fileChanged(outcome.toolUseResult);
        batch.push({
          tool_name: block.name,
          tool_input: block.input,
          tool_use_id: id,
          tool_response: outcome.content,
        });
        this.host.emit(this.b.toolResultMessage(id, outcome, this.host.facts(), randomUuid()));
        results.push(toolResultBlock(id, outcome));
        if (outcome.injectedText !== undefined) {
          turn.toolUses += 1;
          this.host.emit(this.b.syntheticUserMessage(outcome.injectedText, this.host.facts(), randomUuid()));
          injected.push({ type: 'text', text: outcome.injectedText });
        }
        if (turn.interrupted) break;
      }
      results.push(...injected);
      const notices = this.host.modelSide.afterTools(results, this.host.accounting.totalCost, hookContext);
      this.host.remember({ role: 'user', content: results });
      if (notices) this.host.remember({ role: 'system', content: notices.content });
      if (turn.interrupted) return this.endInterrupted(turn, stopReason, denials);
      this.host.context
        .keptAttachments()
        ?.onToolResults(this.host.outputStyle(), String(this.b.apiModelFor(this.host.model)));
      const structured = this.host.structured;
      const ended = structured?.afterTools(turn);
      if (structured && ended) {
        const end = { usage: turn.usage, lastCall: usage, stopReason };
        const totals = (spent: CallUsage) =>
          this.totals({ ...turn, usage: spent }, 1 + turn.toolUses, denials);
        return this.host.emitResult(structured.endResult(ended, this.b, this.host.facts(), totals, end));
      }
      await this.host.hookRunner.run(
        'PostToolBatch',
        undefined,
        { tool_calls: batch },
        `hook-${randomUuid()}`,
        turn,
      );
      const maxTurns = this.host.flags.maxTurns;
      if (maxTurns !== undefined && maxTurns > 0 && turn.modelCalls >= maxTurns) {
        this.host.emitResult(
          this.b.resultLimit(
            this.host.facts(),
            this.totals(turn, maxTurns + 1, denials),
            stopReason,
            'max_turns',
            [this.b.maxTurnsError(maxTurns)],
            randomUuid(),
          ),
        );
        return;
      }
    }
  }

  private emitStream(event: Json, messageId: unknown, ttftMs?: number): void {
    this.host.emit(
      this.b.streamEventMessage(event, this.host.facts(), randomUuid(), {
        ...(ttftMs === undefined ? {} : { ttftMs }),
        ...(typeof messageId === 'string' ? { messageId } : {}),
      }),
    );
  }

  /**
   * The stream of a response an interrupt cut short, closed as the version closes it (after the
   * interrupted marker): the stop of the block cut short (`open`); a message_delta with
   * message_start's usage and no stop reason; a message_stop naming the blocks that never came.
   */
  private closeAbandonedStream(blocks: Json[], open: number, message: Json): void {
    this.emitStream({ type: 'content_block_stop', index: open }, message.id);
    const usage = isRecord(message.usage) ? message.usage : {};
    this.emitStream(
      {
        type: 'message_delta',
        context_management: null,
        delta: { container: null, stop_details: null, stop_reason: null, stop_sequence: null },
        usage: {
          output_tokens_details: { thinking_tokens: 0 },
          cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
          cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
          input_tokens: usage.input_tokens ?? 0,
          iterations: [],
          output_tokens: usage.output_tokens ?? 0,
          server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
          fallback_credit: null,
        },
      },
      message.id,
    );
    const stop = this.b.streamEventMessage({ type: 'message_stop' }, this.host.facts(), randomUuid(), {
      ...(typeof message.id === 'string' ? { messageId: message.id } : {}),
    });
    this.host.emit({
      ...stop,
      abandoned_blocks: { api_message_id: message.id, from_block_index: blocks.length },
    });
  }

  private endInterrupted(
    turn: TurnState,
    stopReason: string | null,
    denials: Json[],
    afterMarker?: () => void,
  ): void {
    const tools = turn.phase === 'tools';
    const text = tools ? this.b.interruptedForToolText : this.b.interruptedText;
    this.host.emit(this.b.textUserMessage(text, this.host.facts(), randomUuid()));
    this.host.remember({ role: 'user', content: [{ type: 'text', text }] });
    afterMarker?.();
    this.host.emitResult(
      this.b.resultError(
        this.host.facts(),
        this.totals(turn, 2 + turn.toolUses, denials),
        stopReason,
        tools ? 'aborted_tools' : 'aborted_streaming',
        [this.b.ediagnostic(stopReason)],
        randomUuid(),
      ),
    );
  }

  private endApiError(turn: TurnState, status: number, body: unknown, denials: Json[]): void {
    const text = `API Error: ${status} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
    this.host.emit(
      this.b.assistantMessage(
        {
          id: randomUuid(),
          model: '<synthetic>',
          usage: { ...ZERO_USAGE },
        },
        { type: 'text', text },
        this.host.facts(),
        randomUuid(),
        undefined,
      ),
    );
    this.host.emitResult(
      this.b.resultApiError(
        this.host.facts(),
        this.totals(turn, 1 + turn.toolUses, denials),
        text,
        status,
        randomUuid(),
      ),
    );
  }
}
