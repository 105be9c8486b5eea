import { get, toolResults, toolResultText, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import { REPLAY_GAP, type Scenario } from '../scenario.js';

type Json = Record<string, unknown>;

const QUESTION = 'Do you prefer cats or dogs?';
const questions = [
  {
    question: QUESTION,
    header: 'Pets',
    multiSelect: false,
    options: [
      { label: 'Cats', description: 'Independent' },
      { label: 'Dogs', description: 'Loyal' },
    ],
  },
];

export const askUserQuestionScenarios: Scenario[] = [
  {
    id: 'ask-user-question/answer',
    requirement:
      'AskUserQuestion arrives as can_use_tool; allow with updatedInput.answers makes the tool_result carry the chosen label',
    spec: '§2 AskUserQuestion',
    tier: 'model',
    replayGaps: { 'ask/model-told': REPLAY_GAP.modelRequest },
    model: script([toolUse('toolu_01AskPets', 'AskUserQuestion', { questions })], [text('You chose Dogs.')]),
    handlers: {
      can_use_tool: (req) => ({
        behavior: 'allow',
        updatedInput: { ...(req.input as Json), answers: { [QUESTION]: 'Dogs' } },
      }),
    },
    async drive(ctx) {
      await turn(ctx, 'Ask me about pets.');
      const ask = ctx.session
        .messages()
        .find((m) => m.type === 'control_request' && get(m, 'request', 'tool_name') === 'AskUserQuestion');
      ctx.check(
        ask !== undefined,
        'permission/no-prompt',
        'AskUserQuestion is permission-gated through can_use_tool',
      );
      ctx.checkEqual(
        get(ask, 'request', 'input', 'questions'),
        questions,
        'ask/input',
        'the questions arrive unchanged',
        ['request', 'input', 'questions'],
      );
      const [res] = toolResults(ctx.session.messages());
      const body = toolResultText(res);
      ctx.check(
        body.includes('Dogs') && body.includes(QUESTION),
        'ask/tool-result',
        'the tool_result names the question and the answer',
        {
          actual: body,
        },
      );
      const sentToModel = JSON.stringify(ctx.modelRequests().at(-1)?.body ?? {});
      ctx.check(
        sentToModel.includes('Dogs'),
        'ask/model-told',
        'the model is told the answer in its next request',
      );
      const userMsg = ctx.session
        .messages()
        .find((m) => m.type === 'user' && m.tool_use_result !== undefined);
      ctx.checkEqual(
        get(userMsg, 'tool_use_result', 'answers'),
        { [QUESTION]: 'Dogs' },
        'ask/tool-use-result',
        'tool_use_result carries the answers',
        ['tool_use_result', 'answers'],
      );
    },
  },
];
