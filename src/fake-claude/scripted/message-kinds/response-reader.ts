import { isRecord } from '../../../util/json.js';
import type { CallUsage, Json } from '../../behaviour/index.js';
import { addUsage, ZERO_USAGE } from '../result-accounting.js';

/** One streamed Messages API response, put together. */
export interface ReadResponse {
  /** The `message` of message_start (id, model, the usage it announced). */
  message: Json;
  /** The content blocks, in order (a tool_use block's input parsed). */
  blocks: Json[];
  stopReason: string | null;
  /** The final usage (message_delta's, else message_start's). */
  usage: CallUsage;
}

/** What the CLI counts a streamed character as, in its running estimate of a response's tokens. */
const CHARS_PER_TOKEN = 4;

/**
 * Reads a response's SSE events (what a `ModelSource` yields) into its message and blocks, calling
 * `onBlock` as each block completes (content_block_stop), as the CLI shows each block when it ends.
 * `streamed` is the CLI's running estimate of the response's tokens from what streamed so far, as
 * it first reports it: a quarter of the characters of text and tool-input deltas, rounded down,
 * reported at the first delta that makes it one token or more (the CLI then waits a moment before
 * it reports more, by which time a scripted response has ended).
 */
export async function readResponse(
  events: AsyncIterable<Json>,
  onBlock: (block: Json, message: Json, streamed: number) => void,
): Promise<ReadResponse> {
  const blocks: Json[] = [];
  const partialJson = new Map<number, string>();
  let streamedChars = 0;
  let streamed = 0;
  const stream = (text: unknown) => {
    streamedChars += String(text).length;
    if (streamed === 0) streamed = Math.floor(streamedChars / CHARS_PER_TOKEN);
  };
  let message: Json = {};
  let stopReason: string | null = null;
  let finalUsage: Partial<CallUsage> | undefined;
  for await (const event of events) {
    const index = Number(event.index);
    switch (event.type) {
      case 'message_start':
        message = isRecord(event.message) ? event.message : {};
        break;
      case 'content_block_start':
        blocks[index] = isRecord(event.content_block) ? { ...event.content_block } : {};
        break;
      case 'content_block_delta': {
        const block = blocks[index];
        const delta = isRecord(event.delta) ? event.delta : {};
        if (!block) break;
        if (delta.type === 'text_delta') {
          block.text = `${String(block.text ?? '')}${String(delta.text)}`;
          stream(delta.text);
        } else if (delta.type === 'thinking_delta')
          block.thinking = `${String(block.thinking ?? '')}${String(delta.thinking)}`;
        else if (delta.type === 'signature_delta') block.signature = delta.signature;
        else if (delta.type === 'input_json_delta') {
          partialJson.set(index, `${partialJson.get(index) ?? ''}${String(delta.partial_json)}`);
          stream(delta.partial_json);
        }
        break;
      }
      case 'content_block_stop': {
        const block = blocks[index];
        if (!block) break;
        if (block.type === 'tool_use') {
          const json = partialJson.get(index);
          block.input = json ? (JSON.parse(json) as Json) : isRecord(block.input) ? block.input : {};
        }
        onBlock(block, message, streamed);
        break;
      }
      case 'message_delta': {
        const delta = isRecord(event.delta) ? event.delta : {};
        stopReason = typeof delta.stop_reason === 'string' ? delta.stop_reason : null;
        if (isRecord(event.usage)) finalUsage = event.usage as Partial<CallUsage>;
        break;
      }
      default:
        break;
    }
  }
  const announced = isRecord(message.usage) ? (message.usage as Partial<CallUsage>) : undefined;
  return {
    message,
    blocks: blocks.filter(Boolean),
    stopReason,
    usage: addUsage(ZERO_USAGE, { ...announced, ...finalUsage }),
  };
}
