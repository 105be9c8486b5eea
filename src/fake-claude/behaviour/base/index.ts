import { monthYear } from '../../../util/month-year.js';
import { randomUuid } from '../../../util/uuid.js';
import { capturedModel, costAt } from '../../usage/index.js';
import type { CapturedData } from '../data/types.js';
import type { CallUsage, CliBehaviour, Json, ResultTotals, SessionFacts, ToolOutcome } from '../types.js';
import { jscJsonParseError } from './jsc-json-error.js';
import { localCommandMessages } from './local-command.js';
import { mcpError150 } from './mcp-errors.js';
import { mcpStatusEntry } from './mcp-status.js';
import {
  assistantToolInput,
  autoDenyText,
  mcpToolOutcome,
  permissionPolicy,
  resolveToolInput,
  runTool,
  validateTool,
} from './tools.js';

/**
 * The behaviour every emulated version starts from: the rules, texts and shapes of claude 2.1.150 as
 * observed (sandboxed runs of every scenario of `src/scenarios/` plus targeted probes, December
 * 2026), around the version's captured data (`../data/<version>/`, what its binary answers
 * statically). A later version is this plus its named overrides (`../<version>/overrides.ts`).
 * Field order follows the real messages so a textual diff stays quiet.
 */

const MAX_RETRIES = 10;
/** `representative-claim` → the window prefix of its headers. */
const CLAIM_WINDOWS: Record<string, string> = { five_hour: '5h', seven_day: '7d', seven_day_opus: '7d_opus' };
const PERMISSION_MODES = ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'];

/** USD per million tokens of a model the capture did not price: input, output, cache read, cache write (5 min). */
function pricing(model: string): [number, number, number, number] {
  if (/haiku/.test(model)) return [1, 5, 0.1, 1.25];
  if (/sonnet/.test(model)) return [3, 15, 0.3, 3.75];
  return [5, 25, 0.5, 6.25];
}

function resultUsage(usage: CallUsage): Json {
  return {
    input_tokens: usage.input_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens,
    output_tokens: usage.output_tokens,
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    service_tier: 'standard',
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
    inference_geo: '',
    iterations: [],
    speed: 'standard',
  };
}

/** One model's entry of `result.modelUsage`, as 2.1.150 writes it (later versions add fields). */
export function modelUsageEntry(
  model: string,
  { usage, costUSD }: ResultTotals['modelUsage'][string],
  behaviour: Pick<CliBehaviour, 'contextWindow' | 'maxOutputTokens'>,
): Json {
  return {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cacheReadInputTokens: usage.cache_read_input_tokens,
    cacheCreationInputTokens: usage.cache_creation_input_tokens,
    webSearchRequests: 0,
    costUSD,
    contextWindow: behaviour.contextWindow(model),
    maxOutputTokens: behaviour.maxOutputTokens(model),
  };
}

function modelUsage(totals: ResultTotals, behaviour: CliBehaviour): Json {
  const out: Json = {};
  for (const [model, entry] of Object.entries(totals.modelUsage))
    out[model] = modelUsageEntry(model, entry, behaviour);
  return out;
}

function timestamp(): string {
  return new Date().toISOString();
}

/** The decision a `can_use_tool` reply must match on 2.1.150 (its zod schema, rebuilt with zod 4). */
async function permissionReplyError(reply: unknown): Promise<string | undefined> {
  const r = reply as Json | undefined;
  if (
    r &&
    r.behavior === 'allow' &&
    typeof r.updatedInput === 'object' &&
    r.updatedInput &&
    !Array.isArray(r.updatedInput)
  )
    return undefined;
  if (r && r.behavior === 'deny' && typeof r.message === 'string') return undefined;
  const { permissionReplyZodError } = await import('./permission-reply-schema.js');
  const zodError = permissionReplyZodError(reply);
  if (zodError === undefined) return undefined;
  // 2.1.150 stringifies the ZodError: `ZodError: ` + the issues as indented JSON (zod 4's message).
  return `Tool permission request failed: ZodError: ${zodError}`;
}

