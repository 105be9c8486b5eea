/**
 * The control protocol: envelopes, every request subtype 2.1.150 knows in each direction, the
 * success payloads, and the permission decision.
 *
 * Envelopes:
 *   request   {type:"control_request", request_id, request:{subtype, ...}}
 *   response  {type:"control_response", response:{subtype:"success", request_id, response?} |
 *                                                 {subtype:"error", request_id, error}}
 *   cancel    {type:"control_cancel_request", request_id}
 * Every inbound request must be answered; an unknown subtype sent to the CLI is answered with
 * `error: "Unsupported control request subtype: <subtype>"`.
 *
 * Source: the binary's `SDKControlRequestInner` zod union (34 subtypes) plus the 12 subtypes its
 * stdin reader handles without a schema (`channel_enable`, `end_session`, the OAuth family,
 * `remote_control`, `generate_session_title`, `side_question`, `ultrareview_launch`), whose fields
 * were read from the reader. Note: `set_color` is declared but the 2.1.150 reader answers it
 * with "Unsupported control request subtype" (observed).
 */
import { z } from 'zod';
import { effortLevel, fastModeState, permissionMode, permissionUpdate } from './common.js';
import { hookCallbackMatcher, hookCallbackResponse, hookInputSchema } from './hooks.js';
import { jsonRpcMessage, mcpMessageResponse } from './mcp.js';

const req = <S extends string, T extends z.ZodRawShape>(subtype: S, shape: T) =>
  z.looseObject({ subtype: z.literal(subtype), ...shape });
const opaque = z.record(z.string(), z.unknown());

// ---- requests the CLI sends (the client must answer) ------------------------------------------

export const canUseToolRequest = req('can_use_tool', {
  tool_name: z.string(),
  input: opaque,
  permission_suggestions: z.array(permissionUpdate).optional(),
  blocked_path: z.string().optional(),
  decision_reason: z.string().optional(),
  decision_reason_type: z
    .enum([
      'rule',
      'mode',
      'subcommandResults',
      'permissionPromptTool',
      'hook',
      'asyncAgent',
      'sandboxOverride',
      'workingDir',
      'safetyCheck',
      'classifier',
      'other',
    ])
    .optional(),
  classifier_approvable: z.boolean().optional(),
  title: z.string().optional(),
  display_name: z.string().optional(),
  tool_use_id: z.string(),
  agent_id: z.string().optional(),
  description: z.string().optional(),
});

export const hookCallbackRequest = req('hook_callback', {
  callback_id: z.string(),
  input: hookInputSchema,
  /** A tool_use id for tool events; a fresh uuid for others (UserPromptSubmit, Stop: observed). */
  tool_use_id: z.string().optional(),
});

/** Both directions: CLI → client for in-process SDK MCP servers; client → CLI for CLI-side servers. */
export const mcpMessageRequest = req('mcp_message', { server_name: z.string(), message: jsonRpcMessage });
export const oauthTokenRefreshRequest = req('oauth_token_refresh', {});
export const hostAuthTokenRefreshRequest = req('host_auth_token_refresh', {});
export const elicitationRequest = req('elicitation', {
  mcp_server_name: z.string(),
  message: z.string(),
  mode: z.enum(['form', 'url']).optional(),
  url: z.string().optional(),
  elicitation_id: z.string().optional(),
  requested_schema: opaque.optional(),
  title: z.string().optional(),
  display_name: z.string().optional(),
  description: z.string().optional(),
});
export const requestUserDialogRequest = req('request_user_dialog', {
  dialog_kind: z.string(),
  payload: opaque,
  tool_use_id: z.string().optional(),
});

/** `request` of a control_request written by the CLI, dispatched on `subtype`. */
export const cliControlRequestInner = z.discriminatedUnion('subtype', [
  canUseToolRequest,
  hookCallbackRequest,
  mcpMessageRequest,
  oauthTokenRefreshRequest,
  hostAuthTokenRefreshRequest,
  elicitationRequest,
  requestUserDialogRequest,
]);

// ---- requests a client sends (the CLI answers) --------------------------------------------------

