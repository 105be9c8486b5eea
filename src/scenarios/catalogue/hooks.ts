import { get, toolResults, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import type { Scenario } from '../scenario.js';

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
      ctx.check(askIndex > hookIndex, 'hooks/order', 'the permission prompt follows the hook callback', {
        expected: 'hook_callback before can_use_tool',
        actual: { hookIndex, askIndex },
      });
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
];