/** The fields every error `result` starts with, in the CLI's order. */
function errorResultHead(
  subtype: string,
  facts: SessionFacts,
  totals: ResultTotals,
  stopReason: string | null,
  behaviour: CliBehaviour,
): Json {
  return {
    type: 'result',
    subtype,
    duration_ms: totals.durationMs,
    duration_api_ms: totals.durationApiMs,
    is_error: true,
    num_turns: totals.numTurns,
    stop_reason: stopReason,
    session_id: facts.sessionId,
    total_cost_usd: totals.totalCostUsd,
    usage: resultUsage(totals.usage),
    modelUsage: modelUsage(totals, behaviour),
    permission_denials: totals.permissionDenials,
  };
}

/** Fills the placeholders of captured strings (`<cwd>`, `<home>`, …) with this session's values. */
function fillStrings(value: unknown, strings: Record<string, string>): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const [name, text] of Object.entries(strings)) out = out.replaceAll(name, text);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => fillStrings(v, strings));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillStrings(v, strings)]));
  return value;
}

/** The placeholders of captured strings, for this session. */
function sessionStrings(facts: SessionFacts): Record<string, string> {
  return {
    '<config-dir>': facts.configDir,
    '<home>': facts.home,
    '<cwd>': facts.cwd,
    '<tmpdir>': facts.tmpDir,
    '<pid>': String(facts.pid),
  };
}

/** The captured `system/init` template: whole-value placeholders from `values`, strings filled in. */
function fillInit(template: Json, values: Record<string, unknown>, facts: SessionFacts): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(template)) {
    out[key] =
      typeof value === 'string' && value in values
        ? values[value]
        : fillStrings(value, sessionStrings(facts));
  }
  return out;
}