export const interruptRequest = req('interrupt', {});
export const initializeRequest = req('initialize', {
  hooks: z.record(z.string(), z.array(hookCallbackMatcher)).optional(),
  sdkMcpServers: z.array(z.string()).optional(),
  jsonSchema: opaque.optional(),
  systemPrompt: z.array(z.string()).optional(),
  appendSystemPrompt: z.string().optional(),
  planModeInstructions: z.string().optional(),
  appendSubagentSystemPrompt: z.string().optional(),
  toolAliases: z.record(z.string(), z.string()).optional(),
  excludeDynamicSections: z.boolean().optional(),
  agents: z
    .record(
      z.string(),
      z.looseObject({
        description: z.string(),
        prompt: z.string(),
        tools: z.array(z.string()).optional(),
        disallowedTools: z.array(z.string()).optional(),
        model: z.string().optional(),
        mcpServers: z.array(z.union([z.string(), opaque])).optional(),
        skills: z.array(z.string()).optional(),
        initialPrompt: z.string().optional(),
        maxTurns: z.number().int().positive().optional(),
        background: z.boolean().optional(),
        memory: z.enum(['user', 'project', 'local']).optional(),
        effort: z.union([effortLevel, z.number().int()]).optional(),
        permissionMode: permissionMode.optional(),
      }),
    )
    .optional(),
  title: z.string().optional(),
  skills: z.array(z.string()).optional(),
  webSearchIsolationExemptMcpServers: z.array(z.string()).optional(),
  promptSuggestions: z.boolean().optional(),
  agentProgressSummaries: z.boolean().optional(),
  forwardSubagentText: z.boolean().optional(),
});
export const setPermissionModeRequest = req('set_permission_mode', {
  mode: permissionMode,
  ultraplan: z.boolean().optional(),
});
export const setModelRequest = req('set_model', { model: z.string().optional() });
export const setMaxThinkingTokensRequest = req('set_max_thinking_tokens', {
  max_thinking_tokens: z.number().nullable(),
});
export const renameSessionRequest = req('rename_session', { title: z.string() });
export const setColorRequest = req('set_color', { color: z.string() });
export const mcpStatusRequest = req('mcp_status', {});
export const getContextUsageRequest = req('get_context_usage', {});
export const getSessionCostRequest = req('get_session_cost', {});
export const getBinaryVersionRequest = req('get_binary_version', {});
export const mcpCallRequest = req('mcp_call', { tool: z.string(), arguments: opaque.optional() });
export const fileSuggestionsRequest = req('file_suggestions', { query: z.string() });
export const rewindFilesRequest = req('rewind_files', {
  user_message_id: z.string(),
  dry_run: z.boolean().optional(),
});
export const cancelAsyncMessageRequest = req('cancel_async_message', { message_uuid: z.string() });
export const readFileRequest = req('read_file', {
  path: z.string(),
  max_bytes: z.number().optional(),
  encoding: z.enum(['utf-8', 'base64']).optional(),
});
export const seedReadStateRequest = req('seed_read_state', { path: z.string(), mtime: z.number() });
export const mcpSetServersRequest = req('mcp_set_servers', { servers: z.record(z.string(), opaque) });
export const reloadPluginsRequest = req('reload_plugins', {});
export const mcpReconnectRequest = req('mcp_reconnect', { serverName: z.string() });
export const mcpToggleRequest = req('mcp_toggle', { serverName: z.string(), enabled: z.boolean() });
export const messageRatedRequest = req('message_rated', {
  messageUuid: z.string(),
  sentiment: z.enum(['positive', 'negative']),
  surface: z.enum(['tool_use', 'assistant_text']).optional(),
  cleared: z.boolean().optional(),
});
export const stopTaskRequest = req('stop_task', { task_id: z.string() });
export const backgroundTasksRequest = req('background_tasks', { tool_use_id: z.string().optional() });
export const applyFlagSettingsRequest = req('apply_flag_settings', { settings: opaque });
export const getSettingsRequest = req('get_settings', {});
export const submitFeedbackRequest = req('submit_feedback', {
  description: z.string(),
  surface: z.enum(['cli', 'ccd', 'ccr', 'ide', 'sdk', 'cowork']).optional(),
});
// Handled by the 2.1.150 stdin reader without a declared schema (fields read from the reader):
export const channelEnableRequest = req('channel_enable', { serverName: z.string() });
export const endSessionRequest = req('end_session', { reason: z.string().optional() });
export const mcpAuthenticateRequest = req('mcp_authenticate', {
  serverName: z.string(),
  redirectUri: z.string().optional(),
});
export const mcpClearAuthRequest = req('mcp_clear_auth', { serverName: z.string() });
export const mcpOAuthCallbackUrlRequest = req('mcp_oauth_callback_url', {
  serverName: z.string(),
  callbackUrl: z.string(),
});
export const claudeAuthenticateRequest = req('claude_authenticate', {
  loginWithClaudeAi: z.boolean().optional(),
});
export const claudeOAuthCallbackRequest = req('claude_oauth_callback', {
  authorizationCode: z.string(),
  state: z.string(),
});
export const claudeOAuthWaitForCompletionRequest = req('claude_oauth_wait_for_completion', {});
export const remoteControlRequest = req('remote_control', { enabled: z.boolean() });
export const generateSessionTitleRequest = req('generate_session_title', {
  description: z.string(),
  persist: z.boolean().optional(),
});
export const sideQuestionRequest = req('side_question', { question: z.string() });
export const ultrareviewLaunchRequest = req('ultrareview_launch', {
  args: z.string().optional(),
  confirm: z.boolean().optional(),
});

