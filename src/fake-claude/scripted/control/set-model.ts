import { randomUuid } from '../../../util/uuid.js';
import type { ControlHandler } from './types.js';

/**
 * `set_model`: the next model call uses the model (`default`: the session's own; an alias, the
 * model the version resolves it to, as for `--model`), answered with it on versions that answer
 * (2.1.332). It is the `/model` command too: when the model changes, the version says so in a
 * replayed user message — the model as chosen, an alias with what it names (`sonnet
 * (claude-sonnet-4-6)`), `default` as the model it is — and keeps the command's messages in the
 * conversation (2.1.150, read from its binary; 2.1.332 once the conversation holds a message, in
 * backticks: seen; both checked in an Agent SDK session).
 */
export const setModel: ControlHandler = {
  subtype: 'set_model',
  handle(session, request, requestId) {
    const { b } = session;
    const model = typeof request.model === 'string' ? request.model : 'default';
    const before = session.model;
    const chosen = model === 'default' ? (session.flags.model ?? b.defaultModelFor(session.auth)) : model;
    session.model = model === 'default' ? chosen : session.modelSide.resolveModel(model);
    const shown = chosen === session.model ? chosen : `${chosen} (${session.model})`;
    // A version that answers with the model names it without `[1m]` (2.1.332; `default`: the
    // session's default model); one that does not says the model as shown.
    const answered =
      b.setModelAnswer(model).response === undefined ? shown : session.model.replace(/\[1m\]$/i, '');
    const answer = b.setModelAnswer(answered, { args: model, shown });
    const announced = session.model !== before && (!answer.inConversation || session.hasConversation());
    if (answer.notice !== undefined && announced) {
      session.emit({
        type: 'user',
        message: { role: 'user', content: answer.notice },
        session_id: session.sessionId,
        parent_tool_use_id: null,
        uuid: randomUuid(),
        timestamp: new Date().toISOString(),
        isReplay: true,
      });
      if (answer.kept) session.keep(answer.kept);
    }
    session.reply(requestId, answer.response);
    session.checkModel(model);
  },
};
