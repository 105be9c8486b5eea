import { modelUsageEntry } from '../base/index.js';
import { localCommandMessages } from '../base/local-command.js';
import { mcpError332 } from '../base/mcp-errors.js';
import { mcpStatusEntry } from '../base/mcp-status.js';
import type { CapturedData } from '../data/types.js';
import type { VersionOverrides } from '../overrides.js';
import type { CallUsage, CliBehaviour, Json, ResultTotals, SessionFacts } from '../types.js';

/** 2.1.332's caveat before a local command's messages (seen in its conversation after a `set_model`). */
const LOCAL_COMMAND_CAVEAT_332 =
  "<local-command-caveat>The command below was run directly in Claude Code, not sent to you as a request, and its output goes straight to the user. It's recorded here as context for later messages.</local-command-caveat>";

/**
 * What claude 2.1.332 does differently from 2.1.150 (the base), beyond its captured data. Observed
 * by running the scenario catalogue against the real 2.1.332 (test/fake-claude.differential.test.ts).
 * Each member is named after what changed.
 */

/** A turn's usage; `output_tokens_details` comes first when no response completed in the turn. */
function usage332(usage: CallUsage): Json {
  const none = Object.values(usage).every((n) => n === 0);
  return {
    ...(none ? { output_tokens_details: { thinking_tokens: 0 } } : {}),
    input_tokens: usage.input_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens,
    output_tokens: usage.output_tokens,
    output_tokens_details: { thinking_tokens: 0 },
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    service_tier: 'standard',
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
    inference_geo: '',
    iterations: [],
    speed: 'standard',
    fallback_credit: null,
  };
}

/** The per-model usage; a model restored by a resume keeps the field order it was stored in. */
function modelUsage332(
  models: ResultTotals['modelUsage'],
  behaviour: Pick<CliBehaviour, 'contextWindow' | 'maxOutputTokens'>,
  restored: string[] = [],
): Json {
  const out: Json = {};
  for (const [model, { usage, costUSD }] of Object.entries(models)) {
    if (restored.includes(model)) {
      out[model] = {
        inputTokens: usage.input_tokens,
        outputTokens: usage.output_tokens,
        thinkingTokens: 0,
        cacheReadInputTokens: usage.cache_read_input_tokens,
        cacheCreationInputTokens: usage.cache_creation_input_tokens,
        cacheCreationEphemeral5mInputTokens: usage.cache_creation_input_tokens,
        cacheCreationEphemeral1hInputTokens: 0,
        webSearchRequests: 0,
        costUSD,
        contextWindow: behaviour.contextWindow(model),
        maxOutputTokens: behaviour.maxOutputTokens(model),
        canonicalModel: model.replace(/\[1m\]$/i, ''),
        provider: 'firstParty',
        costBasis: 'list',
      };
      continue;
    }
    out[model] = {
      ...modelUsageEntry(model, { usage, costUSD }, behaviour),
      thinkingTokens: 0,
      // The 5-minute and one-hour shares of the cache writes come from a breakdown of the usage
      // (`cache_creation`) that the scripted API never sends: none of either.
      cacheCreationEphemeral5mInputTokens: 0,
      cacheCreationEphemeral1hInputTokens: 0,
      canonicalModel: model.replace(/\[1m\]$/i, ''),
      provider: 'firstParty',
      costBasis: 'list',
    };
  }
  return out;
}

/** Tools 2.1.332 leaves out when no permission prompt tool can ask a person. */
const NEEDS_PROMPT = ['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode'];
const FRESH = '(file state is current in your context — no need to Read it back)';
const USER_MODIFIED = 'The user modified your proposed content before accepting it.';

function hostOf(url: string | undefined): string {
  try {
    return new URL(url ?? '').host;
  } catch {
    return 'api.anthropic.com';
  }
}

const blockedText = (blocked: { reason: string; prompt: string }) =>
  `UserPromptSubmit operation blocked by hook:\n${blocked.reason}\n\nOriginal prompt: ${blocked.prompt}`;

const PERMISSION_MODES = ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'];

