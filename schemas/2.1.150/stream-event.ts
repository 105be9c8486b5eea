/**
 * `type: "stream_event"` (only with `--include-partial-messages`): the raw Anthropic streaming
 * events, wrapped. `content_block_delta` carries no message id: track it from `message_start`.
 * The complete `assistant` line for each block still arrives, interleaved.
 */
import { z } from 'zod';
import { apiUsage, envelopeIds } from './common.js';
import { anthropicMessage, assistantContentBlock } from './content.js';

export const textDelta = z.looseObject({ type: z.literal('text_delta'), text: z.string() });
export const inputJsonDelta = z.looseObject({
  type: z.literal('input_json_delta'),
  partial_json: z.string(),
});
export const citationsDelta = z.looseObject({ type: z.literal('citations_delta'), citation: z.unknown() });
export const thinkingDelta = z.looseObject({ type: z.literal('thinking_delta'), thinking: z.string() });
export const signatureDelta = z.looseObject({ type: z.literal('signature_delta'), signature: z.string() });
export const compactionDelta = z.looseObject({ type: z.literal('compaction_delta'), content: z.unknown() });

export const contentBlockDelta = z.discriminatedUnion('type', [
  textDelta,
  inputJsonDelta,
  citationsDelta,
  thinkingDelta,
  signatureDelta,
  compactionDelta,
]);

export const messageStartEvent = z.looseObject({
  type: z.literal('message_start'),
  message: anthropicMessage,
});
export const contentBlockStartEvent = z.looseObject({
  type: z.literal('content_block_start'),
  index: z.number(),
  content_block: assistantContentBlock,
});
export const contentBlockDeltaEvent = z.looseObject({
  type: z.literal('content_block_delta'),
  index: z.number(),
  delta: contentBlockDelta,
});
export const contentBlockStopEvent = z.looseObject({
  type: z.literal('content_block_stop'),
  index: z.number(),
});
export const messageDeltaEvent = z.looseObject({
  type: z.literal('message_delta'),
  delta: z.looseObject({
    stop_reason: z.string().nullable(),
    stop_sequence: z.string().nullable(),
    container: z.unknown().optional(),
  }),
  /** The API sends a partial usage here (often only `output_tokens`). */
  usage: apiUsage.partial(),
  context_management: z.unknown().optional(),
});
export const messageStopEvent = z.looseObject({ type: z.literal('message_stop') });

/** Every Anthropic raw stream event kind. */
export const rawStreamEvent = z.discriminatedUnion('type', [
  messageStartEvent,
  contentBlockStartEvent,
  contentBlockDeltaEvent,
  contentBlockStopEvent,
  messageDeltaEvent,
  messageStopEvent,
]);

export const streamEventMessage = z.looseObject({
  type: z.literal('stream_event'),
  event: rawStreamEvent,
  parent_tool_use_id: z.string().nullable(),
  ttft_ms: z.number().optional(),
  ...envelopeIds,
});
