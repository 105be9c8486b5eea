import { answerAsCaptured, capturedReplies } from './captured.js';
import type { ControlHandler } from './types.js';

/**
 * `background_tasks`: the fake runs no task in the foreground that could be sent to the background,
 * so a request for one tool use's task answers `backgrounded: false`; one for every task gets the
 * version's captured answer (nothing to do).
 */
export const backgroundTasks: ControlHandler = {
  subtype: 'background_tasks',
  handle(session, request, requestId) {
    if (typeof request.tool_use_id === 'string') {
      session.reply(requestId, { backgrounded: false });
      return;
    }
    const [captured] = capturedReplies(session.b.version, 'background_tasks');
    if (captured) answerAsCaptured(session, captured, request, requestId);
    else
      session.replyError(
        requestId,
        session.b.unsupportedSubtype('background_tasks'),
        session.b.errorEnvelope('unsupported'),
      );
  },
};
