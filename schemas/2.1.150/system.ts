/**
 * `type: "system"` messages on stdout, one schema per `subtype` (all that 2.1.150 declares).
 * Most only appear under specific conditions (hooks configured, compaction, background tasks,
 * env flags such as CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS); `init` opens every session and
 * `status` accompanies requests and permission-mode changes.
 */
import { z } from 'zod';
import {
  apiKeySource,
  assistantMessageError,
  envelopeIds,
  fastModeState,
  permissionMode,
  uuid,
} from './common.js';

const system = <S extends string, T extends z.ZodRawShape>(subtype: S, shape: T) =>
  z.looseObject({ type: z.literal('system'), subtype: z.literal(subtype), ...shape, ...envelopeIds });

const pluginIssue = z.looseObject({ plugin: z.string(), type: z.string(), message: z.string() });

/** The session's opening line: tools, model, permission mode, MCP servers, version. */
export const systemInit = system('init', {
  agents: z.array(z.string()).optional(),
  apiKeySource,
  betas: z.array(z.string()).optional(),
  claude_code_version: z.string(),
  cwd: z.string(),
  tools: z.array(z.string()),
  mcp_servers: z.array(z.looseObject({ name: z.string(), status: z.string() })),
  model: z.string(),
  permissionMode,
  slash_commands: z.array(z.string()),
  output_style: z.string(),
  skills: z.array(z.string()),
  plugins: z.array(z.looseObject({ name: z.string(), path: z.string(), source: z.string().optional() })),
  plugin_errors: z.array(pluginIssue).optional(),
  plugin_warnings: z.array(pluginIssue).optional(),
  fast_mode_state: fastModeState.optional(),
  analytics_disabled: z.boolean().optional(),
  product_feedback_disabled: z.boolean().optional(),
  memory_paths: z.looseObject({ auto: z.string().optional(), team: z.string().optional() }).optional(),
});

export const systemStatus = system('status', {
  status: z.enum(['compacting', 'requesting']).nullable(),
  permissionMode: permissionMode.optional(),
  compact_result: z.enum(['success', 'failed']).optional(),
  compact_error: z.string().optional(),
});

export const systemCompactBoundary = system('compact_boundary', {
  compact_metadata: z.looseObject({
    trigger: z.enum(['manual', 'auto']),
    pre_tokens: z.number(),
    post_tokens: z.number().optional(),
    duration_ms: z.number().optional(),
    preserved_segment: z.looseObject({ head_uuid: uuid, anchor_uuid: uuid, tail_uuid: uuid }).optional(),
    preserved_messages: z.looseObject({ anchor_uuid: uuid, uuids: z.array(uuid) }).optional(),
  }),
});

export const systemPostTurnSummary = system('post_turn_summary', {
  summarizes_uuid: z.string(),
  status_category: z.string(),
  status_detail: z.string(),
  needs_action: z.string(),
});

export const systemTaskSummary = system('task_summary', { detail: z.string().nullable() });

export const systemMirrorError = system('mirror_error', {
  error: z.string(),
  key: z.looseObject({ projectKey: z.string(), sessionId: z.string(), subpath: z.string().optional() }),
});

export const systemApiRetry = system('api_retry', {
  attempt: z.number(),
  max_retries: z.number(),
  retry_delay_ms: z.number(),
  error_status: z.number().nullable(),
  error: assistantMessageError,
});

export const systemLocalCommandOutput = system('local_command_output', { content: z.string() });

const hookIds = { hook_id: z.string(), hook_name: z.string(), hook_event: z.string() };
export const systemHookStarted = system('hook_started', hookIds);
export const systemHookProgress = system('hook_progress', {
  ...hookIds,
  stdout: z.string(),
  stderr: z.string(),
  output: z.string(),
});
export const systemHookResponse = system('hook_response', {
  ...hookIds,
  output: z.string(),
  stdout: z.string(),
  stderr: z.string(),
  exit_code: z.number().optional(),
  outcome: z.enum(['success', 'error', 'cancelled']),
});

