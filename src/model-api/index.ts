/** The scripted Anthropic Messages API (loopback) and the model script it plays. */

export type {
  AnthropicMessage,
  ReplyContext,
  ResolvedBlock,
  ResolvedUsage,
  SseEvent,
} from './message-reply.js';
export {
  buildMessage,
  buildStreamEvents,
  DEFAULT_THINKING_SIGNATURE,
  defaultToolUseId,
  encodeSseEvent,
  errorBody,
  messageId,
  replyForRequest,
  resolveBlocks,
  stopReasonOf,
} from './message-reply.js';
export type {
  ErrorTurn,
  ModelScript,
  ModelScriptIssue,
  ReplyTurn,
  ScriptBlock,
  ScriptTurn,
  ScriptUsage,
  SideRequestsConfig,
  StopReason,
  TextBlock,
  ThinkingBlock,
  ToolUseBlock,
} from './model-script.js';
export {
  checkModelScript,
  isErrorTurn,
  loadModelScript,
  ModelScriptSchema,
  parseModelScript,
  STOP_REASONS,
} from './model-script.js';
export type { ModelApi, ModelApiOptions, RecordedRequest, RequestKind } from './server.js';
export { EXHAUSTED_PREFIX, startModelApi } from './server.js';
export type { RequestClass } from './side-requests.js';
export {
  classifierVerdict,
  classifyMessagesRequest,
  DEFAULT_SIDE_TEXT,
  sideReplyTurn,
} from './side-requests.js';
export type { UnscriptedAnswer } from './unscripted.js';
export { NOT_FOUND_MESSAGE, requestKey, unscriptedAnswer } from './unscripted.js';
