import type { ControlHandler } from './types.js';

/**
 * `get_context_usage`: the version's token counts of the context where it makes them, then, once
 * every count is answered (as the real CLI does: all its count requests come before its answer,
 * so a session ending right after it has sent them all), its breakdown of the session (computed
 * where the captured counts cover the session: usage/context-usage.ts).
 */
export const getContextUsage: ControlHandler = {
  subtype: 'get_context_usage',
  handle(session, request, requestId) {
    const counted = session.countContext(request.detail);
    // The session as it is when asked (what the counts count).
    const usage = session.contextUsage(request.detail);
    const answer = () => session.reply(requestId, usage);
    counted.then(answer, answer);
  },
};
