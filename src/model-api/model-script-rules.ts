/**
 * The model script's rules that its zod schema (model-script.ts) and its zod-free check
 * (model-script-check.ts) share, in a module of their own so that the check loads no zod.
 */

/** Tool-use ids the Messages API accepts (it rejects anything else when the id is sent back). */
export const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;

/** An HTTP header name (a token of RFC 9110). */
export const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export const STOP_REASONS = [
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'pause_turn',
  'refusal',
] as const;
