import type { ControlHandler } from './types.js';

/** `interrupt`: aborts the turn in progress (if any) and answers at once. */
export const interrupt: ControlHandler = {
  subtype: 'interrupt',
  handle(session, _request, requestId) {
    const turn = session.turn;
    if (turn && !turn.interrupted) {
      turn.interrupted = true;
      turn.abort.abort();
    }
    session.reply(requestId, session.b.interruptResponse());
  },
};
