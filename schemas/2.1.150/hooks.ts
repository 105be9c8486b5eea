/**
 * SDK hooks over the control channel: the `input` of a `hook_callback` control request (one
 * schema per `hook_event_name`) and the client's answer (a hook's JSON output).
 */
import { z } from 'zod';
import { assistantMessageError, permissionUpdate } from './common.js';

export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'SessionStart',
  'SessionEnd',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'PermissionRequest',
  'PermissionDenied',
  'Setup',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'Elicitation',
  'ElicitationResult',
  'ConfigChange',
  'WorktreeCreate',
  'WorktreeRemove',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
] as const;
export const hookEvent = z.enum(HOOK_EVENTS);

const baseHookInput = {
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
};

const hookInput = <E extends (typeof HOOK_EVENTS)[number], T extends z.ZodRawShape>(event: E, shape: T) =>
  z.looseObject({ ...baseHookInput, hook_event_name: z.literal(event), ...shape });

const backgroundTask = z.looseObject({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  description: z.string(),
  command: z.string().optional(),
  agent_type: z.string().optional(),
  server: z.string().optional(),
  tool: z.string().optional(),
  name: z.string().optional(),
});
const sessionCron = z.looseObject({
  id: z.string(),
  schedule: z.string(),
  recurring: z.boolean(),
  prompt: z.string(),
});
const taskFields = {
  task_id: z.string(),
  task_subject: z.string(),
  task_description: z.string().optional(),
  teammate_name: z.string().optional(),
  team_name: z.string().optional(),
};
const elicitationMode = z.enum(['form', 'url']);
const elicitationAction = z.enum(['accept', 'decline', 'cancel']);

/** `hook_callback.input`, dispatched on `hook_event_name`. */
export const hookInputSchema = z.discriminatedUnion('hook_event_name', [
  hookInput('PreToolUse', { tool_name: z.string(), tool_input: z.unknown(), tool_use_id: z.string() }),
  hookInput('PostToolUse', {
    tool_name: z.string(),
    tool_input: z.unknown(),
    tool_response: z.unknown(),
    tool_use_id: z.string(),
    duration_ms: z.number().optional(),
  }),
  hookInput('PostToolUseFailure', {
    tool_name: z.string(),
    tool_input: z.unknown(),
    tool_use_id: z.string(),
    error: z.string(),
    is_interrupt: z.boolean().optional(),
    duration_ms: z.number().optional(),
  }),
  hookInput('PostToolBatch', {
    tool_calls: z.array(
      z.looseObject({
        tool_name: z.string(),
        tool_input: z.unknown(),
        tool_use_id: z.string(),
        tool_response: z.unknown().optional(),
      }),
    ),
  }),
  hookInput('PermissionDenied', {
    tool_name: z.string(),
    tool_input: z.unknown(),
    tool_use_id: z.string(),
    reason: z.string(),
  }),
  hookInput('Notification', {
    message: z.string(),
    title: z.string().optional(),
    notification_type: z.string(),
  }),
  hookInput('UserPromptSubmit', { prompt: z.string(), session_title: z.string().optional() }),
  hookInput('UserPromptExpansion', {
    expansion_type: z.enum(['slash_command', 'mcp_prompt']),
    command_name: z.string(),
    command_args: z.string(),
    command_source: z.string().optional(),
    prompt: z.string(),
  }),
  hookInput('SessionStart', {
    source: z.enum(['startup', 'resume', 'clear', 'compact']),
    model: z.string().optional(),
  }),
  hookInput('SessionEnd', {
    reason: z.enum([
      'clear',
      'resume',
      'logout',
      'prompt_input_exit',
      'other',
      'bypass_permissions_disabled',
    ]),
  }),
  hookInput('Stop', {
    stop_hook_active: z.boolean(),
    last_assistant_message: z.string().optional(),
    background_tasks: z.array(backgroundTask).optional(),
    session_crons: z.array(sessionCron).optional(),
  }),
  hookInput('StopFailure', {
    error: assistantMessageError,
    error_details: z.string().optional(),
    last_assistant_message: z.string().optional(),
  }),
  hookInput('SubagentStart', { agent_id: z.string(), agent_type: z.string() }),
  hookInput('SubagentStop', {
    stop_hook_active: z.boolean(),
    agent_id: z.string(),
    agent_transcript_path: z.string(),
    agent_type: z.string(),
    last_assistant_message: z.string().optional(),
    background_tasks: z.array(backgroundTask).optional(),
    session_crons: z.array(sessionCron).optional(),
  }),
  hookInput('PreCompact', {
    trigger: z.enum(['manual', 'auto']),
    custom_instructions: z.string().nullable(),
  }),
  hookInput('PostCompact', { trigger: z.enum(['manual', 'auto']), compact_summary: z.string() }),
  hookInput('PermissionRequest', {
    tool_name: z.string(),
    tool_input: z.unknown(),
    permission_suggestions: z.array(permissionUpdate).optional(),
  }),
  hookInput('Setup', { trigger: z.enum(['init', 'maintenance']) }),
  hookInput('TeammateIdle', { teammate_name: z.string(), team_name: z.string() }),
  hookInput('TaskCreated', taskFields),
  hookInput('TaskCompleted', taskFields),
  hookInput('Elicitation', {
    mcp_server_name: z.string(),
    message: z.string(),
    mode: elicitationMode.optional(),
    url: z.string().optional(),
    elicitation_id: z.string().optional(),
    requested_schema: z.record(z.string(), z.unknown()).optional(),
  }),
  hookInput('ElicitationResult', {
    mcp_server_name: z.string(),
    elicitation_id: z.string().optional(),
    mode: elicitationMode.optional(),
    action: elicitationAction,
    content: z.record(z.string(), z.unknown()).optional(),
  }),
  hookInput('ConfigChange', {
    source: z.enum(['user_settings', 'project_settings', 'local_settings', 'policy_settings', 'skills']),
    file_path: z.string().optional(),
  }),
  hookInput('InstructionsLoaded', {
    file_path: z.string(),
    memory_type: z.enum(['User', 'Project', 'Local', 'Managed']),
    load_reason: z.enum(['session_start', 'nested_traversal', 'path_glob_match', 'include', 'compact']),
    globs: z.array(z.string()).optional(),
    trigger_file_path: z.string().optional(),
    parent_file_path: z.string().optional(),
  }),
  hookInput('WorktreeCreate', { name: z.string() }),
  hookInput('WorktreeRemove', { worktree_path: z.string() }),
  hookInput('CwdChanged', { old_cwd: z.string(), new_cwd: z.string() }),
  hookInput('FileChanged', { file_path: z.string(), event: z.enum(['change', 'add', 'unlink']) }),
]);

