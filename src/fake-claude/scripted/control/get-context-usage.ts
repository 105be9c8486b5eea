import type { ControlHandler } from './types.js';

/** `get_context_usage`: the version's context breakdown for the session. */
export const getContextUsage: ControlHandler = {
  subtype: 'get_context_usage',
  handle(session, _request, requestId) {
    session.countContext();
    session.reply(requestId, session.b.contextUsageResponse(session.facts()));
  },
};
