import type { ControlHandler } from './types.js';
import { answerServerNotFound } from './version-refusal.js';

/**
 * `mcp_reconnect`: the server's connection is closed and made again, answered once the handshake
 * has ended: success, or the reason it failed. A server turned off, or an SDK server of the client,
 * gets the version's refusal (2.1.150 reconnects a server turned off); a name the session does not
 * have, the version's "not found" error.
 */
export const mcpReconnect: ControlHandler = {
  subtype: 'mcp_reconnect',
  handle(session, request, requestId) {
    const name = String(request.serverName);
    const server = session.mcp.find(name);
    if (!server) {
      answerServerNotFound(session, request, requestId);
      return;
    }
    const { b } = session;
    const refusal =
      server.config === undefined
        ? b.mcpError('reconnect-sdk', name)
        : server.status === 'disabled'
          ? b.mcpError('reconnect-disabled', name)
          : undefined;
    if (refusal !== undefined) {
      session.replyError(requestId, refusal);
      return;
    }
    session.mcp.reconnect(server).then(
      (after) => {
        if (after.status === 'connected') session.reply(requestId);
        else session.replyError(requestId, after.error ?? `Failed to reconnect to ${name}`);
      },
      (error: unknown) =>
        session.replyError(requestId, error instanceof Error ? error.message : String(error)),
    );
  },
};
