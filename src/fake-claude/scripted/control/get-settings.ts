import type { ControlHandler } from './types.js';

/** `get_settings`: the effective settings, with the session's model. */
export const getSettings: ControlHandler = {
  subtype: 'get_settings',
  handle(session, _request, requestId) {
    session.reply(requestId, session.b.settingsResponse(session.model, session.facts()));
  },
};
