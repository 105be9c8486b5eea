/**
 * Zod schemas for the stream-json control protocol of Claude Code CLI 2.1.150: every line the
 * CLI writes on stdout (`cliOutputMessage`) and every line a client writes on stdin
 * (`clientInputMessage`). Objects keep unknown keys; the validation engine reports them.
 */
import { z } from 'zod';
import type { SchemaSet } from '../schema-set.js';
import { withSdkAmendments } from '../sdk-reconcile.js';
import { assistantMessage } from './assistant.js';
import { bashCommand, updateEnvironmentVariables } from './client-input.js';
import { apiUsage, messageOrigin, modelUsage, permissionMode, permissionUpdate } from './common.js';
import {
  anthropicMessage,
  assistantContentBlock,
  textBlock,
  toolResultContentBlock,
  userContentBlock,
  userMessageParam,
} from './content.js';
import {
  askUserQuestionAnswer,
  askUserQuestionInput,
  type canUseToolRequest,
  cliControlRequest,
  cliControlRequestInner,
  clientControlRequest,
  clientControlRequestInner,
  controlCancelRequest,
  controlResponse,
  controlResponsePayloads,
  type initializeRequest,
  type initializeResponse,
  mcpServerStatus,
  PAYLOAD_REQUIRED,
  type permissionAllow,
  permissionDecision,
  type permissionDeny,
} from './control.js';
import { hookInputSchema } from './hooks.js';
import { keepAlive } from './keep-alive.js';
import { jsonRpcMessage } from './mcp.js';
import {
  authStatus,
  promptSuggestion,
  toolProgress,
  toolUseSummary,
  transcriptMirror,
} from './other-events.js';
import { rateLimitEvent } from './rate-limit.js';
import { type resultError, resultMessage, type resultSuccess } from './result.js';
import { sdkAmendments, sdkNamed } from './sdk-amendments.js';
import { rawStreamEvent, streamEventMessage } from './stream-event.js';
import { type systemInit, systemMessage, type systemStatus } from './system.js';
import { clientUserMessage, userMessage } from './user.js';

export const CLI_VERSION = '2.1.150';

/** Every line the 2.1.150 CLI writes on stdout, dispatched on `type` (then `subtype`). */
export const cliOutputMessage = z.discriminatedUnion('type', [
  systemMessage,
  assistantMessage,
  userMessage,
  resultMessage,
  streamEventMessage,
  rateLimitEvent,
  keepAlive,
  toolProgress,
  authStatus,
  toolUseSummary,
  promptSuggestion,
  transcriptMirror,
  cliControlRequest,
  controlResponse,
  controlCancelRequest,
]);

/** Every line a client writes on the 2.1.150 CLI's stdin, dispatched on `type`. */
export const clientInputMessage = z.discriminatedUnion('type', [
  clientUserMessage,
  clientControlRequest,
  controlResponse,
  controlCancelRequest,
  keepAlive,
  bashCommand,
  updateEnvironmentVariables,
]);

/**
 * The set as drafted from the 2.1.150 corpus; `schemaSet` (what the validator, the generated JSON
 * Schemas and the canary use) is this set with `sdk-amendments.ts` applied, so it also accepts
 * what the Agent SDK declares. The zod schemas exported by name from this module are the drafted ones.
 */
