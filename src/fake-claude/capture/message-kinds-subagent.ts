import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { splitIntoPieces } from '../../model-api/message-reply.js';
import { SUBAGENT } from '../../scenarios/catalogue/subagent.js';
import { isRecord } from '../../util/json.js';
import { indentLines } from '../scripted/message-kinds/subagent-result.js';
import type { SubagentData, TokenCount } from '../scripted/message-kinds/types.js';
import {
  changedParams,
  contextFacts,
  contextTemplates,
  systemMessageAfter,
} from './message-kinds-requests.js';
import { billingTemplate, defaultPromptTemplate } from './model-side.js';
import { templated, templatedText, withWholeValues } from './templated.js';

type Json = Record<string, unknown>;

/** The output each block's message announces while its response streams (the scripted API's message_start). */
const ANNOUNCED_OUTPUT = 1;
/** The blocks of the subagent's two responses in `subagent/task-messages` (text + tool_use, then text). */
const BLOCKS = [2, 1];
const TOKEN_KEYS = [
  'input_tokens',
  'cache_creation_input_tokens',
  'cache_read_input_tokens',
  'output_tokens',
];

const inputOf = (u: Record<string, number | undefined>) =>
  (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);

function fail(what: string, hint?: unknown): never {
  throw new ClideError('io', `capturing the subagent messages: ${what}`, {
    ...(hint === undefined ? {} : { hint: JSON.stringify(hint).slice(0, 400) }),
  });
}

/**
 * The CLI's first running estimate of the subagent's first response (text, then its Bash call), as
 * the scripted API streams it (response-reader.ts `streamed`): a quarter of the characters streamed
 * up to the first delta that makes it a token or more.
 */
function firstStreamedEstimate(): number {
  const S = SUBAGENT;
  const deltas = [
    ...splitIntoPieces(S.preamble),
    ...splitIntoPieces(JSON.stringify({ command: S.command, description: S.bashDescription })),
  ];
  let chars = 0;
  for (const delta of deltas) {
    chars += delta.length;
    if (chars >= 4) return Math.floor(chars / 4);
  }
  return 0;
}

/** Which way of counting (types.ts `TokenCount`) gives what the CLI reported. */
function tokenCount(
  observed: unknown,
  candidates: Partial<Record<TokenCount, number>>,
  what: string,
): TokenCount {
  const match = (Object.keys(candidates) as TokenCount[]).find((k) => candidates[k] === observed);
  if (!match) fail(`${what} counts ${String(observed)} tokens, which no known way gives`, candidates);
  return match;
}

/**
 * The subagent's messages of a run of `subagent/task-messages` against the real CLI (its stdout
 * messages and the requests it made), as templates (see message-kinds/types.ts `SubagentData`).
 */
