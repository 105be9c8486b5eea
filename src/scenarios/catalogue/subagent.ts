import { checkFieldsInOrder, get, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import { REPLAY_GAP, type Scenario, type ScenarioContext } from '../scenario.js';
import { byVersion } from '../version-range.js';

type Json = Record<string, unknown>;

/** The subagent of `subagent/task-messages`: what the main model asks it, and what it does. */
export const SUBAGENT = {
  toolUseId: 'toolu_01AgentGreeter',
  description: 'Greeter',
  prompt: 'Print the greeting.',
  subagentType: 'general-purpose',
  bashId: 'toolu_01AgentBash',
  command: 'echo greeting',
  bashDescription: 'Print greeting',
  /** Its SubagentHandback call, in auto mode (the tool is offered there: the report goes through it). */
  handbackId: 'toolu_01AgentHandback',
  /** Its text before the tool call (never shown to the client). */
  preamble: 'I will print it.',
  report: 'The greeting was printed.',
  final: 'The agent printed the greeting.',
  /** The usage of each model response, in order (main, subagent, subagent, main). */
  usages: [
    { input_tokens: 1000, output_tokens: 11 },
    { input_tokens: 100, cache_read_input_tokens: 30, output_tokens: 7 },
    { input_tokens: 200, cache_read_input_tokens: 50, output_tokens: 9 },
    { input_tokens: 2000, output_tokens: 13 },
  ],
} as const;

const S = SUBAGENT;

/** The main model's call of the Agent tool (`Task` before it was renamed; both names are accepted). */
const agentCall = toolUse(S.toolUseId, 'Agent', {
  description: S.description,
  prompt: S.prompt,
  subagent_type: S.subagentType,
  // 2.1.332 runs agents in the background unless told otherwise; the foreground is what every version does alike.
  run_in_background: false,
});

/**
 * The subagent's report: its text, or, when its request offers SubagentHandback (auto mode), a call
 * of that tool with the report, as its system reminder asks ("plain text you write at the end is not
 * delivered"). Without it, a subagent in auto mode is asked again for the call and the script runs out.
 */
function report(usage?: Record<string, number>): Record<string, unknown> {
  return {
    blocks: [text(S.report)],
    whenToolOffered: { SubagentHandback: [toolUse(S.handbackId, 'SubagentHandback', { message: S.report })] },
    ...(usage ? { usage } : {}),
  };
}

/** The Agent call of `subagent/api-retry`: the subagent only answers. */
const AGENT_AGAIN = 'toolu_01AgentRetry';

/** The id of the first call of `tool` in the assistant messages of `parent` (null: the main thread). */
function toolUseIdIn(msgs: readonly Json[], tool: string, parent: string | null): string | undefined {
  for (const m of msgs) {
    if (m.type !== 'assistant' || (m.parent_tool_use_id ?? null) !== parent) continue;
    const content = get(m, 'message', 'content');
    const call = Array.isArray(content)
      ? (content as Json[]).find((b) => b.type === 'tool_use' && b.name === tool)
      : undefined;
    if (typeof call?.id === 'string') return call.id;
  }
  return undefined;
}
const agentCallAgain = toolUse(AGENT_AGAIN, 'Agent', {
  description: S.description,
  prompt: S.prompt,
  subagent_type: S.subagentType,
  run_in_background: false,
});

/** The summary of the notification (and the Agent tool's result) when the report was handed back. */
function handbackNote(taskId: unknown): string {
  return `This agent's report was delivered to you as a message from "${String(taskId)}" (its SubagentHandback call). Read it there; it is not repeated here.\n`;
}

/** Whether a string somewhere in `value` contains `text`. */
function holdsText(value: unknown, text: string): boolean {
  return JSON.stringify(value ?? null).includes(JSON.stringify(text).slice(1, -1));
}

const isSystem = (subtype: string) => (m: Json) => m.type === 'system' && m.subtype === subtype;

/**
 * Whether the session runs in auto mode (the default of the releases 2.1.285 to 2.1.301 in a fresh
 * sandbox; 2.1.284 and 2.1.302 start in default mode): a subagent is then offered SubagentHandback
 * and hands its report back through it (so do the 2.1.284 and 2.1.306 subagents under
 * --permission-mode auto; the CLI asks the auto-mode classifier before the Agent call).
 */
function inAutoMode(msgs: readonly Json[]): boolean {
  return msgs.find(isSystem('init'))?.permissionMode === 'auto';
}

/** Whether a conversation request (a subagent's: the main loop's never does) offers SubagentHandback. */
function offersHandback(ctx: Pick<ScenarioContext, 'modelRequests'>): boolean {
  return ctx
    .modelRequests()
    .some(
      (r) =>
        r.kind === 'conversation' &&
        ((get(r.body, 'tools') as Json[] | undefined) ?? []).some((t) => t.name === 'SubagentHandback'),
    );
}

export const subagentScenarios: Scenario[] = [
  {
    id: 'subagent/task-messages',
    requirement:
      "a foreground subagent (the Agent tool) runs its own turns against the same model: system/task_started, its prompt as a user message with parent_tool_use_id, task_progress before each of its tool calls, its tool_use and tool_result with parent_tool_use_id (its text is not shown), task_notification when it ends (task_updated first from 2.1.178), then the Agent tool's result with the subagent's report; the subagent's usage counts in the session's cost, not in the turn's usage; its messages carry agent_id from 2.1.292; in auto mode (the default of 2.1.285 to 2.1.301) the subagent is offered SubagentHandback and ends with that call, which shows too, and the report reaches the main model as the agent's message (tool_use_result.handbackReport), not in the Agent tool's result",
    spec: '§1 output event stream (system/task_*, parent_tool_use_id)',
    tier: 'model',
    replayGaps: { 'model/requests': REPLAY_GAP.modelRequests },
    model: script(
      { blocks: [agentCall], usage: S.usages[0] },
      {
        blocks: [
          text(S.preamble),
          toolUse(S.bashId, 'Bash', { command: S.command, description: S.bashDescription }),
        ],
        usage: S.usages[1],
      },
      report(S.usages[2]),
      { blocks: [text(S.final)], usage: S.usages[3] },
    ),
    args: { allowedTools: ['Bash'] },
    async drive(ctx) {
      const result = await turn(ctx, 'Ask an agent to print the greeting.');
      const msgs = ctx.session.messages();
      const at = (predicate: (m: Json) => boolean) => msgs.findIndex(predicate);
      // The calls' ids as the stream shows them (the script's, live; a replayed fixture's placeholders).
      const agentCallId = toolUseIdIn(msgs, 'Agent', null) ?? S.toolUseId;
      const bashCallId = toolUseIdIn(msgs, 'Bash', agentCallId) ?? S.bashId;
      const handbackCallId = toolUseIdIn(msgs, 'SubagentHandback', agentCallId) ?? S.handbackId;
      // In auto mode the subagent delivers its report through SubagentHandback (one tool use more).
      const handsBack = inAutoMode(msgs);
      ctx.checkEqual(
        offersHandback(ctx),
        handsBack,
        'subagent/handback-offered',
        handsBack
          ? "in auto mode the subagent's requests offer SubagentHandback"
          : "the subagent's requests offer no SubagentHandback outside auto mode",
      );
      const toolUses = handsBack ? 2 : 1;

      const startedAt = at(isSystem('task_started'));
      const started = msgs[startedAt];
      ctx.check(started !== undefined, 'task/started-missing', 'system/task_started announces the subagent');
      checkFieldsInOrder(
        ctx,
        started,
        ['type', 'subtype', 'task_id', 'tool_use_id', 'description', 'subagent_type', 'task_type', 'prompt'],
        'task/started-fields',
        'task_started names the task, the Agent call, its description, type and prompt',
      );
      ctx.checkEqual(
        [get(started, 'tool_use_id'), get(started, 'description'), get(started, 'prompt')],
        [agentCallId, S.description, S.prompt],
        'task/started-values',
        'task_started carries the Agent call id, description and prompt',
      );
      ctx.checkEqual(get(started, 'task_type'), 'local_agent', 'task/type', 'the task is a local agent', [
        'task_type',
      ]);
      const taskId = get(started, 'task_id');

      // Everything the subagent shows is tied to the Agent call.
      const nested = msgs.filter((m) => m.parent_tool_use_id === agentCallId);
      ctx.checkEqual(
        nested.map((m) => m.type),
        handsBack ? ['user', 'assistant', 'user', 'assistant', 'user'] : ['user', 'assistant', 'user'],
        'subagent/messages',
        handsBack
          ? "the subagent's prompt, its tool call, the tool's result, its SubagentHandback call and that call's result carry parent_tool_use_id"
          : "the subagent's prompt, its tool call and the tool's result carry parent_tool_use_id",
      );
      ctx.checkEqual(
        get(nested[0], 'message', 'content'),
        [{ type: 'text', text: S.prompt }],
        'subagent/prompt',
        "the first is the subagent's prompt",
      );
      ctx.checkEqual(
        get(nested[1], 'message', 'content'),
        [
          {
            type: 'tool_use',
            id: bashCallId,
            name: 'Bash',
            input: { command: S.command, description: S.bashDescription },
          },
        ],
        'subagent/tool-use',
        "the subagent's assistant message shows its tool call, not its text",
      );
      ctx.checkEqual(
        get(nested[2], 'message', 'content', 0, 'tool_use_id'),
        bashCallId,
        'subagent/tool-result',
        "the subagent's tool result follows",
      );
      ctx.check(
        !('tool_use_result' in (nested[2] ?? {})),
        'subagent/tool-use-result',
        "a subagent's tool result carries no tool_use_result",
      );
      if (handsBack) {
        ctx.checkEqual(
          [get(nested[3], 'message', 'content'), get(nested[4], 'message', 'content', 0, 'tool_use_id')],
          [
            [
              {
                type: 'tool_use',
                id: handbackCallId,
                name: 'SubagentHandback',
                input: { message: S.report },
              },
            ],
            handbackCallId,
          ],
          'subagent/handback',
          'in auto mode the subagent ends with its SubagentHandback call (the report) and its result',
        );
      }
      for (const m of nested) {
        ctx.checkEqual(
          [m.subagent_type, m.task_description],
          [S.subagentType, S.description],
          'subagent/labels',
          `the subagent's ${String(m.type)} message names the agent type and task`,
        );
      }
      // Boundary: agent_id on a subagent's messages: none up to 2.1.291, there from 2.1.292 (every
      // release from 2.1.284 to 2.1.306 run).
      byVersion(ctx, {
        '<2.1.292': () =>
          ctx.check(
            nested.every((m) => !('agent_id' in m)),
            'subagent/agent-id',
            "a subagent's messages carry no agent_id",
          ),
        '>=2.1.292': () =>
          ctx.checkEqual(
            nested.map((m) => m.agent_id),
            nested.map(() => taskId),
            'subagent/agent-id',
            "a subagent's messages carry its task id as agent_id",
          ),
      })();

      const progressAt = at(isSystem('task_progress'));
      const progress = msgs[progressAt];
      ctx.checkEqual(
        [get(progress, 'task_id'), get(progress, 'tool_use_id'), get(progress, 'last_tool_name')],
        [taskId, agentCallId, 'Bash'],
        'task/progress',
        'task_progress names the task and the tool the subagent calls',
      );
      ctx.checkEqual(
        get(progress, 'description'),
        `Running ${S.bashDescription}`,
        'task/progress-description',
        "task_progress describes the call by the tool's description",
        ['description'],
      );
      ctx.checkEqual(
        get(progress, 'usage', 'tool_uses'),
        1,
        'task/progress-tool-uses',
        'one tool use so far',
        ['usage', 'tool_uses'],
      );
      ctx.check(
        progressAt > startedAt && progressAt < msgs.indexOf(nested[1]!),
        'task/progress-order',
        'task_progress comes before the tool call it announces',
        { actual: { startedAt, progressAt, toolUseAt: msgs.indexOf(nested[1]!) } },
      );

      const notificationAt = at(isSystem('task_notification'));
      const notification = msgs[notificationAt];
      ctx.checkEqual(
        [get(notification, 'task_id'), get(notification, 'tool_use_id'), get(notification, 'status')],
        [taskId, agentCallId, 'completed'],
        'task/notification',
        'task_notification says the task completed',
      );
      ctx.checkEqual(
        get(notification, 'usage', 'tool_uses'),
        toolUses,
        'task/notification-tool-uses',
        handsBack
          ? 'task_notification counts the tool use and the SubagentHandback call'
          : 'task_notification counts the tool use',
        ['usage', 'tool_uses'],
      );
      // Boundary: the summary is the task's description up to 2.1.190, the subagent's report from 2.1.199;
      // in auto mode a note that the report came as the SubagentHandback call's message.
      ctx.checkEqual(
        get(notification, 'summary'),
        handsBack
          ? handbackNote(taskId)
          : byVersion(ctx, { '<2.1.199': S.description, '>=2.1.199': S.report }),
        'task/notification-summary',
        "task_notification's summary",
        ['summary'],
      );
      // Boundary: task_updated (status completed) before the notification from 2.1.178 (none up to 2.1.173).
      const updatedAt = at(isSystem('task_updated'));
      byVersion(ctx, {
        '<2.1.178': () => ctx.checkEqual(updatedAt, -1, 'task/updated', 'no task_updated is emitted'),
        '>=2.1.178': () => {
          ctx.checkEqual(
            [get(msgs[updatedAt], 'task_id'), get(msgs[updatedAt], 'patch', 'status')],
            [taskId, 'completed'],
            'task/updated',
            'task_updated marks the task completed',
          );
          ctx.check(
            updatedAt >= 0 && updatedAt < notificationAt,
            'task/updated-order',
            'before the notification',
          );
        },
      })();

      // The Agent tool's result: after the notification, with the report.
      const agentResult = msgs.find(
        (m) =>
          m.type === 'user' &&
          m.parent_tool_use_id === null &&
          get(m, 'message', 'content', 0, 'tool_use_id') === agentCallId,
      );
      ctx.check(
        agentResult !== undefined && msgs.indexOf(agentResult) > notificationAt,
        'agent/result',
        "the Agent tool's result follows the notification",
      );
      const resultText = JSON.stringify(get(agentResult, 'message', 'content', 0, 'content') ?? '');
      if (handsBack) {
        // The report goes to the main model as a message of the agent, not in the Agent tool's result.
        ctx.checkEqual(
          [
            get(agentResult, 'tool_use_result', 'handback'),
            get(agentResult, 'tool_use_result', 'handbackReport'),
          ],
          ['send', { text: S.report }],
          'agent/report',
          "in auto mode the Agent tool's tool_use_result carries the report handed back (handback send)",
        );
        ctx.check(
          holdsText(get(agentResult, 'message', 'content'), handbackNote(taskId)),
          'agent/report-note',
          "the Agent tool's result says that the report came as the SubagentHandback call's message",
          { actual: resultText },
        );
        const lastRequest = ctx
          .modelRequests()
          .filter((r) => r.kind === 'conversation')
          .at(-1);
        ctx.check(
          holdsText(get(lastRequest, 'body', 'messages'), `\n  ${S.report}\n</agent-message>`),
          'agent/report-to-model',
          "the main model's next request carries the report as the agent's message",
        );
      } else {
        ctx.check(
          resultText.includes(S.report),
          'agent/report',
          "the Agent tool's result carries the report",
          {
            actual: resultText,
          },
        );
      }
      ctx.checkEqual(
        [get(agentResult, 'tool_use_result', 'status'), get(agentResult, 'tool_use_result', 'agentId')],
        ['completed', taskId],
        'agent/tool-use-result',
        'tool_use_result says the agent completed and names it',
      );
      ctx.checkEqual(
        get(agentResult, 'tool_use_result', 'totalToolUseCount'),
        toolUses,
        'agent/tool-use-count',
        "tool_use_result counts the subagent's tool uses",
      );

      // Accounting: the turn is the main loop's two responses; the session's cost has all four.
      ctx.checkEqual(result.num_turns, 2, 'result/num-turns', "the subagent's turns are not the turn's", [
        'num_turns',
      ]);
      ctx.checkEqual(
        get(result, 'usage', 'input_tokens'),
        S.usages[0].input_tokens + S.usages[3].input_tokens,
        'result/usage',
        "the turn's usage leaves the subagent's responses out",
        ['usage', 'input_tokens'],
      );
      const models = Object.values((result.modelUsage ?? {}) as Record<string, Json>);
      ctx.checkEqual(
        models.reduce((sum, m) => sum + Number(m.inputTokens ?? 0), 0),
        S.usages.reduce((sum, u) => sum + u.input_tokens, 0),
        'result/model-usage',
        "modelUsage counts the subagent's responses too",
        ['modelUsage'],
      );
      ctx.checkEqual(
        ctx.modelRequests().filter((r) => r.kind === 'conversation').length,
        4,
        'model/requests',
        'the subagent asks the same model API',
      );
    },
  },
  {
    id: 'subagent/api-retry',
    requirement:
      "a subagent's request that is answered 529 is retried; from 2.1.215 the CLI reports it as tool_progress of the Agent call (subagent_retry: the task, attempt, delay, status, category), then once more without subagent_retry when the retry succeeds; up to 2.1.210 the retry is silent",
    spec: '§1 tool_progress',
    tier: 'model',
    replayGaps: { 'model/requests': REPLAY_GAP.modelRequests },
    model: script(
      [agentCallAgain],
      { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } },
      report(),
      [text(S.final)],
    ),
    async drive(ctx) {
      await turn(ctx, 'Ask an agent for a report.');
      const msgs = ctx.session.messages();
      const started = msgs.find(isSystem('task_started'));
      const progress = msgs.filter((m) => m.type === 'tool_progress');
      const againId = toolUseIdIn(msgs, 'Agent', null) ?? AGENT_AGAIN;
      const notificationAt = msgs.findIndex(isSystem('task_notification'));
      ctx.checkEqual(
        get(msgs[notificationAt], 'status'),
        'completed',
        'task/notification',
        'the subagent completes after the retry',
      );
      ctx.checkEqual(
        ctx.modelRequests().filter((r) => r.kind === 'conversation').length,
        4,
        'model/requests',
        "the subagent's request is made again",
      );
      // Boundary: tool_progress for a subagent's retry from 2.1.215 (none up to 2.1.210; a sweep of 40 releases).
      byVersion(ctx, {
        '<2.1.215': () =>
          ctx.checkEqual(progress.length, 0, 'tool-progress/none', "the subagent's retry is silent"),
        '>=2.1.215': () => {
          ctx.checkEqual(
            progress.map((m) => [m.tool_name, m.parent_tool_use_id, m.subagent_type]),
            [
              ['Agent', againId, S.subagentType],
              ['Agent', againId, S.subagentType],
            ],
            'tool-progress/agent',
            'two tool_progress messages of the Agent call',
          );
          ctx.checkEqual(
            [
              get(progress[0], 'subagent_retry', 'agent_id'),
              get(progress[0], 'subagent_retry', 'attempt'),
              get(progress[0], 'subagent_retry', 'error_status'),
              get(progress[0], 'subagent_retry', 'error_category'),
            ],
            [get(started, 'task_id'), 1, 529, 'overloaded'],
            'tool-progress/retry',
            'the first says which task retries, which attempt, and why',
          );
          ctx.check(
            progress[1] !== undefined && !('subagent_retry' in progress[1]),
            'tool-progress/resolved',
            'the second, without subagent_retry, says the retry went through',
          );
          ctx.check(
            progress.every((m) => msgs.indexOf(m) < notificationAt),
            'tool-progress/order',
            'both come before the task ends',
          );
        },
      })();
    },
  },
];
