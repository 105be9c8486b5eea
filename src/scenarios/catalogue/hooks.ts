import { join } from 'node:path';
import { checkFieldsInOrder, checkPromptingMode, get, toolResults, toolUseIds, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import { REPLAY_GAP, type Scenario, type ScenarioContext } from '../scenario.js';
import { byVersion } from '../version-range.js';

type Json = Record<string, unknown>;

const hooks = { PreToolUse: [{ matcher: 'Write', hookCallbackIds: ['hook_0'] }] };
const writeBanana = toolUse('toolu_01HookWrite', 'Write', { file_path: 'banana.txt', content: 'yellow\n' });

export const hookScenarios: Scenario[] = [
  {
    id: 'hooks/pre-tool-use-callback',
    requirement:
      'a PreToolUse hook registered in initialize.hooks is called through hook_callback (callback_id, input) before the permission prompt',
    spec: '§2 hook_callback (open question in the spec)',
    tier: 'model',
    model: script([writeBanana], [text('Done.')]),
    handlers: {
      hook_callback: () => ({ continue: true }),
      can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }),
    },
    async drive(ctx) {
      const init = await ctx.session.request({ subtype: 'initialize', hooks, sdkMcpServers: [] });
      ctx.checkEqual(init.subtype, 'success', 'control/response-subtype', 'initialize succeeds');
      await turn(ctx, 'Write banana.txt.');
      const msgs = ctx.session.messages();
      const hookIndex = msgs.findIndex((m) => get(m, 'request', 'subtype') === 'hook_callback');
      const askIndex = msgs.findIndex((m) => get(m, 'request', 'subtype') === 'can_use_tool');
      ctx.check(hookIndex >= 0, 'hooks/no-callback', 'a hook_callback request arrives');
      const hook = msgs[hookIndex];
      ctx.checkEqual(
        get(hook, 'request', 'callback_id'),
        'hook_0',
        'hooks/callback-id',
        'callback_id echoes the registered id',
        ['request', 'callback_id'],
      );
      ctx.checkEqual(
        get(hook, 'request', 'input', 'hook_event_name'),
        'PreToolUse',
        'hooks/event',
        'the input names the PreToolUse event',
        ['request', 'input', 'hook_event_name'],
      );
      if (await checkPromptingMode(ctx)) {
        ctx.check(askIndex > hookIndex, 'hooks/order', 'the permission prompt follows the hook callback', {
          expected: 'hook_callback before can_use_tool',
          actual: { hookIndex, askIndex },
        });
      }
    },
  },
  {
    id: 'hooks/pre-tool-use-deny',
    requirement: 'a PreToolUse hook that denies stops the tool without a can_use_tool prompt',
    spec: '§2 hook_callback',
    tier: 'model',
    model: script([writeBanana], [text('The hook blocked it.')]),
    handlers: {
      hook_callback: () => ({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'Blocked by the clide hook',
        },
      }),
      can_use_tool: () => ({ behavior: 'allow', updatedInput: {} }),
    },
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks, sdkMcpServers: [] });
      await turn(ctx, 'Write banana.txt.');
      const msgs = ctx.session.messages();
      ctx.check(
        !msgs.some((m) => get(m, 'request', 'subtype') === 'can_use_tool'),
        'permission/unexpected-prompt',
        'no can_use_tool prompt follows a denying hook',
      );
      const [res] = toolResults(msgs);
      ctx.checkEqual(res?.is_error, true, 'tool-result/is-error', 'the tool result is an error');
    },
  },
  {
    id: 'hooks/post-tool-use',
    requirement:
      'a PostToolUse hook is called after the tool ran and before its tool_result message, with tool_input, tool_response (the tool_use_result) and duration_ms; its additionalContext reaches the model',
    spec: '§2 hook_callback',
    tier: 'model',
    replayGaps: { 'hooks/model-context': REPLAY_GAP.modelRequest },
    model: script([writeBanana], [text('Done.')]),
    handlers: {
      hook_callback: () => ({
        hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'The banana is ripe.' },
      }),
      can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }),
    },
    async drive(ctx) {
      await ctx.session.request({
        subtype: 'initialize',
        hooks: { PostToolUse: [{ matcher: 'Write', hookCallbackIds: ['hook_post'] }] },
        sdkMcpServers: [],
      });
      await turn(ctx, 'Write banana.txt.');
      const msgs = ctx.session.messages();
      const hooks = hookCallbacks(msgs);
      ctx.checkEqual(
        hooks.map((h) => get(h, 'request', 'input', 'hook_event_name')),
        ['PostToolUse'],
        'hooks/events',
        'one PostToolUse callback',
      );
      const hook = hooks[0];
      const input = (get(hook, 'request', 'input') ?? {}) as Json;
      checkFieldsInOrder(
        ctx,
        input,
        [
          ...COMMON_KEYS,
          'effort',
          'hook_event_name',
          'tool_name',
          'tool_input',
          'tool_response',
          'tool_use_id',
          'duration_ms',
        ],
        'hooks/input-fields',
        'the PostToolUse input fields, in order',
        ['request', 'input'],
      );
      const resultIndex = msgs.findIndex((m) => m.type === 'user' && get(m, 'tool_use_result') !== undefined);
      const askIndex = msgs.findIndex((m) => get(m, 'request', 'subtype') === 'can_use_tool');
      const hookIndex = hook ? msgs.indexOf(hook) : -1;
      ctx.check(
        askIndex < hookIndex && hookIndex < resultIndex,
        'hooks/order',
        'permission, then PostToolUse, then the tool_result message',
        {
          actual: { askIndex, hookIndex, resultIndex },
        },
      );
      ctx.checkEqual(input.tool_name, 'Write', 'hooks/tool-name', 'tool_name', [
        'request',
        'input',
        'tool_name',
      ]);
      ctx.checkEqual(
        input.tool_input,
        { file_path: join(ctx.cwd, 'banana.txt'), content: 'yellow\n' },
        'hooks/tool-input',
        'tool_input is the input the tool ran with (absolute path)',
        ['request', 'input', 'tool_input'],
      );
      ctx.checkEqual(
        input.tool_response,
        get(msgs[resultIndex], 'tool_use_result'),
        'hooks/tool-response',
        "tool_response is the tool's tool_use_result",
        ['request', 'input', 'tool_response'],
      );
      ctx.checkEqual(
        input.tool_use_id,
        toolUseIds(msgs)[0],
        'hooks/tool-use-id',
        'tool_use_id names the tool call',
        ['request', 'input', 'tool_use_id'],
      );
      ctx.check(typeof input.duration_ms === 'number', 'hooks/duration', 'duration_ms is a number', {
        actual: input.duration_ms,
      });
      checkModelSaw(ctx, 'PostToolUse:Write hook additional context: The banana is ripe.');
    },
  },
  {
    id: 'hooks/user-prompt-submit',
    requirement:
      'a UserPromptSubmit hook is called with the prompt before system/init; decision "block" ends the turn without a model call (result/success, num_turns 0; the result is empty before 2.1.178, and from 2.1.178 reads "UserPromptSubmit operation blocked by hook:" with the reason and the original prompt); additionalContext reaches the model',
    spec: '§2 hook_callback',
    tier: 'model',
    replayGaps: { 'hooks/model-context': REPLAY_GAP.modelRequest },
    model: script([text('A fruit-free answer.')]),
    handlers: {
      hook_callback: (req) =>
        String(get(req, 'input', 'prompt')).includes('banana')
          ? { decision: 'block', reason: 'No bananas today.' }
          : {
              hookSpecificOutput: {
                hookEventName: 'UserPromptSubmit',
                additionalContext: 'Fruit is off-topic.',
              },
            },
    },
    async drive(ctx) {
      await ctx.session.request({
        subtype: 'initialize',
        hooks: { UserPromptSubmit: [{ hookCallbackIds: ['hook_prompt'] }] },
        sdkMcpServers: [],
      });
      const blocked = await turn(ctx, 'Tell me about bananas.');
      ctx.checkEqual(blocked.is_error, false, 'result/is-error', 'a blocked prompt is not an error', [
        'is_error',
      ]);
      ctx.checkEqual(blocked.num_turns, 0, 'result/num-turns', 'a blocked prompt makes no turn', [
        'num_turns',
      ]);
      // Boundary: blocked prompt: an empty result up to 2.1.177, the text from 2.1.178 (found by `clide-conformance
      // bisect hooks/user-prompt-submit --good 2.1.172 --bad 2.1.195 --code drift/text-changed --path '$.result'`).
      const expected = byVersion(ctx, {
        '<2.1.178': { result: '', what: 'a blocked prompt has an empty result' },
        '>=2.1.178': {
          result:
            'UserPromptSubmit operation blocked by hook:\nNo bananas today.\n\nOriginal prompt: Tell me about bananas.',
          what: 'the result of a blocked prompt gives the reason and the original prompt',
        },
      });
      ctx.checkEqual(blocked.result, expected.result, 'result/text', expected.what, ['result']);
      ctx.checkEqual(
        ctx.modelRequests().filter((r) => r.kind === 'conversation').length,
        0,
        'model/requests',
        'a blocked prompt reaches no model',
      );
      const msgs = ctx.session.messages();
      const hook = hookCallbacks(msgs)[0];
      const input = (get(hook, 'request', 'input') ?? {}) as Json;
      checkFieldsInOrder(
        ctx,
        input,
        [...COMMON_KEYS, 'hook_event_name', 'prompt'],
        'hooks/input-fields',
        'the UserPromptSubmit input fields, in order',
        ['request', 'input'],
      );
      ctx.checkEqual(input.prompt, 'Tell me about bananas.', 'hooks/prompt', 'prompt is the user text', [
        'request',
        'input',
        'prompt',
      ]);
      const initIndex = msgs.findIndex((m) => m.type === 'system' && m.subtype === 'init');
      ctx.check(
        hook !== undefined && msgs.indexOf(hook) < initIndex,
        'hooks/order',
        'the hook is called before system/init',
        {
          actual: { hookIndex: hook ? msgs.indexOf(hook) : -1, initIndex },
        },
      );
      const answered = await turn(ctx, 'Tell me something.');
      ctx.checkEqual(answered.result, 'A fruit-free answer.', 'result/text', 'the next prompt is answered', [
        'result',
      ]);
      checkModelSaw(ctx, 'UserPromptSubmit hook additional context: Fruit is off-topic.');
      const [request] = ctx.modelRequests().filter((r) => r.kind === 'conversation');
      ctx.check(
        !JSON.stringify(request?.body ?? {}).includes('bananas'),
        'hooks/blocked-prompt',
        'the blocked prompt is not in the history',
      );
    },
  },
  {
    id: 'hooks/stop',
    requirement:
      'a Stop hook is called before the result with last_assistant_message; decision "block" sends its reason back as a synthetic "Stop hook feedback" user message and the turn goes on, the next call has stop_hook_active true',
    spec: '§2 hook_callback',
    tier: 'model',
    replayGaps: { 'hooks/model-context': REPLAY_GAP.modelRequest },
    model: script([text('Done.')], [text('Done, twice.')]),
    handlers: {
      hook_callback: (req) =>
        get(req, 'input', 'stop_hook_active') === false ? { decision: 'block', reason: 'Say it twice.' } : {},
    },
    async drive(ctx) {
      await ctx.session.request({
        subtype: 'initialize',
        hooks: { Stop: [{ hookCallbackIds: ['hook_stop'] }] },
        sdkMcpServers: [],
      });
      const result = await turn(ctx, 'Say done.');
      ctx.checkEqual(
        result.result,
        'Done, twice.',
        'result/text',
        'the turn goes on after a blocking Stop hook',
        ['result'],
      );
      ctx.checkEqual(result.num_turns, 2, 'result/num-turns', 'the feedback counts as a turn', ['num_turns']);
      const msgs = ctx.session.messages();
      const inputs = hookCallbacks(msgs).map((h) => (get(h, 'request', 'input') ?? {}) as Json);
      ctx.checkEqual(
        inputs.map((i) => [i.hook_event_name, i.stop_hook_active, i.last_assistant_message]),
        [
          ['Stop', false, 'Done.'],
          ['Stop', true, 'Done, twice.'],
        ],
        'hooks/stop-inputs',
        'Stop is called after each final response, stop_hook_active once it blocked',
      );
      checkFieldsInOrder(
        ctx,
        inputs[0],
        [
          ...COMMON_KEYS,
          'effort',
          'hook_event_name',
          'stop_hook_active',
          'last_assistant_message',
          'background_tasks',
          'session_crons',
        ],
        'hooks/input-fields',
        'the Stop input fields, in order',
      );
      const feedback = msgs.find((m) => m.type === 'user' && m.isSynthetic === true);
      ctx.checkEqual(
        get(feedback, 'message', 'content'),
        [{ type: 'text', text: 'Stop hook feedback:\nSay it twice.' }],
        'hooks/stop-feedback',
        'the reason comes back as a synthetic user message',
      );
      checkModelSaw(ctx, 'Stop hook feedback:\nSay it twice.');
    },
  },
  {
    id: 'hooks/lifecycle-order',
    requirement:
      'in a Write turn the hook callbacks come in the order UserPromptSubmit, PreToolUse, PostToolUse, PostToolBatch, Stop; PostToolBatch lists the batch with the model input and the tool_result content',
    spec: '§2 hook_callback',
    tier: 'model',
    model: script([writeBanana], [text('Done.')]),
    handlers: {
      hook_callback: () => ({}),
      can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }),
    },
    async drive(ctx) {
      const events = ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolBatch', 'Stop'];
      await ctx.session.request({
        subtype: 'initialize',
        hooks: Object.fromEntries(events.map((e) => [e, [{ hookCallbackIds: [`hook_${e}`] }]])),
        sdkMcpServers: [],
      });
      await turn(ctx, 'Write banana.txt.');
      const msgs = ctx.session.messages();
      const hooks = hookCallbacks(msgs);
      ctx.checkEqual(
        hooks.map((h) => [get(h, 'request', 'callback_id'), get(h, 'request', 'input', 'hook_event_name')]),
        events.map((e) => [`hook_${e}`, e]),
        'hooks/order',
        'the callbacks of one Write turn, in order',
      );
      const batch = hooks.find((h) => get(h, 'request', 'input', 'hook_event_name') === 'PostToolBatch');
      const [result] = toolResults(msgs);
      ctx.checkEqual(
        get(batch, 'request', 'input', 'tool_calls'),
        [
          {
            tool_name: 'Write',
            tool_input: { file_path: 'banana.txt', content: 'yellow\n' },
            tool_use_id: toolUseIds(msgs)[0],
            tool_response: result?.content,
          },
        ],
        'hooks/batch',
        'PostToolBatch lists each call with the input as the model sent it and the tool_result content',
        ['request', 'input', 'tool_calls'],
      );
    },
  },
];

/** The fields every hook input starts with. */
const COMMON_KEYS = ['session_id', 'transcript_path', 'cwd', 'permission_mode'];

function hookCallbacks(messages: Json[]): Json[] {
  return messages.filter(
    (m) => m.type === 'control_request' && get(m, 'request', 'subtype') === 'hook_callback',
  );
}

/** Some model request carries `text` (a hook's context or feedback). */
function checkModelSaw(ctx: ScenarioContext, text: string): void {
  const bodies = ctx
    .modelRequests()
    .filter((r) => r.kind === 'conversation')
    .map((r) => JSON.stringify(r.body));
  ctx.check(
    bodies.some((b) => b.includes(JSON.stringify(text).slice(1, -1))),
    'hooks/model-context',
    `the model receives "${text}"`,
    {
      expected: text,
    },
  );
}
