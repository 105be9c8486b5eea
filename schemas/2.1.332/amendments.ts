/**
 * Claude Code CLI 2.1.332: what its wire says beyond the schemas of 2.1.150, as
 * amendments on that set. Drafted by `clide-conformance pin 2.1.332` from the recorded
 * corpus `fixtures/2.1.332/` (52 sessions, 285 CLI lines): new fields typed from their
 * observed values, new members for new kinds and subtypes, widened enums, fields no longer always
 * sent made optional. Review it as the diff it is: tighten a type the values under-determine, drop
 * what a scenario provoked on purpose. Routes: see `schemas/amend.ts`.
 */
import { z } from 'zod';
import { type Amendment, addField, addPayload, addValues, addVariant, makeOptional } from '../amend.js';

export const amendments: readonly Amendment[] = [
  // ---- assistant ----
  // seen 71×, first in api__rate-limit-event.jsonl frame 2
  addField('out', '<type=assistant>', 'timestamp', z.string()),
  // seen 1×, first in mcp__sdk-server.jsonl frame 10
  addField(
    'out',
    '<type=assistant>',
    'tool_use_meta',
    z
      .array(
        z.looseObject({
          id: z.string(),
          display_name: z.string(),
          server_display_name: z.string(),
          tool_name: z.string(),
        }),
      )
      .optional(),
  ),

  // ---- control_request/can_use_tool ----
  // seen 1×, first in ask-user-question__answer.jsonl frame 3
  addField(
    'out',
    '<type=control_request>.request<subtype=can_use_tool>',
    'requires_user_interaction',
    z.boolean().optional(),
  ),
  // seen 1×, first in mcp__sdk-server.jsonl frame 11
  addField(
    'out',
    '<type=control_request>.request<subtype=can_use_tool>',
    'mcp_server',
    z
      .looseObject({
        name: z.string(),
        source: z.string(),
      })
      .optional(),
  ),
  // seen 1×, first in mcp__sdk-server.jsonl frame 11
  addField(
    'out',
    '<type=control_request>.request<subtype=can_use_tool>',
    'server_policy_ask_only',
    z.boolean().optional(),
  ),

  // ---- control_request/hook_callback ----
  // seen 3×, first in hooks__lifecycle-order.jsonl frame 3
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=UserPromptSubmit>',
    'prompt_id',
    z.string().optional(),
  ),
  // seen 3×, first in hooks__lifecycle-order.jsonl frame 7
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PreToolUse>',
    'prompt_id',
    z.string().optional(),
  ),
  // seen 2×, first in hooks__lifecycle-order.jsonl frame 11
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PostToolUse>',
    'prompt_id',
    z.string().optional(),
  ),
  // seen 1×, first in hooks__lifecycle-order.jsonl frame 14
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=PostToolBatch>',
    'prompt_id',
    z.string().optional(),
  ),
  // seen 3×, first in hooks__lifecycle-order.jsonl frame 17
  addField(
    'out',
    '<type=control_request>.request<subtype=hook_callback>.input<hook_event_name=Stop>',
    'prompt_id',
    z.string().optional(),
  ),

  // ---- control_request/list_models ----
  // seen 1×, first in control__list-models.jsonl frame 0
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({
      subtype: z.literal('list_models'),
    }),
  ),

  // ---- control_response ----
  // seen 11×, first in control__initialize.jsonl frame 1
  addField(
    'out',
    '<type=control_response>.response<subtype=success>',
    'pending_permission_requests',
    z.array(z.unknown()).optional(),
  ),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField(
    'out',
    '<type=control_response>.response<subtype=success>',
    'pending_user_dialog_requests',
    z.array(z.unknown()).optional(),
  ),
  // seen 2×, first in control__set-permission-mode-invalid.jsonl frame 1
  addField('out', '<type=control_response>.response<subtype=error>', 'error_code', z.string().optional()),

  // ---- payload:get_binary_version ----
  // seen 3×, first in control__get-binary-version.jsonl frame 1
  addField('payload:get_binary_version', '', 'oldestDesktopSdk', z.string()),

  // ---- payload:get_context_usage ----
  // seen 7×, first in control__get-context-usage.jsonl frame 1
  addField('payload:get_context_usage', '.categories[]', 'id', z.string().optional()),
  // seen 7×, first in control__get-context-usage.jsonl frame 1
  addField('payload:get_context_usage', '.categories[]', 'kind', z.string().optional()),
  // seen 1×, first in control__get-context-usage.jsonl frame 1
  addField('payload:get_context_usage', '', 'mcpInstructions', z.array(z.unknown())),

  // ---- payload:get_settings ----
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'advisor', z.null().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'ultracode', z.boolean().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'ultracodeRequested', z.boolean().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'ultracodeAvailable', z.boolean().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'ultrathinkAvailable', z.boolean().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'outsideFileToolReadsBlocked', z.boolean().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'outsideFileToolWritesBlocked', z.boolean().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'outsideBlocksCountLaunchFoldersOnly', z.boolean().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '.applied', 'launchEnvLeftOwnFilesInPlace', z.boolean().optional()),
  // seen 1×, first in control__get-settings.jsonl frame 1
  addField('payload:get_settings', '', 'served_settings_state', z.string()),

  // ---- payload:initialize ----
  // seen 484×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '.commands[]', 'builtin', z.boolean().optional()),
  // seen 55×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '.models[]', 'resolvedModel', z.string().optional()),
  // seen 55×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '.models[]', 'supportsThinkingOff', z.boolean().optional()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'user_output_styles_dir', z.string()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'claude_code_version', z.string()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'current_permission_mode', z.string()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'hooks_applied', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'hook_on_failure_supported', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'hooks_when_unanswered_kept', z.number()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'other_hook_ask_outranks_host', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField(
    'payload:initialize',
    '',
    'feedback_mode',
    z.looseObject({
      kind: z.string(),
    }),
  ),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'analytics_disabled', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'sandbox_enabled', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'remote_control_auto_enable', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'remote_control_auto_connect_default', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'remote_control_available', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'remote_control_auto_on_by_default', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'ide_rc_auto_enable_gate', z.boolean()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'fast_mode_disabled_reason', z.string()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'session_state', z.string()),
  // seen 11×, first in control__initialize.jsonl frame 1
  addField('payload:initialize', '', 'capabilities', z.array(z.string())),

  // ---- payload:interrupt ----
  // seen 3×, first in cancel__late-answer-ignored.jsonl frame 7
  addPayload(
    'interrupt',
    z.looseObject({
      still_queued: z.array(z.unknown()),
    }),
  ),

  // ---- payload:list_models ----
  // seen 1×, first in control__list-models.jsonl frame 1
  addPayload(
    'list_models',
    z.looseObject({
      models: z.array(
        z.looseObject({
          value: z.string(),
          resolvedModel: z.string(),
          displayName: z.string(),
          description: z.string(),
          supportsEffort: z.boolean(),
          supportedEffortLevels: z.array(z.string()),
          supportsAdaptiveThinking: z.boolean(),
          supportsFastMode: z.boolean().optional(),
          supportsAutoMode: z.boolean(),
          supportsThinkingOff: z.boolean(),
        }),
      ),
    }),
  ),

  // ---- payload:set_model ----
  // seen 1×, first in control__set-model.jsonl frame 1
  addPayload(
    'set_model',
    z.looseObject({
      model: z.string(),
    }),
  ),

  // ---- result/error_during_execution ----
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.usage',
    'output_tokens_details',
    z
      .looseObject({
        thinking_tokens: z.number(),
      })
      .optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.usage',
    'fallback_credit',
    z.null().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.modelUsage{}',
    'thinkingTokens',
    z.number().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.modelUsage{}',
    'cacheCreationEphemeral5mInputTokens',
    z.number().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.modelUsage{}',
    'cacheCreationEphemeral1hInputTokens',
    z.number().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.modelUsage{}',
    'canonicalModel',
    z.string().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.modelUsage{}',
    'provider',
    z.string().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.modelUsage{}',
    'costBasis',
    z.string().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'fast_mode_disabled_reason',
    z.string().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'subagent_stats',
    z
      .looseObject({
        spawned: z.number(),
        requested: z.looseObject({
          background: z.number(),
          foreground: z.number(),
          unset: z.number(),
        }),
        started_in_background: z.number(),
        max_depth: z.number(),
        spawned_by_subagents: z.number(),
        completed: z.number(),
        failed: z.number(),
        killed: z.looseObject({
          parent: z.number(),
          user: z.number(),
          system: z.number(),
        }),
        refused: z.looseObject({
          depth_limit: z.number(),
          concurrency_limit: z.number(),
          budget: z.number(),
        }),
        by_type: z.record(z.string(), z.number()),
      })
      .optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'safety_stops',
    z.number().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'queued_turn_count',
    z.number().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'result_index',
    z.number().optional(),
  ),
  // seen 6×, first in cancel__late-answer-ignored.jsonl frame 10
  addField(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>',
    'model_usage_since_last_result',
    z
      .record(
        z.string(),
        z.looseObject({
          inputTokens: z.number(),
          outputTokens: z.number(),
          cacheReadInputTokens: z.number(),
          cacheCreationInputTokens: z.number(),
          webSearchRequests: z.number(),
          costUSD: z.number(),
          contextWindow: z.number(),
          maxOutputTokens: z.number(),
          thinkingTokens: z.number(),
          cacheCreationEphemeral5mInputTokens: z.number(),
          cacheCreationEphemeral1hInputTokens: z.number(),
          canonicalModel: z.string(),
          provider: z.string(),
          costBasis: z.string(),
        }),
      )
      .optional(),
  ),

  // ---- result/error_max_budget_usd ----
  // seen 2×, first in turn__max-budget-usd.jsonl frame 5
  addValues(
    'out',
    '<type=result><subtype=error_during_execution|error_max_turns|error_max_budget_usd|error_max_structured_output_retries>.terminal_reason',
    ['budget_exhausted'],
  ),

  // ---- result/success ----
  // seen 37×, first in api__rate-limit-event.jsonl frame 4
  addField(
    'out',
    '<type=result><subtype=success>.usage',
    'output_tokens_details',
    z
      .looseObject({
        thinking_tokens: z.number(),
      })
      .optional(),
  ),
  // seen 37×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>.usage', 'fallback_credit', z.null().optional()),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>.modelUsage{}', 'thinkingTokens', z.number().optional()),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField(
    'out',
    '<type=result><subtype=success>.modelUsage{}',
    'cacheCreationEphemeral5mInputTokens',
    z.number().optional(),
  ),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField(
    'out',
    '<type=result><subtype=success>.modelUsage{}',
    'cacheCreationEphemeral1hInputTokens',
    z.number().optional(),
  ),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>.modelUsage{}', 'canonicalModel', z.string().optional()),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>.modelUsage{}', 'provider', z.string().optional()),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>.modelUsage{}', 'costBasis', z.string().optional()),
  // seen 37×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>', 'fast_mode_disabled_reason', z.string()),
  // seen 37×, first in api__rate-limit-event.jsonl frame 4
  addField(
    'out',
    '<type=result><subtype=success>',
    'subagent_stats',
    z.looseObject({
      spawned: z.number(),
      requested: z.looseObject({
        background: z.number(),
        foreground: z.number(),
        unset: z.number(),
      }),
      started_in_background: z.number(),
      max_depth: z.number(),
      spawned_by_subagents: z.number(),
      completed: z.number(),
      failed: z.number(),
      killed: z.looseObject({
        parent: z.number(),
        user: z.number(),
        system: z.number(),
      }),
      refused: z.looseObject({
        depth_limit: z.number(),
        concurrency_limit: z.number(),
        budget: z.number(),
      }),
      by_type: z.record(z.string(), z.number()),
    }),
  ),
  // seen 37×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>', 'safety_stops', z.number()),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>', 'ttft_stream_ms', z.number().optional()),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>', 'time_to_request_ms', z.number().optional()),
  // seen 36×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>', 'first_content_frame_ms', z.number().optional()),
  // seen 37×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>', 'queued_turn_count', z.number()),
  // seen 37×, first in api__rate-limit-event.jsonl frame 4
  addField('out', '<type=result><subtype=success>', 'result_index', z.number()),
  // seen 37×, first in api__rate-limit-event.jsonl frame 4
  addField(
    'out',
    '<type=result><subtype=success>',
    'model_usage_since_last_result',
    z.record(
      z.string(),
      z.looseObject({
        inputTokens: z.number(),
        outputTokens: z.number(),
        cacheReadInputTokens: z.number(),
        cacheCreationInputTokens: z.number(),
        webSearchRequests: z.number(),
        costUSD: z.number(),
        contextWindow: z.number(),
        maxOutputTokens: z.number(),
        thinkingTokens: z.number(),
        cacheCreationEphemeral5mInputTokens: z.number(),
        cacheCreationEphemeral1hInputTokens: z.number(),
        canonicalModel: z.string(),
        provider: z.string(),
        costBasis: z.string(),
      }),
    ),
  ),
  // seen 1×, first in turn__partial-messages.jsonl frame 12
  addField('out', '<type=result><subtype=success>', 'begun_message_ids', z.array(z.string()).optional()),

  // ---- stream_event ----
  // seen 1×, first in turn__partial-messages.jsonl frame 3
  addField('out', '<type=stream_event>', 'thinking_display', z.string().optional()),
  // seen 8×, first in turn__partial-messages.jsonl frame 3
  addField('out', '<type=stream_event>', 'api_message_id', z.string()),

  // ---- system/api_retry ----
  // seen 1×, first in api__retry-after-529.jsonl frame 2
  addValues('out', '<type=system><subtype=api_retry>.error', ['overloaded']),

  // ---- system/informational ----
  // seen 2×, first in hooks__user-prompt-submit.jsonl frame 6
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('informational'),
      content: z.string(),
      level: z.string(),
      prevent_continuation: z.boolean().optional(),
      prompt_submit_outcome: z
        .looseObject({
          kind: z.string(),
          prompt_kept: z.boolean(),
          reason: z.string(),
        })
        .optional(),
      uuid: z.string(),
      session_id: z.string(),
      isMeta: z.boolean().optional(),
      timestamp: z.string().optional(),
      tag: z.string().optional(),
    }),
  ),

  // ---- system/compact_boundary ----
  // seen 1×, in compaction__manual.jsonl (the boundary of a /compact); the SDK does not declare
  // either field, so both are optional (docs/coverage.md)
  addField(
    'out',
    '<type=system><subtype=compact_boundary>.compact_metadata',
    'cumulative_dropped_tokens',
    z.number().optional(),
  ),
  // seen 1×, in compaction__manual.jsonl
  addField('out', '<type=system><subtype=compact_boundary>', 'logical_parent_uuid', z.string().optional()),

  // ---- system/init ----
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'terminal_slash_commands', z.array(z.string())),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'capabilities', z.array(z.string())),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'served_by_anthropic', z.boolean()),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'sandbox_enabled', z.boolean()),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'original_cwd', z.string()),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'additional_directories', z.array(z.unknown())),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'messaging_socket_path', z.string()),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'fast_mode_disabled_reason', z.string()),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'per_turn_effort_active', z.boolean()),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'ultrathink_available', z.boolean()),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'ultrathink_typed_raises', z.boolean()),
  // seen 43×, first in api__rate-limit-event.jsonl frame 1
  addField('out', '<type=system><subtype=init>', 'view_mode', z.string()),
  // seen 7×, first in mcp-permission-tool__sdk-allow.jsonl frame 9
  addField('out', '<type=system><subtype=init>.mcp_servers[]', 'source', z.string().optional()),

  // ---- system/permission_denied ----
  // seen 1×, first in permission-mode__plan.jsonl frame 8
  addField('out', '<type=system><subtype=permission_denied>', 'decision_reason_code', z.string().optional()),

  // ---- user ----
  // seen 33×, first in ask-user-question__answer.jsonl frame 5
  addField(
    'out',
    '<type=user>',
    'tool_result_meta',
    z
      .array(
        z.looseObject({
          id: z.string(),
          permission_decision: z
            .looseObject({
              decision: z.string(),
              source: z.string(),
              reason_type: z.string().optional(),
            })
            .optional(),
          non_execution_kind: z.string().optional(),
        }),
      )
      .optional(),
  ),

  // ---- reviewed: what the corpus shows in behaviour, not in shape ----
  // A bare {"behavior":"allow"} runs the tool with its original input (since 2.1.207; 2.1.150
  // rejected it with a ZodError): scenario permission/allow-without-updated-input.
  makeOptional('payload:can_use_tool', '<#0>', 'updatedInput'),

  // ---- seen with the newest Agent SDK (test/validate.newest-sdk-capture.test.ts), undeclared by it ----
  // The CLI marks the session-state messages it writes only because the SDK host asked for them
  // (CLAUDE_CODE_SDK_READS_SESSION_STATE=1): every session_state_changed of that capture.
  addField('out', '<type=system><subtype=session_state_changed>', 'sdk_host_only', z.boolean().optional()),
  // mcp_status lists each server's transport ("sdk" for an in-process server).
  addField('payload:mcp_status', '.mcpServers[]', 'transport', z.string().optional()),

  // ---- control/offline-requests ----
  // seen 1×, in control__offline-requests.jsonl: rename_session announces the new title
  addVariant(
    'out',
    '<type=system>',
    z.looseObject({
      type: z.literal('system'),
      subtype: z.literal('session_title_changed'),
      title: z.string(),
      uuid: z.string(),
      session_id: z.string(),
    }),
  ),
  // seen 1×, in control__offline-requests.jsonl: the path as the client gave it
  addField('payload:read_file', '', 'requested_path', z.string().optional()),
  // seen 1×, in control__offline-requests.jsonl: the folder the suggestions are relative to
  addField('payload:file_suggestions', '', 'cwd', z.string().optional()),
  // seen 1×, in control__offline-requests.jsonl frame 50: an MCP server's own permission mode (a
  // permission mode, or null to drop the override; anything else is refused); the Agent SDK does
  // not declare it
  addVariant(
    'in',
    '<type=control_request>.request',
    z.looseObject({
      subtype: z.literal('set_mcp_permission_mode_override'),
      serverName: z.string(),
      mode: z.enum(['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto']).nullable(),
    }),
  ),
  // seen 1×, in control__offline-requests.jsonl frame 51: a server the session does not have yet is
  // warned about (the override waits for it); a known one gets no warning
  addPayload(
    'set_mcp_permission_mode_override',
    z.looseObject({
      warning: z.string().optional(),
    }),
  ),
];
