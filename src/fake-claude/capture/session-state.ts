import { ClideError } from '../../errors/index.js';
import { get } from '../../scenarios/expect.js';
import { script, text, toolUse } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { sleep } from '../../util/sleep.js';
import type { SessionStateData, SessionStateVariant } from '../scripted/session-state/types.js';

type Json = Record<string, unknown>;

/**
 * The variables that ask the CLI for `system/session_state_changed`, in the order the newest
 * pinned version checks them: `CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS`, then the Agent SDK's
 * `CLAUDE_CODE_SDK_READS_SESSION_STATE`.
 */
export const SESSION_STATE_VARIABLES = [
  'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS',
  'CLAUDE_CODE_SDK_READS_SESSION_STATE',
] as const;

/** The session each variable is captured with: a Write turn whose permission prompt is allowed, then a text turn. */
function probe(variable: string, out: Json[]): Scenario {
  return {
    id: `capture/session-state/${variable}`,
    requirement: 'capture',
    spec: 'capture',
    tier: 'model',
    model: script(
      [toolUse('toolu_01StateWrite', 'Write', { file_path: 'state.txt', content: 'state\n' })],
      [text('Written.')],
      [text('Again.')],
    ),
    env: { [variable]: '1' },
    handlers: { can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }) },
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      for (const prompt of ['Write state.txt.', 'Again.']) {
        ctx.session.sendUser(prompt);
        await ctx.session.waitForResult();
        // The state that follows a result comes a few ms after it.
        await sleep(500);
      }
      out.push(...ctx.session.messages());
    },
  };
}

/** What the real CLI at `binary` emits for each variable of SESSION_STATE_VARIABLES. */
export async function captureSessionState(binary: string): Promise<SessionStateData> {
  const variants: SessionStateVariant[] = [];
  for (const variable of SESSION_STATE_VARIABLES) {
    const messages: Json[] = [];
    const run = await runScenario(probe(variable, messages), { binary });
    if (!messages.some((m) => m.type === 'result')) {
      throw new ClideError('io', `capturing the session states of ${binary} (${variable}) failed`, {
        where: binary,
        hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
      });
    }
    const states = messages.filter((m) => m.type === 'system' && m.subtype === 'session_state_changed');
    const first = states[0];
    variants.push({
      env: variable,
      message: first
        ? Object.fromEntries(
            Object.entries(first).map(([key, value]) => [
              key,
              key === 'state' || key === 'uuid' || key === 'session_id' ? `<${key}>` : value,
            ]),
          )
        : null,
      sequence: messages.flatMap((m) => {
        if (m.type === 'system' && m.subtype === 'session_state_changed') return [`state:${String(m.state)}`];
        if (m.type === 'system' && m.subtype === 'init') return ['system/init'];
        if (m.type === 'result') return ['result'];
        if (get(m, 'request', 'subtype') === 'can_use_tool') return ['can_use_tool'];
        return [];
      }),
    });
  }
  return { variants };
}