/** `request` of a control_request written by a client, dispatched on `subtype`. */
export const clientControlRequestInner = z.discriminatedUnion('subtype', [
  interruptRequest,
  initializeRequest,
  setPermissionModeRequest,
  setModelRequest,
  setMaxThinkingTokensRequest,
  renameSessionRequest,
  setColorRequest,
  mcpStatusRequest,
  getContextUsageRequest,
  getSessionCostRequest,
  getBinaryVersionRequest,
  mcpCallRequest,
  fileSuggestionsRequest,
  rewindFilesRequest,
  cancelAsyncMessageRequest,
  readFileRequest,
  seedReadStateRequest,
  mcpSetServersRequest,
  reloadPluginsRequest,
  mcpReconnectRequest,
  mcpToggleRequest,
  messageRatedRequest,
  stopTaskRequest,
  backgroundTasksRequest,
  applyFlagSettingsRequest,
  getSettingsRequest,
  submitFeedbackRequest,
  mcpMessageRequest,
  channelEnableRequest,
  endSessionRequest,
  mcpAuthenticateRequest,
  mcpClearAuthRequest,
  mcpOAuthCallbackUrlRequest,
  claudeAuthenticateRequest,
  claudeOAuthCallbackRequest,
  claudeOAuthWaitForCompletionRequest,
  remoteControlRequest,
  generateSessionTitleRequest,
  sideQuestionRequest,
  ultrareviewLaunchRequest,
]);

// ---- success payloads ----------------------------------------------------------------------------

/** Allow: `updatedInput` is REQUIRED on the wire (a bare allow is rejected with a ZodError). */
export const permissionAllow = z.looseObject({
  behavior: z.literal('allow'),
  updatedInput: opaque,
  updatedPermissions: z.array(permissionUpdate).optional(),
  toolUseID: z.string().optional(),
  decisionClassification: z.enum(['user_temporary', 'user_permanent', 'user_reject']).optional(),
});
/** Deny: `message` is required; `interrupt: true` also aborts the turn. */
export const permissionDeny = z.looseObject({
  behavior: z.literal('deny'),
  message: z.string(),
  interrupt: z.boolean().optional(),
  toolUseID: z.string().optional(),
  decisionClassification: z.enum(['user_temporary', 'user_permanent', 'user_reject']).optional(),
});
/** The client's answer to `can_use_tool`. A plain union: an unknown `behavior` is a violation. */
export const permissionDecision = z.union([permissionAllow, permissionDeny]);

const askOption = z.looseObject({
  label: z.string(),
  description: z.string(),
  preview: z.string().optional(),
});
const askQuestion = z.looseObject({
  question: z.string(),
  header: z.string(),
  options: z.array(askOption),
  multiSelect: z.boolean(),
});
/** AskUserQuestion's tool input: what `can_use_tool.input` carries for that tool. */
export const askUserQuestionInput = z.looseObject({
  questions: z.array(askQuestion),
  answers: z.record(z.string(), z.string()).optional(),
  annotations: z
    .record(z.string(), z.looseObject({ preview: z.string().optional(), notes: z.string().optional() }))
    .optional(),
  metadata: z.looseObject({ source: z.string().optional() }).optional(),
});
/**
 * The `updatedInput` that answers AskUserQuestion: the questions echoed plus
 * `answers: {question text → chosen label}` (multi-select: comma-separated labels).
 */
export const askUserQuestionAnswer = askUserQuestionInput.extend({
  answers: z.record(z.string(), z.string()),
});

export const elicitationResponse = z.looseObject({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: opaque.optional(),
});
export const requestUserDialogResponse = z.looseObject({
  behavior: z.enum(['completed', 'cancelled']),
  result: z.unknown().optional(),
});

