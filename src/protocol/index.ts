/**
 * `src/protocol/` — the single home of wire knowledge: JSONL framing, message classification,
 * control envelopes, request/response correlation and id placeholders.
 */

export type { Direction, MessageClass, MessageKind } from './classify.js';
export {
  classify,
  DIRECTIONS,
  describe,
  describeMessage,
  isControlMessage,
  oppositeDirection,
} from './classify.js';
export type {
  At,
  CancelOutcome,
  ControlCorrelatorOptions,
  ControlExchange,
  CorrelationEvent,
  PendingRequest,
  ResponseOutcome,
} from './correlator.js';
export { ControlCorrelator } from './correlator.js';
export type {
  ContentBlock,
  ControlCancelEnvelope,
  ControlErrorEnvelope,
  ControlRequestBody,
  ControlRequestEnvelope,
  ControlResponseEnvelope,
  ControlSuccessEnvelope,
  UserMessageEnvelope,
  UserMessageExtra,
} from './envelopes.js';
export {
  controlCancel,
  controlError,
  controlRequest,
  controlSuccess,
  newRequestId,
  userMessage,
} from './envelopes.js';
export type { IdEntry, IdPlaceholdersOptions, NormalizeIdsOptions } from './ids.js';
export {
  DEFAULT_ID_KEYS,
  IdPlaceholders,
  idsInText,
  isHashedPlaceholder,
  learnIds,
  looksLikeId,
  MAX_NUMBERED_IDS,
  normalizeIds,
  normalizeIdsInAll,
  replaceIds,
  restoreIds,
} from './ids.js';
export type { BadFrame, Frame, JsonlFramerOptions } from './jsonl-framer.js';
export {
  encodeLine,
  framesFromReadable,
  framesFromText,
  JsonlFramer,
  nonJsonFinding,
} from './jsonl-framer.js';
export type { FatalLine, SettledLinesOptions, SettledLinesResult } from './settled-lines.js';
export { readSettledLines } from './settled-lines.js';
