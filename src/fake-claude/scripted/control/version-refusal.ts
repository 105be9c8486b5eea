import type { Json } from '../../behaviour/index.js';
import { answerAsCaptured, capturedReplies } from './captured.js';
import type { ControlSession } from './types.js';

/**
 * Answers `request` as the version's captured reply when that reply is the version's
 * "unsupported subtype" error (the version has no such request); true when it did.
 */
export function answeredAsUnsupported(session: ControlSession, request: Json, requestId: string): boolean {
  const subtype = String(request.subtype);
  const [captured] = capturedReplies(session.b.version, subtype);
  if (captured?.envelope.subtype !== 'error') return false;
  if (captured.envelope.error !== session.b.unsupportedSubtype(subtype)) return false;
  answerAsCaptured(session, captured, request, requestId);
  return true;
}

/**
 * Answers a request naming an MCP server the session does not have with the version's captured
 * error for it (`Server not found: {serverName}` for the request's own name).
 */
export function answerServerNotFound(session: ControlSession, request: Json, requestId: string): void {
  const subtype = String(request.subtype);
  const captured = capturedReplies(session.b.version, subtype).find((c) => c.envelope.subtype === 'error');
  if (captured) answerAsCaptured(session, captured, request, requestId);
  else session.replyError(requestId, `Server not found: ${String(request.serverName)}`);
}
