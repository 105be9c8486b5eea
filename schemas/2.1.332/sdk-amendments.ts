/**
 * Claude Code CLI 2.1.332: what the Agent SDK 0.3.337 declares that the
 * corpus-drafted schemas did not accept, as amendments applied after `amendments.ts`. Written by
 * `npm run schemas:reconcile` from `schemas/sdk/0.3.337.json` (the SDK's
 * declarations): a value the SDK declares validates, a field is required only where the SDK
 * requires it, an item the SDK declares and no scenario provoked is typed with the SDK's declared
 * shape. Do not edit: change the corpus amendments or re-run the reconciliation.
 */
import { z } from 'zod';
import {
  type Amendment,
  addField,
  addPayload,
  addValues,
  addVariant,
  makeOptional,
  widen,
} from '../amend.js';

export const sdkVersion = '0.3.337';

const sdk_0_3_337_DirectoryAddedHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('DirectoryAdded'),
  directory: z.string(),
  source: z.enum(['register_repo_root', 'slash_command']),
});
const sdk_0_3_337_McpServerProvenance: z.ZodType = z.looseObject({
  name: z.string(),
  source: z.string(),
  built_in: z.literal(true).optional(),
});
const sdk_0_3_337_InterruptHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('Interrupt'),
  source: z.enum(['session', 'system', 'user']),
  reason: z.enum(['other', 'permission_denied', 'rewind', 'stop']),
  via: z.enum(['client', 'terminal']).optional(),
});
const sdk_0_3_337_PreModelSwitchHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PreModelSwitch'),
  from_model: z.string(),
  to_model: z.string(),
  requested_model: z.string().nullable(),
  source: z.enum(['command', 'picker', 'sdk']),
  context_tokens: z.number(),
  prompt_cache_warm: z.boolean(),
  cache_ttl: z.enum(['1h', '5m']),
  estimated_cache_write_usd: z.number(),
  pricing: z.enum(['catalog', 'configured', 'default']),
});
const sdk_0_3_337_PostModelSwitchHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PostModelSwitch'),
  from_model: z.string(),
  to_model: z.string(),
  requested_model: z.string().nullable(),
  source: z.enum(['auto', 'command', 'picker', 'resume', 'sdk']),
  context_tokens: z.number(),
  prompt_cache_warm: z.boolean(),
  cache_ttl: z.enum(['1h', '5m']),
  estimated_cache_write_usd: z.number(),
  pricing: z.enum(['catalog', 'configured', 'default']),
});
const sdk_0_3_337_MessageDisplayHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('MessageDisplay'),
  turn_id: z.string(),
  message_id: z.string(),
  index: z.number(),
  final: z.boolean(),
  delta: z.string(),
});
const sdk_0_3_337_PreSkillShellCommandHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PreSkillShellCommand'),
  tool_name: z.string(),
  tool_input: z.looseObject({ command: z.string() }),
  tool_use_id: z.string(),
  command_name: z.string(),
  command_source: z.string().optional(),
  invoked_by: z.enum(['claude', 'other', 'user']),
});
const sdk_0_3_337_CwdChangedHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('CwdChanged'),
  watchPaths: z.array(z.string()).optional(),
});
const sdk_0_3_337_ElicitationHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('Elicitation'),
  action: z.enum(['accept', 'cancel', 'decline']).optional(),
  content: z.record(z.string(), z.unknown()).optional(),
});
const sdk_0_3_337_ElicitationResultHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('ElicitationResult'),
  action: z.enum(['accept', 'cancel', 'decline']).optional(),
  content: z.record(z.string(), z.unknown()).optional(),
});
const sdk_0_3_337_FileChangedHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('FileChanged'),
  watchPaths: z.array(z.string()).optional(),
});
const sdk_0_3_337_MessageDisplayHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('MessageDisplay'),
  displayContent: z.string().optional(),
});
const sdk_0_3_337_NotificationHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('Notification'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_PermissionDeniedHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PermissionDenied'),
  retry: z.boolean().optional(),
});
const sdk_0_3_337_PermissionBehavior: z.ZodType = z.enum(['allow', 'ask', 'deny']);
const sdk_0_3_337_PermissionUpdateDestination: z.ZodType = z.enum([
  'cliArg',
  'localSettings',
  'projectSettings',
  'session',
  'userSettings',
]);
const sdk_0_3_337_PermissionMode: z.ZodType = z.enum([
  'acceptEdits',
  'auto',
  'bypassPermissions',
  'default',
  'dontAsk',
  'plan',
]);
const sdk_0_3_337_PermissionUpdate: z.ZodType = z.union([
  z.looseObject({
    type: z.literal('addRules'),
    rules: z.array(z.looseObject({ toolName: z.string(), ruleContent: z.string().optional() })),
    behavior: sdk_0_3_337_PermissionBehavior,
    destination: sdk_0_3_337_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('replaceRules'),
    rules: z.array(z.looseObject({ toolName: z.string(), ruleContent: z.string().optional() })),
    behavior: sdk_0_3_337_PermissionBehavior,
    destination: sdk_0_3_337_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('removeRules'),
    rules: z.array(z.looseObject({ toolName: z.string(), ruleContent: z.string().optional() })),
    behavior: sdk_0_3_337_PermissionBehavior,
    destination: sdk_0_3_337_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('setMode'),
    mode: sdk_0_3_337_PermissionMode,
    destination: sdk_0_3_337_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('addDirectories'),
    directories: z.array(z.string()),
    destination: sdk_0_3_337_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('removeDirectories'),
    directories: z.array(z.string()),
    destination: sdk_0_3_337_PermissionUpdateDestination,
  }),
]);
const sdk_0_3_337_PermissionRequestHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PermissionRequest'),
  decision: z.union([
    z.looseObject({
      behavior: z.literal('allow'),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      updatedPermissions: z.array(sdk_0_3_337_PermissionUpdate).optional(),
    }),
    z.looseObject({
      behavior: z.literal('deny'),
      message: z.string().optional(),
      interrupt: z.boolean().optional(),
    }),
  ]),
});
const sdk_0_3_337_PostModelSwitchHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PostModelSwitch'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_PostToolBatchHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PostToolBatch'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_PostToolUseFailureHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PostToolUseFailure'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_PostToolUseHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PostToolUse'),
  additionalContext: z.string().optional(),
  classifierContext: z.string().optional(),
  updatedToolOutput: z.unknown().optional(),
  updatedMCPToolOutput: z.unknown().optional(),
});
const sdk_0_3_337_PreModelSwitchHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PreModelSwitch'),
  permissionDecision: z.enum(['allow', 'ask', 'deny']).optional(),
  permissionDecisionReason: z.string().optional(),
});
const sdk_0_3_337_HookPermissionDecision: z.ZodType = z.enum(['allow', 'ask', 'defer', 'deny']);
const sdk_0_3_337_PreSkillShellCommandHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PreSkillShellCommand'),
  permissionDecision: sdk_0_3_337_HookPermissionDecision.optional(),
  permissionDecisionReason: z.string().optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
});
const sdk_0_3_337_PreToolUseHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PreToolUse'),
  permissionDecision: sdk_0_3_337_HookPermissionDecision.optional(),
  permissionDecisionReason: z.string().optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_SessionStartHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('SessionStart'),
  additionalContext: z.string().optional(),
  initialUserMessage: z.string().optional(),
  sessionTitle: z.string().optional(),
  watchPaths: z.array(z.string()).optional(),
  reloadSkills: z.boolean().optional(),
});
const sdk_0_3_337_SetupHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('Setup'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_StopHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('Stop'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_SubagentStartHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('SubagentStart'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_SubagentStopHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('SubagentStop'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_337_UserPromptExpansionHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('UserPromptExpansion'),
  additionalContext: z.string().optional(),
  suppressOriginalPrompt: z.boolean().optional(),
});
const sdk_0_3_337_UserPromptSubmitHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('UserPromptSubmit'),
  additionalContext: z.string().optional(),
  sessionTitle: z.string().optional(),
  suppressOriginalPrompt: z.boolean().optional(),
});
const sdk_0_3_337_WorktreeCreateHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('WorktreeCreate'),
  worktreePath: z.string(),
});
const sdk_0_3_337_McpStdioServerConfig: z.ZodType = z.looseObject({
  type: z.literal('stdio').optional(),
  command: z.string(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  timeout: z.number().optional(),
  alwaysLoad: z.boolean().optional(),
});
const sdk_0_3_337_McpSSEServerConfig: z.ZodType = z.looseObject({
  type: z.literal('sse'),
  url: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        permission_policy: z.enum(['always_allow', 'always_ask', 'always_deny']).optional(),
        org_max_permission: z.enum(['allow', 'ask', 'blocked']).optional(),
      }),
    )
    .optional(),
  timeout: z.number().optional(),
  alwaysLoad: z.boolean().optional(),
});
const sdk_0_3_337_McpHttpServerConfig: z.ZodType = z.looseObject({
  type: z.literal('http'),
  url: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        permission_policy: z.enum(['always_allow', 'always_ask', 'always_deny']).optional(),
        org_max_permission: z.enum(['allow', 'ask', 'blocked']).optional(),
      }),
    )
    .optional(),
  timeout: z.number().optional(),
  alwaysLoad: z.boolean().optional(),
});
const sdk_0_3_337_McpSdkServerConfig: z.ZodType = z.looseObject({
  type: z.literal('sdk'),
  name: z.string(),
  timeout: z.number().optional(),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        permission_policy: z.enum(['always_allow', 'always_ask', 'always_deny']).optional(),
        org_max_permission: z.enum(['allow', 'ask', 'blocked']).optional(),
      }),
    )
    .optional(),
});
const sdk_0_3_337_McpServerConfigForProcessTransport: z.ZodType = z.union([
  sdk_0_3_337_McpStdioServerConfig,
  sdk_0_3_337_McpSSEServerConfig,
  sdk_0_3_337_McpHttpServerConfig,
  sdk_0_3_337_McpSdkServerConfig,
]);
const sdk_0_3_337_SDKPermissionRuleDescription: z.ZodType = z.looseObject({
  prefix: z.string(),
  emphasis: z.string().optional(),
  suffix: z.string().optional(),
});
const sdk_0_3_337_SDKControlPermissionRulesState: z.ZodType = z.looseObject({
  rules: z.array(
    z.looseObject({
      behavior: z.enum(['allow', 'ask', 'deny']),
      source: z.enum([
        'cliArg',
        'command',
        'flagSettings',
        'hostCredential',
        'localSettings',
        'mcpMount',
        'mcpServerPolicy',
        'policySettings',
        'projectSettings',
        'session',
        'toolsNarrowing',
        'userSettings',
      ]),
      rule: z.string(),
      description: sdk_0_3_337_SDKPermissionRuleDescription.optional(),
      editability: z.enum(['persistent', 'readonly', 'session']),
      notInEffect: z.boolean().optional(),
    }),
  ),
  workspaceDirectories: z.array(z.looseObject({ path: z.string(), source: z.string() })),
  originalCwd: z.string(),
  managedOnly: z.boolean(),
  errors: z
    .array(z.looseObject({ file: z.string().optional(), path: z.string(), message: z.string() }))
    .optional(),
  withheld: z.boolean().optional(),
});
const sdk_0_3_337_UUID: z.ZodType = z.string();
const sdk_0_3_337_BetaResponseToolInputSchema: z.ZodType = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
  required: z.array(z.string()).nullable().optional(),
});
const sdk_0_3_337_SDKContextUsage: z.ZodType = z.looseObject({
  model: z.string(),
  total_tokens: z.number(),
  raw_max_tokens: z.number(),
  percentage: z.number(),
  over_limit: z
    .looseObject({ tokens_over: z.number(), kind: z.enum(['compaction_window', 'hard_limit']) })
    .optional(),
  categories: z.array(
    z.looseObject({
      name: z.string(),
      tokens: z.number(),
      kind: z.enum(['buffer', 'deferred', 'free', 'used']),
    }),
  ),
  mcp_tools: z.array(z.looseObject({ name: z.string(), server_name: z.string(), tokens: z.number() })),
  memory_files: z.array(z.looseObject({ path: z.string(), type: z.string(), tokens: z.number() })),
  agents: z.array(z.looseObject({ agent_type: z.string(), source: z.string(), tokens: z.number() })),
  skills: z
    .array(
      z.looseObject({
        name: z.string(),
        source: z.string(),
        plugin_name: z.string().optional(),
        tokens: z.number(),
      }),
    )
    .optional(),
});
const sdk_0_3_337_SDKUsageReport: z.ZodType = z.looseObject({
  session: z.looseObject({
    total_cost_usd: z.number(),
    total_api_duration_ms: z.number(),
    total_duration_ms: z.number(),
    total_lines_added: z.number(),
    total_lines_removed: z.number(),
    model_usage: z.record(
      z.string(),
      z.looseObject({
        inputTokens: z.number(),
        outputTokens: z.number(),
        thinkingTokens: z.number().optional(),
        cacheReadInputTokens: z.number(),
        cacheCreationInputTokens: z.number(),
        cacheCreationEphemeral5mInputTokens: z.number().optional(),
        cacheCreationEphemeral1hInputTokens: z.number().optional(),
        webSearchRequests: z.number(),
        costUSD: z.number(),
        contextWindow: z.number(),
        maxOutputTokens: z.number(),
        canonicalModel: z.string().optional(),
        provider: z.string().optional(),
        costBasis: z.enum(['list', 'managed', 'unknown']).optional(),
      }),
    ),
  }),
  rate_limits: z
    .looseObject({
      limits: z
        .array(
          z.looseObject({
            kind: z.string(),
            group: z.string(),
            percent: z.number(),
            resets_at: z.string().nullable(),
            scope: z
              .looseObject({
                model: z.looseObject({ display_name: z.string() }).nullable().optional(),
                surface: z.looseObject({ display_name: z.string() }).nullable().optional(),
              })
              .nullable()
              .optional(),
            severity: z.string(),
            is_active: z.boolean(),
          }),
        )
        .nullable(),
      extra_usage: z
        .looseObject({
          is_enabled: z.boolean(),
          monthly_limit: z.number().nullable(),
          used_credits: z.number().nullable(),
          utilization: z.number().nullable(),
          currency: z.string().nullable().optional(),
        })
        .nullable()
        .optional(),
    })
    .nullable(),
});
const sdk_0_3_337_SDKControlApplyFlagSettingsRequest: z.ZodType = z.looseObject({
  subtype: z.literal('apply_flag_settings'),
  settings: z.record(z.string(), z.unknown()),
});
const sdk_0_3_337_SDKControlBackgroundTasksRequest: z.ZodType = z.looseObject({
  subtype: z.literal('background_tasks'),
  tool_use_id: z.string().optional(),
});
const sdk_0_3_337_SDKControlCancelAsyncMessageRequest: z.ZodType = z.looseObject({
  subtype: z.literal('cancel_async_message'),
  message_uuid: z.string(),
});
const sdk_0_3_337_SDKControlFileSuggestionsRequest: z.ZodType = z.looseObject({
  subtype: z.literal('file_suggestions'),
  query: z.string(),
});
const sdk_0_3_337_SDKControlGetBinaryVersionRequest: z.ZodType = z.looseObject({
  subtype: z.literal('get_binary_version'),
});
const sdk_0_3_337_SDKControlGetContextUsageRequest: z.ZodType = z.looseObject({
  subtype: z.literal('get_context_usage'),
  detail: z.enum(['full', 'summary']).optional(),
});
const sdk_0_3_337_SDKControlGetHooksListingRequest: z.ZodType = z.looseObject({
  subtype: z.literal('get_hooks_listing'),
});
const sdk_0_3_337_SDKControlGetSessionCostRequest: z.ZodType = z.looseObject({
  subtype: z.literal('get_session_cost'),
});
const sdk_0_3_337_SDKControlGetSettingsRequest: z.ZodType = z.looseObject({
  subtype: z.literal('get_settings'),
});
const sdk_0_3_337_SDKControlGetTaskOutputRequest: z.ZodType = z.looseObject({
  subtype: z.literal('get_task_output'),
  task_id: z.string(),
});
const sdk_0_3_337_SDKControlGetUsageRequest: z.ZodType = z.looseObject({
  subtype: z.literal('get_usage'),
  skip_behaviors: z.boolean().optional(),
});
const sdk_0_3_337_AgentMcpServerSpec: z.ZodType = z.union([
  z.record(z.string(), sdk_0_3_337_McpServerConfigForProcessTransport),
  z.string(),
]);
const sdk_0_3_337_SDKControlInitializeRequest: z.ZodType = z.looseObject({
  subtype: z.literal('initialize'),
  hooks: z
    .looseObject({
      PreToolUse: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PostToolUse: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PostToolUseFailure: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PostToolBatch: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      Notification: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      UserPromptSubmit: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      UserPromptExpansion: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      SessionStart: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      SessionEnd: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      Stop: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      StopFailure: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      Interrupt: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      SubagentStart: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      SubagentStop: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PreCompact: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PostCompact: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PreModelSwitch: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PostModelSwitch: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PermissionRequest: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PermissionDenied: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      Setup: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      TeammateIdle: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      TaskCreated: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      TaskCompleted: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      Elicitation: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      ElicitationResult: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      ConfigChange: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      WorktreeCreate: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      WorktreeRemove: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      InstructionsLoaded: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      CwdChanged: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      FileChanged: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      DirectoryAdded: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      MessageDisplay: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
      PreSkillShellCommand: z
        .array(
          z.looseObject({
            matcher: z.string().optional(),
            hookCallbackIds: z.array(z.string()),
            timeout: z.number().optional(),
            onFailure: z.enum(['block', 'continue']).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  sdkMcpServers: z.array(z.string()).optional(),
  sdkMcpServerConfigs: z
    .record(
      z.string(),
      z.looseObject({
        timeout: z.number().optional(),
        tools: z
          .array(
            z.looseObject({
              name: z.string(),
              permission_policy: z.enum(['always_allow', 'always_ask', 'always_deny']).optional(),
              org_max_permission: z.enum(['allow', 'ask', 'blocked']).optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  sdkMcpServerManifests: z
    .record(
      z.string(),
      z.looseObject({
        initializeResult: z.record(z.string(), z.unknown()),
        toolsListResult: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  sdkMcpServerManifestsOrigin: z.literal('host_per_send').optional(),
  jsonSchema: z.record(z.string(), z.unknown()).optional(),
  systemPrompt: z.array(z.string()).optional(),
  appendSystemPrompt: z.string().optional(),
  systemPromptSnapshot: z.boolean().optional(),
  planModeInstructions: z.string().optional(),
  toolAliases: z.record(z.string(), z.string()).optional(),
  excludeDynamicSections: z.boolean().optional(),
  agents: z
    .record(
      z.string(),
      z.looseObject({
        description: z.string(),
        tools: z.array(z.string()).optional(),
        disallowedTools: z.array(z.string()).optional(),
        prompt: z.string(),
        model: z.string().optional(),
        mcpServers: z.array(sdk_0_3_337_AgentMcpServerSpec).optional(),
        criticalSystemReminder_EXPERIMENTAL: z.string().optional(),
        skills: z.array(z.string()).optional(),
        initialPrompt: z.string().optional(),
        maxTurns: z.number().optional(),
        autoCompactWindow: z.number().optional(),
        background: z.boolean().optional(),
        omitClaudeMd: z.boolean().optional(),
        memory: z.enum(['local', 'project', 'user']).optional(),
        effort: z.union([z.enum(['high', 'low', 'max', 'medium', 'xhigh']), z.number()]).optional(),
        permissionMode: z
          .enum(['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'])
          .optional(),
        observer: z.string().optional(),
        observerMessage: z.string().optional(),
      }),
    )
    .optional(),
  title: z.string().optional(),
  skills: z.array(z.string()).optional(),
  promptSuggestions: z.boolean().optional(),
  agentProgressSummaries: z.boolean().optional(),
  forwardSubagentText: z.boolean().optional(),
  supportedDialogKinds: z.array(z.string()).optional(),
  perTaskStopAffordance: z.boolean().optional(),
  plugins: z
    .array(
      z.looseObject({ type: z.literal('local'), path: z.string(), skipMcpDiscovery: z.boolean().optional() }),
    )
    .optional(),
  mcpServers: z.record(z.string(), sdk_0_3_337_McpServerConfigForProcessTransport).optional(),
});
const sdk_0_3_337_SDKControlInterruptRequest: z.ZodType = z.looseObject({
  subtype: z.literal('interrupt'),
  cancel_queued: z.boolean().optional(),
});
const sdk_0_3_337_SDKControlListModelsRequest: z.ZodType = z.looseObject({
  subtype: z.literal('list_models'),
});
const sdk_0_3_337_SDKControlListPermissionRulesRequest: z.ZodType = z.looseObject({
  subtype: z.literal('list_permission_rules'),
});
const sdk_0_3_337_SDKControlMcpCallRequest: z.ZodType = z.looseObject({
  subtype: z.literal('mcp_call'),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
  soft_error_result: z.boolean().optional(),
  expires_at: z.string().optional(),
  timeout_ms: z.number().optional(),
  result_not_for_model: z.boolean().optional(),
  check_permissions: z.boolean().optional(),
  input_files: z.array(z.looseObject({ name: z.string(), lane_path: z.string() })).optional(),
  output_files: z
    .array(z.looseObject({ name: z.string(), lane_path: z.string(), if_match: z.string().optional() }))
    .optional(),
});
const sdk_0_3_337_SDKControlMcpReadResourceRequest: z.ZodType = z.looseObject({
  subtype: z.literal('mcp_read_resource'),
  serverName: z.string(),
  uri: z.string(),
});
const sdk_0_3_337_SDKControlMcpReconnectRequest: z.ZodType = z.looseObject({
  subtype: z.literal('mcp_reconnect'),
  serverName: z.string(),
});
const sdk_0_3_337_SDKControlMcpSetServersRequest: z.ZodType = z.looseObject({
  subtype: z.literal('mcp_set_servers'),
  servers: z.record(z.string(), sdk_0_3_337_McpServerConfigForProcessTransport),
});
const sdk_0_3_337_SDKControlMcpStatusRequest: z.ZodType = z.looseObject({
  subtype: z.literal('mcp_status'),
  liveReply: z.boolean().optional(),
});
const sdk_0_3_337_SDKControlMcpToggleRequest: z.ZodType = z.looseObject({
  subtype: z.literal('mcp_toggle'),
  serverName: z.string(),
  enabled: z.boolean(),
});
const sdk_0_3_337_SDKControlReadFileRequest: z.ZodType = z.looseObject({
  subtype: z.literal('read_file'),
  path: z.string(),
  max_bytes: z.number().optional(),
  encoding: z.enum(['base64', 'utf-8']).optional(),
});
const sdk_0_3_337_SDKControlRegisterRepoRootRequest: z.ZodType = z.looseObject({
  subtype: z.literal('register_repo_root'),
  directory: z.string(),
  reload_claude_md: z.boolean().optional(),
  reload_plugins: z.boolean().optional(),
  reload_skills: z.boolean().optional(),
});
const sdk_0_3_337_SDKControlReloadOutputStylesRequest: z.ZodType = z.looseObject({
  subtype: z.literal('reload_output_styles'),
});
const sdk_0_3_337_SDKControlReloadPluginsRequest: z.ZodType = z.looseObject({
  subtype: z.literal('reload_plugins'),
  hold_on_cache_impact: z.boolean().optional(),
  add_plugins: z
    .array(
      z.looseObject({ type: z.literal('local'), path: z.string(), skipMcpDiscovery: z.boolean().optional() }),
    )
    .optional(),
  refuse_if_busy: z.boolean().optional(),
});
const sdk_0_3_337_SDKControlReloadSkillsRequest: z.ZodType = z.looseObject({
  subtype: z.literal('reload_skills'),
});
const sdk_0_3_337_SDKControlRenameSessionRequest: z.ZodType = z.looseObject({
  subtype: z.literal('rename_session'),
  title: z.string(),
  source: z.enum(['host', 'remote']).optional(),
  session_id: z.string().optional(),
});
const sdk_0_3_337_SDKControlSetPermissionModeRequest: z.ZodType = z.looseObject({
  subtype: z.literal('set_permission_mode'),
  mode: sdk_0_3_337_PermissionMode,
});
const sdk_0_3_337_SDKControlSetModelRequest: z.ZodType = z.looseObject({
  subtype: z.literal('set_model'),
  model: z.string().nullable().optional(),
});
const sdk_0_3_337_SDKControlSetMaxThinkingTokensRequest: z.ZodType = z.looseObject({
  subtype: z.literal('set_max_thinking_tokens'),
  max_thinking_tokens: z.number().nullable().optional(),
  thinking_display: z.enum(['highlights', 'omitted', 'summarized']).nullable().optional(),
});
const sdk_0_3_337_SDKControlSetColorRequest: z.ZodType = z.looseObject({
  subtype: z.literal('set_color'),
  color: z.string(),
});
const sdk_0_3_337_SDKControlRewindFilesRequest: z.ZodType = z.looseObject({
  subtype: z.literal('rewind_files'),
  user_message_id: z.string(),
  dry_run: z.boolean().optional(),
});
const sdk_0_3_337_SDKControlSeedReadStateRequest: z.ZodType = z.looseObject({
  subtype: z.literal('seed_read_state'),
  path: z.string(),
  mtime: z.number(),
});
const sdk_0_3_337_SDKControlSetHasSubscribersRequest: z.ZodType = z.looseObject({
  subtype: z.literal('set_has_subscribers'),
  has_subscribers: z.boolean().nullable(),
});
const sdk_0_3_337_SDKControlStopTaskRequest: z.ZodType = z.looseObject({
  subtype: z.literal('stop_task'),
  task_id: z.string(),
});
const sdk_0_3_337_SDKControlUpdateSettingsRequest: z.ZodType = z.looseObject({
  subtype: z.literal('update_settings'),
  source: z.enum(['localSettings', 'userSettings']),
  settings: z.record(z.string(), z.unknown()),
});
const sdk_0_3_337_SDKControlElicitationRequest: z.ZodType = z.looseObject({
  subtype: z.literal('elicitation'),
  mcp_server_name: z.string(),
  message: z.string(),
  mode: z.enum(['form', 'url']).optional(),
  url: z.string().optional(),
  elicitation_id: z.string().optional(),
  requested_schema: z.record(z.string(), z.unknown()).optional(),
  property_order: z.array(z.string()).optional(),
  title: z.string().optional(),
  display_name: z.string().optional(),
  description: z.string().optional(),
});
const sdk_0_3_337_JSONRPCMessage: z.ZodType = z.union([
  z.looseObject({
    method: z.string(),
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]),
    params: z
      .looseObject({
        _meta: z
          .looseObject({
            progressToken: z.union([z.string(), z.number()]).optional(),
            'io.modelcontextprotocol/related-task': z.looseObject({ taskId: z.string() }).optional(),
          })
          .optional(),
      })
      .optional(),
  }),
  z.looseObject({
    method: z.string(),
    jsonrpc: z.literal('2.0'),
    params: z
      .looseObject({
        _meta: z
          .looseObject({
            progressToken: z.union([z.string(), z.number()]).optional(),
            'io.modelcontextprotocol/related-task': z.looseObject({ taskId: z.string() }).optional(),
          })
          .optional(),
      })
      .optional(),
  }),
  z.looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]),
    result: z.looseObject({
      _meta: z
        .looseObject({
          progressToken: z.union([z.string(), z.number()]).optional(),
          'io.modelcontextprotocol/related-task': z.looseObject({ taskId: z.string() }).optional(),
        })
        .optional(),
    }),
  }),
  z.looseObject({
    jsonrpc: z.literal('2.0'),
    error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }),
    id: z.union([z.string(), z.number()]).optional(),
  }),
]);
const sdk_0_3_337_SDKControlMcpMessageRequest: z.ZodType = z.looseObject({
  subtype: z.literal('mcp_message'),
  server_name: z.string(),
  message: sdk_0_3_337_JSONRPCMessage,
});
const sdk_0_3_337_SDKControlPermissionRequest: z.ZodType = z.looseObject({
  subtype: z.literal('can_use_tool'),
  tool_name: z.string(),
  mcp_server: sdk_0_3_337_McpServerProvenance.optional(),
  input: z.record(z.string(), z.unknown()),
  permission_suggestions: z.array(sdk_0_3_337_PermissionUpdate).optional(),
  blocked_path: z.string().optional(),
  decision_reason: z.string().optional(),
  decision_reason_type: z
    .enum([
      'asyncAgent',
      'classifier',
      'hook',
      'mode',
      'other',
      'permissionPromptTool',
      'rule',
      'safetyCheck',
      'sandboxOverride',
      'subcommandResults',
      'workingDir',
    ])
    .optional(),
  classifier_approvable: z.boolean().optional(),
  suppress_always_allow_rule: z.boolean().optional(),
  default_to_no: z.boolean().optional(),
  matched_ask_rule: z
    .looseObject({ source: z.string(), tool_name: z.string(), rule_content: z.string().optional() })
    .optional(),
  title: z.string().optional(),
  display_name: z.string().optional(),
  tool_use_id: z.string(),
  agent_id: z.string().optional(),
  description: z.string().optional(),
  requires_user_interaction: z.boolean().optional(),
});
const sdk_0_3_337_ConfigChangeHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('ConfigChange'),
  source: z.enum(['local_settings', 'policy_settings', 'project_settings', 'skills', 'user_settings']),
  file_path: z.string().optional(),
});
const sdk_0_3_337_CwdChangedHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('CwdChanged'),
  old_cwd: z.string(),
  new_cwd: z.string(),
});
const sdk_0_3_337_ElicitationHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('Elicitation'),
  mcp_server_name: z.string(),
  message: z.string(),
  mode: z.enum(['form', 'url']).optional(),
  url: z.string().optional(),
  elicitation_id: z.string().optional(),
  requested_schema: z.record(z.string(), z.unknown()).optional(),
});
const sdk_0_3_337_ElicitationResultHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('ElicitationResult'),
  mcp_server_name: z.string(),
  elicitation_id: z.string().optional(),
  mode: z.enum(['form', 'url']).optional(),
  action: z.enum(['accept', 'cancel', 'decline']),
  content: z.record(z.string(), z.unknown()).optional(),
});
const sdk_0_3_337_FileChangedHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('FileChanged'),
  file_path: z.string(),
  event: z.enum(['add', 'change', 'unlink']),
});
const sdk_0_3_337_PreToolUseHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PreToolUse'),
  tool_name: z.string(),
  tool_input: z.unknown(),
  tool_use_id: z.string(),
  mcp_server: sdk_0_3_337_McpServerProvenance.optional(),
});
const sdk_0_3_337_PostToolUseHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PostToolUse'),
  tool_name: z.string(),
  tool_input: z.unknown(),
  tool_response: z.unknown(),
  tool_use_id: z.string(),
  duration_ms: z.number().optional(),
  mcp_server: sdk_0_3_337_McpServerProvenance.optional(),
});
const sdk_0_3_337_PostToolUseFailureHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PostToolUseFailure'),
  tool_name: z.string(),
  tool_input: z.unknown(),
  tool_use_id: z.string(),
  error: z.string(),
  is_interrupt: z.boolean().optional(),
  duration_ms: z.number().optional(),
  mcp_server: sdk_0_3_337_McpServerProvenance.optional(),
});
const sdk_0_3_337_PostToolBatchHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PostToolBatch'),
  tool_calls: z.array(
    z.looseObject({
      tool_name: z.string(),
      tool_input: z.unknown(),
      tool_use_id: z.string(),
      tool_response: z.unknown().optional(),
    }),
  ),
});
const sdk_0_3_337_PermissionDeniedHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PermissionDenied'),
  tool_name: z.string(),
  tool_input: z.unknown(),
  tool_use_id: z.string(),
  reason: z.string(),
  mcp_server: sdk_0_3_337_McpServerProvenance.optional(),
});
const sdk_0_3_337_NotificationHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('Notification'),
  message: z.string(),
  title: z.string().optional(),
  notification_type: z.string(),
});
const sdk_0_3_337_UserPromptSubmitHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('UserPromptSubmit'),
  prompt: z.string(),
  source: z.enum(['loop_wakeup', 'poll_event', 'schedule_wakeup', 'sdk', 'system', 'user']).optional(),
  session_title: z.string().optional(),
});
const sdk_0_3_337_UserPromptExpansionHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('UserPromptExpansion'),
  expansion_type: z.enum(['mcp_prompt', 'slash_command']),
  command_name: z.string(),
  command_args: z.string(),
  command_source: z.string().optional(),
  prompt: z.string(),
});
const sdk_0_3_337_SessionStartHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('SessionStart'),
  source: z.enum(['clear', 'compact', 'fork', 'resume', 'startup']),
  model: z.string().optional(),
  session_title: z.string().optional(),
  seconds_since_last_response: z.number().optional(),
  context_tokens: z.number().optional(),
  prompt_cache_likely_expired: z.boolean().optional(),
  estimated_cache_write_usd: z.number().optional(),
});
const sdk_0_3_337_ExitReason: z.ZodType = z.enum(['clear', 'logout', 'other', 'prompt_input_exit', 'resume']);
const sdk_0_3_337_SessionEndHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('SessionEnd'),
  reason: sdk_0_3_337_ExitReason,
});
const sdk_0_3_337_StopHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('Stop'),
  stop_hook_active: z.boolean(),
  last_assistant_message: z.string().optional(),
  background_tasks: z
    .array(
      z.looseObject({
        id: z.string(),
        type: z.string(),
        status: z.string(),
        description: z.string(),
        command: z.string().optional(),
        agent_type: z.string().optional(),
        server: z.string().optional(),
        tool: z.string().optional(),
        name: z.string().optional(),
      }),
    )
    .optional(),
  session_crons: z
    .array(
      z.looseObject({ id: z.string(), schedule: z.string(), recurring: z.boolean(), prompt: z.string() }),
    )
    .optional(),
});
const sdk_0_3_337_StopFailureHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('StopFailure'),
  error: z.enum([
    'account_on_hold',
    'authentication_failed',
    'billing_error',
    'cloud_credential_error',
    'invalid_request',
    'max_output_tokens',
    'model_not_found',
    'oauth_org_not_allowed',
    'overloaded',
    'rate_limit',
    'server_error',
    'unknown',
    'verification_required',
  ]),
  error_details: z.string().optional(),
  last_assistant_message: z.string().optional(),
});
const sdk_0_3_337_SubagentStartHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string(),
  agent_type: z.string(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('SubagentStart'),
});
const sdk_0_3_337_SubagentStopHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string(),
  agent_type: z.string(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('SubagentStop'),
  stop_hook_active: z.boolean(),
  agent_transcript_path: z.string(),
  last_assistant_message: z.string().optional(),
  background_tasks: z
    .array(
      z.looseObject({
        id: z.string(),
        type: z.string(),
        status: z.string(),
        description: z.string(),
        command: z.string().optional(),
        agent_type: z.string().optional(),
        server: z.string().optional(),
        tool: z.string().optional(),
        name: z.string().optional(),
      }),
    )
    .optional(),
  session_crons: z
    .array(
      z.looseObject({ id: z.string(), schedule: z.string(), recurring: z.boolean(), prompt: z.string() }),
    )
    .optional(),
});
const sdk_0_3_337_PreCompactHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PreCompact'),
  trigger: z.enum(['auto', 'manual']),
  custom_instructions: z.string().nullable(),
});
const sdk_0_3_337_PostCompactHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PostCompact'),
  trigger: z.enum(['auto', 'manual']),
  compact_summary: z.string(),
});
const sdk_0_3_337_PermissionRequestHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('PermissionRequest'),
  tool_name: z.string(),
  tool_input: z.unknown(),
  permission_suggestions: z.array(sdk_0_3_337_PermissionUpdate).optional(),
  mcp_server: sdk_0_3_337_McpServerProvenance.optional(),
});
const sdk_0_3_337_SetupHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('Setup'),
  trigger: z.enum(['init', 'maintenance']),
});
const sdk_0_3_337_TeammateIdleHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('TeammateIdle'),
  teammate_name: z.string(),
  team_name: z.string(),
});
const sdk_0_3_337_TaskCreatedHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('TaskCreated'),
  task_id: z.string(),
  task_subject: z.string(),
  task_description: z.string().optional(),
  teammate_name: z.string().optional(),
  team_name: z.string().optional(),
});
const sdk_0_3_337_TaskCompletedHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('TaskCompleted'),
  task_id: z.string(),
  task_subject: z.string(),
  task_description: z.string().optional(),
  teammate_name: z.string().optional(),
  team_name: z.string().optional(),
});
const sdk_0_3_337_InstructionsLoadedHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('InstructionsLoaded'),
  file_path: z.string(),
  memory_type: z.enum(['Local', 'Managed', 'Project', 'User']),
  load_reason: z.enum(['compact', 'include', 'nested_traversal', 'path_glob_match', 'session_start']),
  globs: z.array(z.string()).optional(),
  trigger_file_path: z.string().optional(),
  parent_file_path: z.string().optional(),
});
const sdk_0_3_337_WorktreeCreateHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('WorktreeCreate'),
  name: z.string(),
});
const sdk_0_3_337_WorktreeRemoveHookInput: z.ZodType = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
  hook_event_name: z.literal('WorktreeRemove'),
  worktree_path: z.string(),
});
const sdk_0_3_337_HookInput: z.ZodType = z.union([
  sdk_0_3_337_ConfigChangeHookInput,
  sdk_0_3_337_CwdChangedHookInput,
  sdk_0_3_337_DirectoryAddedHookInput,
  sdk_0_3_337_ElicitationHookInput,
  sdk_0_3_337_ElicitationResultHookInput,
  sdk_0_3_337_FileChangedHookInput,
  sdk_0_3_337_PreToolUseHookInput,
  sdk_0_3_337_PostToolUseHookInput,
  sdk_0_3_337_PostToolUseFailureHookInput,
  sdk_0_3_337_PostToolBatchHookInput,
  sdk_0_3_337_PermissionDeniedHookInput,
  sdk_0_3_337_NotificationHookInput,
  sdk_0_3_337_UserPromptSubmitHookInput,
  sdk_0_3_337_UserPromptExpansionHookInput,
  sdk_0_3_337_SessionStartHookInput,
  sdk_0_3_337_SessionEndHookInput,
  sdk_0_3_337_StopHookInput,
  sdk_0_3_337_StopFailureHookInput,
  sdk_0_3_337_InterruptHookInput,
  sdk_0_3_337_SubagentStartHookInput,
  sdk_0_3_337_SubagentStopHookInput,
  sdk_0_3_337_PreCompactHookInput,
  sdk_0_3_337_PostCompactHookInput,
  sdk_0_3_337_PreModelSwitchHookInput,
  sdk_0_3_337_PostModelSwitchHookInput,
  sdk_0_3_337_PermissionRequestHookInput,
  sdk_0_3_337_SetupHookInput,
  sdk_0_3_337_TeammateIdleHookInput,
  sdk_0_3_337_TaskCreatedHookInput,
  sdk_0_3_337_TaskCompletedHookInput,
  sdk_0_3_337_InstructionsLoadedHookInput,
  sdk_0_3_337_WorktreeCreateHookInput,
  sdk_0_3_337_WorktreeRemoveHookInput,
  sdk_0_3_337_MessageDisplayHookInput,
  sdk_0_3_337_PreSkillShellCommandHookInput,
]);
const sdk_0_3_337_SDKHookCallbackRequest: z.ZodType = z.looseObject({
  subtype: z.literal('hook_callback'),
  callback_id: z.string(),
  input: sdk_0_3_337_HookInput,
  tool_use_id: z.string().optional(),
});
const sdk_0_3_337_SDKControlRequestUserDialogRequest: z.ZodType = z.looseObject({
  subtype: z.literal('request_user_dialog'),
  dialog_kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  tool_use_id: z.string().optional(),
});
const sdk_0_3_337_SDKControlRequestInner: z.ZodType = z.union([
  sdk_0_3_337_SDKControlApplyFlagSettingsRequest,
  sdk_0_3_337_SDKControlBackgroundTasksRequest,
  sdk_0_3_337_SDKControlCancelAsyncMessageRequest,
  sdk_0_3_337_SDKControlElicitationRequest,
  sdk_0_3_337_SDKControlFileSuggestionsRequest,
  sdk_0_3_337_SDKControlGetBinaryVersionRequest,
  sdk_0_3_337_SDKControlGetContextUsageRequest,
  sdk_0_3_337_SDKControlGetHooksListingRequest,
  sdk_0_3_337_SDKControlGetSessionCostRequest,
  sdk_0_3_337_SDKControlGetSettingsRequest,
  sdk_0_3_337_SDKControlGetTaskOutputRequest,
  sdk_0_3_337_SDKControlGetUsageRequest,
  sdk_0_3_337_SDKControlInitializeRequest,
  sdk_0_3_337_SDKControlInterruptRequest,
  sdk_0_3_337_SDKControlListModelsRequest,
  sdk_0_3_337_SDKControlListPermissionRulesRequest,
  sdk_0_3_337_SDKControlMcpCallRequest,
  sdk_0_3_337_SDKControlMcpMessageRequest,
  sdk_0_3_337_SDKControlMcpReadResourceRequest,
  sdk_0_3_337_SDKControlMcpReconnectRequest,
  sdk_0_3_337_SDKControlMcpSetServersRequest,
  sdk_0_3_337_SDKControlMcpStatusRequest,
  sdk_0_3_337_SDKControlMcpToggleRequest,
  sdk_0_3_337_SDKControlPermissionRequest,
  sdk_0_3_337_SDKControlReadFileRequest,
  sdk_0_3_337_SDKControlRegisterRepoRootRequest,
  sdk_0_3_337_SDKControlReloadOutputStylesRequest,
  sdk_0_3_337_SDKControlReloadPluginsRequest,
  sdk_0_3_337_SDKControlReloadSkillsRequest,
  sdk_0_3_337_SDKControlRenameSessionRequest,
  sdk_0_3_337_SDKControlSetPermissionModeRequest,
  sdk_0_3_337_SDKControlSetModelRequest,
  sdk_0_3_337_SDKControlSetMaxThinkingTokensRequest,
  sdk_0_3_337_SDKControlSetColorRequest,
  sdk_0_3_337_SDKHookCallbackRequest,
  sdk_0_3_337_SDKControlRewindFilesRequest,
  sdk_0_3_337_SDKControlSeedReadStateRequest,
  sdk_0_3_337_SDKControlSetHasSubscribersRequest,
  sdk_0_3_337_SDKControlStopTaskRequest,
  sdk_0_3_337_SDKControlUpdateSettingsRequest,
  sdk_0_3_337_SDKControlRequestUserDialogRequest,
]);
const sdk_0_3_337_SDKStartupFailureReason: z.ZodType = z.enum([
  'bypass_root',
  'cli_version_too_old',
  'config_file_invalid',
  'consumer_terms_accept_on_web',
  'consumer_terms_review_in_terminal',
  'cwd_unavailable',
  'gateway_access_denied',
  'gateway_signin_required',
  'initialize_fields_not_delivered',
  'initialize_not_first',
  'managed_settings_invalid',
  'managed_settings_not_delivered',
  'org_config_refused',
  'org_config_required_unavailable',
  'org_pin_api_key_conflict',
  'org_pin_mismatch',
  'org_signin_ended',
  'org_verify_failed',
  'provider_not_allowed',
  'proxy_invalid',
  'remote_settings_required_unavailable',
  'resume_target_not_found',
  'sandbox_required_unavailable',
  'session_held_by_background',
  'shell_tool_missing',
  'sideload_flags_disabled',
  'temp_dir_unusable',
  'worktree_resume_refused',
  'worktree_unverified',
]);
const sdk_0_3_337_BashCodeExecutionOutputBlockParam: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('bash_code_execution_output'),
});
const sdk_0_3_337_BashCodeExecutionResultBlockParam: z.ZodType = z.looseObject({
  content: z.array(sdk_0_3_337_BashCodeExecutionOutputBlockParam),
  return_code: z.number(),
  stderr: z.string(),
  stdout: z.string(),
  type: z.literal('bash_code_execution_result'),
});
const sdk_0_3_337_BashCodeExecutionToolResultErrorCode: z.ZodType = z.enum([
  'execution_time_exceeded',
  'invalid_tool_input',
  'output_file_too_large',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_337_BashCodeExecutionToolResultErrorParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_337_BashCodeExecutionToolResultErrorCode,
  type: z.literal('bash_code_execution_tool_result_error'),
});
const sdk_0_3_337_CacheControlEphemeral: z.ZodType = z.looseObject({
  type: z.literal('ephemeral'),
  ttl: z.enum(['1h', '5m']).optional(),
});
const sdk_0_3_337_BashCodeExecutionToolResultBlockParam: z.ZodType = z.looseObject({
  content: z.union([
    sdk_0_3_337_BashCodeExecutionResultBlockParam,
    sdk_0_3_337_BashCodeExecutionToolResultErrorParam,
  ]),
  tool_use_id: z.string(),
  type: z.literal('bash_code_execution_tool_result'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_337_CodeExecutionOutputBlockParam: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('code_execution_output'),
});
const sdk_0_3_337_CodeExecutionResultBlockParam: z.ZodType = z.looseObject({
  content: z.array(sdk_0_3_337_CodeExecutionOutputBlockParam),
  return_code: z.number(),
  stderr: z.string(),
  stdout: z.string(),
  type: z.literal('code_execution_result'),
});
const sdk_0_3_337_CodeExecutionToolResultErrorCode: z.ZodType = z.enum([
  'execution_time_exceeded',
  'invalid_tool_input',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_337_CodeExecutionToolResultErrorParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_337_CodeExecutionToolResultErrorCode,
  type: z.literal('code_execution_tool_result_error'),
});
const sdk_0_3_337_EncryptedCodeExecutionResultBlockParam: z.ZodType = z.looseObject({
  content: z.array(sdk_0_3_337_CodeExecutionOutputBlockParam),
  encrypted_stdout: z.string(),
  return_code: z.number(),
  stderr: z.string(),
  type: z.literal('encrypted_code_execution_result'),
});
const sdk_0_3_337_CodeExecutionToolResultBlockParamContent: z.ZodType = z.union([
  sdk_0_3_337_CodeExecutionResultBlockParam,
  sdk_0_3_337_CodeExecutionToolResultErrorParam,
  sdk_0_3_337_EncryptedCodeExecutionResultBlockParam,
]);
const sdk_0_3_337_CodeExecutionToolResultBlockParam: z.ZodType = z.looseObject({
  content: sdk_0_3_337_CodeExecutionToolResultBlockParamContent,
  tool_use_id: z.string(),
  type: z.literal('code_execution_tool_result'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_337_ContainerUploadBlockParam: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('container_upload'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_337_CitationCharLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  document_index: z.number(),
  document_title: z.string().nullable(),
  end_char_index: z.number(),
  start_char_index: z.number(),
  type: z.literal('char_location'),
});
const sdk_0_3_337_CitationContentBlockLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  document_index: z.number(),
  document_title: z.string().nullable(),
  end_block_index: z.number(),
  start_block_index: z.number(),
  type: z.literal('content_block_location'),
});
const sdk_0_3_337_CitationPageLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  document_index: z.number(),
  document_title: z.string().nullable(),
  end_page_number: z.number(),
  start_page_number: z.number(),
  type: z.literal('page_location'),
});
const sdk_0_3_337_CitationSearchResultLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  end_block_index: z.number(),
  search_result_index: z.number(),
  source: z.string(),
  start_block_index: z.number(),
  title: z.string().nullable(),
  type: z.literal('search_result_location'),
});
const sdk_0_3_337_CitationWebSearchResultLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  encrypted_index: z.string(),
  title: z.string().nullable(),
  type: z.literal('web_search_result_location'),
  url: z.string(),
});
const sdk_0_3_337_TextCitationParam: z.ZodType = z.union([
  sdk_0_3_337_CitationCharLocationParam,
  sdk_0_3_337_CitationContentBlockLocationParam,
  sdk_0_3_337_CitationPageLocationParam,
  sdk_0_3_337_CitationSearchResultLocationParam,
  sdk_0_3_337_CitationWebSearchResultLocationParam,
]);
const sdk_0_3_337_TextBlockParam: z.ZodType = z.looseObject({
  text: z.string(),
  type: z.literal('text'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  citations: z.array(sdk_0_3_337_TextCitationParam).nullable().optional(),
});
const sdk_0_3_337_Base64ImageSource: z.ZodType = z.looseObject({
  data: z.string(),
  media_type: z.enum(['image/gif', 'image/jpeg', 'image/png', 'image/webp']),
  type: z.literal('base64'),
});
const sdk_0_3_337_FileImageSource: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('file'),
});
const sdk_0_3_337_URLImageSource: z.ZodType = z.looseObject({ type: z.literal('url'), url: z.string() });
const sdk_0_3_337_ImageTransformationsParam: z.ZodType = z.looseObject({
  oversized_image: z.enum(['downsize', 'error']).optional(),
});
const sdk_0_3_337_ImageBlockParam: z.ZodType = z.looseObject({
  source: z.union([sdk_0_3_337_Base64ImageSource, sdk_0_3_337_FileImageSource, sdk_0_3_337_URLImageSource]),
  type: z.literal('image'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  transformations: sdk_0_3_337_ImageTransformationsParam.nullable().optional(),
});
const sdk_0_3_337_Base64PDFSource: z.ZodType = z.looseObject({
  data: z.string(),
  media_type: z.literal('application/pdf'),
  type: z.literal('base64'),
});
const sdk_0_3_337_ContentBlockSourceContent: z.ZodType = z.union([
  sdk_0_3_337_TextBlockParam,
  sdk_0_3_337_ImageBlockParam,
]);
const sdk_0_3_337_ContentBlockSource: z.ZodType = z.looseObject({
  content: z.union([z.array(sdk_0_3_337_ContentBlockSourceContent), z.string()]),
  type: z.literal('content'),
});
const sdk_0_3_337_FileDocumentSource: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('file'),
});
const sdk_0_3_337_PlainTextSource: z.ZodType = z.looseObject({
  data: z.string(),
  media_type: z.literal('text/plain'),
  type: z.literal('text'),
});
const sdk_0_3_337_URLPDFSource: z.ZodType = z.looseObject({ type: z.literal('url'), url: z.string() });
const sdk_0_3_337_CitationsConfigParam: z.ZodType = z.looseObject({ enabled: z.boolean().optional() });
const sdk_0_3_337_DocumentBlockParam: z.ZodType = z.looseObject({
  source: z.union([
    sdk_0_3_337_Base64PDFSource,
    sdk_0_3_337_ContentBlockSource,
    sdk_0_3_337_FileDocumentSource,
    sdk_0_3_337_PlainTextSource,
    sdk_0_3_337_URLPDFSource,
  ]),
  type: z.literal('document'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  citations: sdk_0_3_337_CitationsConfigParam.nullable().optional(),
  context: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
});
const sdk_0_3_337_SearchResultBlockParam: z.ZodType = z.looseObject({
  content: z.array(sdk_0_3_337_TextBlockParam),
  source: z.string(),
  title: z.string(),
  type: z.literal('search_result'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  citations: sdk_0_3_337_CitationsConfigParam.optional(),
});
const sdk_0_3_337_ThinkingBlockParam: z.ZodType = z.looseObject({
  signature: z.string(),
  thinking: z.string(),
  type: z.literal('thinking'),
});
const sdk_0_3_337_RedactedThinkingBlockParam: z.ZodType = z.looseObject({
  data: z.string(),
  type: z.literal('redacted_thinking'),
});
const sdk_0_3_337_DirectCaller: z.ZodType = z.looseObject({ type: z.literal('direct') });
const sdk_0_3_337_ServerToolCaller: z.ZodType = z.looseObject({
  tool_id: z.string(),
  type: z.literal('code_execution_20250825'),
});
const sdk_0_3_337_ServerToolCaller20260120: z.ZodType = z.looseObject({
  tool_id: z.string(),
  type: z.literal('code_execution_20260120'),
});
const sdk_0_3_337_ToolUseBlockParam: z.ZodType = z.looseObject({
  id: z.string(),
  input: z.unknown(),
  name: z.string(),
  type: z.literal('tool_use'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  caller: z
    .union([sdk_0_3_337_DirectCaller, sdk_0_3_337_ServerToolCaller, sdk_0_3_337_ServerToolCaller20260120])
    .optional(),
  toolset_name: z.string().nullable().optional(),
});
const sdk_0_3_337_BrowserStateTabEntry: z.ZodType = z.looseObject({
  tab_id: z.string(),
  title: z.string(),
  url: z.string(),
  active: z.boolean().optional(),
});
const sdk_0_3_337_BrowserStateChangeTabOpened: z.ZodType = z.looseObject({
  tab_id: z.string(),
  type: z.literal('tab_opened'),
});
const sdk_0_3_337_BrowserStateChangeDownloadStarted: z.ZodType = z.looseObject({
  download_id: z.string(),
  type: z.literal('download_started'),
  url: z.string(),
});
const sdk_0_3_337_BrowserStateChangeDownloadCompleted: z.ZodType = z.looseObject({
  download_id: z.string(),
  type: z.literal('download_completed'),
  url: z.string(),
  path: z.string().nullable().optional(),
  size_bytes: z.number().nullable().optional(),
});
const sdk_0_3_337_BrowserStateChangeDownloadFailed: z.ZodType = z.looseObject({
  download_id: z.string(),
  type: z.literal('download_failed'),
  url: z.string(),
  error: z.string().nullable().optional(),
});
const sdk_0_3_337_BrowserStateChange: z.ZodType = z.union([
  sdk_0_3_337_BrowserStateChangeTabOpened,
  sdk_0_3_337_BrowserStateChangeDownloadStarted,
  sdk_0_3_337_BrowserStateChangeDownloadCompleted,
  sdk_0_3_337_BrowserStateChangeDownloadFailed,
]);
const sdk_0_3_337_BrowserStateBlockParam: z.ZodType = z.looseObject({
  tabs: z.array(sdk_0_3_337_BrowserStateTabEntry),
  type: z.literal('browser_state'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  state_changes: z.array(sdk_0_3_337_BrowserStateChange).nullable().optional(),
});
const sdk_0_3_337_ToolReferenceBlockParam: z.ZodType = z.looseObject({
  tool_name: z.string(),
  type: z.literal('tool_reference'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_337_ToolResultBlockParam: z.ZodType = z.looseObject({
  tool_use_id: z.string(),
  type: z.literal('tool_result'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  content: z
    .union([
      z.array(
        z.union([
          sdk_0_3_337_BrowserStateBlockParam,
          sdk_0_3_337_TextBlockParam,
          sdk_0_3_337_ImageBlockParam,
          sdk_0_3_337_DocumentBlockParam,
          sdk_0_3_337_SearchResultBlockParam,
          sdk_0_3_337_ToolReferenceBlockParam,
        ]),
      ),
      z.string(),
    ])
    .optional(),
  is_error: z.boolean().optional(),
  toolset_name: z.string().nullable().optional(),
});
const sdk_0_3_337_ServerToolUseBlockParam: z.ZodType = z.looseObject({
  id: z.string(),
  input: z.unknown(),
  name: z.enum([
    'bash_code_execution',
    'code_execution',
    'text_editor_code_execution',
    'tool_search_tool_bm25',
    'tool_search_tool_regex',
    'web_fetch',
    'web_search',
  ]),
  type: z.literal('server_tool_use'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  caller: z
    .union([sdk_0_3_337_DirectCaller, sdk_0_3_337_ServerToolCaller, sdk_0_3_337_ServerToolCaller20260120])
    .optional(),
});
const sdk_0_3_337_WebSearchToolResultErrorCode: z.ZodType = z.enum([
  'invalid_tool_input',
  'max_uses_exceeded',
  'query_too_long',
  'request_too_large',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_337_WebSearchToolRequestErrorObject: z.ZodType = z.looseObject({
  error_code: sdk_0_3_337_WebSearchToolResultErrorCode,
  type: z.literal('web_search_tool_result_error'),
});
const sdk_0_3_337_WebSearchResultBlockParam: z.ZodType = z.looseObject({
  encrypted_content: z.string(),
  title: z.string(),
  type: z.literal('web_search_result'),
  url: z.string(),
  page_age: z.string().nullable().optional(),
});
const sdk_0_3_337_WebSearchToolResultBlockParamContent: z.ZodType = z.union([
  sdk_0_3_337_WebSearchToolRequestErrorObject,
  z.array(sdk_0_3_337_WebSearchResultBlockParam),
]);
const sdk_0_3_337_WebSearchToolResultBlockParam: z.ZodType = z.looseObject({
  content: sdk_0_3_337_WebSearchToolResultBlockParamContent,
  tool_use_id: z.string(),
  type: z.literal('web_search_tool_result'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  caller: z
    .union([sdk_0_3_337_DirectCaller, sdk_0_3_337_ServerToolCaller, sdk_0_3_337_ServerToolCaller20260120])
    .optional(),
});
const sdk_0_3_337_WebFetchBlockParam: z.ZodType = z.looseObject({
  content: sdk_0_3_337_DocumentBlockParam,
  type: z.literal('web_fetch_result'),
  url: z.string(),
  retrieved_at: z.string().nullable().optional(),
});
const sdk_0_3_337_WebFetchToolResultErrorCode: z.ZodType = z.enum([
  'content_too_large',
  'invalid_tool_input',
  'max_uses_exceeded',
  'too_many_requests',
  'unavailable',
  'unsupported_content_type',
  'url_not_accessible',
  'url_not_allowed',
  'url_not_in_prior_context',
  'url_too_long',
]);
const sdk_0_3_337_WebFetchToolResultErrorBlockParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_337_WebFetchToolResultErrorCode,
  type: z.literal('web_fetch_tool_result_error'),
});
const sdk_0_3_337_WebFetchToolResultBlockParam: z.ZodType = z.looseObject({
  content: z.union([sdk_0_3_337_WebFetchBlockParam, sdk_0_3_337_WebFetchToolResultErrorBlockParam]),
  tool_use_id: z.string(),
  type: z.literal('web_fetch_tool_result'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
  caller: z
    .union([sdk_0_3_337_DirectCaller, sdk_0_3_337_ServerToolCaller, sdk_0_3_337_ServerToolCaller20260120])
    .optional(),
});
const sdk_0_3_337_TextEditorCodeExecutionCreateResultBlockParam: z.ZodType = z.looseObject({
  is_file_update: z.boolean(),
  type: z.literal('text_editor_code_execution_create_result'),
});
const sdk_0_3_337_TextEditorCodeExecutionStrReplaceResultBlockParam: z.ZodType = z.looseObject({
  type: z.literal('text_editor_code_execution_str_replace_result'),
  lines: z.array(z.string()).nullable().optional(),
  new_lines: z.number().nullable().optional(),
  new_start: z.number().nullable().optional(),
  old_lines: z.number().nullable().optional(),
  old_start: z.number().nullable().optional(),
});
const sdk_0_3_337_TextEditorCodeExecutionToolResultErrorCode: z.ZodType = z.enum([
  'execution_time_exceeded',
  'file_not_found',
  'invalid_tool_input',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_337_TextEditorCodeExecutionToolResultErrorParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_337_TextEditorCodeExecutionToolResultErrorCode,
  type: z.literal('text_editor_code_execution_tool_result_error'),
  error_message: z.string().nullable().optional(),
});
const sdk_0_3_337_TextEditorCodeExecutionViewResultBlockParam: z.ZodType = z.looseObject({
  content: z.string(),
  file_type: z.enum(['image', 'pdf', 'text']),
  type: z.literal('text_editor_code_execution_view_result'),
  num_lines: z.number().nullable().optional(),
  start_line: z.number().nullable().optional(),
  total_lines: z.number().nullable().optional(),
});
const sdk_0_3_337_TextEditorCodeExecutionToolResultBlockParam: z.ZodType = z.looseObject({
  content: z.union([
    sdk_0_3_337_TextEditorCodeExecutionCreateResultBlockParam,
    sdk_0_3_337_TextEditorCodeExecutionStrReplaceResultBlockParam,
    sdk_0_3_337_TextEditorCodeExecutionToolResultErrorParam,
    sdk_0_3_337_TextEditorCodeExecutionViewResultBlockParam,
  ]),
  tool_use_id: z.string(),
  type: z.literal('text_editor_code_execution_tool_result'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_337_ToolSearchToolResultErrorCode: z.ZodType = z.enum([
  'execution_time_exceeded',
  'invalid_tool_input',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_337_ToolSearchToolResultErrorParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_337_ToolSearchToolResultErrorCode,
  type: z.literal('tool_search_tool_result_error'),
  error_message: z.string().nullable().optional(),
});
const sdk_0_3_337_ToolSearchToolSearchResultBlockParam: z.ZodType = z.looseObject({
  tool_references: z.array(sdk_0_3_337_ToolReferenceBlockParam),
  type: z.literal('tool_search_tool_search_result'),
});
const sdk_0_3_337_ToolSearchToolResultBlockParam: z.ZodType = z.looseObject({
  content: z.union([
    sdk_0_3_337_ToolSearchToolResultErrorParam,
    sdk_0_3_337_ToolSearchToolSearchResultBlockParam,
  ]),
  tool_use_id: z.string(),
  type: z.literal('tool_search_tool_result'),
  cache_control: sdk_0_3_337_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_337_ContentBlockParam: z.ZodType = z.union([
  sdk_0_3_337_BashCodeExecutionToolResultBlockParam,
  sdk_0_3_337_CodeExecutionToolResultBlockParam,
  sdk_0_3_337_ContainerUploadBlockParam,
  sdk_0_3_337_TextBlockParam,
  sdk_0_3_337_ImageBlockParam,
  sdk_0_3_337_DocumentBlockParam,
  sdk_0_3_337_SearchResultBlockParam,
  sdk_0_3_337_ThinkingBlockParam,
  sdk_0_3_337_RedactedThinkingBlockParam,
  sdk_0_3_337_ToolUseBlockParam,
  sdk_0_3_337_ToolResultBlockParam,
  sdk_0_3_337_ServerToolUseBlockParam,
  sdk_0_3_337_WebSearchToolResultBlockParam,
  sdk_0_3_337_WebFetchToolResultBlockParam,
  sdk_0_3_337_TextEditorCodeExecutionToolResultBlockParam,
  sdk_0_3_337_ToolSearchToolResultBlockParam,
]);
const sdk_0_3_337_BetaFallbackCreditNotApplied: z.ZodType = z.looseObject({
  reason: z.enum([
    'body_mismatch',
    'continuation_excluded',
    'continuation_only',
    'expired',
    'invalid_target_model',
    'not_enabled',
    'reprice_unavailable',
    'temporarily_unavailable',
    'variant_fields_present',
    'wrong_organization',
    'wrong_platform',
    'wrong_workspace',
  ]),
  type: z.literal('not_applied'),
  remove_to_redeem: z.array(z.string()).nullable().optional(),
});
const sdk_0_3_337_BetaFallbackCreditRedeemed: z.ZodType = z.looseObject({ type: z.literal('redeemed') });

/** The SDK types these amendments use, by their SDK names: `$defs` of the generated JSON Schemas. */
export const sdkNamed: ReadonlyArray<readonly [z.ZodType, string]> = [
  [sdk_0_3_337_DirectoryAddedHookInput, 'DirectoryAddedHookInput'],
  [sdk_0_3_337_McpServerProvenance, 'McpServerProvenance'],
  [sdk_0_3_337_InterruptHookInput, 'InterruptHookInput'],
  [sdk_0_3_337_PreModelSwitchHookInput, 'PreModelSwitchHookInput'],
  [sdk_0_3_337_PostModelSwitchHookInput, 'PostModelSwitchHookInput'],
  [sdk_0_3_337_MessageDisplayHookInput, 'MessageDisplayHookInput'],
  [sdk_0_3_337_PreSkillShellCommandHookInput, 'PreSkillShellCommandHookInput'],
  [sdk_0_3_337_CwdChangedHookSpecificOutput, 'CwdChangedHookSpecificOutput'],
  [sdk_0_3_337_ElicitationHookSpecificOutput, 'ElicitationHookSpecificOutput'],
  [sdk_0_3_337_ElicitationResultHookSpecificOutput, 'ElicitationResultHookSpecificOutput'],
  [sdk_0_3_337_FileChangedHookSpecificOutput, 'FileChangedHookSpecificOutput'],
  [sdk_0_3_337_MessageDisplayHookSpecificOutput, 'MessageDisplayHookSpecificOutput'],
  [sdk_0_3_337_NotificationHookSpecificOutput, 'NotificationHookSpecificOutput'],
  [sdk_0_3_337_PermissionDeniedHookSpecificOutput, 'PermissionDeniedHookSpecificOutput'],
  [sdk_0_3_337_PermissionBehavior, 'PermissionBehavior'],
  [sdk_0_3_337_PermissionUpdateDestination, 'PermissionUpdateDestination'],
  [sdk_0_3_337_PermissionMode, 'PermissionMode'],
  [sdk_0_3_337_PermissionUpdate, 'PermissionUpdate'],
  [sdk_0_3_337_PermissionRequestHookSpecificOutput, 'PermissionRequestHookSpecificOutput'],
  [sdk_0_3_337_PostModelSwitchHookSpecificOutput, 'PostModelSwitchHookSpecificOutput'],
  [sdk_0_3_337_PostToolBatchHookSpecificOutput, 'PostToolBatchHookSpecificOutput'],
  [sdk_0_3_337_PostToolUseFailureHookSpecificOutput, 'PostToolUseFailureHookSpecificOutput'],
  [sdk_0_3_337_PostToolUseHookSpecificOutput, 'PostToolUseHookSpecificOutput'],
  [sdk_0_3_337_PreModelSwitchHookSpecificOutput, 'PreModelSwitchHookSpecificOutput'],
  [sdk_0_3_337_HookPermissionDecision, 'HookPermissionDecision'],
  [sdk_0_3_337_PreSkillShellCommandHookSpecificOutput, 'PreSkillShellCommandHookSpecificOutput'],
  [sdk_0_3_337_PreToolUseHookSpecificOutput, 'PreToolUseHookSpecificOutput'],
  [sdk_0_3_337_SessionStartHookSpecificOutput, 'SessionStartHookSpecificOutput'],
  [sdk_0_3_337_SetupHookSpecificOutput, 'SetupHookSpecificOutput'],
  [sdk_0_3_337_StopHookSpecificOutput, 'StopHookSpecificOutput'],
  [sdk_0_3_337_SubagentStartHookSpecificOutput, 'SubagentStartHookSpecificOutput'],
  [sdk_0_3_337_SubagentStopHookSpecificOutput, 'SubagentStopHookSpecificOutput'],
  [sdk_0_3_337_UserPromptExpansionHookSpecificOutput, 'UserPromptExpansionHookSpecificOutput'],
  [sdk_0_3_337_UserPromptSubmitHookSpecificOutput, 'UserPromptSubmitHookSpecificOutput'],
  [sdk_0_3_337_WorktreeCreateHookSpecificOutput, 'WorktreeCreateHookSpecificOutput'],
  [sdk_0_3_337_McpStdioServerConfig, 'McpStdioServerConfig'],
  [sdk_0_3_337_McpSSEServerConfig, 'McpSSEServerConfig'],
  [sdk_0_3_337_McpHttpServerConfig, 'McpHttpServerConfig'],
  [sdk_0_3_337_McpSdkServerConfig, 'McpSdkServerConfig'],
  [sdk_0_3_337_McpServerConfigForProcessTransport, 'McpServerConfigForProcessTransport'],
  [sdk_0_3_337_SDKPermissionRuleDescription, 'SDKPermissionRuleDescription'],
  [sdk_0_3_337_SDKControlPermissionRulesState, 'SDKControlPermissionRulesState'],
  [sdk_0_3_337_UUID, 'UUID'],
  [sdk_0_3_337_BetaResponseToolInputSchema, 'BetaResponseToolInputSchema'],
  [sdk_0_3_337_SDKContextUsage, 'SDKContextUsage'],
  [sdk_0_3_337_SDKUsageReport, 'SDKUsageReport'],
  [sdk_0_3_337_SDKControlApplyFlagSettingsRequest, 'SDKControlApplyFlagSettingsRequest'],
  [sdk_0_3_337_SDKControlBackgroundTasksRequest, 'SDKControlBackgroundTasksRequest'],
  [sdk_0_3_337_SDKControlCancelAsyncMessageRequest, 'SDKControlCancelAsyncMessageRequest'],
  [sdk_0_3_337_SDKControlFileSuggestionsRequest, 'SDKControlFileSuggestionsRequest'],
  [sdk_0_3_337_SDKControlGetBinaryVersionRequest, 'SDKControlGetBinaryVersionRequest'],
  [sdk_0_3_337_SDKControlGetContextUsageRequest, 'SDKControlGetContextUsageRequest'],
  [sdk_0_3_337_SDKControlGetHooksListingRequest, 'SDKControlGetHooksListingRequest'],
  [sdk_0_3_337_SDKControlGetSessionCostRequest, 'SDKControlGetSessionCostRequest'],
  [sdk_0_3_337_SDKControlGetSettingsRequest, 'SDKControlGetSettingsRequest'],
  [sdk_0_3_337_SDKControlGetTaskOutputRequest, 'SDKControlGetTaskOutputRequest'],
  [sdk_0_3_337_SDKControlGetUsageRequest, 'SDKControlGetUsageRequest'],
  [sdk_0_3_337_AgentMcpServerSpec, 'AgentMcpServerSpec'],
  [sdk_0_3_337_SDKControlInitializeRequest, 'SDKControlInitializeRequest'],
  [sdk_0_3_337_SDKControlInterruptRequest, 'SDKControlInterruptRequest'],
  [sdk_0_3_337_SDKControlListModelsRequest, 'SDKControlListModelsRequest'],
  [sdk_0_3_337_SDKControlListPermissionRulesRequest, 'SDKControlListPermissionRulesRequest'],
  [sdk_0_3_337_SDKControlMcpCallRequest, 'SDKControlMcpCallRequest'],
  [sdk_0_3_337_SDKControlMcpReadResourceRequest, 'SDKControlMcpReadResourceRequest'],
  [sdk_0_3_337_SDKControlMcpReconnectRequest, 'SDKControlMcpReconnectRequest'],
  [sdk_0_3_337_SDKControlMcpSetServersRequest, 'SDKControlMcpSetServersRequest'],
  [sdk_0_3_337_SDKControlMcpStatusRequest, 'SDKControlMcpStatusRequest'],
  [sdk_0_3_337_SDKControlMcpToggleRequest, 'SDKControlMcpToggleRequest'],
  [sdk_0_3_337_SDKControlReadFileRequest, 'SDKControlReadFileRequest'],
  [sdk_0_3_337_SDKControlRegisterRepoRootRequest, 'SDKControlRegisterRepoRootRequest'],
  [sdk_0_3_337_SDKControlReloadOutputStylesRequest, 'SDKControlReloadOutputStylesRequest'],
  [sdk_0_3_337_SDKControlReloadPluginsRequest, 'SDKControlReloadPluginsRequest'],
  [sdk_0_3_337_SDKControlReloadSkillsRequest, 'SDKControlReloadSkillsRequest'],
  [sdk_0_3_337_SDKControlRenameSessionRequest, 'SDKControlRenameSessionRequest'],
  [sdk_0_3_337_SDKControlSetPermissionModeRequest, 'SDKControlSetPermissionModeRequest'],
  [sdk_0_3_337_SDKControlSetModelRequest, 'SDKControlSetModelRequest'],
  [sdk_0_3_337_SDKControlSetMaxThinkingTokensRequest, 'SDKControlSetMaxThinkingTokensRequest'],
  [sdk_0_3_337_SDKControlSetColorRequest, 'SDKControlSetColorRequest'],
  [sdk_0_3_337_SDKControlRewindFilesRequest, 'SDKControlRewindFilesRequest'],
  [sdk_0_3_337_SDKControlSeedReadStateRequest, 'SDKControlSeedReadStateRequest'],
  [sdk_0_3_337_SDKControlSetHasSubscribersRequest, 'SDKControlSetHasSubscribersRequest'],
  [sdk_0_3_337_SDKControlStopTaskRequest, 'SDKControlStopTaskRequest'],
  [sdk_0_3_337_SDKControlUpdateSettingsRequest, 'SDKControlUpdateSettingsRequest'],
  [sdk_0_3_337_SDKControlElicitationRequest, 'SDKControlElicitationRequest'],
  [sdk_0_3_337_JSONRPCMessage, 'JSONRPCMessage'],
  [sdk_0_3_337_SDKControlMcpMessageRequest, 'SDKControlMcpMessageRequest'],
  [sdk_0_3_337_SDKControlPermissionRequest, 'SDKControlPermissionRequest'],
  [sdk_0_3_337_ConfigChangeHookInput, 'ConfigChangeHookInput'],
  [sdk_0_3_337_CwdChangedHookInput, 'CwdChangedHookInput'],
  [sdk_0_3_337_ElicitationHookInput, 'ElicitationHookInput'],
  [sdk_0_3_337_ElicitationResultHookInput, 'ElicitationResultHookInput'],
  [sdk_0_3_337_FileChangedHookInput, 'FileChangedHookInput'],
  [sdk_0_3_337_PreToolUseHookInput, 'PreToolUseHookInput'],
  [sdk_0_3_337_PostToolUseHookInput, 'PostToolUseHookInput'],
  [sdk_0_3_337_PostToolUseFailureHookInput, 'PostToolUseFailureHookInput'],
  [sdk_0_3_337_PostToolBatchHookInput, 'PostToolBatchHookInput'],
  [sdk_0_3_337_PermissionDeniedHookInput, 'PermissionDeniedHookInput'],
  [sdk_0_3_337_NotificationHookInput, 'NotificationHookInput'],
  [sdk_0_3_337_UserPromptSubmitHookInput, 'UserPromptSubmitHookInput'],
  [sdk_0_3_337_UserPromptExpansionHookInput, 'UserPromptExpansionHookInput'],
  [sdk_0_3_337_SessionStartHookInput, 'SessionStartHookInput'],
  [sdk_0_3_337_ExitReason, 'ExitReason'],
  [sdk_0_3_337_SessionEndHookInput, 'SessionEndHookInput'],
  [sdk_0_3_337_StopHookInput, 'StopHookInput'],
  [sdk_0_3_337_StopFailureHookInput, 'StopFailureHookInput'],
  [sdk_0_3_337_SubagentStartHookInput, 'SubagentStartHookInput'],
  [sdk_0_3_337_SubagentStopHookInput, 'SubagentStopHookInput'],
  [sdk_0_3_337_PreCompactHookInput, 'PreCompactHookInput'],
  [sdk_0_3_337_PostCompactHookInput, 'PostCompactHookInput'],
  [sdk_0_3_337_PermissionRequestHookInput, 'PermissionRequestHookInput'],
  [sdk_0_3_337_SetupHookInput, 'SetupHookInput'],
  [sdk_0_3_337_TeammateIdleHookInput, 'TeammateIdleHookInput'],
  [sdk_0_3_337_TaskCreatedHookInput, 'TaskCreatedHookInput'],
  [sdk_0_3_337_TaskCompletedHookInput, 'TaskCompletedHookInput'],
  [sdk_0_3_337_InstructionsLoadedHookInput, 'InstructionsLoadedHookInput'],
  [sdk_0_3_337_WorktreeCreateHookInput, 'WorktreeCreateHookInput'],
  [sdk_0_3_337_WorktreeRemoveHookInput, 'WorktreeRemoveHookInput'],
  [sdk_0_3_337_HookInput, 'HookInput'],
  [sdk_0_3_337_SDKHookCallbackRequest, 'SDKHookCallbackRequest'],
  [sdk_0_3_337_SDKControlRequestUserDialogRequest, 'SDKControlRequestUserDialogRequest'],
  [sdk_0_3_337_SDKControlRequestInner, 'SDKControlRequestInner'],
  [sdk_0_3_337_SDKStartupFailureReason, 'SDKStartupFailureReason'],
  [sdk_0_3_337_BashCodeExecutionOutputBlockParam, 'BashCodeExecutionOutputBlockParam'],
  [sdk_0_3_337_BashCodeExecutionResultBlockParam, 'BashCodeExecutionResultBlockParam'],
  [sdk_0_3_337_BashCodeExecutionToolResultErrorCode, 'BashCodeExecutionToolResultErrorCode'],
  [sdk_0_3_337_BashCodeExecutionToolResultErrorParam, 'BashCodeExecutionToolResultErrorParam'],
  [sdk_0_3_337_CacheControlEphemeral, 'CacheControlEphemeral'],
  [sdk_0_3_337_BashCodeExecutionToolResultBlockParam, 'BashCodeExecutionToolResultBlockParam'],
  [sdk_0_3_337_CodeExecutionOutputBlockParam, 'CodeExecutionOutputBlockParam'],
  [sdk_0_3_337_CodeExecutionResultBlockParam, 'CodeExecutionResultBlockParam'],
  [sdk_0_3_337_CodeExecutionToolResultErrorCode, 'CodeExecutionToolResultErrorCode'],
  [sdk_0_3_337_CodeExecutionToolResultErrorParam, 'CodeExecutionToolResultErrorParam'],
  [sdk_0_3_337_EncryptedCodeExecutionResultBlockParam, 'EncryptedCodeExecutionResultBlockParam'],
  [sdk_0_3_337_CodeExecutionToolResultBlockParamContent, 'CodeExecutionToolResultBlockParamContent'],
  [sdk_0_3_337_CodeExecutionToolResultBlockParam, 'CodeExecutionToolResultBlockParam'],
  [sdk_0_3_337_ContainerUploadBlockParam, 'ContainerUploadBlockParam'],
  [sdk_0_3_337_CitationCharLocationParam, 'CitationCharLocationParam'],
  [sdk_0_3_337_CitationContentBlockLocationParam, 'CitationContentBlockLocationParam'],
  [sdk_0_3_337_CitationPageLocationParam, 'CitationPageLocationParam'],
  [sdk_0_3_337_CitationSearchResultLocationParam, 'CitationSearchResultLocationParam'],
  [sdk_0_3_337_CitationWebSearchResultLocationParam, 'CitationWebSearchResultLocationParam'],
  [sdk_0_3_337_TextCitationParam, 'TextCitationParam'],
  [sdk_0_3_337_TextBlockParam, 'TextBlockParam'],
  [sdk_0_3_337_Base64ImageSource, 'Base64ImageSource'],
  [sdk_0_3_337_FileImageSource, 'FileImageSource'],
  [sdk_0_3_337_URLImageSource, 'URLImageSource'],
  [sdk_0_3_337_ImageTransformationsParam, 'ImageTransformationsParam'],
  [sdk_0_3_337_ImageBlockParam, 'ImageBlockParam'],
  [sdk_0_3_337_Base64PDFSource, 'Base64PDFSource'],
  [sdk_0_3_337_ContentBlockSourceContent, 'ContentBlockSourceContent'],
  [sdk_0_3_337_ContentBlockSource, 'ContentBlockSource'],
  [sdk_0_3_337_FileDocumentSource, 'FileDocumentSource'],
  [sdk_0_3_337_PlainTextSource, 'PlainTextSource'],
  [sdk_0_3_337_URLPDFSource, 'URLPDFSource'],
  [sdk_0_3_337_CitationsConfigParam, 'CitationsConfigParam'],
  [sdk_0_3_337_DocumentBlockParam, 'DocumentBlockParam'],
  [sdk_0_3_337_SearchResultBlockParam, 'SearchResultBlockParam'],
  [sdk_0_3_337_ThinkingBlockParam, 'ThinkingBlockParam'],
  [sdk_0_3_337_RedactedThinkingBlockParam, 'RedactedThinkingBlockParam'],
  [sdk_0_3_337_DirectCaller, 'DirectCaller'],
  [sdk_0_3_337_ServerToolCaller, 'ServerToolCaller'],
  [sdk_0_3_337_ServerToolCaller20260120, 'ServerToolCaller20260120'],
  [sdk_0_3_337_ToolUseBlockParam, 'ToolUseBlockParam'],
  [sdk_0_3_337_BrowserStateTabEntry, 'BrowserStateTabEntry'],
  [sdk_0_3_337_BrowserStateChangeTabOpened, 'BrowserStateChangeTabOpened'],
  [sdk_0_3_337_BrowserStateChangeDownloadStarted, 'BrowserStateChangeDownloadStarted'],
  [sdk_0_3_337_BrowserStateChangeDownloadCompleted, 'BrowserStateChangeDownloadCompleted'],
  [sdk_0_3_337_BrowserStateChangeDownloadFailed, 'BrowserStateChangeDownloadFailed'],
  [sdk_0_3_337_BrowserStateChange, 'BrowserStateChange'],
  [sdk_0_3_337_BrowserStateBlockParam, 'BrowserStateBlockParam'],
  [sdk_0_3_337_ToolReferenceBlockParam, 'ToolReferenceBlockParam'],
  [sdk_0_3_337_ToolResultBlockParam, 'ToolResultBlockParam'],
  [sdk_0_3_337_ServerToolUseBlockParam, 'ServerToolUseBlockParam'],
  [sdk_0_3_337_WebSearchToolResultErrorCode, 'WebSearchToolResultErrorCode'],
  [sdk_0_3_337_WebSearchToolRequestErrorObject, 'WebSearchToolRequestErrorObject'],
  [sdk_0_3_337_WebSearchResultBlockParam, 'WebSearchResultBlockParam'],
  [sdk_0_3_337_WebSearchToolResultBlockParamContent, 'WebSearchToolResultBlockParamContent'],
  [sdk_0_3_337_WebSearchToolResultBlockParam, 'WebSearchToolResultBlockParam'],
  [sdk_0_3_337_WebFetchBlockParam, 'WebFetchBlockParam'],
  [sdk_0_3_337_WebFetchToolResultErrorCode, 'WebFetchToolResultErrorCode'],
  [sdk_0_3_337_WebFetchToolResultErrorBlockParam, 'WebFetchToolResultErrorBlockParam'],
  [sdk_0_3_337_WebFetchToolResultBlockParam, 'WebFetchToolResultBlockParam'],
  [
    sdk_0_3_337_TextEditorCodeExecutionCreateResultBlockParam,
    'TextEditorCodeExecutionCreateResultBlockParam',
  ],
  [
    sdk_0_3_337_TextEditorCodeExecutionStrReplaceResultBlockParam,
    'TextEditorCodeExecutionStrReplaceResultBlockParam',
  ],
  [sdk_0_3_337_TextEditorCodeExecutionToolResultErrorCode, 'TextEditorCodeExecutionToolResultErrorCode'],
  [sdk_0_3_337_TextEditorCodeExecutionToolResultErrorParam, 'TextEditorCodeExecutionToolResultErrorParam'],
  [sdk_0_3_337_TextEditorCodeExecutionViewResultBlockParam, 'TextEditorCodeExecutionViewResultBlockParam'],
  [sdk_0_3_337_TextEditorCodeExecutionToolResultBlockParam, 'TextEditorCodeExecutionToolResultBlockParam'],
  [sdk_0_3_337_ToolSearchToolResultErrorCode, 'ToolSearchToolResultErrorCode'],
  [sdk_0_3_337_ToolSearchToolResultErrorParam, 'ToolSearchToolResultErrorParam'],
  [sdk_0_3_337_ToolSearchToolSearchResultBlockParam, 'ToolSearchToolSearchResultBlockParam'],
  [sdk_0_3_337_ToolSearchToolResultBlockParam, 'ToolSearchToolResultBlockParam'],
  [sdk_0_3_337_ContentBlockParam, 'ContentBlockParam'],
  [sdk_0_3_337_BetaFallbackCreditNotApplied, 'BetaFallbackCreditNotApplied'],
  [sdk_0_3_337_BetaFallbackCreditRedeemed, 'BetaFallbackCreditRedeemed'],
];

export const sdkAmendments: readonly Amendment[] = [
  // control:get_hooks_listing — sdk/member-missing: SDK SDKControlGetHooksListingResponse; schema no payload schema
  addPayload(
    'get_hooks_listing',
    z.looseObject({
      events: z.array(
        z.looseObject({
          name: z.string(),
          summary: z.string(),
          supportsMatcher: z.boolean(),
          hookCount: z.number(),
        }),
      ),
      hooks: z.array(
        z.looseObject({
          event: z.string(),
          matcher: z.string(),
          source: z.string(),
          sourceLabel: z.string(),
          pluginName: z.string().optional(),
          type: z.string(),
          displayText: z.string(),
          commandText: z.string(),
          contentLabel: z.string(),
          condition: z.string().optional(),
          timeout: z.number().optional(),
          statusMessage: z.string().optional(),
          runsOnce: z.boolean().optional(),
          runsInBackground: z.boolean().optional(),
          disabled: z.literal(true).optional(),
          editable: z
            .looseObject({
              matcher: z.string(),
              config: z.record(z.string(), z.unknown()),
              headersRedacted: z.literal(true).optional(),
            })
            .optional(),
        }),
      ),
      eventCatalog: z.array(
        z.looseObject({ name: z.string(), summary: z.string(), supportsMatcher: z.boolean() }),
      ),
      policy: z.looseObject({
        disabledByPolicy: z.boolean(),
        managedOnly: z.boolean(),
        pluginOnly: z.boolean(),
        allDisabled: z.boolean(),
        policyHookCount: z.number(),
        policyUnreadable: z.literal(true).optional(),
      }),
      safeMode: z.looseObject({ managedHooksStillApply: z.boolean(), exitHint: z.string() }).optional(),
      bareMode: z.looseObject({ exitHint: z.string() }).optional(),
      errors: z
        .array(z.looseObject({ file: z.string().optional(), path: z.string(), message: z.string() }))
        .optional(),
    }),
  ),
  // control:get_task_output — sdk/member-missing: SDK SDKControlGetTaskOutputResponse; schema no payload schema
  addPayload(
    'get_task_output',
    z.looseObject({ output: z.string(), total_bytes: z.number(), truncated: z.boolean() }),
  ),
  // control:get_usage — sdk/member-missing: SDK SDKControlGetUsageResponse; schema no payload schema
  addPayload(
    'get_usage',
    z.looseObject({
      session: z.looseObject({
        total_cost_usd: z.number(),
        total_api_duration_ms: z.number(),
        total_duration_ms: z.number(),
        total_lines_added: z.number(),
        total_lines_removed: z.number(),
        model_usage: z.record(
          z.string(),
          z.looseObject({
            inputTokens: z.number(),
            outputTokens: z.number(),
            thinkingTokens: z.number().optional(),
            cacheReadInputTokens: z.number(),
            cacheCreationInputTokens: z.number(),
            cacheCreationEphemeral5mInputTokens: z.number().optional(),
            cacheCreationEphemeral1hInputTokens: z.number().optional(),
            webSearchRequests: z.number(),
            costUSD: z.number(),
            contextWindow: z.number(),
            maxOutputTokens: z.number(),
            canonicalModel: z.string().optional(),
            provider: z.string().optional(),
            costBasis: z.enum(['list', 'managed', 'unknown']).optional(),
          }),
        ),
      }),
      subscription_type: z.string().nullable(),
      rate_limits_available: z.boolean(),
      rate_limits: z
        .looseObject({
          five_hour: z
            .looseObject({
              utilization: z.number().nullable(),
              utilization_precise: z.number().nullable().optional(),
              resets_at: z.string().nullable(),
            })
            .nullable()
            .optional(),
          seven_day: z
            .looseObject({
              utilization: z.number().nullable(),
              utilization_precise: z.number().nullable().optional(),
              resets_at: z.string().nullable(),
            })
            .nullable()
            .optional(),
          seven_day_oauth_apps: z
            .looseObject({
              utilization: z.number().nullable(),
              utilization_precise: z.number().nullable().optional(),
              resets_at: z.string().nullable(),
            })
            .nullable()
            .optional(),
          seven_day_opus: z
            .looseObject({
              utilization: z.number().nullable(),
              utilization_precise: z.number().nullable().optional(),
              resets_at: z.string().nullable(),
            })
            .nullable()
            .optional(),
          seven_day_sonnet: z
            .looseObject({
              utilization: z.number().nullable(),
              utilization_precise: z.number().nullable().optional(),
              resets_at: z.string().nullable(),
            })
            .nullable()
            .optional(),
          model_scoped: z
            .array(
              z.looseObject({
                display_name: z.string(),
                utilization: z.number().nullable(),
                utilization_precise: z.number().nullable().optional(),
                resets_at: z.string().nullable(),
              }),
            )
            .optional(),
          extra_usage: z
            .looseObject({
              is_enabled: z.boolean(),
              monthly_limit: z.number().nullable(),
              used_credits: z.number().nullable(),
              utilization: z.number().nullable(),
              currency: z.string().nullable().optional(),
            })
            .nullable()
            .optional(),
        })
        .nullable(),
      behaviors: z
        .looseObject({
          day: z.looseObject({
            request_count: z.number(),
            session_count: z.number(),
            behaviors: z.array(
              z.looseObject({
                key: z.enum([
                  'always_on_context',
                  'cache_miss',
                  'cron',
                  'high_parallel',
                  'large_tool_results',
                  'long_context',
                  'max_effort',
                  'subagent_heavy',
                  'workflow',
                ]),
                pct: z.number(),
                count: z.number(),
              }),
            ),
            recommendations: z
              .array(
                z.looseObject({
                  key: z.string(),
                  pct: z.number(),
                  title: z.string(),
                  detail: z.string().optional(),
                }),
              )
              .optional(),
            fix: z.looseObject({ keys: z.array(z.string()), messages: z.array(z.string()) }).optional(),
            agents: z.array(z.looseObject({ name: z.string(), pct: z.number() })),
            skills: z.array(z.looseObject({ name: z.string(), pct: z.number() })),
            plugins: z.array(z.looseObject({ name: z.string(), pct: z.number() })),
            mcp_servers: z.array(z.looseObject({ name: z.string(), pct: z.number() })),
          }),
          week: z.looseObject({
            request_count: z.number(),
            session_count: z.number(),
            behaviors: z.array(
              z.looseObject({
                key: z.enum([
                  'always_on_context',
                  'cache_miss',
                  'cron',
                  'high_parallel',
                  'large_tool_results',
                  'long_context',
                  'max_effort',
                  'subagent_heavy',
                  'workflow',
                ]),
                pct: z.number(),
                count: z.number(),
              }),
            ),
            recommendations: z
              .array(
                z.looseObject({
                  key: z.string(),
                  pct: z.number(),
                  title: z.string(),
                  detail: z.string().optional(),
                }),
              )
              .optional(),
            fix: z.looseObject({ keys: z.array(z.string()), messages: z.array(z.string()) }).optional(),
            agents: z.array(z.looseObject({ name: z.string(), pct: z.number() })),
            skills: z.array(z.looseObject({ name: z.string(), pct: z.number() })),
            plugins: z.array(z.looseObject({ name: z.string(), pct: z.number() })),
            mcp_servers: z.array(z.looseObject({ name: z.string(), pct: z.number() })),
          }),
        })
        .nullable(),
    }),
  ),
  // control:list_permission_rules — sdk/member-missing: SDK SDKControlListPermissionRulesResponse; schema no payload schema
  addPayload('list_permission_rules', z.looseObject({ state: sdk_0_3_337_SDKControlPermissionRulesState })),
  // control:mcp_read_resource — sdk/member-missing: SDK SDKControlMcpReadResourceResponse; schema no payload schema
  addPayload(
    'mcp_read_resource',
    z.looseObject({
      contents: z.array(
        z.looseObject({
          uri: z.string(),
          mimeType: z.string().optional(),
          text: z.string().optional(),
          blob: z.string().optional(),
          _meta: z.record(z.string(), z.unknown()).optional(),
        }),
      ),
    }),
  ),
  // control:reload_output_styles — sdk/member-missing: SDK SDKControlReloadOutputStylesResponse; schema no payload schema
  addPayload('reload_output_styles', z.looseObject({ available_output_styles: z.array(z.string()) })),
  // control:reload_skills — sdk/member-missing: SDK SDKControlReloadSkillsResponse; schema no payload schema
  addPayload(
    'reload_skills',
    z.looseObject({
      skills: z.array(
        z.looseObject({
          name: z.string(),
          description: z.string(),
          argumentHint: z.string(),
          aliases: z.array(z.string()).optional(),
          builtin: z.boolean().optional(),
        }),
      ),
    }),
  ),
  // control:get_hooks_listing — sdk/member-missing: SDK subtype "get_hooks_listing" ({ subtype }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set_color, mcp_status,
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({ subtype: z.literal('get_hooks_listing') }),
  ),
  // control:get_task_output — sdk/member-missing: SDK subtype "get_task_output" ({ subtype, task_id }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set_color, mcp_
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({ subtype: z.literal('get_task_output'), task_id: z.string() }),
  ),
  // control:get_usage — sdk/member-missing: SDK subtype "get_usage" ({ subtype, skip_behaviors }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set_color, mcp
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({ subtype: z.literal('get_usage'), skip_behaviors: z.boolean().optional() }),
  ),
  // control:hook_callback — sdk/member-missing: SDK hook_event_name "DirectoryAdded" (DirectoryAddedHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input',
    sdk_0_3_337_DirectoryAddedHookInput,
  ),
  // control:hook_callback — sdk/member-missing: SDK hook_event_name "Interrupt" (InterruptHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromptSubmit, U
  addVariant(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input',
    sdk_0_3_337_InterruptHookInput,
  ),
  // control:hook_callback — sdk/member-missing: SDK hook_event_name "PreModelSwitch" (PreModelSwitchHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input',
    sdk_0_3_337_PreModelSwitchHookInput,
  ),
  // control:hook_callback — sdk/member-missing: SDK hook_event_name "PostModelSwitch" (PostModelSwitchHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPro
  addVariant(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input',
    sdk_0_3_337_PostModelSwitchHookInput,
  ),
  // control:hook_callback — sdk/member-missing: SDK hook_event_name "MessageDisplay" (MessageDisplayHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input',
    sdk_0_3_337_MessageDisplayHookInput,
  ),
  // control:hook_callback — sdk/member-missing: SDK hook_event_name "PreSkillShellCommand" (PreSkillShellCommandHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notificatio
  addVariant(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input',
    sdk_0_3_337_PreSkillShellCommandHookInput,
  ),
  // control:list_permission_rules — sdk/member-missing: SDK subtype "list_permission_rules" ({ subtype }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set_color, mcp_sta
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({ subtype: z.literal('list_permission_rules') }),
  ),
  // control:mcp_read_resource — sdk/member-missing: SDK subtype "mcp_read_resource" ({ subtype, serverName, uri }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set_c
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({ subtype: z.literal('mcp_read_resource'), serverName: z.string(), uri: z.string() }),
  ),
  // control:register_repo_root — sdk/member-missing: SDK subtype "register_repo_root" ({ subtype, directory, reload_claude_md, reload_plugins, … }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinki
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({
      subtype: z.literal('register_repo_root'),
      directory: z.string(),
      reload_claude_md: z.boolean().optional(),
      reload_plugins: z.boolean().optional(),
      reload_skills: z.boolean().optional(),
    }),
  ),
  // control:reload_output_styles — sdk/member-missing: SDK subtype "reload_output_styles" ({ subtype }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set_color, mcp_stat
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({ subtype: z.literal('reload_output_styles') }),
  ),
  // control:reload_skills — sdk/member-missing: SDK subtype "reload_skills" ({ subtype }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set_color, mcp_status, get
  addVariant('in', '<type=control_request>.request', z.looseObject({ subtype: z.literal('reload_skills') })),
  // control:set_has_subscribers — sdk/member-missing: SDK subtype "set_has_subscribers" ({ subtype, has_subscribers }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({ subtype: z.literal('set_has_subscribers'), has_subscribers: z.boolean().nullable() }),
  ),
  // control:update_settings — sdk/member-missing: SDK subtype "update_settings" ({ subtype, source, settings }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, rename_session, set_co
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({
      subtype: z.literal('update_settings'),
      source: z.enum(['localSettings', 'userSettings']),
      settings: z.record(z.string(), z.unknown()),
    }),
  ),
  // message:active_goal — sdk/member-missing: SDK type "active_goal" ({ type, value, uuid, session_id }); schema members system, assistant, user, result, stream_event, rate_limit_event, keep_alive, tool_progress, auth_status,
  addVariant(
    'out',
    '',
    z.looseObject({
      type: z.literal('active_goal'),
      value: z
        .looseObject({
          condition: z.string(),
          iterations: z.number(),
          set_at: z.number(),
          tokens_at_start: z.number(),
          last_reason: z.string().optional(),
        })
        .nullable(),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:control_response — sdk/member-missing: SDK subtype "apply_flag_settings" (SDKControlApplyFlagSettingsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elici
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlApplyFlagSettingsRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "background_tasks" (SDKControlBackgroundTasksRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitatio
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlBackgroundTasksRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "cancel_async_message" (SDKControlCancelAsyncMessageRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, eli
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlCancelAsyncMessageRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "file_suggestions" (SDKControlFileSuggestionsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitatio
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlFileSuggestionsRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "get_binary_version" (SDKControlGetBinaryVersionRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicita
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetBinaryVersionRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "get_context_usage" (SDKControlGetContextUsageRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitati
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetContextUsageRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "get_hooks_listing" (SDKControlGetHooksListingRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitati
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetHooksListingRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "get_session_cost" (SDKControlGetSessionCostRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetSessionCostRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "get_settings" (SDKControlGetSettingsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, reque
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetSettingsRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "get_task_output" (SDKControlGetTaskOutputRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation,
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetTaskOutputRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "get_usage" (SDKControlGetUsageRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetUsageRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "initialize" (SDKControlInitializeRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlInitializeRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "interrupt" (SDKControlInterruptRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_us
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlInterruptRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "list_models" (SDKControlListModelsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlListModelsRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "list_permission_rules" (SDKControlListPermissionRulesRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, e
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlListPermissionRulesRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "mcp_call" (SDKControlMcpCallRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_user_
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpCallRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "mcp_read_resource" (SDKControlMcpReadResourceRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitati
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpReadResourceRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "mcp_reconnect" (SDKControlMcpReconnectRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, req
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpReconnectRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "mcp_set_servers" (SDKControlMcpSetServersRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation,
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpSetServersRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "mcp_status" (SDKControlMcpStatusRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_u
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpStatusRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "mcp_toggle" (SDKControlMcpToggleRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_u
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpToggleRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "read_file" (SDKControlReadFileRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlReadFileRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "register_repo_root" (SDKControlRegisterRepoRootRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicita
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlRegisterRepoRootRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "reload_output_styles" (SDKControlReloadOutputStylesRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, eli
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlReloadOutputStylesRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "reload_plugins" (SDKControlReloadPluginsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, r
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlReloadPluginsRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "reload_skills" (SDKControlReloadSkillsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, req
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlReloadSkillsRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "rename_session" (SDKControlRenameSessionRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, r
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlRenameSessionRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "set_permission_mode" (SDKControlSetPermissionModeRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elici
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetPermissionModeRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "set_model" (SDKControlSetModelRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetModelRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "set_max_thinking_tokens" (SDKControlSetMaxThinkingTokensRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetMaxThinkingTokensRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "set_color" (SDKControlSetColorRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetColorRequest,
  ),
  // message:control_response — sdk/member-missing: SDK hook_event_name "DirectoryAdded" (DirectoryAddedHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_DirectoryAddedHookInput,
  ),
  // message:control_response — sdk/member-missing: SDK hook_event_name "Interrupt" (InterruptHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromptSubmit, U
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_InterruptHookInput,
  ),
  // message:control_response — sdk/member-missing: SDK hook_event_name "PreModelSwitch" (PreModelSwitchHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_PreModelSwitchHookInput,
  ),
  // message:control_response — sdk/member-missing: SDK hook_event_name "PostModelSwitch" (PostModelSwitchHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPro
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_PostModelSwitchHookInput,
  ),
  // message:control_response — sdk/member-missing: SDK hook_event_name "MessageDisplay" (MessageDisplayHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_MessageDisplayHookInput,
  ),
  // message:control_response — sdk/member-missing: SDK hook_event_name "PreSkillShellCommand" (PreSkillShellCommandHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notificatio
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_PreSkillShellCommandHookInput,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "rewind_files" (SDKControlRewindFilesRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, reque
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlRewindFilesRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "seed_read_state" (SDKControlSeedReadStateRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation,
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSeedReadStateRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "set_has_subscribers" (SDKControlSetHasSubscribersRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elici
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetHasSubscribersRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "stop_task" (SDKControlStopTaskRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlStopTaskRequest,
  ),
  // message:control_response — sdk/member-missing: SDK subtype "update_settings" (SDKControlUpdateSettingsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation,
  addVariant(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlUpdateSettingsRequest,
  ),
  // message:conversation_reset — sdk/member-missing: SDK type "conversation_reset" ({ type, new_conversation_id, uuid, session_id, … }); schema members system, assistant, user, result, stream_event, rate_limit_event, keep_alive, tool
  addVariant(
    'out',
    '',
    z.looseObject({
      type: z.literal('conversation_reset'),
      new_conversation_id: sdk_0_3_337_UUID,
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
      trigger: z.enum(['clear', 'fresh_session', 'onboarding', 'plan_mode_exit']).optional(),
      user_message_uuid: z.string().optional(),
      timestamp: z.string().optional(),
    }),
  ),
  // message:result/error_during_execution — sdk/member-missing: SDK kind "unclassified" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin',
    z.looseObject({ kind: z.literal('unclassified') }),
  ),
  // message:result/error_during_execution — sdk/member-missing: SDK kind "observer" ({ kind, from, senderTaskId }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin',
    z.looseObject({ kind: z.literal('observer'), from: z.string(), senderTaskId: z.string() }),
  ),
  // message:result/error_during_execution — sdk/member-missing: SDK kind "auto-continuation" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin',
    z.looseObject({ kind: z.literal('auto-continuation') }),
  ),
  // message:result/error_during_execution — sdk/member-missing: SDK kind "observer-activity" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin',
    z.looseObject({ kind: z.literal('observer-activity') }),
  ),
  // message:result/success — sdk/member-missing: SDK kind "unclassified" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=result><subtype=success>.origin',
    z.looseObject({ kind: z.literal('unclassified') }),
  ),
  // message:result/success — sdk/member-missing: SDK kind "observer" ({ kind, from, senderTaskId }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=result><subtype=success>.origin',
    z.looseObject({ kind: z.literal('observer'), from: z.string(), senderTaskId: z.string() }),
  ),
  // message:result/success — sdk/member-missing: SDK kind "auto-continuation" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=result><subtype=success>.origin',
    z.looseObject({ kind: z.literal('auto-continuation') }),
  ),
  // message:result/success — sdk/member-missing: SDK kind "observer-activity" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=result><subtype=success>.origin',
    z.looseObject({ kind: z.literal('observer-activity') }),
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "apply_flag_settings" (SDKControlApplyFlagSettingsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elici
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlApplyFlagSettingsRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "background_tasks" (SDKControlBackgroundTasksRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitatio
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlBackgroundTasksRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "cancel_async_message" (SDKControlCancelAsyncMessageRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, eli
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlCancelAsyncMessageRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "file_suggestions" (SDKControlFileSuggestionsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitatio
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlFileSuggestionsRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "get_binary_version" (SDKControlGetBinaryVersionRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicita
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetBinaryVersionRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "get_context_usage" (SDKControlGetContextUsageRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitati
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetContextUsageRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "get_hooks_listing" (SDKControlGetHooksListingRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitati
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetHooksListingRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "get_session_cost" (SDKControlGetSessionCostRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetSessionCostRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "get_settings" (SDKControlGetSettingsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, reque
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetSettingsRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "get_task_output" (SDKControlGetTaskOutputRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation,
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetTaskOutputRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "get_usage" (SDKControlGetUsageRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlGetUsageRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "initialize" (SDKControlInitializeRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlInitializeRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "interrupt" (SDKControlInterruptRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_us
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlInterruptRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "list_models" (SDKControlListModelsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlListModelsRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "list_permission_rules" (SDKControlListPermissionRulesRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, e
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlListPermissionRulesRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "mcp_call" (SDKControlMcpCallRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_user_
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpCallRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "mcp_read_resource" (SDKControlMcpReadResourceRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitati
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpReadResourceRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "mcp_reconnect" (SDKControlMcpReconnectRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, req
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpReconnectRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "mcp_set_servers" (SDKControlMcpSetServersRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation,
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpSetServersRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "mcp_status" (SDKControlMcpStatusRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_u
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpStatusRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "mcp_toggle" (SDKControlMcpToggleRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_u
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlMcpToggleRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "read_file" (SDKControlReadFileRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlReadFileRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "register_repo_root" (SDKControlRegisterRepoRootRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicita
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlRegisterRepoRootRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "reload_output_styles" (SDKControlReloadOutputStylesRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, eli
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlReloadOutputStylesRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "reload_plugins" (SDKControlReloadPluginsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, r
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlReloadPluginsRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "reload_skills" (SDKControlReloadSkillsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, req
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlReloadSkillsRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "rename_session" (SDKControlRenameSessionRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, r
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlRenameSessionRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "set_permission_mode" (SDKControlSetPermissionModeRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elici
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetPermissionModeRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "set_model" (SDKControlSetModelRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetModelRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "set_max_thinking_tokens" (SDKControlSetMaxThinkingTokensRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetMaxThinkingTokensRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "set_color" (SDKControlSetColorRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetColorRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK hook_event_name "DirectoryAdded" (DirectoryAddedHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_DirectoryAddedHookInput,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK hook_event_name "Interrupt" (InterruptHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromptSubmit, U
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_InterruptHookInput,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK hook_event_name "PreModelSwitch" (PreModelSwitchHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_PreModelSwitchHookInput,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK hook_event_name "PostModelSwitch" (PostModelSwitchHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPro
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_PostModelSwitchHookInput,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK hook_event_name "MessageDisplay" (MessageDisplayHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notification, UserPromp
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_MessageDisplayHookInput,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK hook_event_name "PreSkillShellCommand" (PreSkillShellCommandHookInput); schema members PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionDenied, Notificatio
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input',
    sdk_0_3_337_PreSkillShellCommandHookInput,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "rewind_files" (SDKControlRewindFilesRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, reque
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlRewindFilesRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "seed_read_state" (SDKControlSeedReadStateRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation,
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSeedReadStateRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "set_has_subscribers" (SDKControlSetHasSubscribersRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elici
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlSetHasSubscribersRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "stop_task" (SDKControlStopTaskRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation, request_use
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlStopTaskRequest,
  ),
  // message:stdin:control_response — sdk/member-missing: SDK subtype "update_settings" (SDKControlUpdateSettingsRequest); schema members can_use_tool, hook_callback, mcp_message, oauth_token_refresh, host_auth_token_refresh, elicitation,
  addVariant(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request',
    sdk_0_3_337_SDKControlUpdateSettingsRequest,
  ),
  // message:stdin:user — sdk/member-missing: SDK kind "unclassified" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant('in', '<type=user>.origin', z.looseObject({ kind: z.literal('unclassified') })),
  // message:stdin:user — sdk/member-missing: SDK kind "observer" ({ kind, from, senderTaskId }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'in',
    '<type=user>.origin',
    z.looseObject({ kind: z.literal('observer'), from: z.string(), senderTaskId: z.string() }),
  ),
  // message:stdin:user — sdk/member-missing: SDK kind "auto-continuation" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant('in', '<type=user>.origin', z.looseObject({ kind: z.literal('auto-continuation') })),
  // message:stdin:user — sdk/member-missing: SDK kind "observer-activity" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant('in', '<type=user>.origin', z.looseObject({ kind: z.literal('observer-activity') })),
  // message:system/background_tasks_changed — sdk/member-missing: SDK subtype "background_tasks_changed" ({ type, subtype, tasks, uuid, … }); schema members init, status, compact_boundary, post_turn_summary, task_summary, mirror_error, api_retry,
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('background_tasks_changed'),
      tasks: z.array(
        z.looseObject({
          task_id: z.string(),
          run_id: z.string().optional(),
          task_type: z.string(),
          subagent_type: z.string().optional(),
          description: z.string(),
          parent_task_id: z.string().optional(),
          ambient: z.boolean().optional(),
        }),
      ),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:system/commands_changed — sdk/member-missing: SDK subtype "commands_changed" ({ type, subtype, commands, uuid, … }); schema members init, status, compact_boundary, post_turn_summary, task_summary, mirror_error, api_retry, loca
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('commands_changed'),
      commands: z.array(
        z.looseObject({
          name: z.string(),
          description: z.string(),
          argumentHint: z.string(),
          aliases: z.array(z.string()).optional(),
          builtin: z.boolean().optional(),
        }),
      ),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:system/control_request_progress — sdk/member-missing: SDK subtype "control_request_progress" ({ type, subtype, request_id, status, … }); schema members init, status, compact_boundary, post_turn_summary, task_summary, mirror_error, api
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('control_request_progress'),
      request_id: z.string(),
      status: z.enum(['api_retry', 'started']),
      attempt: z.number().optional(),
      max_retries: z.number().optional(),
      retry_delay_ms: z.number().optional(),
      error_status: z.number().nullable().optional(),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:system/model_refusal_fallback — sdk/member-missing: SDK subtype "model_refusal_fallback" ({ type, subtype, trigger, direction, … }); schema members init, status, compact_boundary, post_turn_summary, task_summary, mirror_error, api_r
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('model_refusal_fallback'),
      trigger: z.literal('refusal'),
      direction: z.enum(['retry', 'revert', 'sticky']),
      scope: z.enum(['local', 'session']).optional(),
      original_model: z.string(),
      fallback_model: z.string(),
      request_id: z.string().nullable(),
      api_refusal_category: z.string().nullable().optional(),
      api_refusal_explanation: z.string().nullable().optional(),
      retracted_message_uuids: z.array(z.string()).optional(),
      refused_user_message_uuid: z.string().nullable().optional(),
      content: z.string(),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:system/model_refusal_no_fallback — sdk/member-missing: SDK subtype "model_refusal_no_fallback" ({ type, subtype, original_model, request_id, … }); schema members init, status, compact_boundary, post_turn_summary, task_summary, mirror_e
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('model_refusal_no_fallback'),
      original_model: z.string(),
      request_id: z.string().nullable(),
      api_refusal_category: z.string().nullable().optional(),
      api_refusal_explanation: z.string().nullable().optional(),
      refused_user_message_uuid: z.string().nullable().optional(),
      content: z.string(),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:system/session_writes_lost — sdk/member-missing: SDK subtype "session_writes_lost" ({ type, subtype, error_code, lost, … }); schema members init, status, compact_boundary, post_turn_summary, task_summary, mirror_error, api_retry,
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('session_writes_lost'),
      error_code: z.enum(['EDQUOT', 'ENOSPC']),
      lost: z.array(z.enum(['global_config', 'transcript'])),
      transcript_session_ids: z.array(z.string()).optional(),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:system/thinking_tokens — sdk/member-missing: SDK subtype "thinking_tokens" ({ type, subtype, estimated_tokens, estimated_tokens_delta, … }); schema members init, status, compact_boundary, post_turn_summary, task_summary, mirr
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('thinking_tokens'),
      estimated_tokens: z.number(),
      estimated_tokens_delta: z.number(),
      user_message_uuid: z.string().optional(),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:system/worker_shutting_down — sdk/member-missing: SDK subtype "worker_shutting_down" ({ type, subtype, reason, uuid, … }); schema members init, status, compact_boundary, post_turn_summary, task_summary, mirror_error, api_retry, lo
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('worker_shutting_down'),
      reason: z.string(),
      uuid: sdk_0_3_337_UUID,
      session_id: z.string(),
    }),
  ),
  // message:user — sdk/member-missing: SDK kind "unclassified" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant('out', '<type=user>.origin', z.looseObject({ kind: z.literal('unclassified') })),
  // message:user — sdk/member-missing: SDK kind "observer" ({ kind, from, senderTaskId }); schema members human, channel, peer, task-notification, coordinator
  addVariant(
    'out',
    '<type=user>.origin',
    z.looseObject({ kind: z.literal('observer'), from: z.string(), senderTaskId: z.string() }),
  ),
  // message:user — sdk/member-missing: SDK kind "auto-continuation" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant('out', '<type=user>.origin', z.looseObject({ kind: z.literal('auto-continuation') })),
  // message:user — sdk/member-missing: SDK kind "observer-activity" ({ kind }); schema members human, channel, peer, task-notification, coordinator
  addVariant('out', '<type=user>.origin', z.looseObject({ kind: z.literal('observer-activity') })),
  // control:can_use_tool — sdk/field-untyped "built_in": SDK true; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=can_use_tool>.mcp_server',
    'built_in',
    z.literal(true).optional(),
  ),
  // control:can_use_tool — sdk/field-untyped "suppress_always_allow_rule": SDK boolean; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=can_use_tool>',
    'suppress_always_allow_rule',
    z.boolean().optional(),
  ),
  // control:can_use_tool — sdk/field-untyped "default_to_no": SDK boolean; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=can_use_tool>',
    'default_to_no',
    z.boolean().optional(),
  ),
  // control:can_use_tool — sdk/field-untyped "matched_ask_rule": SDK { source, tool_name, rule_content }; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=can_use_tool>',
    'matched_ask_rule',
    z
      .looseObject({ source: z.string(), tool_name: z.string(), rule_content: z.string().optional() })
      .optional(),
  ),
  // control:elicitation — sdk/field-untyped "property_order": SDK string[]; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=elicitation>',
    'property_order',
    z.array(z.string()).optional(),
  ),
  // control:get_context_usage — sdk/field-untyped "detail": SDK "full" | "summary"; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=get_context_usage>',
    'detail',
    z.enum(['full', 'summary']).optional(),
  ),
  // control:get_context_usage — sdk/field-untyped "pluginId": SDK string; schema not typed
  addField('payload:get_context_usage', '.agents[]', 'pluginId', z.string().optional()),
  // control:get_context_usage — sdk/field-untyped "path": SDK string; schema not typed
  addField('payload:get_context_usage', '.agents[]', 'path', z.string().optional()),
  // control:get_context_usage — sdk/field-untyped "pluginName": SDK string; schema not typed
  addField('payload:get_context_usage', '.skills.skillFrontmatter[]', 'pluginName', z.string().optional()),
  // control:get_context_usage — sdk/field-untyped "pluginId": SDK string; schema not typed
  addField('payload:get_context_usage', '.skills.skillFrontmatter[]', 'pluginId', z.string().optional()),
  // control:get_context_usage — sdk/field-untyped "path": SDK string; schema not typed
  addField('payload:get_context_usage', '.skills.skillFrontmatter[]', 'path', z.string().optional()),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=ConfigChange>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=CwdChanged>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=Elicitation>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=ElicitationResult>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=FileChanged>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PreToolUse>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // control:hook_callback — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PostToolUse>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PostToolUseFailure>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PostToolUseFailure>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PermissionDenied>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PermissionDenied>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=Notification>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "source": SDK "loop_wakeup" | "poll_event" | "schedule_wakeup" | "sdk" | "system" | "user"; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=UserPromptSubmit>',
    'source',
    z.enum(['loop_wakeup', 'poll_event', 'schedule_wakeup', 'sdk', 'system', 'user']).optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=UserPromptExpansion>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "session_title": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'session_title',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "seconds_since_last_response": SDK number; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'seconds_since_last_response',
    z.number().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "context_tokens": SDK number; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'context_tokens',
    z.number().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_cache_likely_expired": SDK boolean; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'prompt_cache_likely_expired',
    z.boolean().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "estimated_cache_write_usd": SDK number; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'estimated_cache_write_usd',
    z.number().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SessionEnd>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=StopFailure>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SubagentStart>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SubagentStop>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PreCompact>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PostCompact>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PermissionRequest>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PermissionRequest>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=Setup>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=TeammateIdle>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=TaskCreated>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=TaskCompleted>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=InstructionsLoaded>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=WorktreeCreate>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:hook_callback — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=WorktreeRemove>',
    'prompt_id',
    z.string().optional(),
  ),
  // control:initialize — sdk/field-untyped "onFailure": SDK "block" | "continue"; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>.hooks{}[]',
    'onFailure',
    z.enum(['block', 'continue']).optional(),
  ),
  // control:initialize — sdk/field-untyped "sdkMcpServerConfigs": SDK { }; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>',
    'sdkMcpServerConfigs',
    z
      .record(
        z.string(),
        z.looseObject({
          timeout: z.number().optional(),
          tools: z
            .array(
              z.looseObject({
                name: z.string(),
                permission_policy: z.enum(['always_allow', 'always_ask', 'always_deny']).optional(),
                org_max_permission: z.enum(['allow', 'ask', 'blocked']).optional(),
              }),
            )
            .optional(),
        }),
      )
      .optional(),
  ),
  // control:initialize — sdk/field-untyped "sdkMcpServerManifests": SDK { }; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>',
    'sdkMcpServerManifests',
    z
      .record(
        z.string(),
        z.looseObject({
          initializeResult: z.record(z.string(), z.unknown()),
          toolsListResult: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
  ),
  // control:initialize — sdk/field-untyped "sdkMcpServerManifestsOrigin": SDK "host_per_send"; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>',
    'sdkMcpServerManifestsOrigin',
    z.literal('host_per_send').optional(),
  ),
  // control:initialize — sdk/field-untyped "systemPromptSnapshot": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>',
    'systemPromptSnapshot',
    z.boolean().optional(),
  ),
  // control:initialize — sdk/field-untyped "autoCompactWindow": SDK number; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>.agents{}',
    'autoCompactWindow',
    z.number().optional(),
  ),
  // control:initialize — sdk/field-untyped "omitClaudeMd": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>.agents{}',
    'omitClaudeMd',
    z.boolean().optional(),
  ),
  // control:initialize — sdk/field-untyped "observer": SDK string; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>.agents{}',
    'observer',
    z.string().optional(),
  ),
  // control:initialize — sdk/field-untyped "observerMessage": SDK string; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>.agents{}',
    'observerMessage',
    z.string().optional(),
  ),
  // control:initialize — sdk/field-untyped "supportedDialogKinds": SDK string[]; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>',
    'supportedDialogKinds',
    z.array(z.string()).optional(),
  ),
  // control:initialize — sdk/field-untyped "perTaskStopAffordance": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>',
    'perTaskStopAffordance',
    z.boolean().optional(),
  ),
  // control:initialize — sdk/field-untyped "plugins": SDK { type, path, skipMcpDiscovery }[]; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>',
    'plugins',
    z
      .array(
        z.looseObject({
          type: z.literal('local'),
          path: z.string(),
          skipMcpDiscovery: z.boolean().optional(),
        }),
      )
      .optional(),
  ),
  // control:initialize — sdk/field-untyped "mcpServers": SDK { }; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>',
    'mcpServers',
    z.record(z.string(), sdk_0_3_337_McpServerConfigForProcessTransport).optional(),
  ),
  // control:initialize — sdk/field-untyped "plugins_applied": SDK boolean; schema not typed
  addField('payload:initialize', '', 'plugins_applied', z.boolean().optional()),
  // control:initialize — sdk/field-untyped "mcp_servers_applied": SDK boolean; schema not typed
  addField('payload:initialize', '', 'mcp_servers_applied', z.boolean().optional()),
  // control:initialize — sdk/field-untyped "sdk_mcp_manifests_parked": SDK { }; schema not typed
  addField(
    'payload:initialize',
    '',
    'sdk_mcp_manifests_parked',
    z
      .record(
        z.string(),
        z.enum(['already_connected', 'malformed', 'not_honoured', 'parked', 'protocol_version_mismatch']),
      )
      .optional(),
  ),
  // control:interrupt — sdk/field-untyped "cancel_queued": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=interrupt>',
    'cancel_queued',
    z.boolean().optional(),
  ),
  // control:interrupt — sdk/field-untyped "cancelled": SDK string[]; schema not typed
  addField('payload:interrupt', '', 'cancelled', z.array(z.string()).optional()),
  // control:mcp_call — sdk/field-untyped "soft_error_result": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=mcp_call>',
    'soft_error_result',
    z.boolean().optional(),
  ),
  // control:mcp_call — sdk/field-untyped "expires_at": SDK string; schema not typed
  addField('in', '<type=control_request>.request<subtype=mcp_call>', 'expires_at', z.string().optional()),
  // control:mcp_call — sdk/field-untyped "timeout_ms": SDK number; schema not typed
  addField('in', '<type=control_request>.request<subtype=mcp_call>', 'timeout_ms', z.number().optional()),
  // control:mcp_call — sdk/field-untyped "result_not_for_model": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=mcp_call>',
    'result_not_for_model',
    z.boolean().optional(),
  ),
  // control:mcp_call — sdk/field-untyped "check_permissions": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=mcp_call>',
    'check_permissions',
    z.boolean().optional(),
  ),
  // control:mcp_call — sdk/field-untyped "input_files": SDK { name, lane_path }[]; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=mcp_call>',
    'input_files',
    z.array(z.looseObject({ name: z.string(), lane_path: z.string() })).optional(),
  ),
  // control:mcp_call — sdk/field-untyped "output_files": SDK { name, lane_path, if_match }[]; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=mcp_call>',
    'output_files',
    z
      .array(z.looseObject({ name: z.string(), lane_path: z.string(), if_match: z.string().optional() }))
      .optional(),
  ),
  // control:mcp_status — sdk/field-untyped "liveReply": SDK boolean; schema not typed
  addField('in', '<type=control_request>.request<subtype=mcp_status>', 'liveReply', z.boolean().optional()),
  // control:mcp_status — sdk/field-untyped "source": SDK string; schema not typed
  addField('payload:mcp_status', '.mcpServers[]', 'source', z.string().optional()),
  // control:mcp_status — sdk/field-untyped "_meta": SDK { }; schema not typed
  addField(
    'payload:mcp_status',
    '.mcpServers[].tools[]',
    '_meta',
    z.record(z.string(), z.unknown()).optional(),
  ),
  // control:read_file — sdk/field-untyped "lossy": SDK boolean; schema not typed
  addField('payload:read_file', '', 'lossy', z.boolean().optional()),
  // control:reload_plugins — sdk/field-untyped "hold_on_cache_impact": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=reload_plugins>',
    'hold_on_cache_impact',
    z.boolean().optional(),
  ),
  // control:reload_plugins — sdk/field-untyped "add_plugins": SDK { type, path, skipMcpDiscovery }[]; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=reload_plugins>',
    'add_plugins',
    z
      .array(
        z.looseObject({
          type: z.literal('local'),
          path: z.string(),
          skipMcpDiscovery: z.boolean().optional(),
        }),
      )
      .optional(),
  ),
  // control:reload_plugins — sdk/field-untyped "refuse_if_busy": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=reload_plugins>',
    'refuse_if_busy',
    z.boolean().optional(),
  ),
  // control:reload_plugins — sdk/field-untyped "builtin": SDK boolean; schema not typed
  addField('payload:reload_plugins', '.commands[]', 'builtin', z.boolean().optional()),
  // control:reload_plugins — sdk/field-untyped "version": SDK string; schema not typed
  addField('payload:reload_plugins', '.plugins[]', 'version', z.string().optional()),
  // control:reload_plugins — sdk/field-untyped "source": SDK string; schema not typed
  addField('payload:reload_plugins', '.mcpServers[]', 'source', z.string().optional()),
  // control:reload_plugins — sdk/field-untyped "_meta": SDK { }; schema not typed
  addField(
    'payload:reload_plugins',
    '.mcpServers[].tools[]',
    '_meta',
    z.record(z.string(), z.unknown()).optional(),
  ),
  // control:reload_plugins — sdk/field-untyped "held": SDK boolean; schema not typed
  addField('payload:reload_plugins', '', 'held', z.boolean().optional()),
  // control:reload_plugins — sdk/field-untyped "cache_impact": SDK { mcp_servers_added, mcp_servers_removed, lsp_tool_change }; schema not typed
  addField(
    'payload:reload_plugins',
    '',
    'cache_impact',
    z
      .looseObject({
        mcp_servers_added: z.array(z.string()),
        mcp_servers_removed: z.array(z.string()),
        lsp_tool_change: z.enum(['adds', 'may-add', 'may-remove', 'removes']).nullable(),
      })
      .optional(),
  ),
  // control:rename_session — sdk/field-untyped "source": SDK "host" | "remote"; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=rename_session>',
    'source',
    z.enum(['host', 'remote']).optional(),
  ),
  // control:rename_session — sdk/field-untyped "session_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=rename_session>',
    'session_id',
    z.string().optional(),
  ),
  // control:set_max_thinking_tokens — sdk/field-untyped "thinking_display": SDK "highlights" | "omitted" | "summarized" | null; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=set_max_thinking_tokens>',
    'thinking_display',
    z.enum(['highlights', 'omitted', 'summarized']).nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "user_message_uuid": SDK string; schema not typed
  addField('out', '<type=assistant>', 'user_message_uuid', z.string().optional()),
  // message:assistant — sdk/field-untyped "user_message_uuids": SDK string[]; schema not typed
  addField('out', '<type=assistant>', 'user_message_uuids', z.array(z.string()).optional()),
  // message:assistant — sdk/field-untyped "resume_reason": SDK string; schema not typed
  addField('out', '<type=assistant>', 'resume_reason', z.string().optional()),
  // message:assistant — sdk/field-untyped "resumed_from_incomplete_thinking": SDK true; schema not typed
  addField('out', '<type=assistant>', 'resumed_from_incomplete_thinking', z.literal(true).optional()),
  // message:assistant — sdk/field-untyped "supersedes": SDK string[]; schema not typed
  addField('out', '<type=assistant>', 'supersedes', z.array(z.string()).optional()),
  // message:assistant — sdk/field-untyped "aborted": SDK true; schema not typed
  addField('out', '<type=assistant>', 'aborted', z.literal(true).optional()),
  // message:assistant — sdk/field-untyped "agent_id": SDK string; schema not typed
  addField('out', '<type=assistant>', 'agent_id', z.string().optional()),
  // message:assistant — sdk/field-untyped "context_usage": SDK SDKContextUsage; schema not typed
  addField('out', '<type=assistant>', 'context_usage', sdk_0_3_337_SDKContextUsage.optional()),
  // message:assistant — sdk/field-untyped "usage_report": SDK SDKUsageReport; schema not typed
  addField('out', '<type=assistant>', 'usage_report', sdk_0_3_337_SDKUsageReport.optional()),
  // message:control_response — sdk/field-untyped "property_order": SDK string[]; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=elicitation>',
    'property_order',
    z.array(z.string()).optional(),
  ),
  // message:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:control_response — sdk/field-untyped "suppress_always_allow_rule": SDK boolean; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'suppress_always_allow_rule',
    z.boolean().optional(),
  ),
  // message:control_response — sdk/field-untyped "default_to_no": SDK boolean; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'default_to_no',
    z.boolean().optional(),
  ),
  // message:control_response — sdk/field-untyped "matched_ask_rule": SDK { source, tool_name, rule_content }; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'matched_ask_rule',
    z
      .looseObject({ source: z.string(), tool_name: z.string(), rule_content: z.string().optional() })
      .optional(),
  ),
  // message:control_response — sdk/field-untyped "requires_user_interaction": SDK boolean; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'requires_user_interaction',
    z.boolean().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=ConfigChange>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=CwdChanged>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=Elicitation>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=ElicitationResult>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=FileChanged>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PreToolUse>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PreToolUse>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolUse>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolUse>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolUseFailure>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolUseFailure>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolBatch>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PermissionDenied>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PermissionDenied>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=Notification>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=UserPromptSubmit>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "source": SDK "loop_wakeup" | "poll_event" | "schedule_wakeup" | "sdk" | "system" | "user"; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=UserPromptSubmit>',
    'source',
    z.enum(['loop_wakeup', 'poll_event', 'schedule_wakeup', 'sdk', 'system', 'user']).optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=UserPromptExpansion>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "session_title": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'session_title',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "seconds_since_last_response": SDK number; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'seconds_since_last_response',
    z.number().optional(),
  ),
  // message:control_response — sdk/field-untyped "context_tokens": SDK number; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'context_tokens',
    z.number().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_cache_likely_expired": SDK boolean; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'prompt_cache_likely_expired',
    z.boolean().optional(),
  ),
  // message:control_response — sdk/field-untyped "estimated_cache_write_usd": SDK number; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'estimated_cache_write_usd',
    z.number().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionEnd>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=Stop>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=StopFailure>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SubagentStart>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SubagentStop>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PreCompact>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostCompact>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PermissionRequest>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PermissionRequest>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=Setup>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=TeammateIdle>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=TaskCreated>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=TaskCompleted>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=InstructionsLoaded>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=WorktreeCreate>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=WorktreeRemove>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:control_response — sdk/field-untyped "pending_user_dialog_requests": SDK { type, request_id, request }[]; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>',
    'pending_user_dialog_requests',
    z
      .array(
        z.looseObject({
          type: z.literal('control_request'),
          request_id: z.string(),
          request: sdk_0_3_337_SDKControlRequestInner,
        }),
      )
      .optional(),
  ),
  // message:control_response — sdk/field-untyped "pending_elicitation_requests": SDK { type, request_id, request }[]; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=error>',
    'pending_elicitation_requests',
    z
      .array(
        z.looseObject({
          type: z.literal('control_request'),
          request_id: z.string(),
          request: sdk_0_3_337_SDKControlRequestInner,
        }),
      )
      .optional(),
  ),
  // message:control_response — sdk/field-untyped "pending_elicitation_requests": SDK { type, request_id, request }[]; schema not typed
  addField(
    'out',
    '<type=control_response>.response<subtype=success>',
    'pending_elicitation_requests',
    z
      .array(
        z.looseObject({
          type: z.literal('control_request'),
          request_id: z.string(),
          request: sdk_0_3_337_SDKControlRequestInner,
        }),
      )
      .optional(),
  ),
  // message:rate_limit_event — sdk/field-untyped "overageInUse": SDK boolean; schema not typed
  addField('out', '<type=rate_limit_event>.rate_limit_info', 'overageInUse', z.boolean().optional()),
  // message:rate_limit_event — sdk/field-untyped "overageEnabled": SDK boolean; schema not typed
  addField('out', '<type=rate_limit_event>.rate_limit_info', 'overageEnabled', z.boolean().optional()),
  // message:rate_limit_event — sdk/field-untyped "limitScope": SDK "channel" | "group_pool" | "service"; schema not typed
  addField(
    'out',
    '<type=rate_limit_event>.rate_limit_info',
    'limitScope',
    z.enum(['channel', 'group_pool', 'service']).optional(),
  ),
  // message:rate_limit_event — sdk/field-untyped "errorCode": SDK "credits_required"; schema not typed
  addField(
    'out',
    '<type=rate_limit_event>.rate_limit_info',
    'errorCode',
    z.literal('credits_required').optional(),
  ),
  // message:rate_limit_event — sdk/field-untyped "canUserPurchaseCredits": SDK boolean; schema not typed
  addField(
    'out',
    '<type=rate_limit_event>.rate_limit_info',
    'canUserPurchaseCredits',
    z.boolean().optional(),
  ),
  // message:rate_limit_event — sdk/field-untyped "hasChargeableSavedPaymentMethod": SDK boolean; schema not typed
  addField(
    'out',
    '<type=rate_limit_event>.rate_limit_info',
    'hasChargeableSavedPaymentMethod',
    z.boolean().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "auto_mode_unchecked": SDK "no_check_in_session" | "no_verdict"; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.permission_denials[]',
    'auto_mode_unchecked',
    z.enum(['no_check_in_session', 'no_verdict']).optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "startup_failure_reason": SDK SDKStartupFailureReason; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'startup_failure_reason',
    sdk_0_3_337_SDKStartupFailureReason.optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "invalid_config_file": SDK { path, is_global, backup_searched, backup_path }; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'invalid_config_file',
    z
      .looseObject({
        path: z.string(),
        is_global: z.boolean(),
        backup_searched: z.boolean(),
        backup_path: z.string().optional(),
      })
      .optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "user_message_uuid": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'user_message_uuid',
    z.string().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "user_message_uuids": SDK string[]; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'user_message_uuids',
    z.array(z.string()).optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "resume_reason": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'resume_reason',
    z.string().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "credential_expires_at": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'credential_expires_at',
    z.string().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "fromMode": SDK "bypass" | "prompting"; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin<kind=peer>',
    'fromMode',
    z.enum(['bypass', 'prompting']).optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "fromSession": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin<kind=peer>',
    'fromSession',
    z.string().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "senderTaskId": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin<kind=peer>',
    'senderTaskId',
    z.string().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "body": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin<kind=peer>',
    'body',
    z.string().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "verifiedPeerPid": SDK number; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin<kind=peer>',
    'verifiedPeerPid',
    z.number().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "subkind": SDK "external-event" | "peer-send-message" | "projects-relay" | "scheduled-trigger" | "session-inbox"; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin<kind=task-notification>',
    'subkind',
    z
      .enum(['external-event', 'peer-send-message', 'projects-relay', 'scheduled-trigger', 'session-inbox'])
      .optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "fireReason": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin<kind=task-notification>',
    'fireReason',
    z.string().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "runId": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.origin<kind=task-notification>',
    'runId',
    z.string().optional(),
  ),
  // message:result/success — sdk/field-untyped "user_message_uuid": SDK string; schema not typed
  addField('out', '<type=result><subtype=success>', 'user_message_uuid', z.string().optional()),
  // message:result/success — sdk/field-untyped "user_message_uuids": SDK string[]; schema not typed
  addField('out', '<type=result><subtype=success>', 'user_message_uuids', z.array(z.string()).optional()),
  // message:result/success — sdk/field-untyped "resume_reason": SDK string; schema not typed
  addField('out', '<type=result><subtype=success>', 'resume_reason', z.string().optional()),
  // message:result/success — sdk/field-untyped "local_command": SDK string; schema not typed
  addField('out', '<type=result><subtype=success>', 'local_command', z.string().optional()),
  // message:result/success — sdk/field-untyped "request_sent_wall_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'request_sent_wall_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "first_stream_post_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'first_stream_post_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "first_stream_post_ack_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'first_stream_post_ack_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "first_stream_post_queue_wait_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'first_stream_post_queue_wait_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "first_stream_post_queued_behind": SDK "durable_post" | "ephemeral_post" | "hold" | "none" | "retry_backoff"; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>',
    'first_stream_post_queued_behind',
    z.enum(['durable_post', 'ephemeral_post', 'hold', 'none', 'retry_backoff']).optional(),
  ),
  // message:result/success — sdk/field-untyped "first_stream_post_wall_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'first_stream_post_wall_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "first_text_post_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'first_text_post_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "first_text_post_queue_wait_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'first_text_post_queue_wait_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "first_text_post_queued_behind": SDK "durable_post" | "ephemeral_post" | "hold" | "none" | "retry_backoff"; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>',
    'first_text_post_queued_behind',
    z.enum(['durable_post', 'ephemeral_post', 'hold', 'none', 'retry_backoff']).optional(),
  ),
  // message:result/success — sdk/field-untyped "first_text_post_wall_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'first_text_post_wall_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "time_to_request_from_spawn_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'time_to_request_from_spawn_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "warm_spare_claimed": SDK boolean; schema not typed
  addField('out', '<type=result><subtype=success>', 'warm_spare_claimed', z.boolean().optional()),
  // message:result/success — sdk/field-untyped "time_origin_ms": SDK number; schema not typed
  addField('out', '<type=result><subtype=success>', 'time_origin_ms', z.number().optional()),
  // message:result/success — sdk/field-untyped "auto_mode_unchecked": SDK "no_check_in_session" | "no_verdict"; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.permission_denials[]',
    'auto_mode_unchecked',
    z.enum(['no_check_in_session', 'no_verdict']).optional(),
  ),
  // message:result/success — sdk/field-untyped "credential_expires_at": SDK string; schema not typed
  addField('out', '<type=result><subtype=success>', 'credential_expires_at', z.string().optional()),
  // message:result/success — sdk/field-untyped "fromMode": SDK "bypass" | "prompting"; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.origin<kind=peer>',
    'fromMode',
    z.enum(['bypass', 'prompting']).optional(),
  ),
  // message:result/success — sdk/field-untyped "fromSession": SDK string; schema not typed
  addField('out', '<type=result><subtype=success>.origin<kind=peer>', 'fromSession', z.string().optional()),
  // message:result/success — sdk/field-untyped "senderTaskId": SDK string; schema not typed
  addField('out', '<type=result><subtype=success>.origin<kind=peer>', 'senderTaskId', z.string().optional()),
  // message:result/success — sdk/field-untyped "body": SDK string; schema not typed
  addField('out', '<type=result><subtype=success>.origin<kind=peer>', 'body', z.string().optional()),
  // message:result/success — sdk/field-untyped "verifiedPeerPid": SDK number; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.origin<kind=peer>',
    'verifiedPeerPid',
    z.number().optional(),
  ),
  // message:result/success — sdk/field-untyped "subkind": SDK "external-event" | "peer-send-message" | "projects-relay" | "scheduled-trigger" | "session-inbox"; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.origin<kind=task-notification>',
    'subkind',
    z
      .enum(['external-event', 'peer-send-message', 'projects-relay', 'scheduled-trigger', 'session-inbox'])
      .optional(),
  ),
  // message:result/success — sdk/field-untyped "fireReason": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.origin<kind=task-notification>',
    'fireReason',
    z.string().optional(),
  ),
  // message:result/success — sdk/field-untyped "runId": SDK string; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.origin<kind=task-notification>',
    'runId',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "property_order": SDK string[]; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=elicitation>',
    'property_order',
    z.array(z.string()).optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "suppress_always_allow_rule": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'suppress_always_allow_rule',
    z.boolean().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "default_to_no": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'default_to_no',
    z.boolean().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "matched_ask_rule": SDK { source, tool_name, rule_content }; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'matched_ask_rule',
    z
      .looseObject({ source: z.string(), tool_name: z.string(), rule_content: z.string().optional() })
      .optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "requires_user_interaction": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=can_use_tool>',
    'requires_user_interaction',
    z.boolean().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=ConfigChange>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=CwdChanged>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=Elicitation>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=ElicitationResult>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=FileChanged>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PreToolUse>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PreToolUse>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolUse>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolUse>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolUseFailure>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolUseFailure>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostToolBatch>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PermissionDenied>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PermissionDenied>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=Notification>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=UserPromptSubmit>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "source": SDK "loop_wakeup" | "poll_event" | "schedule_wakeup" | "sdk" | "system" | "user"; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=UserPromptSubmit>',
    'source',
    z.enum(['loop_wakeup', 'poll_event', 'schedule_wakeup', 'sdk', 'system', 'user']).optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=UserPromptExpansion>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "session_title": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'session_title',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "seconds_since_last_response": SDK number; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'seconds_since_last_response',
    z.number().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "context_tokens": SDK number; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'context_tokens',
    z.number().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_cache_likely_expired": SDK boolean; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'prompt_cache_likely_expired',
    z.boolean().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "estimated_cache_write_usd": SDK number; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>',
    'estimated_cache_write_usd',
    z.number().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionEnd>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=Stop>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=StopFailure>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SubagentStart>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SubagentStop>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PreCompact>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PostCompact>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PermissionRequest>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "mcp_server": SDK McpServerProvenance; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=PermissionRequest>',
    'mcp_server',
    sdk_0_3_337_McpServerProvenance.optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=Setup>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=TeammateIdle>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=TaskCreated>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=TaskCompleted>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=InstructionsLoaded>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=WorktreeCreate>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "prompt_id": SDK string; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=WorktreeRemove>',
    'prompt_id',
    z.string().optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "pending_user_dialog_requests": SDK { type, request_id, request }[]; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>',
    'pending_user_dialog_requests',
    z
      .array(
        z.looseObject({
          type: z.literal('control_request'),
          request_id: z.string(),
          request: sdk_0_3_337_SDKControlRequestInner,
        }),
      )
      .optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "pending_elicitation_requests": SDK { type, request_id, request }[]; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=error>',
    'pending_elicitation_requests',
    z
      .array(
        z.looseObject({
          type: z.literal('control_request'),
          request_id: z.string(),
          request: sdk_0_3_337_SDKControlRequestInner,
        }),
      )
      .optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "pending_permission_requests": SDK { type, request_id, request }[]; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=success>',
    'pending_permission_requests',
    z
      .array(
        z.looseObject({
          type: z.literal('control_request'),
          request_id: z.string(),
          request: sdk_0_3_337_SDKControlRequestInner,
        }),
      )
      .optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "pending_user_dialog_requests": SDK { type, request_id, request }[]; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=success>',
    'pending_user_dialog_requests',
    z
      .array(
        z.looseObject({
          type: z.literal('control_request'),
          request_id: z.string(),
          request: sdk_0_3_337_SDKControlRequestInner,
        }),
      )
      .optional(),
  ),
  // message:stdin:control_response — sdk/field-untyped "pending_elicitation_requests": SDK { type, request_id, request }[]; schema not typed
  addField(
    'in',
    '<type=control_response>.response<subtype=success>',
    'pending_elicitation_requests',
    z
      .array(
        z.looseObject({
          type: z.literal('control_request'),
          request_id: z.string(),
          request: sdk_0_3_337_SDKControlRequestInner,
        }),
      )
      .optional(),
  ),
  // message:stdin:user — sdk/field-untyped "fromMode": SDK "bypass" | "prompting"; schema not typed
  addField('in', '<type=user>.origin<kind=peer>', 'fromMode', z.enum(['bypass', 'prompting']).optional()),
  // message:stdin:user — sdk/field-untyped "fromSession": SDK string; schema not typed
  addField('in', '<type=user>.origin<kind=peer>', 'fromSession', z.string().optional()),
  // message:stdin:user — sdk/field-untyped "senderTaskId": SDK string; schema not typed
  addField('in', '<type=user>.origin<kind=peer>', 'senderTaskId', z.string().optional()),
  // message:stdin:user — sdk/field-untyped "body": SDK string; schema not typed
  addField('in', '<type=user>.origin<kind=peer>', 'body', z.string().optional()),
  // message:stdin:user — sdk/field-untyped "verifiedPeerPid": SDK number; schema not typed
  addField('in', '<type=user>.origin<kind=peer>', 'verifiedPeerPid', z.number().optional()),
  // message:stdin:user — sdk/field-untyped "subkind": SDK "external-event" | "peer-send-message" | "projects-relay" | "scheduled-trigger" | "session-inbox"; schema not typed
  addField(
    'in',
    '<type=user>.origin<kind=task-notification>',
    'subkind',
    z
      .enum(['external-event', 'peer-send-message', 'projects-relay', 'scheduled-trigger', 'session-inbox'])
      .optional(),
  ),
  // message:stdin:user — sdk/field-untyped "fireReason": SDK string; schema not typed
  addField('in', '<type=user>.origin<kind=task-notification>', 'fireReason', z.string().optional()),
  // message:stdin:user — sdk/field-untyped "runId": SDK string; schema not typed
  addField('in', '<type=user>.origin<kind=task-notification>', 'runId', z.string().optional()),
  // message:stdin:user — sdk/field-untyped "client_composed": SDK true; schema not typed
  addField('in', '<type=user>', 'client_composed', z.literal(true).optional()),
  // message:stdin:user — sdk/field-untyped "pasted_content": SDK ContentBlockParam[] | TextBlockParam[] | string[]; schema not typed
  addField(
    'in',
    '<type=user>',
    'pasted_content',
    z
      .array(
        z.union([z.array(sdk_0_3_337_ContentBlockParam), z.array(sdk_0_3_337_TextBlockParam), z.string()]),
      )
      .optional(),
  ),
  // message:stdin:user — sdk/field-untyped "inline_pastes": SDK string[]; schema not typed
  addField('in', '<type=user>', 'inline_pastes', z.array(z.string()).optional()),
  // message:stdin:user — sdk/field-untyped "agent_id": SDK string; schema not typed
  addField('in', '<type=user>', 'agent_id', z.string().optional()),
  // message:stream_event — sdk/field-untyped "user_message_uuid": SDK string; schema not typed
  addField('out', '<type=stream_event>', 'user_message_uuid', z.string().optional()),
  // message:stream_event — sdk/field-untyped "user_message_uuids": SDK string[]; schema not typed
  addField('out', '<type=stream_event>', 'user_message_uuids', z.array(z.string()).optional()),
  // message:stream_event — sdk/field-untyped "resume_reason": SDK string; schema not typed
  addField('out', '<type=stream_event>', 'resume_reason', z.string().optional()),
  // message:system/api_retry — sdk/field-untyped "no_response": SDK { waited_ms, retry_wait_ms }; schema not typed
  addField(
    'out',
    '<type=system><subtype=api_retry>',
    'no_response',
    z.looseObject({ waited_ms: z.number(), retry_wait_ms: z.number() }).optional(),
  ),
  // message:system/informational — sdk/field-untyped "tool_use_id": SDK string; schema not typed
  addField('out', '<type=system><subtype=informational>', 'tool_use_id', z.string().optional()),
  // message:system/init — sdk/field-untyped "version": SDK string; schema not typed
  addField('out', '<type=system><subtype=init>.plugins[]', 'version', z.string().optional()),
  // message:system/init — sdk/field-untyped "path": SDK string; schema not typed
  addField('out', '<type=system><subtype=init>.plugin_errors[]', 'path', z.string().optional()),
  // message:system/init — sdk/field-untyped "managed_lock": SDK { plugin_enabled, name, marketplace }; schema not typed
  addField(
    'out',
    '<type=system><subtype=init>.plugin_errors[]',
    'managed_lock',
    z
      .looseObject({ plugin_enabled: z.boolean(), name: z.string(), marketplace: z.string().optional() })
      .optional(),
  ),
  // message:system/init — sdk/field-untyped "effort": SDK "high" | "low" | "max" | "medium" | "xhigh" | null; schema not typed
  addField(
    'out',
    '<type=system><subtype=init>',
    'effort',
    z.enum(['high', 'low', 'max', 'medium', 'xhigh']).nullable().optional(),
  ),
  // message:system/task_notification — sdk/field-untyped "run_id": SDK string; schema not typed
  addField('out', '<type=system><subtype=task_notification>', 'run_id', z.string().optional()),
  // message:system/task_notification — sdk/field-untyped "reason": SDK "unfinished_at_resume" | "worker_restart"; schema not typed
  addField(
    'out',
    '<type=system><subtype=task_notification>',
    'reason',
    z.enum(['unfinished_at_resume', 'worker_restart']).optional(),
  ),
  // message:system/task_notification — sdk/field-untyped "task_type": SDK string; schema not typed
  addField('out', '<type=system><subtype=task_notification>', 'task_type', z.string().optional()),
  // message:system/task_notification — sdk/field-untyped "duration_ms": SDK number; schema not typed
  addField('out', '<type=system><subtype=task_notification>', 'duration_ms', z.number().optional()),
  // message:system/task_notification — sdk/field-untyped "resource_links": SDK { uri, name, title, description, … }[]; schema not typed
  addField(
    'out',
    '<type=system><subtype=task_notification>',
    'resource_links',
    z
      .array(
        z.looseObject({
          uri: z.string(),
          name: z.string(),
          title: z.string().optional(),
          description: z.string().optional(),
          mimeType: z.string().optional(),
          size: z.number().optional(),
          annotations: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
  ),
  // message:system/task_notification — sdk/field-untyped "ambient": SDK boolean; schema not typed
  addField('out', '<type=system><subtype=task_notification>', 'ambient', z.boolean().optional()),
  // message:system/task_progress — sdk/field-untyped "run_id": SDK string; schema not typed
  addField('out', '<type=system><subtype=task_progress>', 'run_id', z.string().optional()),
  // message:system/task_started — sdk/field-untyped "run_id": SDK string; schema not typed
  addField('out', '<type=system><subtype=task_started>', 'run_id', z.string().optional()),
  // message:system/task_started — sdk/field-untyped "is_backgrounded": SDK boolean; schema not typed
  addField('out', '<type=system><subtype=task_started>', 'is_backgrounded', z.boolean().optional()),
  // message:system/task_started — sdk/field-untyped "spawn_depth": SDK number; schema not typed
  addField('out', '<type=system><subtype=task_started>', 'spawn_depth', z.number().optional()),
  // message:system/task_started — sdk/field-untyped "parent_task_id": SDK string; schema not typed
  addField('out', '<type=system><subtype=task_started>', 'parent_task_id', z.string().optional()),
  // message:system/task_started — sdk/field-untyped "ambient": SDK boolean; schema not typed
  addField('out', '<type=system><subtype=task_started>', 'ambient', z.boolean().optional()),
  // message:system/task_updated — sdk/field-untyped "run_id": SDK string; schema not typed
  addField('out', '<type=system><subtype=task_updated>', 'run_id', z.string().optional()),
  // message:tool_progress — sdk/field-untyped "heartbeat": SDK boolean; schema not typed
  addField('out', '<type=tool_progress>', 'heartbeat', z.boolean().optional()),
  // message:tool_progress — sdk/field-untyped "subagent_type": SDK string; schema not typed
  addField('out', '<type=tool_progress>', 'subagent_type', z.string().optional()),
  // message:tool_progress — sdk/field-untyped "subagent_retry": SDK { agent_id, attempt, max_retries, retry_delay_ms, … }; schema not typed
  addField(
    'out',
    '<type=tool_progress>',
    'subagent_retry',
    z
      .looseObject({
        agent_id: z.string(),
        attempt: z.number(),
        max_retries: z.number(),
        retry_delay_ms: z.number(),
        error_status: z.number().nullable(),
        error_category: z.string(),
      })
      .optional(),
  ),
  // message:tool_progress — sdk/field-untyped "description": SDK string; schema not typed
  addField('out', '<type=tool_progress>', 'description', z.string().optional()),
  // message:user — sdk/field-untyped "fromMode": SDK "bypass" | "prompting"; schema not typed
  addField('out', '<type=user>.origin<kind=peer>', 'fromMode', z.enum(['bypass', 'prompting']).optional()),
  // message:user — sdk/field-untyped "fromSession": SDK string; schema not typed
  addField('out', '<type=user>.origin<kind=peer>', 'fromSession', z.string().optional()),
  // message:user — sdk/field-untyped "senderTaskId": SDK string; schema not typed
  addField('out', '<type=user>.origin<kind=peer>', 'senderTaskId', z.string().optional()),
  // message:user — sdk/field-untyped "body": SDK string; schema not typed
  addField('out', '<type=user>.origin<kind=peer>', 'body', z.string().optional()),
  // message:user — sdk/field-untyped "verifiedPeerPid": SDK number; schema not typed
  addField('out', '<type=user>.origin<kind=peer>', 'verifiedPeerPid', z.number().optional()),
  // message:user — sdk/field-untyped "subkind": SDK "external-event" | "peer-send-message" | "projects-relay" | "scheduled-trigger" | "session-inbox"; schema not typed
  addField(
    'out',
    '<type=user>.origin<kind=task-notification>',
    'subkind',
    z
      .enum(['external-event', 'peer-send-message', 'projects-relay', 'scheduled-trigger', 'session-inbox'])
      .optional(),
  ),
  // message:user — sdk/field-untyped "fireReason": SDK string; schema not typed
  addField('out', '<type=user>.origin<kind=task-notification>', 'fireReason', z.string().optional()),
  // message:user — sdk/field-untyped "runId": SDK string; schema not typed
  addField('out', '<type=user>.origin<kind=task-notification>', 'runId', z.string().optional()),
  // message:user — sdk/field-untyped "client_composed": SDK true; schema not typed
  addField('out', '<type=user>', 'client_composed', z.literal(true).optional()),
  // message:user — sdk/field-untyped "pasted_content": SDK ContentBlockParam[] | TextBlockParam[] | string[]; schema not typed
  addField(
    'out',
    '<type=user>',
    'pasted_content',
    z
      .array(
        z.union([z.array(sdk_0_3_337_ContentBlockParam), z.array(sdk_0_3_337_TextBlockParam), z.string()]),
      )
      .optional(),
  ),
  // message:user — sdk/field-untyped "inline_pastes": SDK string[]; schema not typed
  addField('out', '<type=user>', 'inline_pastes', z.array(z.string()).optional()),
  // message:user — sdk/field-untyped "agent_id": SDK string; schema not typed
  addField('out', '<type=user>', 'agent_id', z.string().optional()),
  // control:hook_callback — sdk/value-rejected: SDK "fork"; schema "startup" | "resume" | "clear" | "compact"
  addValues(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=SessionStart>.source',
    ['fork'],
  ),
  // control:hook_callback — sdk/value-rejected: SDK "account_on_hold" | "cloud_credential_error" | "overloaded" | "verification_required"; schema "authentication_failed" | "oauth_org_not_allowed" | "billing_error" | "rate_limit"
  addValues(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=StopFailure>.error',
    ['account_on_hold', 'cloud_credential_error', 'overloaded', 'verification_required'],
  ),
  // control:initialize — sdk/value-rejected: SDK "anthropicGoogleCloud"; schema "firstParty" | "bedrock" | "vertex" | "foundry" | "anthropicAws" | "mantle" | "gateway"
  addValues('payload:initialize', '.account.apiProvider', ['anthropicGoogleCloud']),
  // message:assistant — sdk/value-rejected: SDK "account_on_hold" | "cloud_credential_error" | "overloaded" | "verification_required"; schema "authentication_failed" | "oauth_org_not_allowed" | "billing_error" | "rate_limit"
  addValues('out', '<type=assistant>.error', [
    'account_on_hold',
    'cloud_credential_error',
    'overloaded',
    'verification_required',
  ]),
  // message:control_response — sdk/value-rejected: SDK "fork"; schema "startup" | "resume" | "clear" | "compact"
  addValues(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>.source',
    ['fork'],
  ),
  // message:control_response — sdk/value-rejected: SDK "account_on_hold" | "cloud_credential_error" | "overloaded" | "verification_required"; schema "authentication_failed" | "oauth_org_not_allowed" | "billing_error" | "rate_limit"
  addValues(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=StopFailure>.error',
    ['account_on_hold', 'cloud_credential_error', 'overloaded', 'verification_required'],
  ),
  // message:rate_limit_event — sdk/value-rejected: SDK "seven_day_overage_included"; schema "five_hour" | "seven_day" | "seven_day_opus" | "seven_day_sonnet" | "overage"
  addValues('out', '<type=rate_limit_event>.rate_limit_info.rateLimitType', ['seven_day_overage_included']),
  // message:result/error_during_execution — sdk/value-rejected: SDK "api_error" | "background_requested" | "malformed_tool_use_exhausted" | "structured_output_retry_exhausted" | "tool_deferred_unavailable" | "turn_setup_failed"; schema "blockin
  addValues(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.terminal_reason',
    [
      'api_error',
      'background_requested',
      'malformed_tool_use_exhausted',
      'structured_output_retry_exhausted',
      'tool_deferred_unavailable',
      'turn_setup_failed',
    ],
  ),
  // message:result/success — sdk/value-rejected: SDK "api_error" | "background_requested" | "budget_exhausted" | "malformed_tool_use_exhausted" | "structured_output_retry_exhausted" | "tool_deferred_unavailable" | "turn_setup_fai
  addValues('out', '<type=result><subtype=success>.terminal_reason', [
    'api_error',
    'background_requested',
    'budget_exhausted',
    'malformed_tool_use_exhausted',
    'structured_output_retry_exhausted',
    'tool_deferred_unavailable',
    'turn_setup_failed',
  ]),
  // message:stdin:control_response — sdk/value-rejected: SDK "fork"; schema "startup" | "resume" | "clear" | "compact"
  addValues(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=SessionStart>.source',
    ['fork'],
  ),
  // message:stdin:control_response — sdk/value-rejected: SDK "account_on_hold" | "cloud_credential_error" | "overloaded" | "verification_required"; schema "authentication_failed" | "oauth_org_not_allowed" | "billing_error" | "rate_limit"
  addValues(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=hook_callback>.input<hook_event_name=StopFailure>.error',
    ['account_on_hold', 'cloud_credential_error', 'overloaded', 'verification_required'],
  ),
  // message:system/api_retry — sdk/value-rejected: SDK "account_on_hold" | "cloud_credential_error" | "verification_required"; schema "authentication_failed" | "oauth_org_not_allowed" | "billing_error" | "rate_limit" | "invalid_req
  addValues('out', '<type=system><subtype=api_retry>.error', [
    'account_on_hold',
    'cloud_credential_error',
    'verification_required',
  ]),
  // control:get_context_usage — sdk/required-optional "mcpInstructions": SDK optional; schema required
  makeOptional('payload:get_context_usage', '', 'mcpInstructions'),
  // control:initialize — sdk/required-optional "hooks_applied": SDK optional; schema required
  makeOptional('payload:initialize', '', 'hooks_applied'),
  // control:initialize — sdk/required-optional "hook_on_failure_supported": SDK optional; schema required
  makeOptional('payload:initialize', '', 'hook_on_failure_supported'),
  // control:initialize — sdk/required-optional "claude_code_version": SDK optional; schema required
  makeOptional('payload:initialize', '', 'claude_code_version'),
  // control:initialize — sdk/required-optional "fast_mode_disabled_reason": SDK optional; schema required
  makeOptional('payload:initialize', '', 'fast_mode_disabled_reason'),
  // control:initialize — sdk/required-undeclared "user_output_styles_dir": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'user_output_styles_dir'),
  // control:initialize — sdk/required-undeclared "current_permission_mode": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'current_permission_mode'),
  // control:initialize — sdk/required-undeclared "hooks_when_unanswered_kept": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'hooks_when_unanswered_kept'),
  // control:initialize — sdk/required-undeclared "other_hook_ask_outranks_host": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'other_hook_ask_outranks_host'),
  // control:initialize — sdk/required-undeclared "feedback_mode": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'feedback_mode'),
  // control:initialize — sdk/required-undeclared "analytics_disabled": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'analytics_disabled'),
  // control:initialize — sdk/required-undeclared "sandbox_enabled": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'sandbox_enabled'),
  // control:initialize — sdk/required-undeclared "remote_control_auto_enable": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'remote_control_auto_enable'),
  // control:initialize — sdk/required-undeclared "remote_control_auto_connect_default": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'remote_control_auto_connect_default'),
  // control:initialize — sdk/required-undeclared "remote_control_available": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'remote_control_available'),
  // control:initialize — sdk/required-undeclared "remote_control_auto_on_by_default": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'remote_control_auto_on_by_default'),
  // control:initialize — sdk/required-undeclared "ide_rc_auto_enable_gate": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'ide_rc_auto_enable_gate'),
  // control:initialize — sdk/required-undeclared "session_state": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'session_state'),
  // control:initialize — sdk/required-undeclared "capabilities": SDK not declared; schema required
  makeOptional('payload:initialize', '', 'capabilities'),
  // control:set_max_thinking_tokens — sdk/required-optional "max_thinking_tokens": SDK optional; schema required
  makeOptional(
    'in',
    '<type=control_request>.request<subtype=set_max_thinking_tokens>',
    'max_thinking_tokens',
  ),
  // control:set_permission_mode — sdk/required-optional "mode": SDK optional; schema required
  makeOptional('payload:set_permission_mode', '', 'mode'),
  // message:assistant — sdk/required-optional "timestamp": SDK optional; schema required
  makeOptional('out', '<type=assistant>', 'timestamp'),
  // message:control_response — sdk/required-optional "id": SDK optional; schema required
  makeOptional(
    'out',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=mcp_message>.message<#3>',
    'id',
  ),
  // message:result/success — sdk/required-optional "queued_turn_count": SDK optional; schema required
  makeOptional('out', '<type=result><subtype=success>', 'queued_turn_count'),
  // message:result/success — sdk/required-optional "result_index": SDK optional; schema required
  makeOptional('out', '<type=result><subtype=success>', 'result_index'),
  // message:result/success — sdk/required-optional "fast_mode_disabled_reason": SDK optional; schema required
  makeOptional('out', '<type=result><subtype=success>', 'fast_mode_disabled_reason'),
  // message:result/success — sdk/required-undeclared "subagent_stats": SDK not declared; schema required
  makeOptional('out', '<type=result><subtype=success>', 'subagent_stats'),
  // message:result/success — sdk/required-undeclared "safety_stops": SDK not declared; schema required
  makeOptional('out', '<type=result><subtype=success>', 'safety_stops'),
  // message:result/success — sdk/required-undeclared "model_usage_since_last_result": SDK not declared; schema required
  makeOptional('out', '<type=result><subtype=success>', 'model_usage_since_last_result'),
  // message:stdin:control_response — sdk/required-optional "id": SDK optional; schema required
  makeOptional(
    'in',
    '<type=control_response>.response<subtype=error>.pending_permission_requests[].request<subtype=mcp_message>.message<#3>',
    'id',
  ),
  // message:stream_event — sdk/required-undeclared "api_message_id": SDK not declared; schema required
  makeOptional('out', '<type=stream_event>', 'api_message_id'),
  // message:system/init — sdk/required-optional "terminal_slash_commands": SDK optional; schema required
  makeOptional('out', '<type=system><subtype=init>', 'terminal_slash_commands'),
  // message:system/init — sdk/required-optional "fast_mode_disabled_reason": SDK optional; schema required
  makeOptional('out', '<type=system><subtype=init>', 'fast_mode_disabled_reason'),
  // message:system/init — sdk/required-optional "view_mode": SDK optional; schema required
  makeOptional('out', '<type=system><subtype=init>', 'view_mode'),
  // message:system/init — sdk/required-optional "capabilities": SDK optional; schema required
  makeOptional('out', '<type=system><subtype=init>', 'capabilities'),
  // message:system/init — sdk/required-undeclared "served_by_anthropic": SDK not declared; schema required
  makeOptional('out', '<type=system><subtype=init>', 'served_by_anthropic'),
  // message:system/init — sdk/required-undeclared "sandbox_enabled": SDK not declared; schema required
  makeOptional('out', '<type=system><subtype=init>', 'sandbox_enabled'),
  // message:system/init — sdk/required-undeclared "original_cwd": SDK not declared; schema required
  makeOptional('out', '<type=system><subtype=init>', 'original_cwd'),
  // message:system/init — sdk/required-undeclared "additional_directories": SDK not declared; schema required
  makeOptional('out', '<type=system><subtype=init>', 'additional_directories'),
  // message:system/init — sdk/required-undeclared "messaging_socket_path": SDK not declared; schema required
  makeOptional('out', '<type=system><subtype=init>', 'messaging_socket_path'),
  // message:system/init — sdk/required-undeclared "per_turn_effort_active": SDK not declared; schema required
  makeOptional('out', '<type=system><subtype=init>', 'per_turn_effort_active'),
  // message:system/init — sdk/required-undeclared "ultrathink_available": SDK not declared; schema required
  makeOptional('out', '<type=system><subtype=init>', 'ultrathink_available'),
  // message:system/init — sdk/required-undeclared "ultrathink_typed_raises": SDK not declared; schema required
  makeOptional('out', '<type=system><subtype=init>', 'ultrathink_typed_raises'),
  // message:result/error_during_execution — sdk/type-rejected: SDK { }; schema null
  widen(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.usage.fallback_credit',
    z.looseObject({}),
  ),
  // control:set_model — sdk/null-rejected: SDK null allowed; schema string without null
  widen('in', '<type=control_request>.request<subtype=set_model>.model', z.null()),
  // message:result/success — sdk/type-rejected: SDK { }; schema null
  widen('out', '<type=result><subtype=success>.usage.fallback_credit', z.looseObject({})),
  // message:result/error_during_execution — sdk/field-untyped "status": SDK BetaFallbackCreditNotApplied | BetaFallbackCreditRedeemed; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.usage.fallback_credit<#1>',
    'status',
    z.union([sdk_0_3_337_BetaFallbackCreditNotApplied, sdk_0_3_337_BetaFallbackCreditRedeemed]).optional(),
  ),
  // message:result/success — sdk/field-untyped "status": SDK BetaFallbackCreditNotApplied | BetaFallbackCreditRedeemed; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.usage.fallback_credit<#1>',
    'status',
    z.union([sdk_0_3_337_BetaFallbackCreditNotApplied, sdk_0_3_337_BetaFallbackCreditRedeemed]).optional(),
  ),
];
