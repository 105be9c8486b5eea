import { randomUuid } from '../../../util/uuid.js';
import type { ControlHandler } from './types.js';

/**
 * `set_model`: the next model call uses the model (`default`: the session's own; an alias, the
 * model the version resolves it to, as for `--model`), answered with it on versions that answer
 * (2.1.332); some versions say so in a replayed user message instead (2.1.150).
 */
export const setModel: ControlHandler = {
  subtype: 'set_model',
  handle(session, request, requestId) {
    const { b } = session;
    const model = typeof request.model === 'string' ? request.model : 'default';
    session.model =
      model === 'default'
        ? (session.flags.model ?? b.defaultModelFor(session.auth))
        : session.modelSide.resolveModel(model);
    // A version that answers with the model names it without `[1m]` (2.1.332; `default`: the
    // session's default model); one that does not says `model` back.
    const answered =
      b.setModelAnswer(model).response === undefined ? model : session.model.replace(/\[1m\]$/i, '');
    const answer = b.setModelAnswer(answered);
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
    session.checkModel(model);
  },
};
