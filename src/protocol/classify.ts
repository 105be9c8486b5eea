import { isRecord } from '../util/json.js';
/**
 * Message classification: what a wire message is, from its envelope alone. No schema knowledge
 * (that lives in `schemas/<version>/`): only the `type` / `subtype` discriminators and the three
 * control envelopes of the stream-json protocol (spec §2):
 *
 * - request  `{type:'control_request', request_id, request:{subtype, ...}}`
 * - response `{type:'control_response', response:{subtype:'success'|'error', request_id, response?|error?}}`
 * - cancel   `{type:'control_cancel_request', request_id}`
 */

/** Which way a message travels: written by the CLI on stdout, or written to the CLI's stdin. */
export type Direction = 'from-cli' | 'to-cli';

export const DIRECTIONS: readonly Direction[] = ['from-cli', 'to-cli'];

export function oppositeDirection(direction: Direction): Direction {
  return direction === 'from-cli' ? 'to-cli' : 'from-cli';
}

export type MessageKind =
  | 'control_request'
  | 'control_response'
  | 'control_cancel_request'
  | 'stream'
  | 'unknown';

export interface MessageClass {
  /** The top-level `type`, when it is a string. */
  type: string | undefined;
  /** The top-level `subtype`, when it is a string (e.g. `init` for `system`, `success` for `result`). */
  subtype?: string;
  /**
   * `control_*` envelopes, `stream` for every other message with a string `type` (`system`,
   * `assistant`, `user`, `result`, `stream_event`, `keep_alive`, …), `unknown` for anything that
   * is not an object with a string `type`.
   */
  kind: MessageKind;
  /** `request_id` of a control request, response or cancel (where it is a string). */
  requestId?: string;
  /** `request.subtype` of a control_request; `response.subtype` (`success`|`error`) of a control_response. */
  controlSubtype?: string;
  /** `event.type` of a `stream_event` (e.g. `content_block_delta`). */
  eventType?: string;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Classifies one wire message. Never throws, whatever the input. */
export function classify(message: unknown): MessageClass {
  if (!isRecord(message)) return { type: undefined, kind: 'unknown' };
  const type = str(message.type);
  if (type === undefined) return { type: undefined, kind: 'unknown' };
  const out: MessageClass = { type, kind: 'stream' };
  const subtype = str(message.subtype);
  if (subtype !== undefined) out.subtype = subtype;

  switch (type) {
    case 'control_request': {
      out.kind = 'control_request';
      const requestId = str(message.request_id);
      if (requestId !== undefined) out.requestId = requestId;
      const controlSubtype = isRecord(message.request) ? str(message.request.subtype) : undefined;
      if (controlSubtype !== undefined) out.controlSubtype = controlSubtype;
      break;
    }
    case 'control_response': {
      out.kind = 'control_response';
      if (isRecord(message.response)) {
        const requestId = str(message.response.request_id);
        if (requestId !== undefined) out.requestId = requestId;
        const controlSubtype = str(message.response.subtype);
        if (controlSubtype !== undefined) out.controlSubtype = controlSubtype;
      }
      break;
    }
    case 'control_cancel_request': {
      out.kind = 'control_cancel_request';
      const requestId = str(message.request_id);
      if (requestId !== undefined) out.requestId = requestId;
      break;
    }
    case 'stream_event': {
      const eventType = isRecord(message.event) ? str(message.event.type) : undefined;
      if (eventType !== undefined) out.eventType = eventType;
      break;
    }
  }
  return out;
}

/**
 * A short, stable label for logs and diffs: `control_request/can_use_tool`,
 * `control_response/success`, `control_cancel_request`, `system/init`, `assistant`,
 * `result/success`, `stream_event/content_block_delta`; `(not an object)` / `(no type)` for junk.
 */
export function describe(message: unknown): string {
  const c = classify(message);
  if (c.type === undefined) return isRecord(message) ? '(no type)' : '(not an object)';
  const detail =
    c.kind === 'control_request' || c.kind === 'control_response'
      ? c.controlSubtype
      : (c.eventType ?? c.subtype);
  return detail === undefined ? c.type : `${c.type}/${detail}`;
}

/** True for the three control envelopes. */
export function isControlMessage(message: unknown): boolean {
  const kind = classify(message).kind;
  return kind === 'control_request' || kind === 'control_response' || kind === 'control_cancel_request';
}

/** Alias of {@link describe} for modules where `describe` is taken (e.g. vitest test files). */
export const describeMessage = describe;
