import { NO_ANSWER } from '../../driver/no-answer.js';
import { checkPromptingMode, get } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import type { Scenario, ScenarioContext } from '../scenario.js';

/**
 * Interrupts the running turn: the interrupt is answered with success and the turn ends with
 * error_during_execution (both checked); returns that result.
 */
export async function interruptTurn(ctx: ScenarioContext): Promise<Record<string, unknown>> {
  const res = await ctx.session.interrupt();
  ctx.checkEqual(res.subtype, 'success', 'control/response-subtype', 'interrupt is answered with success');
  const result = await ctx.session.waitForResult();
  ctx.checkEqual(
    result.subtype,
    'error_during_execution',
    'result/subtype',
    'the turn ends with error_during_execution',
    ['subtype'],
  );
  return result;
}

export const interruptScenarios: Scenario[] = [
  {
    id: 'interrupt/slow-turn',
    requirement:
      'interrupt during a slow model turn is answered with success and ends the turn with result/error_during_execution',
    spec: '§2 interrupt',
    tier: 'model',
    // The reply's first byte comes 2 s after the request, so the interrupt 600 ms after
    // system/init lands before any of it on every side, however loaded the machine: interrupted
    // after `message_start`, a CLI counts that event's usage in the result's `modelUsage`, before
    // it none (a timing the transcript would otherwise show).
    model: script({
      blocks: [text('This answer streams very slowly, word by word, so the client can interrupt it midway.')],
      chunkDelayMs: 400,
      firstByteDelayMs: 2_000,
    }),
    async drive(ctx) {
      ctx.session.sendUser('Tell me a long story.');
      await ctx.session.waitFor((m) => m.type === 'system' && m.subtype === 'init', 'system/init');
      await new Promise((resolve) => setTimeout(resolve, 600));
      await interruptTurn(ctx);
      const interrupted = ctx.session
        .messages()
        .some(
          (m) =>
            m.type === 'user' &&
            JSON.stringify(get(m, 'message', 'content')).includes('[Request interrupted by user]'),
        );
      ctx.check(interrupted, 'interrupt/marker', 'the "[Request interrupted by user]" marker is emitted');
    },
  },
  {
    id: 'interrupt/pending-prompt',
    requirement: 'interrupt while a can_use_tool prompt is pending ends the turn; the CLI cancels the prompt',
    spec: '§2 control_cancel_request',
    tier: 'model',
    model: script(
      [toolUse('toolu_01Pending', 'Write', { file_path: 'banana.txt', content: 'yellow\n' })],
      [text('unused')],
    ),
    handlers: {
      // Never answer; give up quietly once the CLI cancels the request.
      can_use_tool: (_req, { signal }) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve(NO_ANSWER), { once: true })),
    },
    async drive(ctx) {
      ctx.session.sendUser('Write banana.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      await ctx.session.waitForControlRequest('can_use_tool');
      await interruptTurn(ctx);
      const cancelled = ctx.session.messages().some((m) => m.type === 'control_cancel_request');
      ctx.check(
        cancelled,
        'interrupt/no-cancel',
        'the CLI sends control_cancel_request for the pending prompt',
      );
    },
  },
];

export const cancelScenarios: Scenario[] = [
  {
    id: 'cancel/late-answer-ignored',
    requirement:
      'after an interrupt cancels a pending can_use_tool (control_cancel_request), a late answer to it is ignored: nothing runs and the next turn works',
    spec: '§2 control_cancel_request',
    tier: 'model',
    model: script(
      [toolUse('toolu_01Late', 'Write', { file_path: 'late.txt', content: 'too late\n' })],
      [text('Second turn works.')],
    ),
    handlers: {
      // Answer only once the CLI has cancelled the request: a late allow.
      can_use_tool: (req, { signal }) =>
        new Promise((resolve) =>
          signal.addEventListener('abort', () => resolve({ behavior: 'allow', updatedInput: req.input }), {
            once: true,
          }),
        ),
    },
    async drive(ctx) {
      ctx.session.sendUser('Write late.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      const ask = await ctx.session.waitForControlRequest('can_use_tool');
      await ctx.session.interrupt();
      const cancel = await ctx.session.waitFor(
        (m) => m.type === 'control_cancel_request',
        'control_cancel_request',
      );
      ctx.checkEqual(
        cancel.request_id,
        ask.request_id,
        'cancel/request-id',
        'the cancel names the pending prompt',
        ['request_id'],
      );
      const first = await ctx.session.waitForResult();
      ctx.checkEqual(
        first.subtype,
        'error_during_execution',
        'result/subtype',
        'the interrupted turn ends with error_during_execution',
      );
      ctx.session.sendUser('Are you still there?');
      const second = await ctx.session.waitForResult();
      ctx.checkEqual(
        second.subtype,
        'success',
        'result/subtype',
        'the next turn succeeds after the late answer',
        ['subtype'],
      );
      ctx.checkEqual(
        second.result,
        'Second turn works.',
        'result/text',
        'the next turn is answered by the model',
      );
      const written = await import('node:fs/promises').then((fs) =>
        fs.readFile(`${ctx.cwd}/late.txt`, 'utf8').catch(() => undefined),
      );
      ctx.checkEqual(written, undefined, 'tool/effect', 'the late allow does not run the cancelled tool');
    },
  },
];

export const hangScenarios: Scenario[] = [
  {
    id: 'hang/unanswered-can-use-tool',
    requirement:
      'a can_use_tool the client never answers stalls the turn: the driver reports the hang within its deadline',
    spec: '§2 an unanswered control_request hangs the turn',
    tier: 'model',
    model: script(
      [toolUse('toolu_01Never', 'Write', { file_path: 'banana.txt', content: 'yellow\n' })],
      [text('unused')],
    ),
    silenceMs: 3_000,
    deadlineMs: 20_000,
    handlers: { can_use_tool: () => NO_ANSWER },
    expectedFindings: ['hang/unanswered-control-request'],
    async drive(ctx) {
      ctx.session.sendUser('Write banana.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      await ctx.session.waitForControlRequest('can_use_tool');
      const ended = await ctx.session.waitForResult().then(
        () => true,
        () => false,
      );
      ctx.check(!ended, 'hang/not-stalled', 'the turn stalls while the prompt is unanswered');
    },
  },
];
