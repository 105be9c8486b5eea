import type { ControlHandler } from './types.js';

/** `mcp_status`: the servers whose handshake has ended. */
export const mcpStatus: ControlHandler = {
  subtype: 'mcp_status',
  handle(session, _request, requestId) {
    session.reply(requestId, session.b.mcpStatusResponse(session.mcp.statusServers()));
  },
};