/** The behaviour of the version whose captured data is `data`, before its overrides. */
export function baseBehaviour(data: CapturedData): CliBehaviour {
  const VERSION = data.binary.reply.version;
  const init = data.init;
  /** The session's effort level (what get_settings applies; hooks are told it too). */
  const effort = String(((data.settings.applied ?? {}) as Json).effort ?? 'xhigh');
  return {
    version: VERSION,
    buildTime: data.binary.reply.buildTime,
    versionText: data.binary.versionText,
    argv: data.argv,

    defaultModel: init.model,
    apiModelFor: (model) => model.replace(/\[1m\]$/i, ''),
    contextWindow: (model) =>
      capturedModel(VERSION, model)?.contextWindow ?? (/\[1m\]$/i.test(model) ? 1_000_000 : 200_000),
    maxOutputTokens: (model) =>
      capturedModel(VERSION, model)?.maxOutputTokens ?? (/sonnet/.test(model) ? 32_000 : 64_000),
    cost(model, usage) {
      const captured = capturedModel(VERSION, model);
      if (captured) return costAt(captured.price, usage);
      const [input, output, cacheRead, cacheWrite] = pricing(model);
      return (
        (usage.input_tokens * input +
          usage.output_tokens * output +
          usage.cache_read_input_tokens * cacheRead +
          usage.cache_creation_input_tokens * cacheWrite) /
        1_000_000
      );
    },

    apiTools: () => {
      const month = monthYear();
      return data.apiTools.map((t) => ({
        ...t,
        description: t.description.split('{monthYear}').join(month),
      }));
    },
    initToolNames: () => [...init.tools],
    countsInterruptedUsage: false,
    marksAbortedMessage: false,
    closesAbandonedStream: false,
    resumeRestoresModelUsage: false,
    apiRequestDefaults: () => structuredClone(data.apiRequest.defaults),
    apiHeaders: () => ({ ...data.apiRequest.headers }),
    systemPrompt: () => [
      { type: 'text', text: "You are a Claude agent, built on Anthropic's Claude Agent SDK." },
      {
        type: 'text',
        text: `fake-claude (clide-conformance): a scripted stand-in for Claude Code ${VERSION}.`,
      },
    ],

    initMessage(facts, uuid) {
      const projectDir = facts.cwd.replace(/[^a-zA-Z0-9]/g, '-');
      return fillInit(
        init.message,
        {
          '<cwd>': facts.cwd,
          '<session-id>': facts.sessionId,
          '<tools>': facts.tools,
          '<mcp-servers>': facts.mcpServers.map(({ name, status }) => ({ name, status })),
          '<model>': facts.model,
          '<permission-mode>': facts.permissionMode,
          '<slash-commands>': [...facts.commands, ...facts.skills, ...init.slash_commands],
          '<api-key-source>': facts.apiKeySource,
          '<agents>': [...init.agents],
          '<skills>': [...facts.skills, ...init.skills],
          '<uuid>': uuid,
          '<memory-paths>': { auto: `${facts.configDir}/projects/${projectDir}/memory/` },
          '<messaging-socket-path>': facts.messagingSocketPath,
        },
        facts,
      );
    },

    statusMessage(facts, status, uuid, withMode) {
      return {
        type: 'system',
        subtype: 'status',
        status,
        ...(withMode ? { permissionMode: facts.permissionMode } : {}),
        uuid,
        session_id: facts.sessionId,
      };
    },

    assistantMessage(message, block, facts, uuid, requestId) {
      return {
        type: 'assistant',
        message: {
          id: message.id,
          type: 'message',
          role: 'assistant',
          model: message.model,
          content: [block],
          stop_reason: null,
          stop_sequence: null,
          usage: message.usage,
          context_management: null,
        },
        parent_tool_use_id: null,
        session_id: facts.sessionId,
        uuid,
        ...(requestId === undefined ? {} : { request_id: requestId }),
      };
    },

    toolResultMessage(toolUseId, outcome: ToolOutcome, facts, uuid) {
      const block: Json = outcome.isError
        ? { type: 'tool_result', content: outcome.content, is_error: true, tool_use_id: toolUseId }
        : {
            tool_use_id: toolUseId,
            type: 'tool_result',
            content: outcome.content,
            ...(outcome.explicitNotError ? { is_error: false } : {}),
          };
      return {
        type: 'user',
        message: { role: 'user', content: [block] },
        parent_tool_use_id: null,
        session_id: facts.sessionId,
        uuid,
        timestamp: timestamp(),
        tool_use_result: outcome.toolUseResult,
      };
    },

    streamEventMessage: (event, facts, uuid, extra) => ({
      type: 'stream_event',
      event,
      session_id: facts.sessionId,
      parent_tool_use_id: null,
      uuid,
      ...(extra.ttftMs === undefined ? {} : { ttft_ms: extra.ttftMs }),
    }),

    textUserMessage(text, facts, uuid) {
      return {
        type: 'user',
        message: { role: 'user', content: [{ type: 'text', text }] },
        parent_tool_use_id: null,
        session_id: facts.sessionId,
        uuid,
        timestamp: timestamp(),
      };
    },

    resultSuccess(facts, totals, text, stopReason, uuid) {
      return {
        type: 'result',
        subtype: 'success',
        is_error: false,
        api_error_status: null,
        duration_ms: totals.durationMs,
        duration_api_ms: totals.durationApiMs,
        ttft_ms: totals.ttftMs,
        num_turns: totals.numTurns,
        result: text,
        stop_reason: stopReason,
        session_id: facts.sessionId,
        total_cost_usd: totals.totalCostUsd,
        usage: resultUsage(totals.usage),
        modelUsage: modelUsage(totals, this),
        permission_denials: totals.permissionDenials,
        terminal_reason: 'completed',
        fast_mode_state: 'off',
        uuid,
      };
    },

    resultApiError(facts, totals, text, status, uuid) {
      return {
        type: 'result',
        subtype: 'success',
        is_error: true,
        api_error_status: status,
        duration_ms: totals.durationMs,
        duration_api_ms: totals.durationApiMs,
        num_turns: totals.numTurns,
        result: text,
        stop_reason: 'stop_sequence',
        session_id: facts.sessionId,
        total_cost_usd: totals.totalCostUsd,
        usage: resultUsage(totals.usage),
        modelUsage: modelUsage(totals, this),
        permission_denials: totals.permissionDenials,
        terminal_reason: 'completed',
        fast_mode_state: 'off',
        uuid,
      };
    },

    resultError(facts, totals, stopReason, terminalReason, errors, uuid) {
      return {
        ...errorResultHead('error_during_execution', facts, totals, stopReason, this),
        ...(terminalReason === undefined ? {} : { terminal_reason: terminalReason, fast_mode_state: 'off' }),
        uuid,
        errors,
      };
    },

    resultLimit(facts, totals, stopReason, limit, errors, uuid) {
      return {
        ...errorResultHead(`error_${limit}`, facts, totals, stopReason, this),
        ...(limit === 'max_turns' ? { terminal_reason: 'max_turns' } : {}),
        fast_mode_state: 'off',
        uuid,
        errors,
      };
    },

    resultPromptBlocked(facts, totals, uuid) {
      return {
        type: 'result',
        subtype: 'success',
        is_error: false,
        duration_ms: totals.durationMs,
        duration_api_ms: totals.durationApiMs,
        num_turns: 0,
        result: '',
        stop_reason: null,
        session_id: facts.sessionId,
        total_cost_usd: totals.totalCostUsd,
        usage: resultUsage(totals.usage),
        modelUsage: modelUsage(totals, this),
        permission_denials: totals.permissionDenials,
        fast_mode_state: 'off',
        uuid,
      };
    },

    promptBlockedNotice: () => undefined,

    hookInput: (event, common, payload) => ({
      session_id: common.sessionId,
      transcript_path: common.transcriptPath,
      cwd: common.cwd,
      permission_mode: common.permissionMode,
      // UserPromptSubmit is the one event observed without the effort level.
      ...(event === 'UserPromptSubmit' ? {} : { effort: { level: effort } }),
      hook_event_name: event,
      ...payload,
    }),
    hookContextText: (event, toolName, context) =>
      event === 'UserPromptSubmit'
        ? `<system-reminder>\n${event} hook additional context: ${context}\n</system-reminder>\n`
        : `<system-reminder>\n${event}${toolName ? `:${toolName}` : ''} hook additional context: ${context}\n</system-reminder>`,
    stopHookFeedback: (reason) => `Stop hook feedback:\n${reason}`,
    stopHookNotification: (facts, uuid) => ({
      type: 'system',
      subtype: 'notification',
      key: 'stop-hook-error',
      text: 'Stop hook error occurred · ctrl+o to see',
      priority: 'immediate',
      uuid,
      session_id: facts.sessionId,
    }),
    maxTurnsError: (maxTurns) => `Reached maximum number of turns (${maxTurns})`,
    maxBudgetError: (maxBudgetUsd) => `Reached maximum budget ($${maxBudgetUsd})`,

    initializeResponse: (pid, facts) => ({
      ...(fillStrings(data.initialize, sessionStrings(facts)) as Json),
      pid,
    }),
    alreadyInitializedError: 'Already initialized',
    binaryVersionResponse: () => structuredClone(data.binary.reply),
    controlEnvelope: (subtype) => structuredClone(data.control.envelopes[subtype] ?? {}),
    errorEnvelope: (_code) => structuredClone(data.control.errorEnvelope),
    staticControlReply: (subtype, facts) => {
      const reply = data.control.replies[subtype];
      return reply === undefined ? undefined : (fillStrings(reply, sessionStrings(facts)) as Json);
    },
    settingsResponse: (model, facts) => {
      const settings = fillStrings(data.settings, sessionStrings(facts)) as Json;
      const applied = (settings.applied ?? {}) as Json;
      return { ...settings, applied: { ...applied, model } };
    },
    contextUsageResponse: (facts) => fillStrings(data.contextUsage, sessionStrings(facts)) as Json,
    mcpStatusResponse: (servers) => ({ mcpServers: servers.map((s) => mcpStatusEntry(s)) }),
    mcpError: mcpError150,
    unsupportedSubtype: (subtype) => `Unsupported control request subtype: ${subtype}`,
    isPermissionMode: (mode) => PERMISSION_MODES.includes(mode),
    setModelNotice: (model) => `<local-command-stdout>Set model to ${model}</local-command-stdout>`,
    setModelAnswer(model, command) {
      const notice = this.setModelNotice(model);
      return { notice, kept: localCommandMessages('model', command?.args ?? model, notice) };
    },
    interruptResponse: () => undefined,
    invalidPermissionMode: () => undefined,
    permissionRequest: (request) => request,
    mcpConnectOnInitialize: false,
    // No flag of 2.1.150 reads a field of initialize: nothing to confirm or not.
    confirmsInitializeFields: true,

    interruptedText: '[Request interrupted by user]',
    interruptedForToolText: '[Request interrupted by user for tool use]',
    ediagnostic: (stopReason) =>
      `[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=${stopReason ?? 'null'}`,
    stdinParseError: (line) =>
      `Error parsing streaming input line: ${line}: SyntaxError: JSON Parse error: ${jscJsonParseError(line) ?? 'Unable to parse JSON string'}`,
    stdinNullError: (line) =>
      `Error parsing streaming input line: ${line}: TypeError: null is not an object (evaluating '$.type')`,
    stdinBlankLines: 'frame',
    streamJsonFileStdin: 'ignored',
    allowedBetas: ['context-1m-2025-08-07'],
    contentDepthLimit: 40_000,
    stackOverflowText: 'API Error: Maximum call stack size exceeded.',
    localErrorAssistant: (text, facts, uuid) => ({
      type: 'assistant',
      message: {
        id: randomUuid(),
        container: null,
        model: '<synthetic>',
        role: 'assistant',
        stop_details: null,
        stop_reason: 'stop_sequence',
        stop_sequence: '',
        type: 'message',
        usage: {
          input_tokens: 0,
          output_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
          service_tier: null,
          cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
          inference_geo: null,
          iterations: null,
          speed: null,
        },
        content: [{ type: 'text', text }],
        context_management: null,
      },
      parent_tool_use_id: null,
      session_id: facts.sessionId,
      uuid,
      error: 'unknown',
    }),
    resultLocalError(facts, totals, text, uuid) {
      return { ...this.resultApiError(facts, totals, text, 0, uuid), api_error_status: null };
    },
    noConversationFound: (sessionId) => `No conversation found with session ID: ${sessionId}`,
    invalidSessionId: 'Error: Invalid session ID. Must be a valid UUID.',
    missingContentError: "undefined is not an object (evaluating 'H.filter')",
    missingContentPrompt: undefined,
    permissionStreamClosed:
      'Tool permission request failed: Error: Tool permission stream closed before response received',
    permissionAborted: 'Tool permission request failed: AbortError',
    validatePermissionReply: permissionReplyError,
    allowedInput: (reply) => reply.updatedInput as Json,
    autoDenyText,
    autoDenyEvent: () => undefined,
    deniedToolUseResult: (text) => `Error: ${text}`,
    permissionToolMissing: (toolName, promptTool, available) => {
      const error = `Error: MCP tool ${promptTool} (passed via --permission-prompt-tool) not found. Available MCP tools: ${available.length ? available.join(', ') : 'none'}`;
      return { stderr: error, result: `Error calling tool (${toolName}): ${error}` };
    },
    sessionNotice: () => undefined,
    permissionDeniedEvent: (facts, toolName, toolUseId, reasonType, message, uuid, details) => ({
      type: 'system',
      subtype: 'permission_denied',
      tool_name: toolName,
      tool_use_id: toolUseId,
      decision_reason_type: reasonType,
      ...details,
      message,
      uuid,
      session_id: facts.sessionId,
    }),
    apiRetryEvent: (facts, attempt, delayMs, status, uuid) => ({
      type: 'system',
      subtype: 'api_retry',
      attempt,
      max_retries: MAX_RETRIES,
      retry_delay_ms: delayMs,
      error_status: status,
      error: status === 429 || status === 529 ? 'rate_limit' : status >= 500 ? 'server_error' : 'unknown',
      session_id: facts.sessionId,
      uuid,
    }),
    retryPolicy(status, attempt, headers) {
      if (attempt > MAX_RETRIES) return { retry: false, delayMs: 0 };
      if (headers['x-should-retry'] === 'false') return { retry: false, delayMs: 0 };
      const retryable =
        headers['x-should-retry'] === 'true' || [408, 409, 429].includes(status) || status >= 500;
      if (!retryable) return { retry: false, delayMs: 0 };
      const retryAfter = Number(headers['retry-after']);
      if (Number.isFinite(retryAfter) && retryAfter > 0 && retryAfter <= 60)
        return { retry: true, delayMs: retryAfter * 1000 };
      // 500 ms doubling per attempt, up to 32 s, plus up to 25 % jitter (what 2.1.150 waits).
      const base = Math.min(500 * 2 ** (attempt - 1), 32_000);
      return { retry: true, delayMs: base + Math.random() * 0.25 * base };
    },
    rateLimitEvent(facts, headers, uuid) {
      const status = headers['anthropic-ratelimit-unified-status'];
      if (!status) return undefined;
      const claim = headers['anthropic-ratelimit-unified-representative-claim'] ?? 'five_hour';
      const window = CLAIM_WINDOWS[claim] ?? '5h';
      const number = (name: string) => {
        const value = headers[name];
        return value === undefined ? undefined : Number(value);
      };
      const info: Json = {
        status,
        resetsAt:
          number(`anthropic-ratelimit-unified-${window}-reset`) ??
          number('anthropic-ratelimit-unified-reset'),
        rateLimitType: claim,
        utilization: number(`anthropic-ratelimit-unified-${window}-utilization`),
        isUsingOverage: headers['anthropic-ratelimit-unified-overage-status'] === 'allowed',
        surpassedThreshold: number(`anthropic-ratelimit-unified-${window}-surpassed-threshold`),
      };
      for (const key of Object.keys(info)) if (info[key] === undefined) delete info[key];
      return { type: 'rate_limit_event', rate_limit_info: info, uuid, session_id: facts.sessionId };
    },
    defaultModelFor: (auth) => (auth === 'oauth' ? 'claude-sonnet-4-6' : init.model),
    skillOutcome: (name, baseDir, body) => ({
      outcome: {
        content: `Launching skill: ${name}`,
        isError: false,
        toolUseResult: { success: true, commandName: name },
      },
      injectedText: `Base directory for this skill: ${baseDir}\n\n${body}`,
    }),
    slashCommandBlocks: (name, args, body) => [
      {
        type: 'text',
        text: `<command-message>${name}</command-message>\n<command-name>/${name}</command-name>\n<command-args>${args}</command-args>\n`,
      },
      { type: 'text', text: body.replace(/\$ARGUMENTS/g, args) },
    ],
    syntheticUserMessage: (text, facts, uuid) => ({
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text }] },
      parent_tool_use_id: null,
      session_id: facts.sessionId,
      uuid,
      timestamp: timestamp(),
      isSynthetic: true,
    }),
    askAnswerText: (answers) =>
      `Your questions have been answered: ${Object.entries(answers)
        .map(([q, a]) => `"${q}"="${a}"`)
        .join(', ')}. You can now continue with these answers in mind.`,
    displayName: (toolName) =>
      (toolName.split('__').pop() || toolName).replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),

    assistantToolInput,
    resolveToolInput,
    permissionPolicy: (toolName, input, mode, cwd) => permissionPolicy(toolName, input, mode, cwd, VERSION),
    validateTool,
    runTool,
    mcpToolOutcome,
    mcpClientInfo: () => ({
      name: 'claude-code',
      title: 'Claude Code',
      version: VERSION,
      description: "Anthropic's agentic coding tool",
      websiteUrl: 'https://claude.com/claude-code',
    }),
    mcpProtocolVersion: '2025-11-25',
  };
}
