import { isRecord } from '../../../util/json.js';
import type { McpServerState } from '../mcp-hub.js';
import { type McpConfigEntry, parseMcpConfigs } from '../stdio-mcp.js';
import type { ControlHandler } from './types.js';

function sameConfig(a: McpConfigEntry | undefined, b: McpConfigEntry): boolean {
  const { name: _a, ...left } = a ?? { name: '' };
  const { name: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * `mcp_set_servers`: the servers of the request replace those of earlier calls and the client's SDK
 * servers (a server of the command line or of `initialize` stays unless a call names it). A server
 * named again with the same configuration is left as it is; one named with another configuration,
 * or one the call did not set before, is started anew (listed last) and reported added; the ones
 * left out are closed and reported removed. Answered once the new servers' handshakes have ended,
 * with the reasons of those that failed (an SDK server's handshake, through the client, is not
 * waited for).
 */
export const mcpSetServers: ControlHandler = {
  subtype: 'mcp_set_servers',
  handle(session, request, requestId) {
    const servers = isRecord(request.servers) ? request.servers : {};
    const entries = parseMcpConfigs([JSON.stringify({ mcpServers: servers })]);
    const named = new Set(entries.map((e) => e.name));
    const removed: string[] = [];
    for (const server of [...session.mcp.servers]) {
      if (named.has(server.name) || !(server.setByClient || server.config === undefined)) continue;
      session.mcp.remove(server);
      removed.push(server.name);
    }
    const added: McpServerState[] = [];
    for (const entry of entries) {
      const known = session.mcp.find(entry.name);
      if (known?.setByClient && sameConfig(known.config, entry)) continue;
      if (known) session.mcp.remove(known);
      const server = session.mcp.add(entry.name, entry.type === 'sdk' ? undefined : entry, false);
      server.setByClient = true;
      added.push(server);
    }
    const waited = added.filter((s) => s.config !== undefined);
    for (const server of added) if (server.config === undefined) void session.mcp.settle(server);
    Promise.all(waited.map((s) => session.mcp.settle(s))).then(() => {
      const errors: Record<string, string> = {};
      for (const server of waited)
        if (server.status === 'failed') errors[server.name] = server.error ?? 'failed';
      session.reply(requestId, { added: added.map((s) => s.name), removed, errors });
    });
  },
};
