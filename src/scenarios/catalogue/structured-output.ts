import { get, toolResults, toolResultText, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import { REPLAY_GAP, type Scenario, type ScenarioContext } from '../scenario.js';
import { byVersion } from '../version-range.js';

type Json = Record<string, unknown>;

/**
 * `--json-schema <schema>`: the CLI offers the model a StructuredOutput tool whose input schema is
 * the schema; an output that matches it becomes the result's `structured_output`, one that does
 * not is refused with the validator's errors, and after five refusals in a turn the turn ends with
 * `error_max_structured_output_retries`.
 */

const SCHEMA = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] };
const args = { extraArgs: ['--json-schema', JSON.stringify(SCHEMA)] };
const REFUSAL = 'Output does not match required schema: /answer: must be number';

function conversationRequests(ctx: ScenarioContext): Json[] {
  return ctx
    .modelRequests()
    .filter((r) => r.kind === 'conversation')
    .map((r) => r.body as Json);
}

export const structuredOutputScenarios: Scenario[] = [
  {
    id: 'structured-output/provided',
    requirement:
      '--json-schema offers the model a StructuredOutput tool (in system/init and the request, the schema as its input_schema); an output that matches is answered "Structured output provided successfully" and is the result’s structured_output; before 2.1.187 the turn goes on to the model’s last answer (the result text), from 2.1.187 it ends at once with the output as JSON text',
    spec: '§4 result.structured_output',
    tier: 'model',
    replayGaps: {
      'structured-output/tool-schema': REPLAY_GAP.modelRequest,
      'structured-output/tool-description': REPLAY_GAP.modelRequest,
      'model/requests': REPLAY_GAP.modelRequests,
    },
    model: script(
      [text('Computing.'), toolUse('toolu_01Output', 'StructuredOutput', { answer: 42 })],
      [text('Done.')],
    ),
    args,
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      // Boundary: 2.1.186 asks the model again after the output, 2.1.187 ends the turn with it
      // (found by running this session on each published version between 2.1.178 and 2.1.190).
      const expected = byVersion(ctx, {
        '<2.1.187': { result: 'Done.', stop: 'end_turn', requests: 2, what: 'the model’s last answer' },
        '>=2.1.187': {
          result: '{"answer":42}',
          stop: 'tool_use',
          requests: 1,
          what: 'the output as JSON text',
        },
      });
      const result = await turn(ctx, 'What is the answer?');
      const msgs = ctx.session.messages();
      const init = msgs.find((m) => m.type === 'system' && m.subtype === 'init');
      ctx.check(
        Array.isArray(init?.tools) && init.tools.includes('StructuredOutput'),
        'structured-output/init-tool',
        'system/init lists the StructuredOutput tool',
        { actual: init?.tools },
      );
      const requests = conversationRequests(ctx);
      const tool = ((requests[0]?.tools ?? []) as Json[]).find((t) => t.name === 'StructuredOutput');
      ctx.checkEqual(
        tool?.input_schema,
        SCHEMA,
        'structured-output/tool-schema',
        'the model is offered StructuredOutput with the schema as its input_schema',
      );
      ctx.check(
        typeof tool?.description === 'string' && tool.description !== '',
        'structured-output/tool-description',
        'the tool has a description',
        { actual: tool?.description },
      );
      const [answer] = toolResults(msgs);
      ctx.checkEqual(
        [toolResultText(answer), answer?.is_error],
        ['Structured output provided successfully', undefined],
        'structured-output/accepted',
        'a matching output is accepted',
      );
      ctx.checkEqual(
        result.structured_output,
        { answer: 42 },
        'structured-output/result',
        'the result carries the output',
        ['structured_output'],
      );
      ctx.checkEqual(
        [result.result, result.stop_reason, result.num_turns],
        [expected.result, expected.stop, 2],
        'structured-output/turn-end',
        `the result text is ${expected.what}`,
      );
      ctx.checkEqual(
        requests.length,
        expected.requests,
        'model/requests',
        expected.requests === 1 ? 'no model call after the output' : 'one more model call after the output',
      );
    },
  },
  {
    id: 'structured-output/retries-exhausted',
    requirement:
      'an output that does not match the schema is refused with the validator’s errors (is_error); after five refusals in a turn it ends with result/error_max_structured_output_retries (num_turns 6), errors naming the attempts (from 2.1.260 the last refusal too), terminal_reason structured_output_retry_exhausted from 2.1.206',
    spec: '§4 result/error_max_structured_output_retries',
    tier: 'model',
    replayGaps: { 'model/requests': REPLAY_GAP.modelRequests },
    model: script(
      ...Array.from({ length: 8 }, (_, i) => [
        toolUse(`toolu_01Refused${i}`, 'StructuredOutput', { answer: 'many' }),
      ]),
    ),
    args,
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      // Boundaries (found by running this session on each published version around them):
      // terminal_reason from 2.1.206 (2.1.205 has none); the last refusal in errors from 2.1.260.
      const terminalReason = byVersion(ctx, {
        '<2.1.206': undefined,
        '>=2.1.206': 'structured_output_retry_exhausted',
      });
      const error = byVersion(ctx, {
        '<2.1.260': 'Failed to provide valid structured output after 5 attempts',
        '>=2.1.260': `Failed to provide valid structured output after 5 attempts — last StructuredOutput error: ${REFUSAL}`,
      });
      const result = await turn(ctx, 'What is the answer?', 'error_max_structured_output_retries');
      const refusals = toolResults(ctx.session.messages());
      ctx.checkEqual(
        refusals.map((r) => [toolResultText(r), r.is_error]),
        Array.from({ length: 5 }, () => [REFUSAL, true]),
        'structured-output/refused',
        'five refusals, each with the validator’s errors',
      );
      ctx.checkEqual(
        [result.is_error, result.num_turns, result.stop_reason, result.errors, result.terminal_reason],
        [true, 6, 'tool_use', [error], terminalReason],
        'structured-output/exhausted',
        'the turn ends after the fifth refusal',
      );
      ctx.checkEqual(
        conversationRequests(ctx).length,
        5,
        'model/requests',
        'no model call after the fifth refusal',
      );
      ctx.check(
        get(result, 'structured_output') === undefined,
        'structured-output/none',
        'no structured_output',
      );
    },
  },
];
