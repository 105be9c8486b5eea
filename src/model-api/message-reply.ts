import { isRecord } from '../util/json.js';
import type { ReplyTurn, ScriptBlock, ScriptUsage, StopReason } from './model-script.js';

/**
 * Turns one scripted reply turn into what the Messages API sends: a complete `Message` (non-streaming)
 * or the ordered list of SSE events (streaming). Pure and deterministic: same turn, same bytes.
 */

/** Signature sent for a thinking block that has none in the script. */
export const DEFAULT_THINKING_SIGNATURE = 'clide-conformance-scripted-signature';

/** How many deltas a text / thinking / tool input is split into (at most). */
const DELTA_PIECES = 3;

export interface ReplyContext {
  /** 1-based number of the response among those the server produced (message id, tool-use ids). */
  responseNumber: number;
  /** The model named in the request; echoed back like the real API does. */
  model: string;
}

export type ResolvedBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface ResolvedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface AnthropicMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ResolvedBlock[];
  stop_reason: StopReason;
  stop_sequence: null;
  usage: ResolvedUsage;
}

/** One server-sent event: its `event:` name and its JSON `data` (whose `type` equals the name). */
export interface SseEvent {
  event: string;
  data: { type: string } & Record<string, unknown>;
}

export function messageId(responseNumber: number): string {
  return `msg_clide_${String(responseNumber).padStart(4, '0')}`;
}

/** The id a scripted tool_use without an id gets: `toolu_clide_<response>_<block>` (both 1-based). */
export function defaultToolUseId(responseNumber: number, blockIndex: number): string {
  return `toolu_clide_${responseNumber}_${blockIndex + 1}`;
}

export function resolveBlocks(blocks: readonly ScriptBlock[], responseNumber: number): ResolvedBlock[] {
  return blocks.map((block, index) => resolveBlock(block, index, responseNumber));
}

function resolveBlock(block: ScriptBlock, index: number, responseNumber: number): ResolvedBlock {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'thinking') {
    return {
      type: 'thinking',
      thinking: block.thinking,
      signature: block.signature ?? DEFAULT_THINKING_SIGNATURE,
    };
  }
  return {
    type: 'tool_use',
    id: block.id ?? defaultToolUseId(responseNumber, index),
    name: block.name,
    input: block.input,
  };
}

/**
 * The turn as answered to `body`: its `whenToolOffered` blocks for the first tool named there that
 * the request offers (`tools[].name`), else the turn itself. A `stopReason` given applies to either.
 */
export function replyForRequest(turn: ReplyTurn, body: unknown): ReplyTurn {
  const variants = turn.whenToolOffered;
  if (!variants || !isRecord(body) || !Array.isArray(body.tools)) return turn;
  const offered = new Set(body.tools.map((tool) => (isRecord(tool) ? tool.name : undefined)));
  const name = Object.keys(variants).find((tool) => offered.has(tool));
  return name === undefined ? turn : { ...turn, blocks: variants[name]! };
}

export function stopReasonOf(turn: Pick<ReplyTurn, 'blocks' | 'stopReason'>): StopReason {
  if (turn.stopReason) return turn.stopReason;
  return turn.blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

/** A rough, deterministic token estimate (4 characters a token) used where the script gives none. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export function usageOf(
  turn: Pick<ReplyTurn, 'blocks' | 'usage'>,
  blocks: readonly ResolvedBlock[],
): ResolvedUsage {
  const given: ScriptUsage = turn.usage ?? {};
  const outputText = blocks
    .map((block) =>
      block.type === 'text'
        ? block.text
        : block.type === 'thinking'
          ? block.thinking
          : JSON.stringify(block.input),
    )
    .join('');
  return {
    input_tokens: given.input_tokens ?? 10,
    output_tokens: given.output_tokens ?? estimateTokens(outputText),
    cache_creation_input_tokens: given.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: given.cache_read_input_tokens ?? 0,
  };
}

export function buildMessage(turn: ReplyTurn, context: ReplyContext): AnthropicMessage {
  const content = resolveBlocks(turn.blocks, context.responseNumber);
  return {
    id: messageId(context.responseNumber),
    type: 'message',
    role: 'assistant',
    model: context.model,
    content,
    stop_reason: stopReasonOf(turn),
    stop_sequence: null,
    usage: usageOf(turn, content),
  };
}

/**
 * Splits a string into at most `pieces` non-empty parts whose concatenation is the string, cutting
 * after a space where one is near, so partial-message streaming shows several realistic deltas.
 */
export function splitIntoPieces(text: string, pieces = DELTA_PIECES): string[] {
  if (text.length === 0) return [''];
  const parts: string[] = [];
  let start = 0;
  for (let piece = 1; piece <= pieces && start < text.length; piece++) {
    let end = piece === pieces ? text.length : Math.round((text.length * piece) / pieces);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end - 1);
      if (space >= start) end = space + 1;
    }
    if (end <= start) continue;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

/** The SSE events of a streamed reply, in wire order. */
export function buildStreamEvents(turn: ReplyTurn, context: ReplyContext): SseEvent[] {
  const message = buildMessage(turn, context);
  const usage = message.usage;
  const events: SseEvent[] = [];
  const push = (data: SseEvent['data']) => events.push({ event: data.type, data });

  push({
    type: 'message_start',
    message: {
      ...message,
      content: [],
      stop_reason: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  push({ type: 'ping' });
  message.content.forEach((block, index) => {
    switch (block.type) {
      case 'text':
        push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        for (const text of splitIntoPieces(block.text)) {
          push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
        }
        break;
      case 'thinking':
        push({
          type: 'content_block_start',
          index,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        });
        for (const thinking of splitIntoPieces(block.thinking)) {
          push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } });
        }
        push({
          type: 'content_block_delta',
          index,
          delta: { type: 'signature_delta', signature: block.signature },
        });
        break;
      case 'tool_use':
        push({
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        for (const partial_json of splitIntoPieces(JSON.stringify(block.input))) {
          push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
        }
        break;
    }
    push({ type: 'content_block_stop', index });
  });
  push({
    type: 'message_delta',
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage,
  });
  push({ type: 'message_stop' });
  return events;
}

/** Encodes one event exactly as the Messages API does: `event:` line, `data:` line, blank line. */
export function encodeSseEvent(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The Anthropic error body: `{ type: 'error', error: { type, message } }`. */
export function errorBody(
  type: string,
  message: string,
): { type: 'error'; error: { type: string; message: string } } {
  return { type: 'error', error: { type, message } };
}