const observedSchemaSet: SchemaSet = {
  version: CLI_VERSION,
  cliOutputMessage,
  clientInputMessage,
  controlResponsePayloads,
  payloadRequired: PAYLOAD_REQUIRED,
  toolInputs: { AskUserQuestion: askUserQuestionInput },
  toolAnswers: { AskUserQuestion: askUserQuestionInput },
  named: [
    [permissionUpdate, 'PermissionUpdate'],
    [permissionMode, 'PermissionMode'],
    [apiUsage, 'ApiUsage'],
    [modelUsage, 'ModelUsage'],
    [messageOrigin, 'MessageOrigin'],
    [anthropicMessage, 'AnthropicMessage'],
    [assistantContentBlock, 'AssistantContentBlock'],
    [userContentBlock, 'UserContentBlock'],
    [userMessageParam, 'UserMessageParam'],
    [toolResultContentBlock, 'ToolResultContentBlock'],
    [textBlock, 'TextBlock'],
    [rawStreamEvent, 'RawStreamEvent'],
    [hookInputSchema, 'HookInput'],
    [jsonRpcMessage, 'JsonRpcMessage'],
    [cliControlRequest, 'CliControlRequest'],
    [cliControlRequestInner, 'CliControlRequestInner'],
    [clientControlRequestInner, 'ClientControlRequestInner'],
    [permissionDecision, 'PermissionDecision'],
    [mcpServerStatus, 'McpServerStatus'],
    [systemMessage, 'SystemMessage'],
    [resultMessage, 'ResultMessage'],
  ],
  parts: {
    system: systemMessage,
    assistant: assistantMessage,
    user: userMessage,
    'client-user': clientUserMessage,
    result: resultMessage,
    'stream-event': streamEventMessage,
    'rate-limit': rateLimitEvent,
    'keep-alive': keepAlive,
    'control-request-from-cli': cliControlRequest,
    'control-request-from-client': clientControlRequest,
    'control-response': controlResponse,
    'permission-decision': permissionDecision,
    'ask-user-question': askUserQuestionAnswer,
    'hook-input': hookInputSchema,
    mcp: jsonRpcMessage,
  },
};

export const schemaSet: SchemaSet = withSdkAmendments(observedSchemaSet, sdkAmendments, sdkNamed);

export * from './assistant.js';
export * from './client-input.js';
export * from './common.js';
export * from './content.js';
export * from './control.js';
export * from './hooks.js';
export * from './keep-alive.js';
export * from './mcp.js';
export * from './other-events.js';
export * from './rate-limit.js';
export * from './result.js';
export { sdkAmendments, sdkVersion } from './sdk-amendments.js';
export * from './stream-event.js';
export * from './system.js';
export * from './user.js';

// ---- inferred types --------------------------------------------------------------------------

export type CliOutputMessage = z.infer<typeof cliOutputMessage>;
export type ClientInputMessage = z.infer<typeof clientInputMessage>;
export type SystemMessage = z.infer<typeof systemMessage>;
export type SystemInit = z.infer<typeof systemInit>;
export type SystemStatus = z.infer<typeof systemStatus>;
export type AssistantMessage = z.infer<typeof assistantMessage>;
export type UserMessage = z.infer<typeof userMessage>;
export type ClientUserMessage = z.infer<typeof clientUserMessage>;
export type ResultMessage = z.infer<typeof resultMessage>;
export type ResultSuccess = z.infer<typeof resultSuccess>;
export type ResultError = z.infer<typeof resultError>;
export type StreamEventMessage = z.infer<typeof streamEventMessage>;
export type RateLimitEvent = z.infer<typeof rateLimitEvent>;
export type KeepAlive = z.infer<typeof keepAlive>;
export type CliControlRequest = z.infer<typeof cliControlRequest>;
export type ClientControlRequest = z.infer<typeof clientControlRequest>;
export type ControlResponse = z.infer<typeof controlResponse>;
export type ControlCancelRequest = z.infer<typeof controlCancelRequest>;
export type CanUseToolRequest = z.infer<typeof canUseToolRequest>;
export type InitializeRequest = z.infer<typeof initializeRequest>;
export type InitializeResponse = z.infer<typeof initializeResponse>;
export type PermissionDecision = z.infer<typeof permissionDecision>;
export type PermissionAllow = z.infer<typeof permissionAllow>;
export type PermissionDeny = z.infer<typeof permissionDeny>;
export type AskUserQuestionInput = z.infer<typeof askUserQuestionInput>;
export type AskUserQuestionAnswer = z.infer<typeof askUserQuestionAnswer>;
export type HookInput = z.infer<typeof hookInputSchema>;