const SUBAGENT_STATS = {
  spawned: 0,
  requested: { background: 0, foreground: 0, unset: 0 },
  started_in_background: 0,
  max_depth: 0,
  spawned_by_subagents: 0,
  completed: 0,
  failed: 0,
  killed: { parent: 0, user: 0, system: 0 },
  refused: { depth_limit: 0, concurrency_limit: 0, budget: 0 },
  by_type: {},
};

export const overrides: VersionOverrides = {
  apply(previous, data: CapturedData) {
    const fastModeDisabledReason = data.init.message.fast_mode_disabled_reason;
    const defaultMaxTokens = Number(data.apiRequest.defaults.max_tokens);
    /** The fields every result of 2.1.332 starts with. */
    const head = (
      b: CliBehaviour,
      facts: SessionFacts,
      totals: ResultTotals,
      stopReason: string | null,
    ): Json => ({
      duration_api_ms: totals.durationApiMs,
      stop_reason: stopReason,
      session_id: facts.sessionId,
      total_cost_usd: totals.totalCostUsd,
      usage: usage332(totals.usage),
      modelUsage: modelUsage332(totals.modelUsage, b, totals.restoredModels),
      permission_denials: totals.permissionDenials,
    });
    /** `totals`: the session's subagent statistics once a subagent ran. */
    const state = (terminalReason: string | undefined, totals: ResultTotals): Json => ({
      ...(terminalReason === undefined ? {} : { terminal_reason: terminalReason }),
      fast_mode_state: 'off',
      fast_mode_disabled_reason: fastModeDisabledReason,
      subagent_stats: structuredClone(totals.subagentStats ?? SUBAGENT_STATS),
      safety_stops: 0,
    });
    /** The fields every result ends with. */
    const tail = (b: CliBehaviour, totals: ResultTotals): Json => ({
      queued_turn_count: 0,
      result_index: totals.resultIndex,
      model_usage_since_last_result: modelUsage332(totals.modelUsageSinceLastResult, b),
    });
    const errorResult = (
      b: CliBehaviour,
      subtype: string,
      facts: SessionFacts,
      totals: ResultTotals,
      stopReason: string | null,
      terminalReason: string | undefined,
      errors: string[],
      uuid: string,
    ): Json => ({
      ...head(b, facts, totals, stopReason),
      ...state(terminalReason, totals),
      is_error: true,
      num_turns: totals.numTurns,
      subtype,
      errors,
      type: 'result',
      duration_ms: totals.durationMs,
      uuid,
      ...(totals.streamedMessageIds ? { begun_message_ids: totals.streamedMessageIds } : {}),
      ...tail(b, totals),
    });
    return {
      // Opus 5 and Sonnet 5 models have a 1M window without the `[1m]` suffix, and 128k output tokens.
      contextWindow: (model) => (/(opus|sonnet)-5/.test(model) ? 1_000_000 : previous.contextWindow(model)),
      maxOutputTokens: (model) =>
        /(opus|sonnet)-5/.test(model) ? defaultMaxTokens : previous.maxOutputTokens(model),

      // assistant messages carry a timestamp after the uuid.
      assistantMessage(message, block, facts, uuid, requestId) {
        const { request_id: _requestId, ...rest } = previous.assistantMessage(
          message,
          block,
          facts,
          uuid,
          requestId,
        );
        const name = typeof block.name === 'string' ? block.name : '';
        const mcp = block.type === 'tool_use' ? /^mcp__(.+?)__(.+)$/.exec(name) : null;
        return {
          ...rest,
          timestamp: new Date().toISOString(),
          ...(requestId === undefined ? {} : { request_id: requestId }),
          // An MCP tool call names its server and tool.
          ...(mcp
            ? {
                tool_use_meta: [
                  {
                    id: block.id,
                    display_name: this.displayName(name),
                    server_display_name: mcp[1],
                    tool_name: mcp[2],
                  },
                ],
              }
            : {}),
        };
      },

      // stream events name the API message they belong to; message_start says how thinking is shown.
      streamEventMessage: (event, facts, uuid, extra) => ({
        type: 'stream_event',
        event,
        session_id: facts.sessionId,
        parent_tool_use_id: null,
        uuid,
        ...(extra.ttftMs === undefined ? {} : { ttft_ms: extra.ttftMs, thinking_display: 'updates' }),
        ...(extra.messageId === undefined ? {} : { api_message_id: extra.messageId }),
      }),

      // result/success: a new field order, subagent statistics and per-result timings and usage.
      resultSuccess(facts, totals, text, stopReason, uuid) {
        return {
          ...head(this, facts, totals, stopReason),
          ...state('completed', totals),
          is_error: false,
          num_turns: totals.numTurns,
          subtype: 'success',
          api_error_status: null,
          result: text,
          ttft_ms: totals.ttftMs,
          type: 'result',
          duration_ms: totals.durationMs,
          uuid,
          ...(totals.streamedMessageIds ? { begun_message_ids: totals.streamedMessageIds } : {}),
          ttft_stream_ms: totals.ttftMs,
          time_to_request_ms: 0,
          first_content_frame_ms: totals.ttftMs,
          ...tail(this, totals),
        };
      },
      resultError(facts, totals, stopReason, terminalReason, errors, uuid) {
        return errorResult(
          this,
          'error_during_execution',
          facts,
          totals,
          stopReason,
          terminalReason,
          errors,
          uuid,
        );
      },
      // A budget stop now has a terminal_reason too.
      resultLimit(facts, totals, stopReason, limit, errors, uuid) {
        const reason = limit === 'max_turns' ? 'max_turns' : 'budget_exhausted';
        return errorResult(this, `error_${limit}`, facts, totals, stopReason, reason, errors, uuid);
      },

      // Tool gating: the tools that need a person are not offered without a permission prompt
      // tool; subscription auth adds RemoteTrigger (after Read).
      initToolNames(session) {
        let names = previous.initToolNames(session);
        if (session.permissionPromptTool === undefined)
          names = names.filter((n) => !NEEDS_PROMPT.includes(n));
        if (session.auth === 'oauth') names.splice(names.indexOf('Read') + 1, 0, 'RemoteTrigger');
        return names;
      },
      countsInterruptedUsage: true,
      marksAbortedMessage: true,
      closesAbandonedStream: true,
      resumeRestoresModelUsage: true,
      autoDenyEvent: (facts, toolName, toolUseId, message, uuid) => ({
        type: 'system',
        subtype: 'permission_denied',
        tool_name: toolName,
        tool_use_id: toolUseId,
        message,
        uuid,
        session_id: facts.sessionId,
      }),
      // A prompt the user went away from (interrupt, cancel) is recorded as a rejection, without text.
      deniedToolUseResult: (text, permission) =>
        permission.nonExecution === 'user-rejected' && !permission.decision
          ? 'User rejected tool use'
          : previous.deniedToolUseResult(text, permission),
      defaultModelFor: (auth) => (auth === 'oauth' ? 'claude-sonnet-5-5' : previous.defaultModelFor(auth)),
      apiRetryEvent(facts, attempt, delayMs, status, uuid) {
        const event = previous.apiRetryEvent(facts, attempt, delayMs, status, uuid);
        return status === 529 ? { ...event, error: 'overloaded' } : event;
      },
      permissionAborted:
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
      // A write the client changed before allowing it says so.
      async runTool(toolName, input, ctx) {
        const outcome = await previous.runTool(toolName, input, ctx);
        const result = outcome.toolUseResult as Json | undefined;
        if (!ctx.userModified || outcome.isError || typeof outcome.content !== 'string' || !result)
          return outcome;
        if (!('userModified' in result)) return outcome;
        return {
          ...outcome,
          content: outcome.content.replace(FRESH, USER_MODIFIED),
          toolUseResult: { ...result, userModified: true },
        };
      },

      // A prompt blocked by a UserPromptSubmit hook: an informational notice, and a result carrying its text.
      promptBlockedNotice: (facts, blocked, uuid) => ({
        type: 'system',
        subtype: 'informational',
        content: blockedText(blocked),
        level: 'warning',
        prevent_continuation: true,
        prompt_submit_outcome: { kind: 'blocked_by_hook', prompt_kept: false, reason: blocked.reason },
        uuid,
        session_id: facts.sessionId,
      }),
      resultPromptBlocked(facts, totals, uuid, blocked) {
        const {
          duration_api_ms,
          stop_reason,
          session_id,
          total_cost_usd,
          usage,
          modelUsage,
          permission_denials,
        } = head(this, facts, totals, null);
        const { terminal_reason: _none, ...rest } = state(undefined, totals);
        return {
          is_error: false,
          duration_api_ms,
          num_turns: 0,
          stop_reason,
          session_id,
          total_cost_usd,
          usage,
          modelUsage,
          permission_denials,
          ...rest,
          subtype: 'success',
          result: blockedText(blocked),
          type: 'result',
          duration_ms: totals.durationMs,
          uuid,
          ...tail(this, totals),
        };
      },

      // Plan mode: a command that would ask goes to the auto-mode classifier, which does not run
      // for a session whose requests go to another host than Anthropic's: it is denied. Not one the
      // version was seen to ask about even so (`settled`: a path out of the folder through a link).
      permissionPolicy(toolName, input, mode, cwd) {
        const policy = previous.permissionPolicy(toolName, input, mode, cwd);
        if (mode !== 'plan' || toolName !== 'Bash' || policy.kind !== 'ask' || policy.settled) return policy;
        return {
          kind: 'deny',
          message: `Auto mode is unavailable: its safety check does not run for this session, so ${toolName} was not run. Other actions that need the check will be denied too, and retrying won't help. Finish what you can without them, then tell the user what is blocked and that they can switch to another permission mode.`,
          reasonType: 'classifier',
          details: {
            decision_reason_code: 'auto_mode_no_check_in_session',
            decision_reason: 'Classifier unavailable',
          },
          sessionNotice: 'auto_mode_no_server_check',
          nonExecution: 'automode-unavailable',
        };
      },
      sessionNotice(key, facts, uuid, session) {
        if (key !== 'auto_mode_no_server_check') return previous.sessionNotice(key, facts, uuid, session);
        const host = hostOf(session.baseUrl);
        return {
          type: 'system',
          subtype: 'informational',
          content: `Auto mode can't check actions in this session. Its safety check runs on the server, and your requests go through ${host}, which doesn't pass it through. Nobody can be asked to approve actions in this session, so every action that needs the check is refused. To run these actions, use another permission mode. To use auto mode, ask whoever runs ${host} to pass Claude Code's server-side safety check through: https://code.claude.com/docs/en/permission-modes#server-side-classifier-review`,
          isMeta: false,
          timestamp: new Date().toISOString(),
          uuid,
          level: 'warning',
          tag: key,
          session_id: facts.sessionId,
        };
      },

      // A user message without content runs as a turn with a placeholder prompt.
      missingContentPrompt: '(no content)',

      // Replies and notices.
      // Once the conversation holds a message, the `/model` command's messages and its output
      // replayed (seen after a turn; none before the first prompt, as control/set-model checks).
      setModelAnswer: (model, command) => {
        if (!command) return { response: { model } };
        const notice = `<local-command-stdout>Set model to \`${command.shown}\`</local-command-stdout>`;
        return {
          response: { model },
          notice,
          kept: localCommandMessages('model', command.args, notice, LOCAL_COMMAND_CAVEAT_332),
          inConversation: true,
        };
      },
      interruptResponse: () => ({ still_queued: [] }),
      invalidPermissionMode: () => ({
        error: `Cannot set permission mode: must be one of ${PERMISSION_MODES.join(', ')}`,
        envelope: { error_code: 'invalid_mode' },
      }),
      stopHookNotification: (facts, uuid) => ({
        type: 'system',
        subtype: 'notification',
        key: 'stop-hook-error',
        text: 'stop hook problem · ctrl+o to see',
        priority: 'immediate',
        session_id: facts.sessionId,
        uuid,
      }),
      permissionStreamClosed:
        'Tool permission request failed: AbortError: Tool permission stream closed before response received',
      // A line that is not JSON is summarised: the first "type" string found in it, and its length.
      stdinParseError: (line) =>
        `Error parsing streaming input line (type=${/"type"\s*:\s*"([^"]*)"/.exec(line)?.[1] ?? 'unknown'}, ${line.length} chars): SyntaxError`,
      // Whitespace-only lines are skipped.
      stdinBlankLines: 'skip',
      // A regular file as stdin is read like a pipe (2.1.210 already does).
      streamJsonFileStdin: 'read',
      // Errors raised before any API request: the synthetic message has diagnostics and a timestamp.
      localErrorAssistant(text, facts, uuid) {
        const { error: _error, ...base } = previous.localErrorAssistant(text, facts, uuid);
        const message = base.message as Json;
        return {
          ...base,
          message: {
            diagnostics: null,
            ...message,
            usage: { output_tokens_details: null, ...(message.usage as Json), fallback_credit: null },
          },
          timestamp: new Date().toISOString(),
          error: 'unknown',
          is_api_error_message: true,
        };
      },
      resultLocalError(facts, totals, text, uuid) {
        return {
          ...head(this, facts, totals, 'stop_sequence'),
          ...state('api_error', totals),
          is_error: true,
          num_turns: totals.numTurns,
          subtype: 'success',
          api_error_status: null,
          result: text,
          type: 'result',
          duration_ms: totals.durationMs,
          uuid,
          ...tail(this, totals),
        };
      },

      // MCP: SDK servers connect at initialize; servers and prompts say where a server comes from.
      mcpConnectOnInitialize: true,
      mcpStatusResponse: (servers) => ({
        mcpServers: servers.map((s) =>
          mcpStatusEntry(s, { sdkServerInfo: true, transport: true, source: true }),
        ),
      }),
      mcpError: mcpError332,
      initMessage(facts, uuid) {
        const message = previous.initMessage(facts, uuid);
        // Subscription auth adds the `schedule` skill (after `loop`).
        const withSchedule = (list: unknown) => {
          if (facts.auth !== 'oauth' || !Array.isArray(list)) return list;
          const out = [...list];
          out.splice(out.indexOf('loop') + 1, 0, 'schedule');
          return out;
        };
        return {
          ...message,
          slash_commands: withSchedule(message.slash_commands),
          skills: withSchedule(message.skills),
          mcp_servers: facts.mcpServers.map((s) => ({
            name: s.name,
            status: s.status,
            source: s.origin === 'sdk' ? 'sdk' : 'dynamic',
          })),
        };
      },
      permissionRequest(request, server) {
        let out: Json = {};
        for (const [key, value] of Object.entries(request)) {
          out[key] = value;
          if (key === 'tool_name' && server)
            out.mcp_server = { name: server.name, source: server.origin === 'sdk' ? 'sdk' : 'dynamic' };
        }
        if (server) {
          // An MCP tool is asked about because the server's policy is ask-only.
          const { tool_use_id: toolUseId, ...rest } = out;
          out = { ...rest, server_policy_ask_only: true, tool_use_id: toolUseId };
        }
        // AskUserQuestion needs a person: the prompt says so.
        if (request.tool_name === 'AskUserQuestion') out.requires_user_interaction = true;
        return out;
      },

      // tool results say how the permission was settled (tool_result_meta).
      toolResultMessage(toolUseId, outcome, facts, uuid) {
        const message = previous.toolResultMessage(toolUseId, outcome, facts, uuid);
        const permission = outcome.permission;
        if (!permission) return message;
        return {
          ...message,
          tool_result_meta: [
            {
              id: toolUseId,
              ...(permission.nonExecution ? { non_execution_kind: permission.nonExecution } : {}),
              ...(permission.decision
                ? {
                    permission_decision: {
                      decision: permission.decision,
                      source: permission.source,
                      ...(permission.reasonType ? { reason_type: permission.reasonType } : {}),
                    },
                  }
                : {}),
            },
          ],
        };
      },

      // A bare {"behavior":"allow"} is valid: the tool runs with the input the client was shown.
      async validatePermissionReply(reply) {
        const r = reply as Json | undefined;
        if (r && r.behavior === 'allow' && r.updatedInput === undefined) return undefined;
        return previous.validatePermissionReply(reply);
      },
      allowedInput: (reply, original) => (reply.updatedInput as Json | undefined) ?? original,

      // Hook inputs carry the prompt's id after cwd.
      hookInput(event, common, payload) {
        const input = previous.hookInput(event, common, payload);
        const out: Json = {};
        for (const [key, value] of Object.entries(input)) {
          out[key] = value;
          if (key === 'cwd') out.prompt_id = common.promptId;
        }
        return out;
      },
    };
  },
};
