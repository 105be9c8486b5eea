import { randomUuid } from '../../../util/uuid.js';
import type { ControlHandler } from './types.js';

/** `set_model`: the next model call uses the model (`default`: the session's own); some versions say so in a replayed user message. */
export const setModel: ControlHandler = {
  subtype: 'set_model',
  handle(session, request, requestId) {
    const { b } = session;
    const model = typeof request.model === 'string' ? request.model : 'default';
    session.model = model === 'default' ? (session.flags.model ?? b.defaultModelFor(session.auth)) : model;
    const answer = b.setModelAnswer(model);
    if (answer.notice !== undefined) {
      session.emit({
        type: 'user',
        message: { role: 'user', content: answer.notice },
        session_id: session.sessionId,
        parent_tool_use_id: null,
        uuid: randomUuid(),
        timestamp: new Date().toISOString(),
        isReplay: true,
      });
    }
    session.reply(requestId, answer.response);
  },
};
