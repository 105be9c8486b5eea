import { randomUUID } from 'node:crypto';

/**
 * Builders for the envelopes a client (or the fake CLI) writes. Shapes follow the real 2.1.150
 * CLI (spec §2, checked live): a success without payload omits `response` entirely (the CLI's
 * own answer to `interrupt` is `{"subtype":"success","request_id":"…"}`).
 */

/** An Anthropic content block, opaque at this layer (its schema lives in `schemas/<version>/`). */
export interface ContentBlock {
  type: string;
  [key: string]: unknown;
}

/** The body of a control request: its `subtype` plus subtype-specific fields. */
export interface ControlRequestBody {
  subtype: string;
  [key: string]: unknown;
}

export interface ControlRequestEnvelope<R extends ControlRequestBody = ControlRequestBody> {
  type: 'control_request';
  request_id: string;
  request: R;
}

export interface ControlSuccessEnvelope<P = Record<string, unknown>> {
  type: 'control_response';
  response: { subtype: 'success'; request_id: string; response?: P };
}

export interface ControlErrorEnvelope {
  type: 'control_response';
  response: { subtype: 'error'; request_id: string; error: string };
}

export type ControlResponseEnvelope<P = Record<string, unknown>> =
  | ControlSuccessEnvelope<P>
  | ControlErrorEnvelope;

export interface ControlCancelEnvelope {
  type: 'control_cancel_request';
  request_id: string;
}

/** Optional top-level fields of a user message (none is required by 2.1.150). */
export interface UserMessageExtra {
  /** The SDK sends `''` before it knows the session id; the CLI accepts it or its absence. */
  session_id?: string;
  parent_tool_use_id?: string | null;
  uuid?: string;
  isSynthetic?: boolean;
  priority?: 'now' | 'next' | 'later';
  shouldQuery?: boolean;
  [key: string]: unknown;
}

export interface UserMessageEnvelope {
  type: 'user';
  message: { role: 'user'; content: string | ContentBlock[] };
  [key: string]: unknown;
}

export function controlRequest<R extends ControlRequestBody>(
  requestId: string,
  request: R,
): ControlRequestEnvelope<R> {
  return { type: 'control_request', request_id: requestId, request };
}

/** A success response; without `response` the key is left out, as the CLI itself does. */
export function controlSuccess<P = Record<string, unknown>>(
  requestId: string,
  response?: P,
): ControlSuccessEnvelope<P> {
  return {
    type: 'control_response',
    response:
      response === undefined
        ? { subtype: 'success', request_id: requestId }
        : { subtype: 'success', request_id: requestId, response },
  };
}

export function controlError(requestId: string, error: string): ControlErrorEnvelope {
  return { type: 'control_response', response: { subtype: 'error', request_id: requestId, error } };
}

export function controlCancel(requestId: string): ControlCancelEnvelope {
  return { type: 'control_cancel_request', request_id: requestId };
}

/**
 * A user turn. The minimal `{type:'user', message:{role:'user', content}}` is enough for 2.1.150
 * (verified live, string and block content alike); `extra` adds top-level fields after it
 * (`type` and `message` in `extra` are ignored, so the envelope stays valid).
 */
export function userMessage(
  content: string | ContentBlock[],
  extra: UserMessageExtra = {},
): UserMessageEnvelope {
  const { type: _type, message: _message, ...rest } = extra;
  return { type: 'user', message: { role: 'user', content }, ...rest };
}

/**
 * A fresh control request id. The 2.1.150 CLI uses random v4 UUIDs for the requests it sends
 * (`can_use_tool`, `hook_callback`, `mcp_message`, …); we do the same, so ids from either side
 * look alike and the id normaliser recognises them by shape.
 */
export function newRequestId(): string {
  return randomUUID();
}
