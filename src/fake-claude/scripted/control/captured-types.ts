type Json = Record<string, unknown>;

/** One request of `control/offline-requests` and what the real CLI answered (see capture/control-replies.ts). */
export interface CapturedControlReply {
  /** The request as sent (without `request_id`). */
  request: Json & { subtype: string };
  /** The `response` of its control_response without `request_id`, placeholders for the machine and the request. */
  envelope: Json;
  /** The messages the CLI emitted for the request (its side effects a client sees), templated alike. */
  emitted: Json[];
  /** The messages it emitted right after its answer (in the same write). */
  emittedAfter?: Json[];
}

/** A version's captured control replies: `src/fake-claude/scripted/control/data/<version>.json`. */
export interface ControlRepliesData {
  replies: CapturedControlReply[];
  /**
   * The kinds of value (`string`, `number`, `boolean`, `array`, `object`) `apply_flag_settings`
   * refuses for each top-level settings key, in the order the CLI names refused keys
   * (capture/flag-settings.ts); a key not listed takes any.
   */
  flagSettingRejections?: Record<string, string[]>;
}

/**
 * The request's values a reply may quote, by placeholder name: its own string fields, and the
 * server of an `mcp__<server>__<tool>` name (`server`). The capture names only values of at least
 * `minLength` characters (a shorter one would match by chance); the fake fills in every one.
 */
export function requestValues(request: Json, minLength = 0): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, given] of Object.entries(request)) {
    if (name !== 'subtype' && typeof given === 'string' && given.length >= minLength) values[name] = given;
  }
  const server = typeof request.tool === 'string' ? /^mcp__(.+?)__/.exec(request.tool)?.[1] : undefined;
  if (server !== undefined && server.length >= minLength) values.server = server;
  return values;
}