const slashCommand = z.looseObject({
  name: z.string(),
  description: z.string(),
  argumentHint: z.string(),
  aliases: z.array(z.string()).optional(),
});
const agentInfo = z.looseObject({ name: z.string(), description: z.string(), model: z.string().optional() });
const modelInfo = z.looseObject({
  value: z.string(),
  displayName: z.string(),
  description: z.string(),
  supportsEffort: z.boolean().optional(),
  supportedEffortLevels: z.array(effortLevel).optional(),
  supportsAdaptiveThinking: z.boolean().optional(),
  supportsFastMode: z.boolean().optional(),
  supportsAutoMode: z.boolean().optional(),
});
const accountInfo = z.looseObject({
  email: z.string().optional(),
  organization: z.string().optional(),
  subscriptionType: z.string().optional(),
  tokenSource: z.string().optional(),
  apiKeySource: z.string().optional(),
  apiProvider: z
    .enum(['firstParty', 'bedrock', 'vertex', 'foundry', 'anthropicAws', 'mantle', 'gateway'])
    .optional(),
});
export const mcpServerStatus = z.looseObject({
  name: z.string(),
  status: z.enum(['connected', 'failed', 'needs-auth', 'pending', 'disabled']),
  serverInfo: z.looseObject({ name: z.string(), version: z.string() }).optional(),
  error: z.string().optional(),
  config: opaque.optional(),
  scope: z.string().optional(),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        description: z.string().optional(),
        annotations: z
          .looseObject({
            readOnly: z.boolean().optional(),
            destructive: z.boolean().optional(),
            openWorld: z.boolean().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
  capabilities: z.looseObject({ experimental: opaque.optional() }).optional(),
});

export const initializeResponse = z.looseObject({
  commands: z.array(slashCommand),
  agents: z.array(agentInfo),
  output_style: z.string(),
  available_output_styles: z.array(z.string()),
  models: z.array(modelInfo),
  account: accountInfo,
  pid: z.number().optional(),
  fast_mode_state: fastModeState.optional(),
});

const nameTokens = z.looseObject({ name: z.string(), tokens: z.number() });
export const contextUsageResponse = z.looseObject({
  categories: z.array(
    z.looseObject({
      name: z.string(),
      tokens: z.number(),
      color: z.string(),
      isDeferred: z.boolean().optional(),
    }),
  ),
  totalTokens: z.number(),
  maxTokens: z.number(),
  rawMaxTokens: z.number(),
  percentage: z.number(),
  gridRows: z.array(
    z.array(
      z.looseObject({
        color: z.string(),
        isFilled: z.boolean(),
        categoryName: z.string(),
        tokens: z.number(),
        percentage: z.number(),
        squareFullness: z.number(),
      }),
    ),
  ),
  model: z.string(),
  memoryFiles: z.array(z.looseObject({ path: z.string(), type: z.string(), tokens: z.number() })),
  mcpTools: z.array(
    z.looseObject({
      name: z.string(),
      serverName: z.string(),
      tokens: z.number(),
      isLoaded: z.boolean().optional(),
    }),
  ),
  deferredBuiltinTools: z
    .array(z.looseObject({ name: z.string(), tokens: z.number(), isLoaded: z.boolean() }))
    .optional(),
  systemTools: z.array(nameTokens).optional(),
  systemPromptSections: z.array(nameTokens).optional(),
  agents: z.array(z.looseObject({ agentType: z.string(), source: z.string(), tokens: z.number() })),
  slashCommands: z
    .looseObject({ totalCommands: z.number(), includedCommands: z.number(), tokens: z.number() })
    .optional(),
  skills: z
    .looseObject({
      totalSkills: z.number(),
      includedSkills: z.number(),
      tokens: z.number(),
      skillFrontmatter: z.array(z.looseObject({ name: z.string(), source: z.string(), tokens: z.number() })),
    })
    .optional(),
  autoCompactThreshold: z.number().optional(),
  /** Not in the binary's declared schema, but sent by 2.1.150 (observed: "auto"). */
  autocompactSource: z.string().optional(),
  isAutoCompactEnabled: z.boolean(),
  messageBreakdown: z
    .looseObject({
      toolCallTokens: z.number(),
      toolResultTokens: z.number(),
      attachmentTokens: z.number(),
      assistantMessageTokens: z.number(),
      userMessageTokens: z.number(),
      redirectedContextTokens: z.number(),
      unattributedTokens: z.number(),
      toolCallsByType: z.array(
        z.looseObject({ name: z.string(), callTokens: z.number(), resultTokens: z.number() }),
      ),
      attachmentsByType: z.array(nameTokens),
    })
    .optional(),
  apiUsage: z
    .looseObject({
      input_tokens: z.number(),
      output_tokens: z.number(),
      cache_creation_input_tokens: z.number(),
      cache_read_input_tokens: z.number(),
    })
    .nullable(),
});

export const getSettingsResponse = z.looseObject({
  effective: opaque,
  sources: z.array(
    z.looseObject({
      source: z.enum(['userSettings', 'projectSettings', 'localSettings', 'flagSettings', 'policySettings']),
      settings: opaque,
    }),
  ),
  applied: z.looseObject({ model: z.string(), effort: effortLevel.nullable() }).optional(),
  errors: z
    .array(z.looseObject({ file: z.string().optional(), path: z.string(), message: z.string() }))
    .optional(),
});

export const reloadPluginsResponse = z.looseObject({
  commands: z.array(slashCommand),
  agents: z.array(agentInfo),
  plugins: z.array(z.looseObject({ name: z.string(), path: z.string(), source: z.string().optional() })),
  mcpServers: z.array(mcpServerStatus),
  error_count: z.number(),
});

/**
 * Success payload schema per request subtype (`control_response.response.response`), for the
 * side that answers. Subtypes absent here answer with no payload (or an empty one).
 */
export const controlResponsePayloads = {
  // answered by the client
  can_use_tool: permissionDecision,
  hook_callback: hookCallbackResponse,
  mcp_message: mcpMessageResponse,
  oauth_token_refresh: z.looseObject({ accessToken: z.string().nullable() }),
  host_auth_token_refresh: z.looseObject({ authToken: z.string().nullable() }),
  elicitation: elicitationResponse,
  request_user_dialog: requestUserDialogResponse,
  // answered by the CLI
  initialize: initializeResponse,
  /** Not declared in the binary; observed: the CLI echoes the requested mode, even an invalid one. */
  set_permission_mode: z.looseObject({ mode: z.string() }),
  mcp_status: z.looseObject({ mcpServers: z.array(mcpServerStatus) }),
  get_context_usage: contextUsageResponse,
  get_session_cost: z.looseObject({ text: z.string() }),
  get_binary_version: z.looseObject({ version: z.string(), buildTime: z.string().optional() }),
  mcp_call: z.looseObject({
    content: z.unknown(),
    structuredContent: opaque.optional(),
    _meta: opaque.optional(),
  }),
  file_suggestions: z.looseObject({
    suggestions: z.array(z.looseObject({ path: z.string(), score: z.number().optional() })),
  }),
  rewind_files: z.looseObject({
    canRewind: z.boolean(),
    error: z.string().optional(),
    filesChanged: z.array(z.string()).optional(),
    insertions: z.number().optional(),
    deletions: z.number().optional(),
  }),
  cancel_async_message: z.looseObject({ cancelled: z.boolean() }),
  read_file: z.looseObject({
    contents: z.string(),
    absPath: z.string(),
    truncated: z.boolean().optional(),
    encoding: z.literal('base64').optional(),
  }),
  mcp_set_servers: z.looseObject({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    errors: z.record(z.string(), z.string()),
  }),
  reload_plugins: reloadPluginsResponse,
  get_settings: getSettingsResponse,
  submit_feedback: z.looseObject({
    feedback_id: z.string().nullable(),
    unavailable_reason: z.string().optional(),
    is_zdr_org: z.boolean().optional(),
    failure_reason: z.string().optional(),
    status_code: z.number().optional(),
    ccshare_url: z.string().optional(),
  }),
  generate_session_title: z.looseObject({ title: z.string().nullable() }),
  side_question: z.looseObject({ response: z.unknown(), synthetic: z.unknown().optional() }),
} as const satisfies Record<string, z.ZodType>;

export type ControlPayloadSubtype = keyof typeof controlResponsePayloads;

/** Subtypes whose success MUST carry a payload (the requester reads it unconditionally). */
export const PAYLOAD_REQUIRED = new Set<string>([
  'can_use_tool',
  'mcp_message',
  'elicitation',
  'request_user_dialog',
]);

// ---- envelopes ------------------------------------------------------------------------------------

export const cliControlRequest = z.looseObject({
  type: z.literal('control_request'),
  request_id: z.string(),
  request: cliControlRequestInner,
});

export const clientControlRequest = z.looseObject({
  type: z.literal('control_request'),
  request_id: z.string(),
  request: clientControlRequestInner,
});

export const controlSuccess = z.looseObject({
  subtype: z.literal('success'),
  request_id: z.string(),
  response: opaque.optional(),
});

export const controlError = z.looseObject({
  subtype: z.literal('error'),
  request_id: z.string(),
  error: z.string(),
  /** Permission requests still open when the error was raised (CLI → client only). */
  pending_permission_requests: z.array(cliControlRequest).optional(),
});

export const controlResponse = z.looseObject({
  type: z.literal('control_response'),
  response: z.discriminatedUnion('subtype', [controlSuccess, controlError]),
});

export const controlCancelRequest = z.looseObject({
  type: z.literal('control_cancel_request'),
  request_id: z.string(),
});
