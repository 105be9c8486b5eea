import { isRecord } from '../../../util/json.js';
import type { ControlHandler } from './types.js';
import { answeredAsUnsupported, answerServerNotFound } from './version-refusal.js';

/**
 * `mcp_read_resource` (2.1.332; 2.1.150 answers it "unsupported"): a `ui://` resource read from a
 * connected server of the configuration with `resources/read`, answered with its `contents`, or
 * with the server's error in the version's words. A uri of another scheme, a server turned off or
 * not connected, or an SDK server of the client get the version's refusal.
 */
export const mcpReadResource: ControlHandler = {
  subtype: 'mcp_read_resource',
  handle(session, request, requestId) {
    if (answeredAsUnsupported(session, request, requestId)) return;
    const name = String(request.serverName);
    const server = session.mcp.find(name);
    if (!server) {
      answerServerNotFound(session, request, requestId);
      return;
    }
    const { b } = session;
    const uri = String(request.uri ?? '');
    const refusal =
      server.config === undefined
        ? b.mcpError('read-sdk', name)
        : server.status === 'disabled'
          ? b.mcpError('read-disabled', name)
          : server.status !== 'connected'
            ? b.mcpError('read-not-connected', name, server.status)
            : !uri.startsWith('ui://')
              ? b.mcpError('read-scheme', name)
              : undefined;
    if (refusal !== undefined) {
      session.replyError(requestId, refusal);
      return;
    }
    const message = { method: 'resources/read', params: { uri }, jsonrpc: '2.0', id: server.nextId++ };
    session.mcp.request(server, message).then(
      (answer) => {
        if (isRecord(answer.result)) {
          const contents = Array.isArray(answer.result.contents) ? answer.result.contents : [];
          session.reply(requestId, { contents });
          return;
        }
        const error = isRecord(answer.error) ? String(answer.error.message) : 'no result';
        session.replyError(requestId, b.mcpError('read-failed', name, error) ?? error);
      },
      (error: unknown) =>
        session.replyError(
          requestId,
          b.mcpError('read-failed', name, error instanceof Error ? error.message : String(error)) ?? '',
        ),
    );
  },
};