const specific = <E extends (typeof HOOK_EVENTS)[number], T extends z.ZodRawShape>(event: E, shape: T) =>
  z.looseObject({ hookEventName: z.literal(event), ...shape });
const additionalContext = { additionalContext: z.string().optional() };
const watchPaths = { watchPaths: z.array(z.string()).optional() };

/** `hookSpecificOutput` of a hook's JSON output, dispatched on `hookEventName`. */
export const hookSpecificOutput = z.discriminatedUnion('hookEventName', [
  specific('PreToolUse', {
    permissionDecision: z.enum(['allow', 'deny', 'ask', 'defer']).optional(),
    permissionDecisionReason: z.string().optional(),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    ...additionalContext,
  }),
  specific('UserPromptSubmit', {
    ...additionalContext,
    sessionTitle: z.string().optional(),
    suppressOriginalPrompt: z.boolean().optional(),
  }),
  specific('UserPromptExpansion', additionalContext),
  specific('SessionStart', {
    ...additionalContext,
    initialUserMessage: z.string().optional(),
    ...watchPaths,
  }),
  specific('Setup', additionalContext),
  specific('SubagentStart', additionalContext),
  specific('PostToolUse', {
    ...additionalContext,
    updatedToolOutput: z.unknown().optional(),
    updatedMCPToolOutput: z.unknown().optional(),
  }),
  specific('PostToolUseFailure', additionalContext),
  specific('PostToolBatch', additionalContext),
  specific('PermissionDenied', { retry: z.boolean().optional() }),
  specific('Notification', additionalContext),
  specific('PermissionRequest', {
    decision: z.discriminatedUnion('behavior', [
      z.looseObject({
        behavior: z.literal('allow'),
        updatedInput: z.record(z.string(), z.unknown()).optional(),
        updatedPermissions: z.array(permissionUpdate).optional(),
      }),
      z.looseObject({
        behavior: z.literal('deny'),
        message: z.string().optional(),
        interrupt: z.boolean().optional(),
      }),
    ]),
  }),
  specific('Elicitation', {
    action: elicitationAction.optional(),
    content: z.record(z.string(), z.unknown()).optional(),
  }),
  specific('ElicitationResult', {
    action: elicitationAction.optional(),
    content: z.record(z.string(), z.unknown()).optional(),
  }),
  specific('CwdChanged', watchPaths),
  specific('FileChanged', watchPaths),
  specific('WorktreeCreate', { worktreePath: z.string() }),
]);

export const asyncHookOutput = z.looseObject({ async: z.literal(true), asyncTimeout: z.number().optional() });

export const syncHookOutput = z.looseObject({
  continue: z.boolean().optional(),
  suppressOutput: z.boolean().optional(),
  stopReason: z.string().optional(),
  decision: z.enum(['approve', 'block']).optional(),
  systemMessage: z.string().optional(),
  terminalSequence: z.string().optional(),
  reason: z.string().optional(),
  hookSpecificOutput: hookSpecificOutput.optional(),
});

/** The client's answer to a `hook_callback` (success payload): async marker or sync output. */
export const hookCallbackResponse = z.union([asyncHookOutput, syncHookOutput]);

/** `initialize.hooks[event][]`: which callback ids fire for which tool matcher. */
export const hookCallbackMatcher = z.looseObject({
  matcher: z.string().optional(),
  hookCallbackIds: z.array(z.string()),
  timeout: z.number().optional(),
});
