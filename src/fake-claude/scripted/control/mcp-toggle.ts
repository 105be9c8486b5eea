import type { ControlHandler } from './types.js';
import { answerServerNotFound } from './version-refusal.js';

/**
 * `mcp_toggle`: `enabled: false` turns a server off (its connection closed, listed `disabled`, its
 * tools gone); `enabled: true` connects a server that was off, answered once its handshake has
 * ended. A name the session does not have gets the version's "not found" error.
 */
export const mcpToggle: ControlHandler = {
  subtype: 'mcp_toggle',
  handle(session, request, requestId) {
    const server = session.mcp.find(String(request.serverName));
    if (!server) {
      answerServerNotFound(session, request, requestId);
      return;
    }
    if (request.enabled === false) {
      session.mcp.disable(server);
      session.reply(requestId);
      return;
    }
    if (server.status !== 'disabled') {
      session.reply(requestId);
      return;
    }
    session.mcp.reconnect(server).then(
      () => session.reply(requestId),
      () => session.reply(requestId),
    );
  },
};