export function subagentData(
  messages: Json[],
  requests: RecordedRequest[],
  root: string,
  version: string,
  retry: { messages: Json[]; root: string },
): SubagentData {
  const S = SUBAGENT;
  const system = (subtype: string) => messages.find((m) => m.type === 'system' && m.subtype === subtype);
  const started = system('task_started') ?? fail('no system/task_started');
  const progress = system('task_progress') ?? fail('no system/task_progress');
  const notification = system('task_notification') ?? fail('no system/task_notification');
  const updated = system('task_updated');
  const nested = messages.filter((m) => m.parent_tool_use_id === S.toolUseId);
  const [prompt, assistant, toolResult] = nested;
  if (!prompt || !assistant || !toolResult) fail('not the three messages of the subagent', nested);
  const agentResult =
    messages.find((m) => m.type === 'user' && isRecord(m.tool_use_result) && m.tool_use_result.agentId) ??
    fail('no result of the Agent tool');
  const sessionId = String(started.session_id);
  const taskId = String(started.task_id);
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const knowns: Record<string, string> = {
    taskId,
    runId: typeof started.run_id === 'string' ? started.run_id : '',
    toolUseId: S.toolUseId,
    description: S.description,
    prompt: S.prompt,
    subagentType: S.subagentType,
    report: S.report,
    sessionId,
  };
  const t = (value: unknown) => templated(value, root, knowns) as Json;

  const outputFile = String(notification.output_file ?? '');
  const usageOf = (u: Json) =>
    Object.fromEntries(
      Object.keys(u).map((k) => [
        k,
        k === 'duration_ms' ? '{=durationMs}' : k === 'tool_uses' ? '{=toolUses}' : '{=tokens}',
      ]),
    );

  const [sub1, sub2] = [S.usages[1], S.usages[2]] as Array<Record<string, number | undefined>>;
  const tokens = {
    progress: tokenCount(
      get(progress, 'usage', 'total_tokens'),
      {
        'block-outputs': inputOf(sub1!) + BLOCKS[0]! * ANNOUNCED_OUTPUT,
        'latest-output': inputOf(sub1!) + ANNOUNCED_OUTPUT,
        'streamed-estimate': inputOf(sub1!) + BLOCKS[0]! * ANNOUNCED_OUTPUT + firstStreamedEstimate(),
      },
      'task_progress',
    ),
    notification: tokenCount(
      get(notification, 'usage', 'total_tokens'),
      {
        'block-outputs': inputOf(sub2!) + (BLOCKS[0]! + BLOCKS[1]!) * ANNOUNCED_OUTPUT,
        'latest-output': inputOf(sub2!) + (sub2!.output_tokens ?? 0),
      },
      'task_notification',
    ),
  };

  // The Agent tool's result: its text blocks with the report, the notes and the numbers as placeholders.
  const block = (get(agentResult, 'message', 'content', 0) ?? {}) as Json;
  const toolUseResult = agentResult.tool_use_result as Json;
  const resultContent = (toolUseResult.content as Json[] | undefined) ?? [];
  const note = resultContent.length > 1 ? String(resultContent[0]!.text) : undefined;
  let reportIndent = '';
  const content = ((block.content as Json[]) ?? []).map((b) => {
    let text = String(b.text ?? '');
    if (text === S.report) return { ...b, text: '{report}' };
    const line = new RegExp(`^([ \\t]*)${S.report.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(text);
    if (line) {
      reportIndent = line[1]!;
      text = text.replace(line[0], '{report}');
    }
    if (note !== undefined) text = text.replace(`${indentLines(note, reportIndent)}\n`, '{notes}');
    text = text
      .replace(/(_tokens: )\d+/, '$1{totalTokens}')
      .replace(/(tool_uses: )\d+/, '$1{toolUses}')
      .replace(/(duration_ms: )\d+/, '$1{durationMs}');
    return { ...b, text: templatedText(text, root, { taskId }) };
  });
  const whole: Record<string, string> = {
    content: 'content',
    totalDurationMs: 'durationMs',
    totalTokens: 'totalTokens',
    totalToolUseCount: 'toolUses',
    usage: 'usage',
    toolStats: 'toolStats',
    toolsUsed: 'toolsUsed',
    harnessNoteCount: 'noteCount',
    harnessSectionHash: 'harnessHash',
    resolvedModel: 'model',
  };
  const usage = toolUseResult.usage as Json;

  // The subagent's first request against the main loop's first.
  const conversation = requests.filter((r) => r.kind === 'conversation' && isRecord(r.body));
  const main = conversation[0]?.body as Json | undefined;
  const sub = conversation[1]?.body as Json | undefined;
  if (!main || !sub) fail('fewer than two Messages API requests');
  const subSystem = (Array.isArray(sub.system) ? sub.system : []) as Json[];
  // Its context: what its first request has around the prompt; what its second has after the tool results.
  const facts = contextFacts(sub, root);
  const subFirst = (sub.messages as Json[] | undefined)?.[0];
  const promptAt = Array.isArray(subFirst?.content)
    ? (subFirst.content as Json[]).findIndex((b) => b.text === S.prompt)
    : -1;
  if (promptAt < 0) fail("the subagent's first request does not start with its prompt", subFirst);
  const subNext = conversation[2]?.body as Json | undefined;
  const resultsAt = ((subNext?.messages as Json[] | undefined) ?? []).findIndex(
    (m) => Array.isArray(m.content) && (m.content as Json[]).some((b) => b.tool_use_id === S.bashId),
  );
  if (!subNext || resultsAt < 0) fail("the subagent's second request lacks its tool result", subNext);
  const afterTools = systemMessageAfter(
    subNext,
    resultsAt,
    facts,
    "the subagent's message after its tool results",
  );

  const result = messages.find((m) => m.type === 'result');
  return {
    taskStarted: t(started),
    prompt: t(prompt),
    progress: {
      ...(t(withWholeValues(progress, { usage: 'usage', last_tool_name: 'toolName' })) as Json),
      description: templatedText(String(progress.description), root, { toolDescription: S.bashDescription }),
      usage: usageOf(progress.usage as Json),
    },
    assistant: t(withWholeValues(assistant, { message: 'message', request_id: 'requestId' })),
    toolResult: t(withWholeValues(toolResult, { message: 'message', tool_result_meta: 'toolResultMeta' })),
    ...(updated
      ? { taskUpdated: { ...t(updated), patch: { ...(updated.patch as Json), end_time: '{=endTime}' } } }
      : {}),
    notification: {
      ...t(withWholeValues(notification, { usage: 'usage' })),
      ...(outputFile ? { output_file: '{outputFile}' } : {}),
      usage: usageOf(notification.usage as Json),
    },
    result: {
      content,
      toolUseResult: t(withWholeValues(toolUseResult, whole)),
      usage: Object.fromEntries(
        Object.entries(usage).map(([k, v]) => [k, TOKEN_KEYS.includes(k) ? `{=${k}}` : v]),
      ),
      reportIndent,
      ...(note === undefined ? {} : { toolsNote: note.replace('Bash', '{tools}') }),
      ...(isRecord(toolUseResult.toolStats) ? { toolStats: Object.keys(toolUseResult.toolStats) } : {}),
    },
    outputFile: outputFile
      ? templatedText(outputFile.replace(`/claude-${uid}/`, '/claude-{uid}/'), root, { taskId, sessionId })
      : '',
    tokens,
    ...retryProgress(retry.messages, retry.root),
    ...(isRecord(result?.subagent_stats) ? { stats: zeroed(result.subagent_stats) as Json } : {}),
    request: {
      tools: ((sub.tools as Json[] | undefined) ?? []).map((tool) => String(tool.name)),
      omits: Object.keys(main).filter((k) => !(k in sub)),
      params: changedParams(sub, main),
      system: subSystem.map((b, i) => ({
        ...b,
        text:
          i === 0 ? billingTemplate(String(b.text), version) : defaultPromptTemplate(String(b.text), root),
      })),
      context: contextTemplates(sub, promptAt, facts),
      ...(afterTools === undefined ? {} : { afterTools }),
    },
  };
}

/**
 * The tool_progress messages of a run of `subagent/api-retry` (a 529 to the subagent's first request),
 * as templates: the one while it retries and the one once the retry went through (none on versions
 * whose retry is silent).
 */
function retryProgress(messages: Json[], root: string): Pick<SubagentData, 'retryProgress'> {
  const progress = messages.filter((m) => m.type === 'tool_progress');
  if (progress.length === 0) return {};
  const retrying = progress.find((m) => isRecord(m.subagent_retry));
  const resolved = progress.find((m) => !isRecord(m.subagent_retry));
  if (!retrying || !resolved) fail('a retry reported without its resolution', progress);
  const started = messages.find((m) => m.type === 'system' && m.subtype === 'task_started');
  const call = messages.find(
    (m) => m.type === 'assistant' && get(m, 'message', 'content', 0, 'id') === started?.tool_use_id,
  );
  const knowns = {
    messageId: String(get(call, 'message', 'id') ?? fail('no assistant message calling the agent')),
    toolUseId: String(started?.tool_use_id),
    taskId: String(started?.task_id),
    subagentType: SUBAGENT.subagentType,
  };
  const t = (m: Json) => templated(m, root, knowns) as Json;
  const retry = retrying.subagent_retry as Json;
  const wholes: Record<string, string> = {
    attempt: '{=attempt}',
    max_retries: '{=maxRetries}',
    retry_delay_ms: '{=delayMs}',
    error_status: '{=status}',
  };
  return {
    retryProgress: {
      retrying: {
        ...t(retrying),
        subagent_retry: {
          ...(t(retry) as Json),
          ...Object.fromEntries(Object.keys(retry).flatMap((k) => (k in wholes ? [[k, wholes[k]]] : []))),
        },
      },
      resolved: t(resolved),
    },
  };
}

/** Counters set to 0, counts by name emptied: the statistics before anything happened. */
function zeroed(value: unknown, key?: string): unknown {
  if (typeof value === 'number') return 0;
  if (key === 'by_type') return {};
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, zeroed(v, k)]));
  return value;
}

function get(value: unknown, ...path: Array<string | number>): unknown {
  let cur = value;
  for (const key of path)
    cur = isRecord(cur) || Array.isArray(cur) ? (cur as Json)[key as string] : undefined;
  return cur;
}
