import { randomUuid } from '../../../util/uuid.js';
import type { Json, SessionFacts } from '../../behaviour/index.js';
import { type CapturedControlReply, type ControlRepliesData, requestValues } from './captured-types.js';
import { DATA_BY_VERSION } from './data/index.js';
import type { ControlSession } from './types.js';

/**
 * The replies the real CLI of each emulated version gave to the client control requests it
 * handles offline (captured by `npm run fake:capture-control-replies`), answered as captured:
 * the sandbox's folders and the request's own values filled in, the messages it emitted emitted.
 */
const DATA = DATA_BY_VERSION as Readonly<Record<string, ControlRepliesData>>;

/** The kinds of value `apply_flag_settings` of `version` refuses per settings key (see captured-types.ts). */
export function flagSettingRejections(version: string): Record<string, string[]> {
  return DATA[version]?.flagSettingRejections ?? {};
}

/** The captured replies to `subtype` of `version`, in capture order. */
export function capturedReplies(version: string, subtype: string): CapturedControlReply[] {
  return (DATA[version]?.replies ?? []).filter((r) => r.request.subtype === subtype);
}

function fill(value: unknown, facts: SessionFacts, values: Record<string, string>): unknown {
  if (typeof value === 'string') {
    let text = value
      .replaceAll('<config-dir>', facts.configDir)
      .replaceAll('<home>', facts.home)
      .replaceAll('<cwd>', facts.cwd)
      .replaceAll('<tmpdir>', facts.tmpDir);
    for (const [name, given] of Object.entries(values)) text = text.replaceAll(`{${name}}`, given);
    return text;
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, facts, values));
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'uuid' && child === '<uuid>') out[key] = randomUuid();
      else if (key === 'session_id' && child === '<session_id>') out[key] = facts.sessionId;
      else out[key] = fill(child, facts, values);
    }
    return out;
  }
  return value;
}

/** Answers `request` with `captured` (its envelope, then the messages it emitted, as the real CLI orders them). */
export function answerAsCaptured(
  session: ControlSession,
  captured: CapturedControlReply,
  request: Json,
  requestId: string,
  overrides: Json = {},
): void {
  const facts = session.facts();
  const values = requestValues(request);
  for (const message of captured.emitted) session.emit(fill(message, facts, values) as Json);
  const envelope = fill(captured.envelope, facts, values) as Json;
  const response: Json = { ...envelope, request_id: requestId };
  if (envelope.subtype === 'success' && Object.keys(overrides).length > 0)
    response.response = { ...(envelope.response as Json), ...overrides };
  session.emit({ type: 'control_response', response: orderedEnvelope(response) });
  emitAfter(session, captured, request);
}

/** The messages `captured` shows right after its answer. */
export function emitAfter(session: ControlSession, captured: CapturedControlReply, request: Json): void {
  const facts = session.facts();
  const values = requestValues(request);
  for (const message of captured.emittedAfter ?? []) session.emit(fill(message, facts, values) as Json);
}

/** The envelope's keys in the CLI's order: subtype, request_id, then the rest. */
function orderedEnvelope(envelope: Json): Json {
  const { subtype, request_id, ...rest } = envelope;
  return { subtype, request_id, ...rest };
}