export const systemPluginInstall = system('plugin_install', {
  status: z.enum(['started', 'installed', 'failed', 'completed']),
  name: z.string().optional(),
  error: z.string().optional(),
});

export const systemFilesPersisted = system('files_persisted', {
  files: z.array(z.looseObject({ filename: z.string(), file_id: z.string() })),
  failed: z.array(z.looseObject({ filename: z.string(), error: z.string() })),
  processed_at: z.string(),
});

const taskUsage = z.looseObject({ total_tokens: z.number(), tool_uses: z.number(), duration_ms: z.number() });

export const systemTaskNotification = system('task_notification', {
  task_id: z.string(),
  tool_use_id: z.string().optional(),
  status: z.enum(['completed', 'failed', 'stopped']),
  output_file: z.string(),
  summary: z.string(),
  usage: taskUsage.optional(),
  skip_transcript: z.boolean().optional(),
});

export const systemTaskStarted = system('task_started', {
  task_id: z.string(),
  tool_use_id: z.string().optional(),
  description: z.string(),
  subagent_type: z.string().optional(),
  task_type: z.string().optional(),
  workflow_name: z.string().optional(),
  prompt: z.string().optional(),
  skip_transcript: z.boolean().optional(),
});

export const systemTaskUpdated = system('task_updated', {
  task_id: z.string(),
  patch: z.looseObject({
    status: z.enum(['pending', 'running', 'completed', 'failed', 'killed', 'paused']).optional(),
    description: z.string().optional(),
    end_time: z.number().optional(),
    total_paused_ms: z.number().optional(),
    error: z.string().optional(),
    is_backgrounded: z.boolean().optional(),
  }),
});

export const systemTaskProgress = system('task_progress', {
  task_id: z.string(),
  tool_use_id: z.string().optional(),
  description: z.string(),
  subagent_type: z.string().optional(),
  usage: taskUsage,
  last_tool_name: z.string().optional(),
  summary: z.string().optional(),
});

export const systemSessionStateChanged = system('session_state_changed', {
  state: z.enum(['idle', 'running', 'requires_action']),
});

export const systemNotification = system('notification', {
  key: z.string(),
  text: z.string(),
  priority: z.enum(['low', 'medium', 'high', 'immediate']),
  color: z.string().optional(),
  timeout_ms: z.number().optional(),
});

export const systemMemoryRecall = system('memory_recall', {
  mode: z.enum(['select', 'synthesize']),
  memories: z.array(
    z.looseObject({
      path: z.string(),
      scope: z.enum(['personal', 'team', 'organization']),
      content: z.string().optional(),
    }),
  ),
});

export const systemElicitationComplete = system('elicitation_complete', {
  mcp_server_name: z.string(),
  elicitation_id: z.string(),
});

export const systemPermissionDenied = system('permission_denied', {
  tool_name: z.string(),
  tool_use_id: z.string(),
  agent_id: z.string().optional(),
  decision_reason_type: z.string().optional(),
  decision_reason: z.string().optional(),
  message: z.string(),
});

/** Every `system` subtype 2.1.150 declares, dispatched on `subtype`. */
export const systemMessage = z.discriminatedUnion('subtype', [
  systemInit,
  systemStatus,
  systemCompactBoundary,
  systemPostTurnSummary,
  systemTaskSummary,
  systemMirrorError,
  systemApiRetry,
  systemLocalCommandOutput,
  systemHookStarted,
  systemHookProgress,
  systemHookResponse,
  systemPluginInstall,
  systemFilesPersisted,
  systemTaskNotification,
  systemTaskStarted,
  systemTaskUpdated,
  systemTaskProgress,
  systemSessionStateChanged,
  systemNotification,
  systemMemoryRecall,
  systemElicitationComplete,
  systemPermissionDenied,
]);
