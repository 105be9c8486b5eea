import { randomUuid } from '../util/uuid.js';

/**
 * The failure a client sees when a replay cannot go on: the same shape the real CLI gives for a
 * failed turn (an `error_during_execution` result with `is_error: true`, then exit code 1), with
 * the reason in `errors` (one entry, or several: the SDK joins them with "; ").
 */
export function errorResult(sessionId: string, reason: string | readonly string[]): Record<string, unknown> {
  return {
    type: 'result',
    subtype: 'error_during_execution',
    duration_ms: 0,
    duration_api_ms: 0,
    is_error: true,
    num_turns: 0,
    stop_reason: null,
    session_id: sessionId,
    total_cost_usd: 0,
    usage: {
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 0,
      server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
      service_tier: 'standard',
    },
    modelUsage: {},
    permission_denials: [],
    uuid: randomUuid(),
    errors: typeof reason === 'string' ? [reason] : [...reason],
  };
}

/** The error `control_response` for a client request the replay could not answer. */
export function errorControlResponse(requestId: string, reason: string): Record<string, unknown> {
  return { type: 'control_response', response: { subtype: 'error', request_id: requestId, error: reason } };
}
