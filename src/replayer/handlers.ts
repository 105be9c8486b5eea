import type { JsonPath } from '../findings/index.js';
import { describe } from '../protocol/index.js';
import type { IdBindings } from './bindings.js';
import { compareMessages, type FieldDiff, isUnder } from './compare.js';

/**
 * Matching of client messages, in the msw style: each handler PARSES a recorded client frame
 * (does it own it?), its PREDICATE says how a live client message differs from it in the fields
 * that matter, and on a match the replayer RUNS it (commits the id bindings it found, then plays
 * on). Volatile things never count: ids (rebound), paths (compared as `$CWD`/`$HOME`).
 */

/** A client line: parsed JSON, or the exact text of a line that was not JSON. */
export type ClientLine = { kind: 'json'; msg: unknown } | { kind: 'raw'; text: string };

export interface MatchResult {
  handler: string;
  /** The differences that count; empty means a match. */
  diffs: FieldDiff[];
  bindings: Map<string, string>;
}

export interface InboundHandler {
  name: string;
  /** Parse: does this handler own the recorded client frame? */
  parse(expected: ClientLine): boolean;
  /** Predicate: the significant differences of `actual` from `expected` (empty: a match). */
  predicate(expected: ClientLine, actual: ClientLine, ids: IdBindings): MatchResult;
}

type Json = Record<string, unknown>;

function field(value: unknown, ...path: Array<string | number>): unknown {
  let at: unknown = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** A handler comparing whole messages but counting only differences under `significant` paths. */
function projected(
  name: string,
  parse: (expected: Json) => boolean,
  significant: (expected: Json) => JsonPath[] | 'all',
  normalise: (message: unknown) => unknown = (m) => m,
): InboundHandler {
  return {
    name,
    parse: (expected) => expected.kind === 'json' && parse(expected.msg as Json),
    predicate(expected, actual, ids) {
      const e = (expected as { msg: unknown }).msg as Json;
      if (actual.kind !== 'json') {
        return {
          handler: name,
          diffs: [
            { path: [], expected: describe(e), actual: actual.text, note: 'the client sent a non-JSON line' },
          ],
          bindings: new Map(),
        };
      }
      const { diffs, bindings } = compareMessages(normalise(e), normalise(actual.msg), ids);
      const keep = significant(e);
      return {
        handler: name,
        diffs: keep === 'all' ? diffs : diffs.filter((d) => keep.some((prefix) => isUnder(d.path, prefix))),
        bindings,
      };
    },
  };
}

/**
 * The fields of a client control request that change what the CLI does, per subtype; every
 * other field (the SDK's `systemPrompt`, `agents`, … in `initialize`) is not compared: client
 * control requests are matched by subtype.
 */
const CONTROL_REQUEST_FIELDS: Record<string, string[]> = {
  initialize: ['hooks', 'sdkMcpServers'],
  set_permission_mode: ['mode'],
  set_model: ['model'],
  set_max_thinking_tokens: ['max_thinking_tokens'],
  mcp_message: ['server_name', 'message'],
  mcp_set_servers: ['servers'],
  mcp_reconnect: ['serverName'],
  mcp_toggle: ['serverName', 'enabled'],
  rewind_files: ['user_message_id'],
};

/** A user message whose string `message.content` is written as the one text block it stands for. */
function textBlockContent(message: unknown): unknown {
  const content = field(message, 'message', 'content');
  if (typeof content !== 'string') return message;
  const m = message as Json;
  return { ...m, message: { ...(m.message as Json), content: [{ type: 'text', text: content }] } };
}

/** The fields of a permission decision that change what the CLI does. */
const PERMISSION_FIELDS = ['behavior', 'updatedInput', 'message', 'updatedPermissions', 'interrupt'];

const rawLine: InboundHandler = {
  name: 'raw line',
  parse: (expected) => expected.kind === 'raw',
  predicate(expected, actual) {
    const text = (expected as { text: string }).text;
    if (actual.kind === 'raw' && actual.text === text)
      return { handler: 'raw line', diffs: [], bindings: new Map() };
    return {
      handler: 'raw line',
      diffs: [
        {
          path: [],
          expected: text,
          actual: actual.kind === 'raw' ? actual.text : actual.msg,
          note: actual.kind === 'raw' ? undefined : 'the recording has a non-JSON line here',
        },
      ],
      bindings: new Map(),
    };
  },
};

/** Every handler, most specific first; the last one owns any other JSON message. */
export const INBOUND_HANDLERS: readonly InboundHandler[] = [
  rawLine,
  // A client control request: same subtype (and the subtype's significant fields); its
  // request_id is the client's choice and binds to the recorded one.
  projected(
    'client control_request',
    (e) => e.type === 'control_request',
    (e) => {
      const subtype = field(e, 'request', 'subtype');
      const extra = typeof subtype === 'string' ? (CONTROL_REQUEST_FIELDS[subtype] ?? []) : [];
      return [['type'], ['request_id'], ['request', 'subtype'], ...extra.map((k) => ['request', k])];
    },
  ),
  // The client's answer to one of the CLI's requests, under the CLI's request id as recorded: the
  // permission decision (behavior, updatedInput, message, updatedPermissions, interrupt — not the
  // SDK's echo of the tool_use_id), the MCP response (the whole mcp_response, JSON-RPC result or
  // error), any other payload (hook output) in full, or the error text.
  projected(
    'control_response',
    (e) => e.type === 'control_response',
    (e) => {
      const base: JsonPath[] = [
        ['type'],
        ['response', 'subtype'],
        ['response', 'request_id'],
        ['response', 'error'],
      ];
      const payload = field(e, 'response', 'response');
      if (payload !== null && typeof payload === 'object' && 'behavior' in payload) {
        return [...base, ...PERMISSION_FIELDS.map((k) => ['response', 'response', k])];
      }
      if (payload !== null && typeof payload === 'object' && 'mcp_response' in payload) {
        return [...base, ['response', 'response', 'mcp_response']];
      }
      return [...base, ['response', 'response']];
    },
  ),
  // A user turn: its message (role and content, or the lack of it; string content is the same turn
  // as the one text block the SDK sends), not the SDK's bookkeeping fields (session_id,
  // parent_tool_use_id, uuid — ids still bind).
  projected(
    'user message',
    (e) => e.type === 'user',
    () => [['type'], ['message']],
    textBlockContent,
  ),
  projected(
    'control_cancel_request',
    (e) => e.type === 'control_cancel_request',
    () => 'all',
  ),
  projected(
    'message',
    () => true,
    () => 'all',
  ),
];

/** The handler owning a recorded client frame. */
export function handlerFor(expected: ClientLine): InboundHandler {
  return INBOUND_HANDLERS.find((h) => h.parse(expected)) ?? INBOUND_HANDLERS.at(-1)!;
}

/** Matches a live client line against a recorded one. */
export function matchClientLine(expected: ClientLine, actual: ClientLine, ids: IdBindings): MatchResult {
  return handlerFor(expected).predicate(expected, actual, ids);
}

/** A short label: `control_response/success`, `user`, `(non-JSON line)`. */
export function labelOf(line: ClientLine): string {
  return line.kind === 'raw' ? '(non-JSON line)' : describe(line.msg);
}
