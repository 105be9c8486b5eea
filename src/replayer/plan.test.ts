import { describe, expect, it } from 'vitest';
import { makeFixture } from '../../test/support/replay-client.js';
import { planReplay } from './plan.js';

const user = { type: 'user', message: { role: 'user', content: 'hi' } };
const ask = { type: 'control_request', request_id: 'r-1', request: { subtype: 'can_use_tool' } };
const answer = {
  type: 'control_response',
  response: { subtype: 'success', request_id: 'r-1', response: {} },
};
const ok = { type: 'result', subtype: 'success', is_error: false, num_turns: 1 };

describe('planReplay: when the recorded CLI waited for end of input', () => {
  it('at the end of a normal session (stream-json input runs until stdin closes)', () => {
    const plan = planReplay(
      makeFixture([
        { dir: 'to-cli', msg: user },
        { dir: 'from-cli', msg: ok },
      ]),
    );
    expect(plan.eofGate).toBe(2);
  });

  it('right after a CLI request the client never answered nor the CLI cancelled', () => {
    const fixture = makeFixture([
      { dir: 'to-cli', msg: user },
      { dir: 'from-cli', msg: ask },
      { dir: 'from-cli', msg: ok },
    ]);
    expect(planReplay(fixture).eofGate).toBe(2);
  });

  it('not for an answered or a cancelled request', () => {
    const answered = makeFixture([
      { dir: 'to-cli', msg: user },
      { dir: 'from-cli', msg: ask },
      { dir: 'to-cli', msg: answer },
      { dir: 'from-cli', msg: ok },
    ]);
    expect(planReplay(answered).eofGate).toBe(4);
    const cancelled = makeFixture([
      { dir: 'to-cli', msg: user },
      { dir: 'from-cli', msg: ask },
      { dir: 'from-cli', msg: { type: 'control_cancel_request', request_id: 'r-1' } },
      { dir: 'from-cli', msg: ok },
    ]);
    expect(planReplay(cancelled).eofGate).toBe(4);
  });

  it('never when the CLI ended by itself: a non-JSON line, or a failed input before any turn', () => {
    const raw = makeFixture(
      [
        { dir: 'to-cli', raw: 'not json' },
        { dir: 'stderr', raw: 'Error parsing' },
      ],
      1,
    );
    expect(planReplay(raw)).toMatchObject({ eofGate: undefined, exitCode: 1 });
    const failed = makeFixture(
      [
        { dir: 'to-cli', msg: { type: 'user', message: { role: 'user' } } },
        {
          dir: 'from-cli',
          msg: { type: 'result', subtype: 'error_during_execution', is_error: true, num_turns: 0 },
        },
      ],
      1,
    );
    expect(planReplay(failed).eofGate).toBeUndefined();
  });
});
