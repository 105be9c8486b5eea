import { get, turn } from '../expect.js';
import { script, text } from '../model.js';
import { REPLAY_GAP, type Scenario } from '../scenario.js';

export const sessionScenarios: Scenario[] = [
  {
    id: 'session/resume',
    requirement:
      '--resume <session_id> continues an earlier session: same session_id, earlier turns sent to the model',
    spec: '§0 spawn (--resume)',
    tier: 'model',
    replayGaps: { 'resume/session-id': REPLAY_GAP.earlierSession, 'resume/history': REPLAY_GAP.modelRequest },
    model: script([text('First answer.')], [text('Second answer, with memory.')]),
    async prepare(ctx) {
      const earlier = await ctx.runEarlierSession(async (session) => {
        session.sendUser('Remember the word pineapple.');
        await session.waitForResult();
      });
      const init = earlier.find((m) => m.type === 'system' && m.subtype === 'init');
      ctx.state.sessionId = init?.session_id;
    },
    args: (state) => ({ resume: String(state.sessionId) }),
    async drive(ctx) {
      const result = await turn(ctx, 'What word did I ask you to remember?');
      ctx.checkEqual(
        result.session_id,
        ctx.state.sessionId,
        'resume/session-id',
        'the resumed session keeps its id',
        ['session_id'],
      );
      const lastRequest = ctx.modelRequests().at(-1);
      const history = JSON.stringify(get(lastRequest, 'body', 'messages') ?? []);
      ctx.check(history.includes('pineapple'), 'resume/history', 'the model receives the earlier turn', {
        actual: history.slice(0, 300),
      });
    },
  },
];
