import { answerAsCaptured, capturedReplies } from './captured.js';
import type { ControlHandler } from './types.js';

/**
 * `reload_plugins`: the version's captured answer (commands, agents, plugins of a fresh session),
 * with the session's MCP servers as `mcp_status` lists them.
 */
export const reloadPlugins: ControlHandler = {
  subtype: 'reload_plugins',
  handle(session, request, requestId) {
    const [captured] = capturedReplies(session.b.version, 'reload_plugins');
    if (!captured) {
      session.replyError(
        requestId,
        session.b.unsupportedSubtype('reload_plugins'),
        session.b.errorEnvelope('unsupported'),
      );
      return;
    }
    const { mcpServers } = session.b.mcpStatusResponse(session.mcp.statusServers());
    answerAsCaptured(session, captured, request, requestId, { mcpServers });
  },
};
