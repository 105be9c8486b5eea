/**
 * Claude Code CLI 2.1.150: what the Agent SDK 0.3.150 declares that the
 * corpus-drafted schemas did not accept, as amendments applied after `amendments.ts`. Written by
 * `npm run schemas:reconcile` from `schemas/sdk/0.3.150.json` (the SDK's
 * declarations): a value the SDK declares validates, a field is required only where the SDK
 * requires it, an item the SDK declares and no scenario provoked is typed with the SDK's declared
 * shape. Do not edit: change the corpus amendments or re-run the reconciliation.
 */
import { z } from 'zod';
import { type Amendment, addField, addValues, addVariant, makeOptional, widen } from '../amend.js';

export const sdkVersion = '0.3.150';

const sdk_0_3_150_CwdChangedHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('CwdChanged'),
  watchPaths: z.array(z.string()).optional(),
});
const sdk_0_3_150_ElicitationHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('Elicitation'),
  action: z.enum(['accept', 'cancel', 'decline']).optional(),
  content: z.record(z.string(), z.unknown()).optional(),
});
const sdk_0_3_150_ElicitationResultHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('ElicitationResult'),
  action: z.enum(['accept', 'cancel', 'decline']).optional(),
  content: z.record(z.string(), z.unknown()).optional(),
});
const sdk_0_3_150_FileChangedHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('FileChanged'),
  watchPaths: z.array(z.string()).optional(),
});
const sdk_0_3_150_NotificationHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('Notification'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_150_PermissionDeniedHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PermissionDenied'),
  retry: z.boolean().optional(),
});
const sdk_0_3_150_PermissionBehavior: z.ZodType = z.enum(['allow', 'ask', 'deny']);
const sdk_0_3_150_PermissionUpdateDestination: z.ZodType = z.enum([
  'cliArg',
  'localSettings',
  'projectSettings',
  'session',
  'userSettings',
]);
const sdk_0_3_150_PermissionMode: z.ZodType = z.enum([
  'acceptEdits',
  'auto',
  'bypassPermissions',
  'default',
  'dontAsk',
  'plan',
]);
const sdk_0_3_150_PermissionUpdate: z.ZodType = z.union([
  z.looseObject({
    type: z.literal('addRules'),
    rules: z.array(z.looseObject({ toolName: z.string(), ruleContent: z.string().optional() })),
    behavior: sdk_0_3_150_PermissionBehavior,
    destination: sdk_0_3_150_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('replaceRules'),
    rules: z.array(z.looseObject({ toolName: z.string(), ruleContent: z.string().optional() })),
    behavior: sdk_0_3_150_PermissionBehavior,
    destination: sdk_0_3_150_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('removeRules'),
    rules: z.array(z.looseObject({ toolName: z.string(), ruleContent: z.string().optional() })),
    behavior: sdk_0_3_150_PermissionBehavior,
    destination: sdk_0_3_150_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('setMode'),
    mode: sdk_0_3_150_PermissionMode,
    destination: sdk_0_3_150_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('addDirectories'),
    directories: z.array(z.string()),
    destination: sdk_0_3_150_PermissionUpdateDestination,
  }),
  z.looseObject({
    type: z.literal('removeDirectories'),
    directories: z.array(z.string()),
    destination: sdk_0_3_150_PermissionUpdateDestination,
  }),
]);
const sdk_0_3_150_PermissionRequestHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PermissionRequest'),
  decision: z.union([
    z.looseObject({
      behavior: z.literal('allow'),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      updatedPermissions: z.array(sdk_0_3_150_PermissionUpdate).optional(),
    }),
    z.looseObject({
      behavior: z.literal('deny'),
      message: z.string().optional(),
      interrupt: z.boolean().optional(),
    }),
  ]),
});
const sdk_0_3_150_PostToolBatchHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PostToolBatch'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_150_PostToolUseFailureHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PostToolUseFailure'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_150_PostToolUseHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PostToolUse'),
  additionalContext: z.string().optional(),
  updatedToolOutput: z.unknown().optional(),
  updatedMCPToolOutput: z.unknown().optional(),
});
const sdk_0_3_150_HookPermissionDecision: z.ZodType = z.enum(['allow', 'ask', 'defer', 'deny']);
const sdk_0_3_150_PreToolUseHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('PreToolUse'),
  permissionDecision: sdk_0_3_150_HookPermissionDecision.optional(),
  permissionDecisionReason: z.string().optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  additionalContext: z.string().optional(),
});
const sdk_0_3_150_SessionStartHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('SessionStart'),
  additionalContext: z.string().optional(),
  initialUserMessage: z.string().optional(),
  watchPaths: z.array(z.string()).optional(),
});
const sdk_0_3_150_SetupHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('Setup'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_150_SubagentStartHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('SubagentStart'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_150_UserPromptExpansionHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('UserPromptExpansion'),
  additionalContext: z.string().optional(),
});
const sdk_0_3_150_UserPromptSubmitHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('UserPromptSubmit'),
  additionalContext: z.string().optional(),
  sessionTitle: z.string().optional(),
  suppressOriginalPrompt: z.boolean().optional(),
});
const sdk_0_3_150_WorktreeCreateHookSpecificOutput: z.ZodType = z.looseObject({
  hookEventName: z.literal('WorktreeCreate'),
  worktreePath: z.string(),
});
const sdk_0_3_150_BetaDirectCaller: z.ZodType = z.looseObject({ type: z.literal('direct') });
const sdk_0_3_150_BetaServerToolCaller: z.ZodType = z.looseObject({
  tool_id: z.string(),
  type: z.literal('code_execution_20250825'),
});
const sdk_0_3_150_BetaServerToolCaller20260120: z.ZodType = z.looseObject({
  tool_id: z.string(),
  type: z.literal('code_execution_20260120'),
});
const sdk_0_3_150_BetaResponseToolChangeMCPToolReference: z.ZodType = z.looseObject({
  name: z.string(),
  server_name: z.string(),
  type: z.literal('mcp_tool_reference'),
});
const sdk_0_3_150_BetaResponseToolChangeMCPToolsetReference: z.ZodType = z.looseObject({
  server_name: z.string(),
  type: z.literal('mcp_toolset_reference'),
});
const sdk_0_3_150_BetaResponseToolChangeToolReference: z.ZodType = z.looseObject({
  name: z.string(),
  type: z.literal('tool_reference'),
});
const sdk_0_3_150_BetaCacheControlEphemeral: z.ZodType = z.looseObject({
  type: z.literal('ephemeral'),
  ttl: z.enum(['1h', '5m']).optional(),
});
const sdk_0_3_150_BetaBrowserCloseTabConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserDoubleClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserFileUploadConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserFindConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserFormInputConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserGetPageTextConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserHoldKeyConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserHoverConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserJavascriptExecConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserKeyConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserLeftClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserLeftClickDragConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserLeftMouseDownConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserLeftMouseUpConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserListTabsConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserMiddleClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserMouseMoveConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserNavigateConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserNewTabConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserReadConsoleConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserReadNetworkConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserReadPageConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserRightClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserScreenshotConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserScrollConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserScrollToConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserSwitchTabConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserTripleClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserTypeConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserWaitConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserZoomConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaBrowserToolsetConfigs: z.ZodType = z.looseObject({
  close_tab: sdk_0_3_150_BetaBrowserCloseTabConfig.nullable().optional(),
  double_click: sdk_0_3_150_BetaBrowserDoubleClickConfig.nullable().optional(),
  file_upload: sdk_0_3_150_BetaBrowserFileUploadConfig.nullable().optional(),
  find: sdk_0_3_150_BetaBrowserFindConfig.nullable().optional(),
  form_input: sdk_0_3_150_BetaBrowserFormInputConfig.nullable().optional(),
  get_page_text: sdk_0_3_150_BetaBrowserGetPageTextConfig.nullable().optional(),
  hold_key: sdk_0_3_150_BetaBrowserHoldKeyConfig.nullable().optional(),
  hover: sdk_0_3_150_BetaBrowserHoverConfig.nullable().optional(),
  javascript_exec: sdk_0_3_150_BetaBrowserJavascriptExecConfig.nullable().optional(),
  key: sdk_0_3_150_BetaBrowserKeyConfig.nullable().optional(),
  left_click: sdk_0_3_150_BetaBrowserLeftClickConfig.nullable().optional(),
  left_click_drag: sdk_0_3_150_BetaBrowserLeftClickDragConfig.nullable().optional(),
  left_mouse_down: sdk_0_3_150_BetaBrowserLeftMouseDownConfig.nullable().optional(),
  left_mouse_up: sdk_0_3_150_BetaBrowserLeftMouseUpConfig.nullable().optional(),
  list_tabs: sdk_0_3_150_BetaBrowserListTabsConfig.nullable().optional(),
  middle_click: sdk_0_3_150_BetaBrowserMiddleClickConfig.nullable().optional(),
  mouse_move: sdk_0_3_150_BetaBrowserMouseMoveConfig.nullable().optional(),
  navigate: sdk_0_3_150_BetaBrowserNavigateConfig.nullable().optional(),
  new_tab: sdk_0_3_150_BetaBrowserNewTabConfig.nullable().optional(),
  read_console: sdk_0_3_150_BetaBrowserReadConsoleConfig.nullable().optional(),
  read_network: sdk_0_3_150_BetaBrowserReadNetworkConfig.nullable().optional(),
  read_page: sdk_0_3_150_BetaBrowserReadPageConfig.nullable().optional(),
  right_click: sdk_0_3_150_BetaBrowserRightClickConfig.nullable().optional(),
  screenshot: sdk_0_3_150_BetaBrowserScreenshotConfig.nullable().optional(),
  scroll: sdk_0_3_150_BetaBrowserScrollConfig.nullable().optional(),
  scroll_to: sdk_0_3_150_BetaBrowserScrollToConfig.nullable().optional(),
  switch_tab: sdk_0_3_150_BetaBrowserSwitchTabConfig.nullable().optional(),
  triple_click: sdk_0_3_150_BetaBrowserTripleClickConfig.nullable().optional(),
  type: sdk_0_3_150_BetaBrowserTypeConfig.nullable().optional(),
  wait: sdk_0_3_150_BetaBrowserWaitConfig.nullable().optional(),
  zoom: sdk_0_3_150_BetaBrowserZoomConfig.nullable().optional(),
});
const sdk_0_3_150_BetaBrowserToolset20260801: z.ZodType = z.looseObject({
  type: z.literal('browser_toolset_20260801'),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  configs: sdk_0_3_150_BetaBrowserToolsetConfigs.nullable().optional(),
});
const sdk_0_3_150_BetaComputerCursorPositionConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerDoubleClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerHoldKeyConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerKeyConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerLeftClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerLeftClickDragConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerLeftMouseDownConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerLeftMouseUpConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerMiddleClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerMouseMoveConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerRightClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerScreenshotConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerScrollConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerTripleClickConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerTypeConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerWaitConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerZoomConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
});
const sdk_0_3_150_BetaComputerToolsetConfigs: z.ZodType = z.looseObject({
  cursor_position: sdk_0_3_150_BetaComputerCursorPositionConfig.nullable().optional(),
  double_click: sdk_0_3_150_BetaComputerDoubleClickConfig.nullable().optional(),
  hold_key: sdk_0_3_150_BetaComputerHoldKeyConfig.nullable().optional(),
  key: sdk_0_3_150_BetaComputerKeyConfig.nullable().optional(),
  left_click: sdk_0_3_150_BetaComputerLeftClickConfig.nullable().optional(),
  left_click_drag: sdk_0_3_150_BetaComputerLeftClickDragConfig.nullable().optional(),
  left_mouse_down: sdk_0_3_150_BetaComputerLeftMouseDownConfig.nullable().optional(),
  left_mouse_up: sdk_0_3_150_BetaComputerLeftMouseUpConfig.nullable().optional(),
  middle_click: sdk_0_3_150_BetaComputerMiddleClickConfig.nullable().optional(),
  mouse_move: sdk_0_3_150_BetaComputerMouseMoveConfig.nullable().optional(),
  right_click: sdk_0_3_150_BetaComputerRightClickConfig.nullable().optional(),
  screenshot: sdk_0_3_150_BetaComputerScreenshotConfig.nullable().optional(),
  scroll: sdk_0_3_150_BetaComputerScrollConfig.nullable().optional(),
  triple_click: sdk_0_3_150_BetaComputerTripleClickConfig.nullable().optional(),
  type: sdk_0_3_150_BetaComputerTypeConfig.nullable().optional(),
  wait: sdk_0_3_150_BetaComputerWaitConfig.nullable().optional(),
  zoom: sdk_0_3_150_BetaComputerZoomConfig.nullable().optional(),
});
const sdk_0_3_150_BetaComputerToolset20260801: z.ZodType = z.looseObject({
  type: z.literal('computer_toolset_20260801'),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  configs: sdk_0_3_150_BetaComputerToolsetConfigs.nullable().optional(),
});
const sdk_0_3_150_BetaToolBash20241022: z.ZodType = z.looseObject({
  name: z.literal('bash'),
  type: z.literal('bash_20241022'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolBash20250124: z.ZodType = z.looseObject({
  name: z.literal('bash'),
  type: z.literal('bash_20250124'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolComputerUse20241022: z.ZodType = z.looseObject({
  display_height_px: z.number(),
  display_width_px: z.number(),
  name: z.literal('computer'),
  type: z.literal('computer_20241022'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  display_number: z.number().nullable().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaMemoryTool20250818: z.ZodType = z.looseObject({
  name: z.literal('memory'),
  type: z.literal('memory_20250818'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolComputerUse20250124: z.ZodType = z.looseObject({
  display_height_px: z.number(),
  display_width_px: z.number(),
  name: z.literal('computer'),
  type: z.literal('computer_20250124'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  display_number: z.number().nullable().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolTextEditor20241022: z.ZodType = z.looseObject({
  name: z.literal('str_replace_editor'),
  type: z.literal('text_editor_20241022'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolComputerUse20251124: z.ZodType = z.looseObject({
  display_height_px: z.number(),
  display_width_px: z.number(),
  name: z.literal('computer'),
  type: z.literal('computer_20251124'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  display_number: z.number().nullable().optional(),
  enable_zoom: z.boolean().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolTextEditor20250124: z.ZodType = z.looseObject({
  name: z.literal('str_replace_editor'),
  type: z.literal('text_editor_20250124'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolTextEditor20250429: z.ZodType = z.looseObject({
  name: z.literal('str_replace_based_edit_tool'),
  type: z.literal('text_editor_20250429'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolTextEditor20250728: z.ZodType = z.looseObject({
  name: z.literal('str_replace_based_edit_tool'),
  type: z.literal('text_editor_20250728'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  max_characters: z.number().nullable().optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_Model: z.ZodType = z.union([
  z.string(),
  z.enum([
    'claude-fable-5',
    'claude-fable-5-1',
    'claude-fable-5-2',
    'claude-haiku-4-5',
    'claude-haiku-4-5-20251001',
    'claude-haiku-5-5',
    'claude-mythos-5',
    'claude-mythos-5-1',
    'claude-mythos-5-2',
    'claude-mythos-preview',
    'claude-opus-4-5',
    'claude-opus-4-5-20251101',
    'claude-opus-4-6',
    'claude-opus-4-7',
    'claude-opus-4-8',
    'claude-opus-5',
    'claude-opus-5-5',
    'claude-sonnet-4-6',
    'claude-sonnet-5',
    'claude-sonnet-5-5',
  ]),
]);
const sdk_0_3_150_BetaAdvisorTool20260301: z.ZodType = z.looseObject({
  model: sdk_0_3_150_Model,
  name: z.literal('advisor'),
  type: z.literal('advisor_20260301'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  caching: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  max_tokens: z.number().nullable().optional(),
  max_uses: z.number().nullable().optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaCodeExecutionTool20250522: z.ZodType = z.looseObject({
  name: z.literal('code_execution'),
  type: z.literal('code_execution_20250522'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaCodeExecutionTool20250825: z.ZodType = z.looseObject({
  name: z.literal('code_execution'),
  type: z.literal('code_execution_20250825'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaCodeExecutionTool20260120: z.ZodType = z.looseObject({
  name: z.literal('code_execution'),
  type: z.literal('code_execution_20260120'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaCodeExecutionTool20260521: z.ZodType = z.looseObject({
  name: z.literal('code_execution'),
  type: z.literal('code_execution_20260521'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaMCPToolConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
const sdk_0_3_150_BetaMCPToolDefaultConfig: z.ZodType = z.looseObject({
  defer_loading: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
const sdk_0_3_150_BetaMCPToolParam: z.ZodType = z.looseObject({
  input_schema: z.record(z.string(), z.unknown()),
  name: z.string(),
  description: z.string().nullable().optional(),
});
const sdk_0_3_150_BetaMCPToolset: z.ZodType = z.looseObject({
  mcp_server_name: z.string(),
  type: z.literal('mcp_toolset'),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  configs: z.record(z.string(), sdk_0_3_150_BetaMCPToolConfig).nullable().optional(),
  default_config: sdk_0_3_150_BetaMCPToolDefaultConfig.optional(),
  tools: z.array(sdk_0_3_150_BetaMCPToolParam).nullable().optional(),
});
const sdk_0_3_150_BetaResponseToolInputSchema: z.ZodType = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
  required: z.array(z.string()).nullable().optional(),
});
const sdk_0_3_150_BetaResponseTool: z.ZodType = z.looseObject({
  input_schema: sdk_0_3_150_BetaResponseToolInputSchema,
  name: z.string(),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  defer_loading: z.boolean().optional(),
  description: z.string().optional(),
  eager_input_streaming: z.boolean().nullable().optional(),
  input_examples: z.array(z.record(z.string(), z.unknown())).optional(),
  strict: z.boolean().optional(),
  type: z.literal('custom').nullable().optional(),
});
const sdk_0_3_150_BetaUserLocation: z.ZodType = z.looseObject({
  type: z.literal('approximate'),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  timezone: z.string().nullable().optional(),
});
const sdk_0_3_150_BetaWebSearchTool20250305: z.ZodType = z.looseObject({
  name: z.literal('web_search'),
  type: z.literal('web_search_20250305'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  allowed_domains: z.array(z.string()).nullable().optional(),
  blocked_domains: z.array(z.string()).nullable().optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  max_uses: z.number().nullable().optional(),
  strict: z.boolean().optional(),
  user_location: sdk_0_3_150_BetaUserLocation.nullable().optional(),
});
const sdk_0_3_150_BetaCitationsConfigParam: z.ZodType = z.looseObject({ enabled: z.boolean().optional() });
const sdk_0_3_150_BetaWebFetchURLSourceAll: z.ZodType = z.looseObject({ type: z.literal('all') });
const sdk_0_3_150_BetaWebFetchURLSourceToolReference: z.ZodType = z.looseObject({
  name: z.string(),
  type: z.literal('tool_reference'),
});
const sdk_0_3_150_BetaWebFetchURLSourceExcept: z.ZodType = z.looseObject({
  tools: z.array(sdk_0_3_150_BetaWebFetchURLSourceToolReference),
  type: z.literal('except'),
});
const sdk_0_3_150_BetaWebFetchURLSourceNone: z.ZodType = z.looseObject({ type: z.literal('none') });
const sdk_0_3_150_BetaWebFetchURLSourceOnly: z.ZodType = z.looseObject({
  tools: z.array(sdk_0_3_150_BetaWebFetchURLSourceToolReference),
  type: z.literal('only'),
});
const sdk_0_3_150_BetaWebFetchURLSources: z.ZodType = z.looseObject({
  client_tool_results: z
    .union([
      sdk_0_3_150_BetaWebFetchURLSourceAll,
      sdk_0_3_150_BetaWebFetchURLSourceExcept,
      sdk_0_3_150_BetaWebFetchURLSourceNone,
      sdk_0_3_150_BetaWebFetchURLSourceOnly,
    ])
    .optional(),
  server_tool_results: z
    .union([
      sdk_0_3_150_BetaWebFetchURLSourceAll,
      sdk_0_3_150_BetaWebFetchURLSourceExcept,
      sdk_0_3_150_BetaWebFetchURLSourceNone,
      sdk_0_3_150_BetaWebFetchURLSourceOnly,
    ])
    .optional(),
  user_input: z
    .union([sdk_0_3_150_BetaWebFetchURLSourceAll, sdk_0_3_150_BetaWebFetchURLSourceNone])
    .optional(),
});
const sdk_0_3_150_BetaWebFetchTool20250910: z.ZodType = z.looseObject({
  name: z.literal('web_fetch'),
  type: z.literal('web_fetch_20250910'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  allowed_domains: z.array(z.string()).nullable().optional(),
  blocked_domains: z.array(z.string()).nullable().optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  citations: sdk_0_3_150_BetaCitationsConfigParam.nullable().optional(),
  defer_loading: z.boolean().optional(),
  max_content_tokens: z.number().nullable().optional(),
  max_uses: z.number().nullable().optional(),
  strict: z.boolean().optional(),
  url_sources: sdk_0_3_150_BetaWebFetchURLSources.nullable().optional(),
});
const sdk_0_3_150_BetaWebSearchTool20260209: z.ZodType = z.looseObject({
  name: z.literal('web_search'),
  type: z.literal('web_search_20260209'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  allowed_domains: z.array(z.string()).nullable().optional(),
  blocked_domains: z.array(z.string()).nullable().optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  max_uses: z.number().nullable().optional(),
  strict: z.boolean().optional(),
  user_location: sdk_0_3_150_BetaUserLocation.nullable().optional(),
});
const sdk_0_3_150_BetaWebFetchTool20260209: z.ZodType = z.looseObject({
  name: z.literal('web_fetch'),
  type: z.literal('web_fetch_20260209'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  allowed_domains: z.array(z.string()).nullable().optional(),
  blocked_domains: z.array(z.string()).nullable().optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  citations: sdk_0_3_150_BetaCitationsConfigParam.nullable().optional(),
  defer_loading: z.boolean().optional(),
  max_content_tokens: z.number().nullable().optional(),
  max_uses: z.number().nullable().optional(),
  strict: z.boolean().optional(),
  url_sources: sdk_0_3_150_BetaWebFetchURLSources.nullable().optional(),
});
const sdk_0_3_150_BetaWebFetchTool20260309: z.ZodType = z.looseObject({
  name: z.literal('web_fetch'),
  type: z.literal('web_fetch_20260309'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  allowed_domains: z.array(z.string()).nullable().optional(),
  blocked_domains: z.array(z.string()).nullable().optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  citations: sdk_0_3_150_BetaCitationsConfigParam.nullable().optional(),
  defer_loading: z.boolean().optional(),
  max_content_tokens: z.number().nullable().optional(),
  max_uses: z.number().nullable().optional(),
  strict: z.boolean().optional(),
  url_sources: sdk_0_3_150_BetaWebFetchURLSources.nullable().optional(),
  use_cache: z.boolean().optional(),
});
const sdk_0_3_150_BetaWebSearchTool20260318: z.ZodType = z.looseObject({
  name: z.literal('web_search'),
  type: z.literal('web_search_20260318'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  allowed_domains: z.array(z.string()).nullable().optional(),
  blocked_domains: z.array(z.string()).nullable().optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  max_uses: z.number().nullable().optional(),
  response_inclusion: z.enum(['excluded', 'full']).optional(),
  strict: z.boolean().optional(),
  user_location: sdk_0_3_150_BetaUserLocation.nullable().optional(),
});
const sdk_0_3_150_BetaWebFetchTool20260318: z.ZodType = z.looseObject({
  name: z.literal('web_fetch'),
  type: z.literal('web_fetch_20260318'),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  allowed_domains: z.array(z.string()).nullable().optional(),
  blocked_domains: z.array(z.string()).nullable().optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  citations: sdk_0_3_150_BetaCitationsConfigParam.nullable().optional(),
  defer_loading: z.boolean().optional(),
  max_content_tokens: z.number().nullable().optional(),
  max_uses: z.number().nullable().optional(),
  response_inclusion: z.enum(['excluded', 'full']).optional(),
  strict: z.boolean().optional(),
  url_sources: sdk_0_3_150_BetaWebFetchURLSources.nullable().optional(),
  use_cache: z.boolean().optional(),
});
const sdk_0_3_150_BetaToolSearchToolRegex20251119: z.ZodType = z.looseObject({
  name: z.literal('tool_search_tool_regex'),
  type: z.enum(['tool_search_tool_regex', 'tool_search_tool_regex_20251119']),
  allowed_callers: z
    .array(
      z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
    )
    .optional(),
  cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
  defer_loading: z.boolean().optional(),
  strict: z.boolean().optional(),
});
const sdk_0_3_150_BetaResponseToolUnion: z.ZodType = z.union([
  sdk_0_3_150_BetaBrowserToolset20260801,
  sdk_0_3_150_BetaComputerToolset20260801,
  sdk_0_3_150_BetaToolBash20241022,
  sdk_0_3_150_BetaToolBash20250124,
  sdk_0_3_150_BetaToolComputerUse20241022,
  sdk_0_3_150_BetaMemoryTool20250818,
  sdk_0_3_150_BetaToolComputerUse20250124,
  sdk_0_3_150_BetaToolTextEditor20241022,
  sdk_0_3_150_BetaToolComputerUse20251124,
  sdk_0_3_150_BetaToolTextEditor20250124,
  sdk_0_3_150_BetaToolTextEditor20250429,
  sdk_0_3_150_BetaToolTextEditor20250728,
  sdk_0_3_150_BetaAdvisorTool20260301,
  sdk_0_3_150_BetaCodeExecutionTool20250522,
  sdk_0_3_150_BetaCodeExecutionTool20250825,
  sdk_0_3_150_BetaCodeExecutionTool20260120,
  sdk_0_3_150_BetaCodeExecutionTool20260521,
  sdk_0_3_150_BetaMCPToolset,
  sdk_0_3_150_BetaResponseTool,
  sdk_0_3_150_BetaWebSearchTool20250305,
  sdk_0_3_150_BetaWebFetchTool20250910,
  sdk_0_3_150_BetaWebSearchTool20260209,
  sdk_0_3_150_BetaWebFetchTool20260209,
  sdk_0_3_150_BetaWebFetchTool20260309,
  sdk_0_3_150_BetaWebSearchTool20260318,
  sdk_0_3_150_BetaWebFetchTool20260318,
  z.looseObject({
    name: z.literal('tool_search_tool_bm25'),
    type: z.enum(['tool_search_tool_bm25', 'tool_search_tool_bm25_20251119']),
    allowed_callers: z
      .array(
        z.enum(['code_execution_20250825', 'code_execution_20260120', 'code_execution_20260521', 'direct']),
      )
      .optional(),
    cache_control: sdk_0_3_150_BetaCacheControlEphemeral.nullable().optional(),
    defer_loading: z.boolean().optional(),
    strict: z.boolean().optional(),
  }),
  sdk_0_3_150_BetaToolSearchToolRegex20251119,
]);
const sdk_0_3_150_BetaToolChangeToolDefinition: z.ZodType = z.looseObject({
  definition: sdk_0_3_150_BetaResponseToolUnion,
  type: z.literal('tool_definition'),
});
const sdk_0_3_150_BetaResponseToolAdditionBlock: z.ZodType = z.looseObject({
  tool: z.union([
    sdk_0_3_150_BetaResponseToolChangeMCPToolReference,
    sdk_0_3_150_BetaResponseToolChangeMCPToolsetReference,
    sdk_0_3_150_BetaResponseToolChangeToolReference,
    sdk_0_3_150_BetaToolChangeToolDefinition,
  ]),
  type: z.literal('tool_addition'),
});
const sdk_0_3_150_BetaResponseToolRemovalBlock: z.ZodType = z.looseObject({
  tool: z.union([
    sdk_0_3_150_BetaResponseToolChangeMCPToolReference,
    sdk_0_3_150_BetaResponseToolChangeMCPToolsetReference,
    sdk_0_3_150_BetaResponseToolChangeToolReference,
  ]),
  type: z.literal('tool_removal'),
});
const sdk_0_3_150_BetaFallbackInfo: z.ZodType = z.looseObject({ model: sdk_0_3_150_Model });
const sdk_0_3_150_BetaFallbackRefusalTrigger: z.ZodType = z.looseObject({
  category: z.enum(['bio', 'cyber', 'frontier_llm', 'general_harms', 'reasoning_extraction']).nullable(),
  type: z.literal('refusal'),
});
const sdk_0_3_150_BetaMCPTool: z.ZodType = z.looseObject({
  input_schema: z.record(z.string(), z.unknown()),
  name: z.string(),
  description: z.string().optional(),
});
const sdk_0_3_150_BetaCacheMissMessagesChanged: z.ZodType = z.looseObject({
  cache_missed_input_tokens: z.number(),
  type: z.literal('messages_changed'),
});
const sdk_0_3_150_BetaCacheMissModelChanged: z.ZodType = z.looseObject({
  cache_missed_input_tokens: z.number(),
  type: z.literal('model_changed'),
});
const sdk_0_3_150_BetaCacheMissPreviousMessageNotFound: z.ZodType = z.looseObject({
  type: z.literal('previous_message_not_found'),
});
const sdk_0_3_150_BetaCacheMissSystemChanged: z.ZodType = z.looseObject({
  cache_missed_input_tokens: z.number(),
  type: z.literal('system_changed'),
});
const sdk_0_3_150_BetaCacheMissToolsChanged: z.ZodType = z.looseObject({
  cache_missed_input_tokens: z.number(),
  type: z.literal('tools_changed'),
});
const sdk_0_3_150_BetaCacheMissUnavailable: z.ZodType = z.looseObject({ type: z.literal('unavailable') });
const sdk_0_3_150_BetaDiagnostics: z.ZodType = z.looseObject({
  cache_miss_reason: z.union([
    sdk_0_3_150_BetaCacheMissMessagesChanged,
    sdk_0_3_150_BetaCacheMissModelChanged,
    sdk_0_3_150_BetaCacheMissPreviousMessageNotFound,
    sdk_0_3_150_BetaCacheMissSystemChanged,
    sdk_0_3_150_BetaCacheMissToolsChanged,
    sdk_0_3_150_BetaCacheMissUnavailable,
    z.null(),
  ]),
});
const sdk_0_3_150_BetaRefusalStopDetails: z.ZodType = z.looseObject({
  category: z.enum(['bio', 'cyber', 'frontier_llm', 'general_harms', 'reasoning_extraction']).nullable(),
  explanation: z.string().nullable(),
  fallback_credit_token: z.string().nullable(),
  fallback_has_prefill_claim: z.boolean().nullable(),
  recommended_model: z.string().nullable(),
  type: z.literal('refusal'),
});
const sdk_0_3_150_BetaFallbackCreditNotApplied: z.ZodType = z.looseObject({
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
const sdk_0_3_150_BetaFallbackCreditRedeemed: z.ZodType = z.looseObject({ type: z.literal('redeemed') });
const sdk_0_3_150_BetaFallbackCreditUsage: z.ZodType = z.looseObject({
  status: z.union([sdk_0_3_150_BetaFallbackCreditNotApplied, sdk_0_3_150_BetaFallbackCreditRedeemed]),
});
const sdk_0_3_150_BetaOutputTokensDetails: z.ZodType = z.looseObject({ thinking_tokens: z.number() });
const sdk_0_3_150_BetaThinkingDroppedInputTransformation: z.ZodType = z.looseObject({
  path: z.string(),
  reason: z.enum([
    'end_user_binding_mismatch',
    'model_binding_mismatch',
    'organization_binding_mismatch',
    'prefix_binding_mismatch',
  ]),
  type: z.literal('thinking_dropped'),
});
const sdk_0_3_150_BetaThinkingMismatchAllowedInputTransformation: z.ZodType = z.looseObject({
  path: z.string(),
  reason: z.enum([
    'end_user_binding_mismatch',
    'model_binding_mismatch',
    'organization_binding_mismatch',
    'prefix_binding_mismatch',
  ]),
  type: z.literal('thinking_mismatch_allowed'),
});
const sdk_0_3_150_BetaInputTransformation: z.ZodType = z.union([
  sdk_0_3_150_BetaThinkingDroppedInputTransformation,
  sdk_0_3_150_BetaThinkingMismatchAllowedInputTransformation,
]);
const sdk_0_3_150_BashCodeExecutionOutputBlockParam: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('bash_code_execution_output'),
});
const sdk_0_3_150_BashCodeExecutionResultBlockParam: z.ZodType = z.looseObject({
  content: z.array(sdk_0_3_150_BashCodeExecutionOutputBlockParam),
  return_code: z.number(),
  stderr: z.string(),
  stdout: z.string(),
  type: z.literal('bash_code_execution_result'),
});
const sdk_0_3_150_BashCodeExecutionToolResultErrorCode: z.ZodType = z.enum([
  'execution_time_exceeded',
  'invalid_tool_input',
  'output_file_too_large',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_150_BashCodeExecutionToolResultErrorParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_150_BashCodeExecutionToolResultErrorCode,
  type: z.literal('bash_code_execution_tool_result_error'),
});
const sdk_0_3_150_CacheControlEphemeral: z.ZodType = z.looseObject({
  type: z.literal('ephemeral'),
  ttl: z.enum(['1h', '5m']).optional(),
});
const sdk_0_3_150_BashCodeExecutionToolResultBlockParam: z.ZodType = z.looseObject({
  content: z.union([
    sdk_0_3_150_BashCodeExecutionResultBlockParam,
    sdk_0_3_150_BashCodeExecutionToolResultErrorParam,
  ]),
  tool_use_id: z.string(),
  type: z.literal('bash_code_execution_tool_result'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_150_CodeExecutionOutputBlockParam: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('code_execution_output'),
});
const sdk_0_3_150_CodeExecutionResultBlockParam: z.ZodType = z.looseObject({
  content: z.array(sdk_0_3_150_CodeExecutionOutputBlockParam),
  return_code: z.number(),
  stderr: z.string(),
  stdout: z.string(),
  type: z.literal('code_execution_result'),
});
const sdk_0_3_150_CodeExecutionToolResultErrorCode: z.ZodType = z.enum([
  'execution_time_exceeded',
  'invalid_tool_input',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_150_CodeExecutionToolResultErrorParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_150_CodeExecutionToolResultErrorCode,
  type: z.literal('code_execution_tool_result_error'),
});
const sdk_0_3_150_EncryptedCodeExecutionResultBlockParam: z.ZodType = z.looseObject({
  content: z.array(sdk_0_3_150_CodeExecutionOutputBlockParam),
  encrypted_stdout: z.string(),
  return_code: z.number(),
  stderr: z.string(),
  type: z.literal('encrypted_code_execution_result'),
});
const sdk_0_3_150_CodeExecutionToolResultBlockParamContent: z.ZodType = z.union([
  sdk_0_3_150_CodeExecutionResultBlockParam,
  sdk_0_3_150_CodeExecutionToolResultErrorParam,
  sdk_0_3_150_EncryptedCodeExecutionResultBlockParam,
]);
const sdk_0_3_150_CodeExecutionToolResultBlockParam: z.ZodType = z.looseObject({
  content: sdk_0_3_150_CodeExecutionToolResultBlockParamContent,
  tool_use_id: z.string(),
  type: z.literal('code_execution_tool_result'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_150_ContainerUploadBlockParam: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('container_upload'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_150_ImageTransformationsParam: z.ZodType = z.looseObject({
  oversized_image: z.enum(['downsize', 'error']).optional(),
});
const sdk_0_3_150_CitationCharLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  document_index: z.number(),
  document_title: z.string().nullable(),
  end_char_index: z.number(),
  start_char_index: z.number(),
  type: z.literal('char_location'),
});
const sdk_0_3_150_CitationContentBlockLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  document_index: z.number(),
  document_title: z.string().nullable(),
  end_block_index: z.number(),
  start_block_index: z.number(),
  type: z.literal('content_block_location'),
});
const sdk_0_3_150_CitationPageLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  document_index: z.number(),
  document_title: z.string().nullable(),
  end_page_number: z.number(),
  start_page_number: z.number(),
  type: z.literal('page_location'),
});
const sdk_0_3_150_CitationSearchResultLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  end_block_index: z.number(),
  search_result_index: z.number(),
  source: z.string(),
  start_block_index: z.number(),
  title: z.string().nullable(),
  type: z.literal('search_result_location'),
});
const sdk_0_3_150_CitationWebSearchResultLocationParam: z.ZodType = z.looseObject({
  cited_text: z.string(),
  encrypted_index: z.string(),
  title: z.string().nullable(),
  type: z.literal('web_search_result_location'),
  url: z.string(),
});
const sdk_0_3_150_TextCitationParam: z.ZodType = z.union([
  sdk_0_3_150_CitationCharLocationParam,
  sdk_0_3_150_CitationContentBlockLocationParam,
  sdk_0_3_150_CitationPageLocationParam,
  sdk_0_3_150_CitationSearchResultLocationParam,
  sdk_0_3_150_CitationWebSearchResultLocationParam,
]);
const sdk_0_3_150_Base64ImageSource: z.ZodType = z.looseObject({
  data: z.string(),
  media_type: z.enum(['image/gif', 'image/jpeg', 'image/png', 'image/webp']),
  type: z.literal('base64'),
});
const sdk_0_3_150_FileImageSource: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('file'),
});
const sdk_0_3_150_URLImageSource: z.ZodType = z.looseObject({ type: z.literal('url'), url: z.string() });
const sdk_0_3_150_CitationsConfigParam: z.ZodType = z.looseObject({ enabled: z.boolean().optional() });
const sdk_0_3_150_DirectCaller: z.ZodType = z.looseObject({ type: z.literal('direct') });
const sdk_0_3_150_ServerToolCaller: z.ZodType = z.looseObject({
  tool_id: z.string(),
  type: z.literal('code_execution_20250825'),
});
const sdk_0_3_150_ServerToolCaller20260120: z.ZodType = z.looseObject({
  tool_id: z.string(),
  type: z.literal('code_execution_20260120'),
});
const sdk_0_3_150_BrowserStateTabEntry: z.ZodType = z.looseObject({
  tab_id: z.string(),
  title: z.string(),
  url: z.string(),
  active: z.boolean().optional(),
});
const sdk_0_3_150_BrowserStateChangeTabOpened: z.ZodType = z.looseObject({
  tab_id: z.string(),
  type: z.literal('tab_opened'),
});
const sdk_0_3_150_BrowserStateChangeDownloadStarted: z.ZodType = z.looseObject({
  download_id: z.string(),
  type: z.literal('download_started'),
  url: z.string(),
});
const sdk_0_3_150_BrowserStateChangeDownloadCompleted: z.ZodType = z.looseObject({
  download_id: z.string(),
  type: z.literal('download_completed'),
  url: z.string(),
  path: z.string().nullable().optional(),
  size_bytes: z.number().nullable().optional(),
});
const sdk_0_3_150_BrowserStateChangeDownloadFailed: z.ZodType = z.looseObject({
  download_id: z.string(),
  type: z.literal('download_failed'),
  url: z.string(),
  error: z.string().nullable().optional(),
});
const sdk_0_3_150_BrowserStateChange: z.ZodType = z.union([
  sdk_0_3_150_BrowserStateChangeTabOpened,
  sdk_0_3_150_BrowserStateChangeDownloadStarted,
  sdk_0_3_150_BrowserStateChangeDownloadCompleted,
  sdk_0_3_150_BrowserStateChangeDownloadFailed,
]);
const sdk_0_3_150_BrowserStateBlockParam: z.ZodType = z.looseObject({
  tabs: z.array(sdk_0_3_150_BrowserStateTabEntry),
  type: z.literal('browser_state'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  state_changes: z.array(sdk_0_3_150_BrowserStateChange).nullable().optional(),
});
const sdk_0_3_150_ServerToolUseBlockParam: z.ZodType = z.looseObject({
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
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  caller: z
    .union([sdk_0_3_150_DirectCaller, sdk_0_3_150_ServerToolCaller, sdk_0_3_150_ServerToolCaller20260120])
    .optional(),
});
const sdk_0_3_150_WebSearchToolResultErrorCode: z.ZodType = z.enum([
  'invalid_tool_input',
  'max_uses_exceeded',
  'query_too_long',
  'request_too_large',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_150_WebSearchToolRequestErrorObject: z.ZodType = z.looseObject({
  error_code: sdk_0_3_150_WebSearchToolResultErrorCode,
  type: z.literal('web_search_tool_result_error'),
});
const sdk_0_3_150_WebSearchResultBlockParam: z.ZodType = z.looseObject({
  encrypted_content: z.string(),
  title: z.string(),
  type: z.literal('web_search_result'),
  url: z.string(),
  page_age: z.string().nullable().optional(),
});
const sdk_0_3_150_WebSearchToolResultBlockParamContent: z.ZodType = z.union([
  sdk_0_3_150_WebSearchToolRequestErrorObject,
  z.array(sdk_0_3_150_WebSearchResultBlockParam),
]);
const sdk_0_3_150_WebSearchToolResultBlockParam: z.ZodType = z.looseObject({
  content: sdk_0_3_150_WebSearchToolResultBlockParamContent,
  tool_use_id: z.string(),
  type: z.literal('web_search_tool_result'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  caller: z
    .union([sdk_0_3_150_DirectCaller, sdk_0_3_150_ServerToolCaller, sdk_0_3_150_ServerToolCaller20260120])
    .optional(),
});
const sdk_0_3_150_Base64PDFSource: z.ZodType = z.looseObject({
  data: z.string(),
  media_type: z.literal('application/pdf'),
  type: z.literal('base64'),
});
const sdk_0_3_150_TextBlockParam: z.ZodType = z.looseObject({
  text: z.string(),
  type: z.literal('text'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  citations: z.array(sdk_0_3_150_TextCitationParam).nullable().optional(),
});
const sdk_0_3_150_ImageBlockParam: z.ZodType = z.looseObject({
  source: z.union([sdk_0_3_150_Base64ImageSource, sdk_0_3_150_FileImageSource, sdk_0_3_150_URLImageSource]),
  type: z.literal('image'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  transformations: sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
});
const sdk_0_3_150_ContentBlockSourceContent: z.ZodType = z.union([
  sdk_0_3_150_TextBlockParam,
  sdk_0_3_150_ImageBlockParam,
]);
const sdk_0_3_150_ContentBlockSource: z.ZodType = z.looseObject({
  content: z.union([z.array(sdk_0_3_150_ContentBlockSourceContent), z.string()]),
  type: z.literal('content'),
});
const sdk_0_3_150_FileDocumentSource: z.ZodType = z.looseObject({
  file_id: z.string(),
  type: z.literal('file'),
});
const sdk_0_3_150_PlainTextSource: z.ZodType = z.looseObject({
  data: z.string(),
  media_type: z.literal('text/plain'),
  type: z.literal('text'),
});
const sdk_0_3_150_URLPDFSource: z.ZodType = z.looseObject({ type: z.literal('url'), url: z.string() });
const sdk_0_3_150_DocumentBlockParam: z.ZodType = z.looseObject({
  source: z.union([
    sdk_0_3_150_Base64PDFSource,
    sdk_0_3_150_ContentBlockSource,
    sdk_0_3_150_FileDocumentSource,
    sdk_0_3_150_PlainTextSource,
    sdk_0_3_150_URLPDFSource,
  ]),
  type: z.literal('document'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  citations: sdk_0_3_150_CitationsConfigParam.nullable().optional(),
  context: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
});
const sdk_0_3_150_WebFetchBlockParam: z.ZodType = z.looseObject({
  content: sdk_0_3_150_DocumentBlockParam,
  type: z.literal('web_fetch_result'),
  url: z.string(),
  retrieved_at: z.string().nullable().optional(),
});
const sdk_0_3_150_WebFetchToolResultErrorCode: z.ZodType = z.enum([
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
const sdk_0_3_150_WebFetchToolResultErrorBlockParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_150_WebFetchToolResultErrorCode,
  type: z.literal('web_fetch_tool_result_error'),
});
const sdk_0_3_150_WebFetchToolResultBlockParam: z.ZodType = z.looseObject({
  content: z.union([sdk_0_3_150_WebFetchBlockParam, sdk_0_3_150_WebFetchToolResultErrorBlockParam]),
  tool_use_id: z.string(),
  type: z.literal('web_fetch_tool_result'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  caller: z
    .union([sdk_0_3_150_DirectCaller, sdk_0_3_150_ServerToolCaller, sdk_0_3_150_ServerToolCaller20260120])
    .optional(),
});
const sdk_0_3_150_TextEditorCodeExecutionCreateResultBlockParam: z.ZodType = z.looseObject({
  is_file_update: z.boolean(),
  type: z.literal('text_editor_code_execution_create_result'),
});
const sdk_0_3_150_TextEditorCodeExecutionStrReplaceResultBlockParam: z.ZodType = z.looseObject({
  type: z.literal('text_editor_code_execution_str_replace_result'),
  lines: z.array(z.string()).nullable().optional(),
  new_lines: z.number().nullable().optional(),
  new_start: z.number().nullable().optional(),
  old_lines: z.number().nullable().optional(),
  old_start: z.number().nullable().optional(),
});
const sdk_0_3_150_TextEditorCodeExecutionToolResultErrorCode: z.ZodType = z.enum([
  'execution_time_exceeded',
  'file_not_found',
  'invalid_tool_input',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_150_TextEditorCodeExecutionToolResultErrorParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_150_TextEditorCodeExecutionToolResultErrorCode,
  type: z.literal('text_editor_code_execution_tool_result_error'),
  error_message: z.string().nullable().optional(),
});
const sdk_0_3_150_TextEditorCodeExecutionViewResultBlockParam: z.ZodType = z.looseObject({
  content: z.string(),
  file_type: z.enum(['image', 'pdf', 'text']),
  type: z.literal('text_editor_code_execution_view_result'),
  num_lines: z.number().nullable().optional(),
  start_line: z.number().nullable().optional(),
  total_lines: z.number().nullable().optional(),
});
const sdk_0_3_150_TextEditorCodeExecutionToolResultBlockParam: z.ZodType = z.looseObject({
  content: z.union([
    sdk_0_3_150_TextEditorCodeExecutionCreateResultBlockParam,
    sdk_0_3_150_TextEditorCodeExecutionStrReplaceResultBlockParam,
    sdk_0_3_150_TextEditorCodeExecutionToolResultErrorParam,
    sdk_0_3_150_TextEditorCodeExecutionViewResultBlockParam,
  ]),
  tool_use_id: z.string(),
  type: z.literal('text_editor_code_execution_tool_result'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_150_ToolSearchToolResultErrorCode: z.ZodType = z.enum([
  'execution_time_exceeded',
  'invalid_tool_input',
  'too_many_requests',
  'unavailable',
]);
const sdk_0_3_150_ToolSearchToolResultErrorParam: z.ZodType = z.looseObject({
  error_code: sdk_0_3_150_ToolSearchToolResultErrorCode,
  type: z.literal('tool_search_tool_result_error'),
  error_message: z.string().nullable().optional(),
});
const sdk_0_3_150_ToolReferenceBlockParam: z.ZodType = z.looseObject({
  tool_name: z.string(),
  type: z.literal('tool_reference'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
});
const sdk_0_3_150_ToolSearchToolSearchResultBlockParam: z.ZodType = z.looseObject({
  tool_references: z.array(sdk_0_3_150_ToolReferenceBlockParam),
  type: z.literal('tool_search_tool_search_result'),
});
const sdk_0_3_150_ToolSearchToolResultBlockParam: z.ZodType = z.looseObject({
  content: z.union([
    sdk_0_3_150_ToolSearchToolResultErrorParam,
    sdk_0_3_150_ToolSearchToolSearchResultBlockParam,
  ]),
  tool_use_id: z.string(),
  type: z.literal('tool_search_tool_result'),
  cache_control: sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
});

/** The SDK types these amendments use, by their SDK names: `$defs` of the generated JSON Schemas. */
export const sdkNamed: ReadonlyArray<readonly [z.ZodType, string]> = [
  [sdk_0_3_150_CwdChangedHookSpecificOutput, 'CwdChangedHookSpecificOutput'],
  [sdk_0_3_150_ElicitationHookSpecificOutput, 'ElicitationHookSpecificOutput'],
  [sdk_0_3_150_ElicitationResultHookSpecificOutput, 'ElicitationResultHookSpecificOutput'],
  [sdk_0_3_150_FileChangedHookSpecificOutput, 'FileChangedHookSpecificOutput'],
  [sdk_0_3_150_NotificationHookSpecificOutput, 'NotificationHookSpecificOutput'],
  [sdk_0_3_150_PermissionDeniedHookSpecificOutput, 'PermissionDeniedHookSpecificOutput'],
  [sdk_0_3_150_PermissionBehavior, 'PermissionBehavior'],
  [sdk_0_3_150_PermissionUpdateDestination, 'PermissionUpdateDestination'],
  [sdk_0_3_150_PermissionMode, 'PermissionMode'],
  [sdk_0_3_150_PermissionUpdate, 'PermissionUpdate'],
  [sdk_0_3_150_PermissionRequestHookSpecificOutput, 'PermissionRequestHookSpecificOutput'],
  [sdk_0_3_150_PostToolBatchHookSpecificOutput, 'PostToolBatchHookSpecificOutput'],
  [sdk_0_3_150_PostToolUseFailureHookSpecificOutput, 'PostToolUseFailureHookSpecificOutput'],
  [sdk_0_3_150_PostToolUseHookSpecificOutput, 'PostToolUseHookSpecificOutput'],
  [sdk_0_3_150_HookPermissionDecision, 'HookPermissionDecision'],
  [sdk_0_3_150_PreToolUseHookSpecificOutput, 'PreToolUseHookSpecificOutput'],
  [sdk_0_3_150_SessionStartHookSpecificOutput, 'SessionStartHookSpecificOutput'],
  [sdk_0_3_150_SetupHookSpecificOutput, 'SetupHookSpecificOutput'],
  [sdk_0_3_150_SubagentStartHookSpecificOutput, 'SubagentStartHookSpecificOutput'],
  [sdk_0_3_150_UserPromptExpansionHookSpecificOutput, 'UserPromptExpansionHookSpecificOutput'],
  [sdk_0_3_150_UserPromptSubmitHookSpecificOutput, 'UserPromptSubmitHookSpecificOutput'],
  [sdk_0_3_150_WorktreeCreateHookSpecificOutput, 'WorktreeCreateHookSpecificOutput'],
  [sdk_0_3_150_BetaDirectCaller, 'BetaDirectCaller'],
  [sdk_0_3_150_BetaServerToolCaller, 'BetaServerToolCaller'],
  [sdk_0_3_150_BetaServerToolCaller20260120, 'BetaServerToolCaller20260120'],
  [sdk_0_3_150_BetaResponseToolChangeMCPToolReference, 'BetaResponseToolChangeMCPToolReference'],
  [sdk_0_3_150_BetaResponseToolChangeMCPToolsetReference, 'BetaResponseToolChangeMCPToolsetReference'],
  [sdk_0_3_150_BetaResponseToolChangeToolReference, 'BetaResponseToolChangeToolReference'],
  [sdk_0_3_150_BetaCacheControlEphemeral, 'BetaCacheControlEphemeral'],
  [sdk_0_3_150_BetaBrowserCloseTabConfig, 'BetaBrowserCloseTabConfig'],
  [sdk_0_3_150_BetaBrowserDoubleClickConfig, 'BetaBrowserDoubleClickConfig'],
  [sdk_0_3_150_BetaBrowserFileUploadConfig, 'BetaBrowserFileUploadConfig'],
  [sdk_0_3_150_BetaBrowserFindConfig, 'BetaBrowserFindConfig'],
  [sdk_0_3_150_BetaBrowserFormInputConfig, 'BetaBrowserFormInputConfig'],
  [sdk_0_3_150_BetaBrowserGetPageTextConfig, 'BetaBrowserGetPageTextConfig'],
  [sdk_0_3_150_BetaBrowserHoldKeyConfig, 'BetaBrowserHoldKeyConfig'],
  [sdk_0_3_150_BetaBrowserHoverConfig, 'BetaBrowserHoverConfig'],
  [sdk_0_3_150_BetaBrowserJavascriptExecConfig, 'BetaBrowserJavascriptExecConfig'],
  [sdk_0_3_150_BetaBrowserKeyConfig, 'BetaBrowserKeyConfig'],
  [sdk_0_3_150_BetaBrowserLeftClickConfig, 'BetaBrowserLeftClickConfig'],
  [sdk_0_3_150_BetaBrowserLeftClickDragConfig, 'BetaBrowserLeftClickDragConfig'],
  [sdk_0_3_150_BetaBrowserLeftMouseDownConfig, 'BetaBrowserLeftMouseDownConfig'],
  [sdk_0_3_150_BetaBrowserLeftMouseUpConfig, 'BetaBrowserLeftMouseUpConfig'],
  [sdk_0_3_150_BetaBrowserListTabsConfig, 'BetaBrowserListTabsConfig'],
  [sdk_0_3_150_BetaBrowserMiddleClickConfig, 'BetaBrowserMiddleClickConfig'],
  [sdk_0_3_150_BetaBrowserMouseMoveConfig, 'BetaBrowserMouseMoveConfig'],
  [sdk_0_3_150_BetaBrowserNavigateConfig, 'BetaBrowserNavigateConfig'],
  [sdk_0_3_150_BetaBrowserNewTabConfig, 'BetaBrowserNewTabConfig'],
  [sdk_0_3_150_BetaBrowserReadConsoleConfig, 'BetaBrowserReadConsoleConfig'],
  [sdk_0_3_150_BetaBrowserReadNetworkConfig, 'BetaBrowserReadNetworkConfig'],
  [sdk_0_3_150_BetaBrowserReadPageConfig, 'BetaBrowserReadPageConfig'],
  [sdk_0_3_150_BetaBrowserRightClickConfig, 'BetaBrowserRightClickConfig'],
  [sdk_0_3_150_BetaBrowserScreenshotConfig, 'BetaBrowserScreenshotConfig'],
  [sdk_0_3_150_BetaBrowserScrollConfig, 'BetaBrowserScrollConfig'],
  [sdk_0_3_150_BetaBrowserScrollToConfig, 'BetaBrowserScrollToConfig'],
  [sdk_0_3_150_BetaBrowserSwitchTabConfig, 'BetaBrowserSwitchTabConfig'],
  [sdk_0_3_150_BetaBrowserTripleClickConfig, 'BetaBrowserTripleClickConfig'],
  [sdk_0_3_150_BetaBrowserTypeConfig, 'BetaBrowserTypeConfig'],
  [sdk_0_3_150_BetaBrowserWaitConfig, 'BetaBrowserWaitConfig'],
  [sdk_0_3_150_BetaBrowserZoomConfig, 'BetaBrowserZoomConfig'],
  [sdk_0_3_150_BetaBrowserToolsetConfigs, 'BetaBrowserToolsetConfigs'],
  [sdk_0_3_150_BetaBrowserToolset20260801, 'BetaBrowserToolset20260801'],
  [sdk_0_3_150_BetaComputerCursorPositionConfig, 'BetaComputerCursorPositionConfig'],
  [sdk_0_3_150_BetaComputerDoubleClickConfig, 'BetaComputerDoubleClickConfig'],
  [sdk_0_3_150_BetaComputerHoldKeyConfig, 'BetaComputerHoldKeyConfig'],
  [sdk_0_3_150_BetaComputerKeyConfig, 'BetaComputerKeyConfig'],
  [sdk_0_3_150_BetaComputerLeftClickConfig, 'BetaComputerLeftClickConfig'],
  [sdk_0_3_150_BetaComputerLeftClickDragConfig, 'BetaComputerLeftClickDragConfig'],
  [sdk_0_3_150_BetaComputerLeftMouseDownConfig, 'BetaComputerLeftMouseDownConfig'],
  [sdk_0_3_150_BetaComputerLeftMouseUpConfig, 'BetaComputerLeftMouseUpConfig'],
  [sdk_0_3_150_BetaComputerMiddleClickConfig, 'BetaComputerMiddleClickConfig'],
  [sdk_0_3_150_BetaComputerMouseMoveConfig, 'BetaComputerMouseMoveConfig'],
  [sdk_0_3_150_BetaComputerRightClickConfig, 'BetaComputerRightClickConfig'],
  [sdk_0_3_150_BetaComputerScreenshotConfig, 'BetaComputerScreenshotConfig'],
  [sdk_0_3_150_BetaComputerScrollConfig, 'BetaComputerScrollConfig'],
  [sdk_0_3_150_BetaComputerTripleClickConfig, 'BetaComputerTripleClickConfig'],
  [sdk_0_3_150_BetaComputerTypeConfig, 'BetaComputerTypeConfig'],
  [sdk_0_3_150_BetaComputerWaitConfig, 'BetaComputerWaitConfig'],
  [sdk_0_3_150_BetaComputerZoomConfig, 'BetaComputerZoomConfig'],
  [sdk_0_3_150_BetaComputerToolsetConfigs, 'BetaComputerToolsetConfigs'],
  [sdk_0_3_150_BetaComputerToolset20260801, 'BetaComputerToolset20260801'],
  [sdk_0_3_150_BetaToolBash20241022, 'BetaToolBash20241022'],
  [sdk_0_3_150_BetaToolBash20250124, 'BetaToolBash20250124'],
  [sdk_0_3_150_BetaToolComputerUse20241022, 'BetaToolComputerUse20241022'],
  [sdk_0_3_150_BetaMemoryTool20250818, 'BetaMemoryTool20250818'],
  [sdk_0_3_150_BetaToolComputerUse20250124, 'BetaToolComputerUse20250124'],
  [sdk_0_3_150_BetaToolTextEditor20241022, 'BetaToolTextEditor20241022'],
  [sdk_0_3_150_BetaToolComputerUse20251124, 'BetaToolComputerUse20251124'],
  [sdk_0_3_150_BetaToolTextEditor20250124, 'BetaToolTextEditor20250124'],
  [sdk_0_3_150_BetaToolTextEditor20250429, 'BetaToolTextEditor20250429'],
  [sdk_0_3_150_BetaToolTextEditor20250728, 'BetaToolTextEditor20250728'],
  [sdk_0_3_150_Model, 'Model'],
  [sdk_0_3_150_BetaAdvisorTool20260301, 'BetaAdvisorTool20260301'],
  [sdk_0_3_150_BetaCodeExecutionTool20250522, 'BetaCodeExecutionTool20250522'],
  [sdk_0_3_150_BetaCodeExecutionTool20250825, 'BetaCodeExecutionTool20250825'],
  [sdk_0_3_150_BetaCodeExecutionTool20260120, 'BetaCodeExecutionTool20260120'],
  [sdk_0_3_150_BetaCodeExecutionTool20260521, 'BetaCodeExecutionTool20260521'],
  [sdk_0_3_150_BetaMCPToolConfig, 'BetaMCPToolConfig'],
  [sdk_0_3_150_BetaMCPToolDefaultConfig, 'BetaMCPToolDefaultConfig'],
  [sdk_0_3_150_BetaMCPToolParam, 'BetaMCPToolParam'],
  [sdk_0_3_150_BetaMCPToolset, 'BetaMCPToolset'],
  [sdk_0_3_150_BetaResponseToolInputSchema, 'BetaResponseToolInputSchema'],
  [sdk_0_3_150_BetaResponseTool, 'BetaResponseTool'],
  [sdk_0_3_150_BetaUserLocation, 'BetaUserLocation'],
  [sdk_0_3_150_BetaWebSearchTool20250305, 'BetaWebSearchTool20250305'],
  [sdk_0_3_150_BetaCitationsConfigParam, 'BetaCitationsConfigParam'],
  [sdk_0_3_150_BetaWebFetchURLSourceAll, 'BetaWebFetchURLSourceAll'],
  [sdk_0_3_150_BetaWebFetchURLSourceToolReference, 'BetaWebFetchURLSourceToolReference'],
  [sdk_0_3_150_BetaWebFetchURLSourceExcept, 'BetaWebFetchURLSourceExcept'],
  [sdk_0_3_150_BetaWebFetchURLSourceNone, 'BetaWebFetchURLSourceNone'],
  [sdk_0_3_150_BetaWebFetchURLSourceOnly, 'BetaWebFetchURLSourceOnly'],
  [sdk_0_3_150_BetaWebFetchURLSources, 'BetaWebFetchURLSources'],
  [sdk_0_3_150_BetaWebFetchTool20250910, 'BetaWebFetchTool20250910'],
  [sdk_0_3_150_BetaWebSearchTool20260209, 'BetaWebSearchTool20260209'],
  [sdk_0_3_150_BetaWebFetchTool20260209, 'BetaWebFetchTool20260209'],
  [sdk_0_3_150_BetaWebFetchTool20260309, 'BetaWebFetchTool20260309'],
  [sdk_0_3_150_BetaWebSearchTool20260318, 'BetaWebSearchTool20260318'],
  [sdk_0_3_150_BetaWebFetchTool20260318, 'BetaWebFetchTool20260318'],
  [sdk_0_3_150_BetaToolSearchToolRegex20251119, 'BetaToolSearchToolRegex20251119'],
  [sdk_0_3_150_BetaResponseToolUnion, 'BetaResponseToolUnion'],
  [sdk_0_3_150_BetaToolChangeToolDefinition, 'BetaToolChangeToolDefinition'],
  [sdk_0_3_150_BetaResponseToolAdditionBlock, 'BetaResponseToolAdditionBlock'],
  [sdk_0_3_150_BetaResponseToolRemovalBlock, 'BetaResponseToolRemovalBlock'],
  [sdk_0_3_150_BetaFallbackInfo, 'BetaFallbackInfo'],
  [sdk_0_3_150_BetaFallbackRefusalTrigger, 'BetaFallbackRefusalTrigger'],
  [sdk_0_3_150_BetaMCPTool, 'BetaMCPTool'],
  [sdk_0_3_150_BetaCacheMissMessagesChanged, 'BetaCacheMissMessagesChanged'],
  [sdk_0_3_150_BetaCacheMissModelChanged, 'BetaCacheMissModelChanged'],
  [sdk_0_3_150_BetaCacheMissPreviousMessageNotFound, 'BetaCacheMissPreviousMessageNotFound'],
  [sdk_0_3_150_BetaCacheMissSystemChanged, 'BetaCacheMissSystemChanged'],
  [sdk_0_3_150_BetaCacheMissToolsChanged, 'BetaCacheMissToolsChanged'],
  [sdk_0_3_150_BetaCacheMissUnavailable, 'BetaCacheMissUnavailable'],
  [sdk_0_3_150_BetaDiagnostics, 'BetaDiagnostics'],
  [sdk_0_3_150_BetaRefusalStopDetails, 'BetaRefusalStopDetails'],
  [sdk_0_3_150_BetaFallbackCreditNotApplied, 'BetaFallbackCreditNotApplied'],
  [sdk_0_3_150_BetaFallbackCreditRedeemed, 'BetaFallbackCreditRedeemed'],
  [sdk_0_3_150_BetaFallbackCreditUsage, 'BetaFallbackCreditUsage'],
  [sdk_0_3_150_BetaOutputTokensDetails, 'BetaOutputTokensDetails'],
  [sdk_0_3_150_BetaThinkingDroppedInputTransformation, 'BetaThinkingDroppedInputTransformation'],
  [
    sdk_0_3_150_BetaThinkingMismatchAllowedInputTransformation,
    'BetaThinkingMismatchAllowedInputTransformation',
  ],
  [sdk_0_3_150_BetaInputTransformation, 'BetaInputTransformation'],
  [sdk_0_3_150_BashCodeExecutionOutputBlockParam, 'BashCodeExecutionOutputBlockParam'],
  [sdk_0_3_150_BashCodeExecutionResultBlockParam, 'BashCodeExecutionResultBlockParam'],
  [sdk_0_3_150_BashCodeExecutionToolResultErrorCode, 'BashCodeExecutionToolResultErrorCode'],
  [sdk_0_3_150_BashCodeExecutionToolResultErrorParam, 'BashCodeExecutionToolResultErrorParam'],
  [sdk_0_3_150_CacheControlEphemeral, 'CacheControlEphemeral'],
  [sdk_0_3_150_BashCodeExecutionToolResultBlockParam, 'BashCodeExecutionToolResultBlockParam'],
  [sdk_0_3_150_CodeExecutionOutputBlockParam, 'CodeExecutionOutputBlockParam'],
  [sdk_0_3_150_CodeExecutionResultBlockParam, 'CodeExecutionResultBlockParam'],
  [sdk_0_3_150_CodeExecutionToolResultErrorCode, 'CodeExecutionToolResultErrorCode'],
  [sdk_0_3_150_CodeExecutionToolResultErrorParam, 'CodeExecutionToolResultErrorParam'],
  [sdk_0_3_150_EncryptedCodeExecutionResultBlockParam, 'EncryptedCodeExecutionResultBlockParam'],
  [sdk_0_3_150_CodeExecutionToolResultBlockParamContent, 'CodeExecutionToolResultBlockParamContent'],
  [sdk_0_3_150_CodeExecutionToolResultBlockParam, 'CodeExecutionToolResultBlockParam'],
  [sdk_0_3_150_ContainerUploadBlockParam, 'ContainerUploadBlockParam'],
  [sdk_0_3_150_ImageTransformationsParam, 'ImageTransformationsParam'],
  [sdk_0_3_150_CitationCharLocationParam, 'CitationCharLocationParam'],
  [sdk_0_3_150_CitationContentBlockLocationParam, 'CitationContentBlockLocationParam'],
  [sdk_0_3_150_CitationPageLocationParam, 'CitationPageLocationParam'],
  [sdk_0_3_150_CitationSearchResultLocationParam, 'CitationSearchResultLocationParam'],
  [sdk_0_3_150_CitationWebSearchResultLocationParam, 'CitationWebSearchResultLocationParam'],
  [sdk_0_3_150_TextCitationParam, 'TextCitationParam'],
  [sdk_0_3_150_Base64ImageSource, 'Base64ImageSource'],
  [sdk_0_3_150_FileImageSource, 'FileImageSource'],
  [sdk_0_3_150_URLImageSource, 'URLImageSource'],
  [sdk_0_3_150_CitationsConfigParam, 'CitationsConfigParam'],
  [sdk_0_3_150_DirectCaller, 'DirectCaller'],
  [sdk_0_3_150_ServerToolCaller, 'ServerToolCaller'],
  [sdk_0_3_150_ServerToolCaller20260120, 'ServerToolCaller20260120'],
  [sdk_0_3_150_BrowserStateTabEntry, 'BrowserStateTabEntry'],
  [sdk_0_3_150_BrowserStateChangeTabOpened, 'BrowserStateChangeTabOpened'],
  [sdk_0_3_150_BrowserStateChangeDownloadStarted, 'BrowserStateChangeDownloadStarted'],
  [sdk_0_3_150_BrowserStateChangeDownloadCompleted, 'BrowserStateChangeDownloadCompleted'],
  [sdk_0_3_150_BrowserStateChangeDownloadFailed, 'BrowserStateChangeDownloadFailed'],
  [sdk_0_3_150_BrowserStateChange, 'BrowserStateChange'],
  [sdk_0_3_150_BrowserStateBlockParam, 'BrowserStateBlockParam'],
  [sdk_0_3_150_ServerToolUseBlockParam, 'ServerToolUseBlockParam'],
  [sdk_0_3_150_WebSearchToolResultErrorCode, 'WebSearchToolResultErrorCode'],
  [sdk_0_3_150_WebSearchToolRequestErrorObject, 'WebSearchToolRequestErrorObject'],
  [sdk_0_3_150_WebSearchResultBlockParam, 'WebSearchResultBlockParam'],
  [sdk_0_3_150_WebSearchToolResultBlockParamContent, 'WebSearchToolResultBlockParamContent'],
  [sdk_0_3_150_WebSearchToolResultBlockParam, 'WebSearchToolResultBlockParam'],
  [sdk_0_3_150_Base64PDFSource, 'Base64PDFSource'],
  [sdk_0_3_150_TextBlockParam, 'TextBlockParam'],
  [sdk_0_3_150_ImageBlockParam, 'ImageBlockParam'],
  [sdk_0_3_150_ContentBlockSourceContent, 'ContentBlockSourceContent'],
  [sdk_0_3_150_ContentBlockSource, 'ContentBlockSource'],
  [sdk_0_3_150_FileDocumentSource, 'FileDocumentSource'],
  [sdk_0_3_150_PlainTextSource, 'PlainTextSource'],
  [sdk_0_3_150_URLPDFSource, 'URLPDFSource'],
  [sdk_0_3_150_DocumentBlockParam, 'DocumentBlockParam'],
  [sdk_0_3_150_WebFetchBlockParam, 'WebFetchBlockParam'],
  [sdk_0_3_150_WebFetchToolResultErrorCode, 'WebFetchToolResultErrorCode'],
  [sdk_0_3_150_WebFetchToolResultErrorBlockParam, 'WebFetchToolResultErrorBlockParam'],
  [sdk_0_3_150_WebFetchToolResultBlockParam, 'WebFetchToolResultBlockParam'],
  [
    sdk_0_3_150_TextEditorCodeExecutionCreateResultBlockParam,
    'TextEditorCodeExecutionCreateResultBlockParam',
  ],
  [
    sdk_0_3_150_TextEditorCodeExecutionStrReplaceResultBlockParam,
    'TextEditorCodeExecutionStrReplaceResultBlockParam',
  ],
  [sdk_0_3_150_TextEditorCodeExecutionToolResultErrorCode, 'TextEditorCodeExecutionToolResultErrorCode'],
  [sdk_0_3_150_TextEditorCodeExecutionToolResultErrorParam, 'TextEditorCodeExecutionToolResultErrorParam'],
  [sdk_0_3_150_TextEditorCodeExecutionViewResultBlockParam, 'TextEditorCodeExecutionViewResultBlockParam'],
  [sdk_0_3_150_TextEditorCodeExecutionToolResultBlockParam, 'TextEditorCodeExecutionToolResultBlockParam'],
  [sdk_0_3_150_ToolSearchToolResultErrorCode, 'ToolSearchToolResultErrorCode'],
  [sdk_0_3_150_ToolSearchToolResultErrorParam, 'ToolSearchToolResultErrorParam'],
  [sdk_0_3_150_ToolReferenceBlockParam, 'ToolReferenceBlockParam'],
  [sdk_0_3_150_ToolSearchToolSearchResultBlockParam, 'ToolSearchToolSearchResultBlockParam'],
  [sdk_0_3_150_ToolSearchToolResultBlockParam, 'ToolSearchToolResultBlockParam'],
];

export const sdkAmendments: readonly Amendment[] = [
  // control:request_user_dialog — sdk/member-missing: SDK subtype "request_user_dialog" ({ subtype, dialog_kind, payload, tool_use_id }); schema members interrupt, initialize, set_permission_mode, set_model, set_max_thinking_tokens, r
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({
      subtype: z.literal('request_user_dialog'),
      dialog_kind: z.string(),
      payload: z.record(z.string(), z.unknown()),
      tool_use_id: z.string().optional(),
    }),
  ),
  // message:stdin:user — sdk/member-missing: SDK type "bash_code_execution_tool_result" (BashCodeExecutionToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, t
  addVariant('in', '<type=user>.message.content<#1>[]', sdk_0_3_150_BashCodeExecutionToolResultBlockParam),
  // message:stdin:user — sdk/member-missing: SDK type "code_execution_tool_result" (CodeExecutionToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('in', '<type=user>.message.content<#1>[]', sdk_0_3_150_CodeExecutionToolResultBlockParam),
  // message:stdin:user — sdk/member-missing: SDK type "container_upload" (ContainerUploadBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('in', '<type=user>.message.content<#1>[]', sdk_0_3_150_ContainerUploadBlockParam),
  // message:stdin:user — sdk/member-missing: SDK type "browser_state" (BrowserStateBlockParam); schema members text, image, document, search_result, tool_reference
  addVariant(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]',
    sdk_0_3_150_BrowserStateBlockParam,
  ),
  // message:stdin:user — sdk/member-missing: SDK type "server_tool_use" (ServerToolUseBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('in', '<type=user>.message.content<#1>[]', sdk_0_3_150_ServerToolUseBlockParam),
  // message:stdin:user — sdk/member-missing: SDK type "web_search_tool_result" (WebSearchToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('in', '<type=user>.message.content<#1>[]', sdk_0_3_150_WebSearchToolResultBlockParam),
  // message:stdin:user — sdk/member-missing: SDK type "web_fetch_tool_result" (WebFetchToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('in', '<type=user>.message.content<#1>[]', sdk_0_3_150_WebFetchToolResultBlockParam),
  // message:stdin:user — sdk/member-missing: SDK type "text_editor_code_execution_tool_result" (TextEditorCodeExecutionToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacte
  addVariant(
    'in',
    '<type=user>.message.content<#1>[]',
    sdk_0_3_150_TextEditorCodeExecutionToolResultBlockParam,
  ),
  // message:stdin:user — sdk/member-missing: SDK type "tool_search_tool_result" (ToolSearchToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('in', '<type=user>.message.content<#1>[]', sdk_0_3_150_ToolSearchToolResultBlockParam),
  // message:user — sdk/member-missing: SDK type "bash_code_execution_tool_result" (BashCodeExecutionToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, t
  addVariant('out', '<type=user>.message.content<#1>[]', sdk_0_3_150_BashCodeExecutionToolResultBlockParam),
  // message:user — sdk/member-missing: SDK type "code_execution_tool_result" (CodeExecutionToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('out', '<type=user>.message.content<#1>[]', sdk_0_3_150_CodeExecutionToolResultBlockParam),
  // message:user — sdk/member-missing: SDK type "container_upload" (ContainerUploadBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('out', '<type=user>.message.content<#1>[]', sdk_0_3_150_ContainerUploadBlockParam),
  // message:user — sdk/member-missing: SDK type "browser_state" (BrowserStateBlockParam); schema members text, image, document, search_result, tool_reference
  addVariant(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]',
    sdk_0_3_150_BrowserStateBlockParam,
  ),
  // message:user — sdk/member-missing: SDK type "server_tool_use" (ServerToolUseBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('out', '<type=user>.message.content<#1>[]', sdk_0_3_150_ServerToolUseBlockParam),
  // message:user — sdk/member-missing: SDK type "web_search_tool_result" (WebSearchToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('out', '<type=user>.message.content<#1>[]', sdk_0_3_150_WebSearchToolResultBlockParam),
  // message:user — sdk/member-missing: SDK type "web_fetch_tool_result" (WebFetchToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('out', '<type=user>.message.content<#1>[]', sdk_0_3_150_WebFetchToolResultBlockParam),
  // message:user — sdk/member-missing: SDK type "text_editor_code_execution_tool_result" (TextEditorCodeExecutionToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacte
  addVariant(
    'out',
    '<type=user>.message.content<#1>[]',
    sdk_0_3_150_TextEditorCodeExecutionToolResultBlockParam,
  ),
  // message:user — sdk/member-missing: SDK type "tool_search_tool_result" (ToolSearchToolResultBlockParam); schema members text, image, document, tool_result, search_result, thinking, redacted_thinking, tool_use
  addVariant('out', '<type=user>.message.content<#1>[]', sdk_0_3_150_ToolSearchToolResultBlockParam),
  // control:initialize — sdk/field-untyped "criticalSystemReminder_EXPERIMENTAL": SDK string; schema not typed
  addField(
    'in',
    '<type=control_request>.request<subtype=initialize>.agents{}',
    'criticalSystemReminder_EXPERIMENTAL',
    z.string().optional(),
  ),
  // message:assistant — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:assistant — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:assistant — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:assistant — sdk/field-untyped "file_id": SDK null | string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'file_id',
    z.string().nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:assistant — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:assistant — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:assistant — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:assistant — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:assistant — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:assistant — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'source',
    z.string().optional(),
  ),
  // message:assistant — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=text>.citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:assistant — sdk/field-untyped "url": SDK string; schema not typed
  addField('out', '<type=assistant>.message.content[]<type=text>.citations[]', 'url', z.string().optional()),
  // message:assistant — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=tool_use>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:assistant — sdk/field-untyped "toolset_name": SDK null | string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=tool_use>',
    'toolset_name',
    z.string().nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=server_tool_use>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:assistant — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=web_search_tool_result>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:assistant — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=web_fetch_tool_result>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:assistant — sdk/field-untyped "encrypted_content": SDK null | string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=compaction>',
    'encrypted_content',
    z.string().nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "signature": SDK null | string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=compaction>',
    'signature',
    z.string().nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "tool_changes": SDK BetaResponseToolAdditionBlock | BetaResponseToolRemovalBlock[] | null; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=compaction>',
    'tool_changes',
    z
      .array(z.union([sdk_0_3_150_BetaResponseToolAdditionBlock, sdk_0_3_150_BetaResponseToolRemovalBlock]))
      .nullable()
      .optional(),
  ),
  // message:assistant — sdk/field-untyped "from": SDK BetaFallbackInfo; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=fallback>',
    'from',
    sdk_0_3_150_BetaFallbackInfo.optional(),
  ),
  // message:assistant — sdk/field-untyped "to": SDK BetaFallbackInfo; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=fallback>',
    'to',
    sdk_0_3_150_BetaFallbackInfo.optional(),
  ),
  // message:assistant — sdk/field-untyped "trigger": SDK BetaFallbackRefusalTrigger; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=fallback>',
    'trigger',
    sdk_0_3_150_BetaFallbackRefusalTrigger.optional(),
  ),
  // message:assistant — sdk/field-untyped "mcp_server_name": SDK string; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=mcp_tool_listing>',
    'mcp_server_name',
    z.string().optional(),
  ),
  // message:assistant — sdk/field-untyped "tools": SDK BetaMCPTool[]; schema not typed
  addField(
    'out',
    '<type=assistant>.message.content[]<type=mcp_tool_listing>',
    'tools',
    z.array(sdk_0_3_150_BetaMCPTool).optional(),
  ),
  // message:assistant — sdk/field-untyped "diagnostics": SDK BetaDiagnostics | null; schema not typed
  addField(
    'out',
    '<type=assistant>.message',
    'diagnostics',
    sdk_0_3_150_BetaDiagnostics.nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "stop_details": SDK BetaRefusalStopDetails | null; schema not typed
  addField(
    'out',
    '<type=assistant>.message',
    'stop_details',
    sdk_0_3_150_BetaRefusalStopDetails.nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "fallback_credit": SDK BetaFallbackCreditUsage | null; schema not typed
  addField(
    'out',
    '<type=assistant>.message.usage',
    'fallback_credit',
    sdk_0_3_150_BetaFallbackCreditUsage.nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "output_tokens_details": SDK BetaOutputTokensDetails | null; schema not typed
  addField(
    'out',
    '<type=assistant>.message.usage',
    'output_tokens_details',
    sdk_0_3_150_BetaOutputTokensDetails.nullable().optional(),
  ),
  // message:assistant — sdk/field-untyped "input_transformations": SDK BetaInputTransformation[] | null; schema not typed
  addField(
    'out',
    '<type=assistant>.message',
    'input_transformations',
    z.array(sdk_0_3_150_BetaInputTransformation).nullable().optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "fallback_credit": SDK BetaFallbackCreditUsage; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.usage',
    'fallback_credit',
    sdk_0_3_150_BetaFallbackCreditUsage.optional(),
  ),
  // message:result/error_during_execution — sdk/field-untyped "output_tokens_details": SDK BetaOutputTokensDetails; schema not typed
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.usage',
    'output_tokens_details',
    sdk_0_3_150_BetaOutputTokensDetails.optional(),
  ),
  // message:result/success — sdk/field-untyped "fallback_credit": SDK BetaFallbackCreditUsage; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.usage',
    'fallback_credit',
    sdk_0_3_150_BetaFallbackCreditUsage.optional(),
  ),
  // message:result/success — sdk/field-untyped "output_tokens_details": SDK BetaOutputTokensDetails; schema not typed
  addField(
    'out',
    '<type=result><subtype=success>.usage',
    'output_tokens_details',
    sdk_0_3_150_BetaOutputTokensDetails.optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "source": SDK string; schema not typed
  addField('in', '<type=user>.message.content<#1>[]<type=text>.citations[]', 'source', z.string().optional()),
  // message:stdin:user — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "url": SDK string; schema not typed
  addField('in', '<type=user>.message.content<#1>[]<type=text>.citations[]', 'url', z.string().optional()),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=image>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "transformations": SDK ImageTransformationsParam | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=image>',
    'transformations',
    sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "text": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'text',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "citations": SDK TextCitationParam[] | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'citations',
    z.array(sdk_0_3_150_TextCitationParam).nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "source": SDK Base64ImageSource | FileImageSource | URLImageSource; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'source',
    z
      .union([sdk_0_3_150_Base64ImageSource, sdk_0_3_150_FileImageSource, sdk_0_3_150_URLImageSource])
      .optional(),
  ),
  // message:stdin:user — sdk/field-untyped "transformations": SDK ImageTransformationsParam | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'transformations',
    sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=document>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "citations": SDK CitationsConfigParam; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>',
    'citations',
    sdk_0_3_150_CitationsConfigParam.optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_use>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "caller": SDK DirectCaller | ServerToolCaller | ServerToolCaller20260120; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_use>',
    'caller',
    z
      .union([sdk_0_3_150_DirectCaller, sdk_0_3_150_ServerToolCaller, sdk_0_3_150_ServerToolCaller20260120])
      .optional(),
  ),
  // message:stdin:user — sdk/field-untyped "toolset_name": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_use>',
    'toolset_name',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'source',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "url": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'url',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=image>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "transformations": SDK ImageTransformationsParam | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=image>',
    'transformations',
    sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "text": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'text',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "citations": SDK TextCitationParam[] | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'citations',
    z.array(sdk_0_3_150_TextCitationParam).nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "source": SDK Base64ImageSource | FileImageSource | URLImageSource; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'source',
    z
      .union([sdk_0_3_150_Base64ImageSource, sdk_0_3_150_FileImageSource, sdk_0_3_150_URLImageSource])
      .optional(),
  ),
  // message:stdin:user — sdk/field-untyped "transformations": SDK ImageTransformationsParam | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'transformations',
    sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "citations": SDK CitationsConfigParam; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>',
    'citations',
    sdk_0_3_150_CitationsConfigParam.optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=tool_reference>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "toolset_name": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>',
    'toolset_name',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "subagent_type": SDK string; schema not typed
  addField('in', '<type=user>', 'subagent_type', z.string().optional()),
  // message:stdin:user — sdk/field-untyped "task_description": SDK string; schema not typed
  addField('in', '<type=user>', 'task_description', z.string().optional()),
  // message:stream_event — sdk/field-untyped "encrypted_content": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_delta>.delta<type=compaction_delta>',
    'encrypted_content',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "estimated_tokens": SDK null | number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_delta>.delta<type=thinking_delta>',
    'estimated_tokens',
    z.number().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "file_id": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'file_id',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'source',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "url": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=text>.citations[]',
    'url',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=tool_use>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "toolset_name": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=tool_use>',
    'toolset_name',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=server_tool_use>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=web_search_tool_result>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=web_fetch_tool_result>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "encrypted_content": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=compaction>',
    'encrypted_content',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "signature": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=compaction>',
    'signature',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "tool_changes": SDK BetaResponseToolAdditionBlock | BetaResponseToolRemovalBlock[] | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=compaction>',
    'tool_changes',
    z
      .array(z.union([sdk_0_3_150_BetaResponseToolAdditionBlock, sdk_0_3_150_BetaResponseToolRemovalBlock]))
      .nullable()
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "from": SDK BetaFallbackInfo; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=fallback>',
    'from',
    sdk_0_3_150_BetaFallbackInfo.optional(),
  ),
  // message:stream_event — sdk/field-untyped "to": SDK BetaFallbackInfo; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=fallback>',
    'to',
    sdk_0_3_150_BetaFallbackInfo.optional(),
  ),
  // message:stream_event — sdk/field-untyped "trigger": SDK BetaFallbackRefusalTrigger; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=fallback>',
    'trigger',
    sdk_0_3_150_BetaFallbackRefusalTrigger.optional(),
  ),
  // message:stream_event — sdk/field-untyped "mcp_server_name": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=mcp_tool_listing>',
    'mcp_server_name',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "tools": SDK BetaMCPTool[]; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=content_block_start>.content_block<type=mcp_tool_listing>',
    'tools',
    z.array(sdk_0_3_150_BetaMCPTool).optional(),
  ),
  // message:stream_event — sdk/field-untyped "stop_details": SDK BetaRefusalStopDetails | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_delta>.delta',
    'stop_details',
    sdk_0_3_150_BetaRefusalStopDetails.nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "fallback_credit": SDK BetaFallbackCreditUsage | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_delta>.usage',
    'fallback_credit',
    sdk_0_3_150_BetaFallbackCreditUsage.nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "output_tokens_details": SDK BetaOutputTokensDetails | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_delta>.usage',
    'output_tokens_details',
    sdk_0_3_150_BetaOutputTokensDetails.nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "input_transformations": SDK BetaInputTransformation[] | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_delta>',
    'input_transformations',
    z.array(sdk_0_3_150_BetaInputTransformation).nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "diagnostics": SDK BetaDiagnostics | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message',
    'diagnostics',
    sdk_0_3_150_BetaDiagnostics.nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "stop_details": SDK BetaRefusalStopDetails | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message',
    'stop_details',
    sdk_0_3_150_BetaRefusalStopDetails.nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "fallback_credit": SDK BetaFallbackCreditUsage | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.usage',
    'fallback_credit',
    sdk_0_3_150_BetaFallbackCreditUsage.nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "output_tokens_details": SDK BetaOutputTokensDetails | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.usage',
    'output_tokens_details',
    sdk_0_3_150_BetaOutputTokensDetails.nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "input_transformations": SDK BetaInputTransformation[] | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message',
    'input_transformations',
    z.array(sdk_0_3_150_BetaInputTransformation).nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'source',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=text>.citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "url": SDK string; schema not typed
  addField('out', '<type=user>.message.content<#1>[]<type=text>.citations[]', 'url', z.string().optional()),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=image>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "transformations": SDK ImageTransformationsParam | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=image>',
    'transformations',
    sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "text": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'text',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "citations": SDK TextCitationParam[] | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'citations',
    z.array(sdk_0_3_150_TextCitationParam).nullable().optional(),
  ),
  // message:user — sdk/field-untyped "source": SDK Base64ImageSource | FileImageSource | URLImageSource; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'source',
    z
      .union([sdk_0_3_150_Base64ImageSource, sdk_0_3_150_FileImageSource, sdk_0_3_150_URLImageSource])
      .optional(),
  ),
  // message:user — sdk/field-untyped "transformations": SDK ImageTransformationsParam | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'transformations',
    sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=document>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "citations": SDK CitationsConfigParam; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>',
    'citations',
    sdk_0_3_150_CitationsConfigParam.optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_use>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "caller": SDK DirectCaller | ServerToolCaller | ServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_use>',
    'caller',
    z
      .union([sdk_0_3_150_DirectCaller, sdk_0_3_150_ServerToolCaller, sdk_0_3_150_ServerToolCaller20260120])
      .optional(),
  ),
  // message:user — sdk/field-untyped "toolset_name": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_use>',
    'toolset_name',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'source',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "url": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=text>.citations[]',
    'url',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=image>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "transformations": SDK ImageTransformationsParam | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=image>',
    'transformations',
    sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "text": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'text',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "citations": SDK TextCitationParam[] | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'citations',
    z.array(sdk_0_3_150_TextCitationParam).nullable().optional(),
  ),
  // message:user — sdk/field-untyped "source": SDK Base64ImageSource | FileImageSource | URLImageSource; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'source',
    z
      .union([sdk_0_3_150_Base64ImageSource, sdk_0_3_150_FileImageSource, sdk_0_3_150_URLImageSource])
      .optional(),
  ),
  // message:user — sdk/field-untyped "transformations": SDK ImageTransformationsParam | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>.source<type=content>.content<#1>[]',
    'transformations',
    sdk_0_3_150_ImageTransformationsParam.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=document>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "citations": SDK CitationsConfigParam; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>',
    'citations',
    sdk_0_3_150_CitationsConfigParam.optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=tool_reference>',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "toolset_name": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>',
    'toolset_name',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/value-rejected: SDK "assistant"; schema "user"
  addValues('in', '<type=user>.message.role', ['assistant']),
  // message:stdin:user — sdk/value-rejected: SDK "system"; schema "user"
  addValues('in', '<type=user>.message.role', ['system']),
  // message:user — sdk/value-rejected: SDK "assistant"; schema "user"
  addValues('out', '<type=user>.message.role', ['assistant']),
  // message:user — sdk/value-rejected: SDK "system"; schema "user"
  addValues('out', '<type=user>.message.role', ['system']),
  // control:mcp_message — sdk/required-optional "id": SDK optional; schema required
  makeOptional('out', '<type=control_request>.request<subtype=mcp_message>.message<#3>', 'id'),
  // control:mcp_message — sdk/required-optional "id": SDK optional; schema required
  makeOptional('in', '<type=control_request>.request<subtype=mcp_message>.message<#3>', 'id'),
  // message:stream_event — sdk/null-rejected: SDK null allowed; schema number without null
  widen('out', '<type=stream_event>.event<type=message_delta>.usage.input_tokens', z.null()),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[]',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'source',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "url": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'url',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[]',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'source',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:stdin:user — sdk/field-untyped "url": SDK string; schema not typed
  addField(
    'in',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'url',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "file_id": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'file_id',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:stream_event — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'source',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "url": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=text>.citations[]',
    'url',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=tool_use>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "toolset_name": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=tool_use>',
    'toolset_name',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=server_tool_use>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=web_search_tool_result>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "caller": SDK BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=web_fetch_tool_result>',
    'caller',
    z
      .union([
        sdk_0_3_150_BetaDirectCaller,
        sdk_0_3_150_BetaServerToolCaller,
        sdk_0_3_150_BetaServerToolCaller20260120,
      ])
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "encrypted_content": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=compaction>',
    'encrypted_content',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "signature": SDK null | string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=compaction>',
    'signature',
    z.string().nullable().optional(),
  ),
  // message:stream_event — sdk/field-untyped "tool_changes": SDK BetaResponseToolAdditionBlock | BetaResponseToolRemovalBlock[] | null; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=compaction>',
    'tool_changes',
    z
      .array(z.union([sdk_0_3_150_BetaResponseToolAdditionBlock, sdk_0_3_150_BetaResponseToolRemovalBlock]))
      .nullable()
      .optional(),
  ),
  // message:stream_event — sdk/field-untyped "from": SDK BetaFallbackInfo; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=fallback>',
    'from',
    sdk_0_3_150_BetaFallbackInfo.optional(),
  ),
  // message:stream_event — sdk/field-untyped "to": SDK BetaFallbackInfo; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=fallback>',
    'to',
    sdk_0_3_150_BetaFallbackInfo.optional(),
  ),
  // message:stream_event — sdk/field-untyped "trigger": SDK BetaFallbackRefusalTrigger; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=fallback>',
    'trigger',
    sdk_0_3_150_BetaFallbackRefusalTrigger.optional(),
  ),
  // message:stream_event — sdk/field-untyped "mcp_server_name": SDK string; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=mcp_tool_listing>',
    'mcp_server_name',
    z.string().optional(),
  ),
  // message:stream_event — sdk/field-untyped "tools": SDK BetaMCPTool[]; schema not typed
  addField(
    'out',
    '<type=stream_event>.event<type=message_start>.message.content[]<type=mcp_tool_listing>',
    'tools',
    z.array(sdk_0_3_150_BetaMCPTool).optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[]',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'source',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "url": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=search_result>.content[].citations[]',
    'url',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "cache_control": SDK CacheControlEphemeral | null; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[]',
    'cache_control',
    sdk_0_3_150_CacheControlEphemeral.nullable().optional(),
  ),
  // message:user — sdk/field-untyped "cited_text": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'cited_text',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "document_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'document_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "document_title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'document_title',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "end_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'end_char_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_char_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'start_char_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "end_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'end_block_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_block_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'start_block_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "end_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'end_page_number',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "start_page_number": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'start_page_number',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "search_result_index": SDK number; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'search_result_index',
    z.number().optional(),
  ),
  // message:user — sdk/field-untyped "source": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'source',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "title": SDK null | string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'title',
    z.string().nullable().optional(),
  ),
  // message:user — sdk/field-untyped "encrypted_index": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'encrypted_index',
    z.string().optional(),
  ),
  // message:user — sdk/field-untyped "url": SDK string; schema not typed
  addField(
    'out',
    '<type=user>.message.content<#1>[]<type=tool_result>.content<#1>[]<type=search_result>.content[].citations[]',
    'url',
    z.string().optional(),
  ),
];
