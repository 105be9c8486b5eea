import type { ControlHandler } from './types.js';

/**
 * `get_context_usage`: the version's token counts of the context where it makes them, then its
 * breakdown of the session (computed where the captured counts cover the session: usage/context-usage.ts).
 */
export const getContextUsage: ControlHandler = {
  subtype: 'get_context_usage',
  handle(session, request, requestId) {
    session.countContext(request.detail);
    session.reply(requestId, session.contextUsage(request.detail));
  },
};
