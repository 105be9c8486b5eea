import type { ControlHandler } from './types.js';
import { answeredAsUnsupported } from './version-refusal.js';

/**
 * `set_mcp_permission_mode_override` (2.1.332; 2.1.150 answers it "unsupported"): a mode that is
 * not a permission mode is refused with the version's text; a server the session does not have
 * gets a warning that the override waits for it. The override itself changes nothing the fake
 * decides (it applies only where a mode would auto-allow an MCP tool: docs/fake-claude-differences.md).
 */
export const setMcpPermissionModeOverride: ControlHandler = {
  subtype: 'set_mcp_permission_mode_override',
  handle(session, request, requestId) {
    if (answeredAsUnsupported(session, request, requestId)) return;
    const { b } = session;
    const name = String(request.serverName);
    const mode = request.mode;
    if (mode !== null && !b.isPermissionMode(String(mode))) {
      const refused = b.invalidPermissionMode(String(mode));
      session.replyError(requestId, refused?.error ?? `Invalid permission mode: ${String(mode)}`);
      return;
    }
    if (mode === null || session.mcp.find(name)) {
      session.reply(requestId);
      return;
    }
    session.reply(requestId, {
      warning: `MCP server '${name}' is not yet known; override stored but will not apply until a server with that exact name connects.`,
    });
  },
};
