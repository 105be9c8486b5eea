import { get, toolResults, toolUseIds, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import { REPLAY_GAP, type Scenario, type ScenarioContext } from '../scenario.js';
import { hasFact } from '../version-facts.js';

/** The model writes `f<i>.txt` (a tool call per response). */
const writeFile = (i: number) =>
  toolUse(`toolu_01Limit${i}`, 'Write', { file_path: `f${i}.txt`, content: `${i}\n` });
/** 100 000 input tokens: $0.50025 a response on the default model (Opus 4.7, $5 / $25 per Mtok). */
const EXPENSIVE = { input_tokens: 100_000, output_tokens: 10 };

/** The terminal_reason of a result/error_max_budget_usd. */
function checkBudgetTerminalReason(ctx: ScenarioContext, result: Record<string, unknown>): void {
  // Boundary: budget terminal_reason: none up to 2.1.205, budget_exhausted from 2.1.206 (found by
  // `clide-conformance bisect turn/max-budget-usd --good 2.1.203 --bad 2.1.206 --code drift/field-new --path '$.terminal_reason'`).
  if (!hasFact(ctx.cliVersion, 'budgetTerminalReason')) {
    ctx.check(!('terminal_reason' in result), 'result/field', 'the budget result has no terminal_reason', {
      path: ['terminal_reason'],
      actual: result.terminal_reason,
    });
    return;
  }
  ctx.checkEqual(
    result.terminal_reason,
    'budget_exhausted',
    'result/terminal-reason',
    'terminal_reason names the budget',
    ['terminal_reason'],
  );
}

export const turnScenarios: Scenario[] = [
  {
    id: 'turn/plain',
    requirement: 'a plain prompt yields system/init, the assistant text and result/success with that text',
    spec: '§0, §1 output event stream',
    tier: 'model',
    model: script([text('Hello from the scripted model.')]),
    async drive(ctx) {
      const result = await turn(ctx, 'Say hello.');
      const msgs = ctx.session.messages();
      const init = msgs.find((m) => m.type === 'system' && m.subtype === 'init');
      ctx.check(init !== undefined, 'init/missing', 'system/init is emitted for the turn');
      for (const key of ['session_id', 'cwd', 'model', 'permissionMode', 'tools', 'claude_code_version']) {
        ctx.check(init !== undefined && key in init, 'init/field', `system/init carries ${key}`, {
          path: [key],
        });
      }
      const assistant = msgs.find((m) => m.type === 'assistant');
      ctx.checkEqual(
        get(assistant, 'message', 'content', 0),
        { type: 'text', text: 'Hello from the scripted model.' },
        'assistant/content',
        'the assistant message carries the model text',
        ['message', 'content', 0],
      );
      ctx.checkEqual(
        result.result,
        'Hello from the scripted model.',
        'result/text',
        'result carries the final text',
        ['result'],
      );
      ctx.checkEqual(result.is_error, false, 'result/is-error', 'the result is not an error', ['is_error']);
    },
  },
  {
    id: 'turn/partial-messages',
    requirement:
      'with --include-partial-messages, stream_event wraps message_start … message_stop and the assistant message still arrives',
    spec: '§1 stream_event',
    tier: 'model',
    model: script([text('Streaming in pieces, one delta at a time.')]),
    args: { includePartialMessages: true },
    async drive(ctx) {
      await turn(ctx, 'Stream something.');
      const msgs = ctx.session.messages();
      const kinds = msgs.filter((m) => m.type === 'stream_event').map((m) => get(m, 'event', 'type'));
      for (const kind of [
        'message_start',
        'content_block_start',
        'content_block_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]) {
        ctx.check(kinds.includes(kind), 'stream-event/missing', `a ${kind} stream_event arrives`, {
          expected: kind,
          actual: kinds,
        });
      }
      const deltas = msgs
        .filter((m) => get(m, 'event', 'type') === 'content_block_delta')
        .map((m) => get(m, 'event', 'delta', 'text'))
        .join('');
      ctx.checkEqual(
        deltas,
        'Streaming in pieces, one delta at a time.',
        'stream-event/text',
        'the text deltas add up to the text',
      );
      ctx.check(
        msgs.some((m) => m.type === 'assistant'),
        'assistant/missing',
        'the full assistant message still arrives',
      );
    },
  },
  {
    id: 'turn/max-turns',
    requirement:
      '--max-turns N ends a turn whose model keeps calling tools after N model responses: the N tool calls run, then result/error_max_turns (is_error, num_turns N+1, terminal_reason max_turns, errors "Reached maximum number of turns (N)") and exit 1',
    spec: '§1 result (error subtypes); §0 spawn flags',
    tier: 'model',
    replayGaps: { 'model/requests': REPLAY_GAP.modelRequests },
    model: script([writeFile(1)], [writeFile(2)], [writeFile(3)], [text('Never reached.')]),
    args: { maxTurns: 2, permissionMode: 'acceptEdits' },
    async drive(ctx) {
      const result = await turn(ctx, 'Write the files.', 'error_max_turns');
      ctx.checkEqual(result.is_error, true, 'result/is-error', 'the result is an error', ['is_error']);
      ctx.checkEqual(result.num_turns, 3, 'result/num-turns', 'num_turns is N + 1', ['num_turns']);
      ctx.checkEqual(
        result.stop_reason,
        'tool_use',
        'result/stop-reason',
        'stop_reason of the last response',
        ['stop_reason'],
      );
      ctx.checkEqual(
        result.terminal_reason,
        'max_turns',
        'result/terminal-reason',
        'terminal_reason names the limit',
        ['terminal_reason'],
      );
      ctx.checkEqual(
        result.errors,
        ['Reached maximum number of turns (2)'],
        'result/errors',
        'errors names the limit',
        ['errors'],
      );
      ctx.check(!('result' in result), 'result/field', 'an error result carries no result text', {
        path: ['result'],
      });
      const msgs = ctx.session.messages();
      ctx.checkEqual(
        toolResults(msgs).map((r) => r.tool_use_id),
        toolUseIds(msgs),
        'tool-result/ids',
        'the tool calls of both allowed responses ran, no more',
      );
      ctx.checkEqual(toolUseIds(msgs).length, 2, 'tool-use/count', 'two responses with a tool call');
      const calls = ctx.modelRequests().filter((r) => r.kind === 'conversation').length;
      ctx.checkEqual(calls, 2, 'model/requests', 'N model requests are made');
      ctx.session.endInput();
      const { exitCode } = await ctx.session.exited;
      ctx.checkEqual(exitCode, 1, 'exit/code', 'the CLI exits 1 after an error result');
    },
  },
  {
    id: 'turn/max-budget-usd',
    requirement:
      '--max-budget-usd stops once a complete response brings the session cost to the budget, before its tools run: result/error_max_budget_usd (errors "Reached maximum budget ($X)"; no terminal_reason before 2.1.206, terminal_reason budget_exhausted from 2.1.206); a later prompt is refused at once',
    spec: '§1 result (error subtypes); §0 spawn flags',
    tier: 'model',
    replayGaps: { 'model/requests': REPLAY_GAP.modelRequests },
    model: script(
      { blocks: [writeFile(1)], usage: EXPENSIVE },
      { blocks: [writeFile(2)], usage: EXPENSIVE },
      { blocks: [text('Never reached.')], usage: EXPENSIVE },
    ),
    args: { permissionMode: 'acceptEdits', extraArgs: ['--max-budget-usd', '0.6'] },
    async drive(ctx) {
      const result = await turn(ctx, 'Write the files.', 'error_max_budget_usd');
      ctx.checkEqual(result.is_error, true, 'result/is-error', 'the result is an error', ['is_error']);
      ctx.checkEqual(result.num_turns, 2, 'result/num-turns', 'num_turns counts the tool round that ran', [
        'num_turns',
      ]);
      ctx.checkEqual(
        result.stop_reason,
        'tool_use',
        'result/stop-reason',
        'stop_reason of the last response',
        ['stop_reason'],
      );
      checkBudgetTerminalReason(ctx, result);
      ctx.checkEqual(
        result.errors,
        ['Reached maximum budget ($0.6)'],
        'result/errors',
        'errors names the budget',
        ['errors'],
      );
      ctx.check(Number(result.total_cost_usd) >= 0.6, 'result/cost', 'the cost includes the last response', {
        actual: result.total_cost_usd,
      });
      ctx.checkEqual(
        get(result, 'usage', 'input_tokens'),
        100_000,
        'result/usage',
        'usage leaves out the response that reached the budget',
        ['usage', 'input_tokens'],
      );
      const msgs = ctx.session.messages();
      ctx.checkEqual(
        toolResults(msgs).map((r) => r.tool_use_id),
        toolUseIds(msgs).slice(0, 1),
        'tool-result/ids',
        'the tool call of the response that reached the budget does not run',
      );
      ctx.checkEqual(toolUseIds(msgs).length, 2, 'tool-use/count', 'two responses with a tool call');
      const again = await turn(ctx, 'Try again.', 'error_max_budget_usd');
      ctx.checkEqual(again.num_turns, 1, 'result/num-turns', 'a prompt over budget is refused at once', [
        'num_turns',
      ]);
      ctx.checkEqual(again.stop_reason, null, 'result/stop-reason', 'no response, no stop_reason', [
        'stop_reason',
      ]);
      checkBudgetTerminalReason(ctx, again);
      const calls = ctx.modelRequests().filter((r) => r.kind === 'conversation').length;
      ctx.checkEqual(calls, 2, 'model/requests', 'no model request once over budget');
    },
  },
];
