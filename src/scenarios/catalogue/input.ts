import { stderrText } from '../../driver/index.js';
import { noModel, script, text } from '../model.js';
import type { Scenario } from '../scenario.js';

export const inputScenarios: Scenario[] = [
  {
    id: 'input/non-json-line',
    requirement:
      'a non-JSON stdin line makes the CLI report the parse error on stderr and exit non-zero, never hang',
    spec: '§0 read stdout as line-delimited JSON',
    tier: 'offline',
    model: noModel,
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
      'a user message without message.content ends in result/error_during_execution (is_error) and a non-zero exit, never a hang',
    spec: '§0 send a prompt',
    tier: 'model',
    model: script([text('unused')]),
    async drive(ctx) {
      ctx.session.send({ type: 'user', message: { role: 'user' } });
      const outcome = await Promise.race([
        ctx.session.exited.then((e) => ({ exit: e.exitCode })),
        ctx.session.waitForResult().then((r) => ({ result: r.subtype })),
      ]).catch((error: Error) => ({ error: error.message }));
      ctx.check(!('error' in outcome), 'input/hang', 'the CLI answers or exits instead of going silent', {
        actual: outcome,
      });
    },
  },
];
