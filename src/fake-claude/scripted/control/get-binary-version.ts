import type { ControlHandler } from './types.js';

/** `get_binary_version`: the version's captured answer. */
export const getBinaryVersion: ControlHandler = {
  subtype: 'get_binary_version',
  handle(session, _request, requestId) {
    session.reply(requestId, session.b.binaryVersionResponse());
  },
};
