/**
 * `type: "result"`: the terminal summary of a turn. `success` carries the final text; the error
 * subtypes carry `errors[]` (an interrupt ends the turn as `error_during_execution` with
 * `terminal_reason: "aborted_streaming"`).
 */
import { z } from 'zod';
import {
  apiUsage,
  envelopeIds,
  fastModeState,
  messageOrigin,
  modelUsage,
  permissionDenial,
  terminalReason,
} from './common.js';

/**
 * The CLI totals usage itself for `result`: every field below was present in every 2.1.150
 * result observed (success, errors, interrupts), unlike the API usage of `assistant` lines.
 */
export const resultUsage = apiUsage.extend({
  cache_creation_input_tokens: z.number(),
  cache_read_input_tokens: z.number(),
  cache_creation: z.looseObject({
    ephemeral_1h_input_tokens: z.number(),
    ephemeral_5m_input_tokens: z.number(),
  }),
  server_tool_use: z.looseObject({
    web_search_requests: z.number(),
    web_fetch_requests: z.number().optional(),
  }),
  service_tier: z.string(),
  inference_geo: z.string(),
  iterations: z.array(z.unknown()),
  speed: z.string(),
});

const resultCommon = {
  type: z.literal('result'),
  duration_ms: z.number(),
  duration_api_ms: z.number(),
  is_error: z.boolean(),
  num_turns: z.number(),
  stop_reason: z.string().nullable(),
  total_cost_usd: z.number(),
  usage: resultUsage,
  modelUsage: z.record(z.string(), modelUsage),
  permission_denials: z.array(permissionDenial),
  terminal_reason: terminalReason.optional(),
  fast_mode_state: fastModeState.optional(),
  origin: messageOrigin.optional(),
  ...envelopeIds,
};

export const resultSuccess = z.looseObject({
  ...resultCommon,
  subtype: z.literal('success'),
  ttft_ms: z.number().optional(),
  api_error_status: z.number().nullable().optional(),
  result: z.string(),
  structured_output: z.unknown().optional(),
  deferred_tool_use: z
    .looseObject({ id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()) })
    .optional(),
});

export const RESULT_ERROR_SUBTYPES = [
  'error_during_execution',
  'error_max_turns',
  'error_max_budget_usd',
  'error_max_structured_output_retries',
] as const;

export const resultError = z.looseObject({
  ...resultCommon,
  subtype: z.enum(RESULT_ERROR_SUBTYPES),
  errors: z.array(z.string()),
});

export const resultMessage = z.discriminatedUnion('subtype', [resultSuccess, resultError]);
