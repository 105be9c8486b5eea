import { stderrText } from '../../driver/transcript.js';
import { get } from '../expect.js';
import { noModel, script, text } from '../model.js';
import { REPLAY_GAP, type ReplayGaps, type Scenario } from '../scenario.js';
import { byVersion } from '../version-range.js';

/** What a user message without content leads to on CLI `version`. */
function wrongShapeExpectation(version: string) {
  // Boundary: missing content: 2.1.201 still fails the turn, 2.1.202 (and 2.1.203, 2.1.206, 2.1.332) run it
  // (bisected: `clide-conformance bisect input/wrong-shape-user-message --good 2.1.201 --bad 2.1.206`).
  return byVersion(version, {
    '<2.1.202': { subtype: 'error_during_execution', isError: true, prompt: null, exitCode: 1 },
    '>=2.1.202': { subtype: 'success', isError: false, prompt: '(no content)', exitCode: 0 },
  });
}

export const inputScenarios: Scenario[] = [
  {
    id: 'input/non-json-line',
    requirement:
      'a non-JSON stdin line makes the CLI report the parse error on stderr and exit non-zero, never hang',
    spec: '§0 read stdout as line-delimited JSON',
    tier: 'offline',
    model: noModel,
    deliberate: { violations: ['wire/non-json-line $'] },
    async drive(ctx) {
      ctx.session.sendRaw('this is not json\n');
      const { exitCode } = await ctx.session.exited;
      ctx.check(exitCode !== 0 && exitCode !== null, 'exit/code', 'the CLI exits with a non-zero code', {
        expected: 'non-zero',
        actual: exitCode,
      });
      ctx.check(
        stderrText(ctx.session.transcript()).trim().length > 0,
        'stderr/empty',
        'the CLI explains the failure on stderr',
      );
    },
  },
  {
    id: 'input/wrong-shape-user-message',
    requirement:
      'a user message without message.content never hangs: before 2.1.202 it ends in result/error_during_execution (is_error, no model call) and exit 1; from 2.1.202 the turn runs with "(no content)" as the prompt, result/success and exit 0 once stdin ends',
    spec: '§0 send a prompt',
    tier: 'model',
    model: script([text('unused')]),
    deliberate: { violations: ['schema/missing-field $.message.content'] },
    // Where the turn runs, the check reads the prompt the model got.
    replayGaps: (version): ReplayGaps =>
      wrongShapeExpectation(version).prompt === null ? {} : { 'input/prompt': REPLAY_GAP.modelRequest },
    async drive(ctx) {
      ctx.session.send({ type: 'user', message: { role: 'user' } });
      const outcome = await Promise.race([
        ctx.session.exited.then((e) => ({ exit: e.exitCode })),
        ctx.session.waitForResult().then((r) => ({ result: r.subtype })),
      ]).catch((error: Error) => ({ error: error.message }));
      if (
        !ctx.check(!('error' in outcome), 'input/hang', 'the CLI answers or exits instead of going silent', {
          actual: outcome,
        })
      ) {
        return;
      }
      const expected = wrongShapeExpectation(ctx.cliVersion);
      const result = ctx.session.messages().find((m) => m.type === 'result');
      ctx.checkEqual(
        result?.subtype,
        expected.subtype,
        'result/subtype',
        `the turn ends with result/${expected.subtype}`,
        ['subtype'],
      );
      ctx.checkEqual(result?.is_error, expected.isError, 'result/is-error', 'is_error of the result', [
        'is_error',
      ]);
      const conversation = ctx.modelRequests().filter((r) => r.kind === 'conversation');
      if (expected.prompt === null) {
        ctx.checkEqual(conversation.length, 0, 'model/requests', 'the message reaches no model');
      } else {
        const messages = (get(conversation[0], 'body', 'messages') ?? []) as Array<{
          role?: string;
          content?: unknown;
        }>;
        const user = messages.filter((m) => m.role === 'user').at(-1);
        const blocks = Array.isArray(user?.content) ? (user.content as Array<Record<string, unknown>>) : [];
        ctx.checkEqual(
          blocks.at(-1)?.text,
          expected.prompt,
          'input/prompt',
          'the model gets a placeholder text for the missing content',
        );
        ctx.session.endInput();
      }
      const { exitCode } = await ctx.session.exited;
      ctx.checkEqual(
        exitCode,
        expected.exitCode,
        'exit/code',
        `the CLI exits with code ${expected.exitCode}`,
      );
    },
  },
];
