import { checkFieldsInOrder, get, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import type { Scenario, ScenarioContext } from '../scenario.js';
import { hasFact } from '../version-facts.js';
import { byVersion } from '../version-range.js';

type Json = Record<string, unknown>;

/**
 * `system/session_state_changed`: `running` when a turn starts, `requires_action` while a
 * permission prompt waits, `idle` after the result (the Agent SDK ends a run on `idle`). Asked for
 * by an environment variable: the SDK's `CLAUDE_CODE_SDK_READS_SESSION_STATE` (the message then
 * says `sdk_host_only: true`) or `CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS`.
 */

const isState = (m: Json) => m.type === 'system' && m.subtype === 'session_state_changed';

/** The state messages and their landmarks, in order: `state:<state>`, `system/init`, `can_use_tool`, `result`. */
function sequence(messages: Json[]): string[] {
  return messages.flatMap((m) => {
    if (isState(m)) return [`state:${String(m.state)}`];
    if (m.type === 'system' && m.subtype === 'init') return ['system/init'];
    if (m.type === 'result') return ['result'];
    if (m.type === 'control_request' && get(m, 'request', 'subtype') === 'can_use_tool')
      return ['can_use_tool'];
    return [];
  });
}

/** Two turns: a Write whose permission prompt is allowed, then a text answer; each waits for its `idle` when one is due. */
async function twoTurns(ctx: ScenarioContext, idles: boolean): Promise<void> {
  for (const prompt of ['Write state.txt.', 'Again.']) {
    const seen = new Set(ctx.session.messages().filter(isState));
    await turn(ctx, prompt);
    if (idles) await ctx.session.waitFor((m) => isState(m) && m.state === 'idle' && !seen.has(m), 'idle');
  }
}

const model = script(
  [toolUse('toolu_01StateWrite', 'Write', { file_path: 'state.txt', content: 'state\n' })],
  [text('Written.')],
  [text('Again.')],
);
const handlers = {
  can_use_tool: (req: Json) => ({ behavior: 'allow', updatedInput: req.input }),
};

const FIRST_TURN_ASKS_AFTER = ['state:running', 'system/init', 'can_use_tool', 'state:requires_action'];
const FIRST_TURN_ASKS_BEFORE = ['state:running', 'system/init', 'state:requires_action', 'can_use_tool'];
const REST = [
  'state:running',
  'result',
  'state:idle',
  'state:running',
  'system/init',
  'result',
  'state:idle',
];
/**
 * In auto mode, the default of 2.1.285 to 2.1.301 (`autoModeByDefault`), the Write runs without a
 * prompt: the first turn never requires action, it runs on to its result.
 */
const FIRST_TURN_IN_AUTO_MODE = ['state:running', 'system/init'];
const REST_IN_AUTO_MODE = REST.slice(1);

/** The sequence of two turns whose first one asks, `first` being its states up to the prompt. */
function twoTurnsAsking(version: string, first: string[]): string[] {
  return hasFact(version, 'autoModeByDefault')
    ? [...FIRST_TURN_IN_AUTO_MODE, ...REST_IN_AUTO_MODE]
    : [...first, ...REST];
}

function checkMessages(ctx: ScenarioContext, fields: string[], extra: Json): void {
  const msgs = ctx.session.messages();
  const states = msgs.filter(isState);
  const sessionId = msgs.find((m) => m.type === 'system' && m.subtype === 'init')?.session_id;
  checkFieldsInOrder(
    ctx,
    states[0],
    fields,
    'session-state/fields',
    'session_state_changed fields, in order',
  );
  ctx.check(
    states.every((m) => m.session_id === sessionId && Object.entries(extra).every(([k, v]) => m[k] === v)),
    'session-state/session',
    `every state message names the session${Object.keys(extra).length ? ` and carries ${JSON.stringify(extra)}` : ''}`,
    { actual: states },
  );
}

export const sessionStateScenarios: Scenario[] = [
  {
    id: 'session/state-changed',
    requirement:
      'with CLAUDE_CODE_SDK_READS_SESSION_STATE=1 (the Agent SDK sets it) the CLI reports system/session_state_changed (sdk_host_only: true): running as a turn starts, requires_action before a permission prompt and running once it is answered, idle after the result; versions before 2.1.284 report nothing; 2.1.285 to 2.1.301 start in auto mode, where the Write runs unprompted and nothing requires action',
    spec: '§4 system/session_state_changed',
    tier: 'model',
    model,
    env: { CLAUDE_CODE_SDK_READS_SESSION_STATE: '1' },
    handlers,
    async drive(ctx) {
      // Boundary: 2.1.283 emits nothing for the SDK's variable, 2.1.284 does (found by running this
      // session on each published version between 2.1.281 and 2.1.289).
      const expected = byVersion(ctx, {
        '<2.1.284': {
          emits: false,
          sequence: ['system/init', 'can_use_tool', 'result', 'system/init', 'result'],
        },
        '>=2.1.284': { emits: true, sequence: twoTurnsAsking(ctx.cliVersion, FIRST_TURN_ASKS_BEFORE) },
      });
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      await twoTurns(ctx, expected.emits);
      ctx.checkEqual(
        sequence(ctx.session.messages()),
        expected.sequence,
        'session-state/sequence',
        expected.emits ? 'the states of two turns, around their landmarks' : 'no state message',
      );
      if (expected.emits)
        checkMessages(ctx, ['type', 'subtype', 'state', 'sdk_host_only', 'uuid', 'session_id'], {
          sdk_host_only: true,
        });
    },
  },
  {
    id: 'session/state-changed-events',
    requirement:
      'with CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 the CLI reports system/session_state_changed (no sdk_host_only): running as a turn starts, requires_action with a permission prompt (after the request before 2.1.169, before it from 2.1.169) and running once it is answered, idle after the result (2.1.285 to 2.1.301 start in auto mode: no prompt, no requires_action)',
    spec: '§4 system/session_state_changed',
    tier: 'model',
    model,
    env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' },
    handlers,
    async drive(ctx) {
      // Boundary: requires_action follows the can_use_tool request on 2.1.168 and precedes it on
      // 2.1.169 (found by running this session on each published version between 2.1.160 and 2.1.169).
      const first = byVersion(ctx, {
        '<2.1.169': FIRST_TURN_ASKS_AFTER,
        '>=2.1.169': FIRST_TURN_ASKS_BEFORE,
      });
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      await twoTurns(ctx, true);
      ctx.checkEqual(
        sequence(ctx.session.messages()),
        twoTurnsAsking(ctx.cliVersion, first),
        'session-state/sequence',
        'the states of two turns, around their landmarks',
      );
      checkMessages(ctx, ['type', 'subtype', 'state', 'uuid', 'session_id'], {});
      ctx.check(
        ctx.session
          .messages()
          .filter(isState)
          .every((m) => !('sdk_host_only' in m)),
        'session-state/sdk-host-only',
        'no sdk_host_only field',
      );
    },
  },
];
