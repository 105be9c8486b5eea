import type { Json, McpStatusServer } from '../types.js';

/** MCP tool annotations as `mcp_status` lists them: the three hints it names, renamed; the rest dropped. */
const ANNOTATIONS: ReadonlyArray<[string, string]> = [
  ['readOnlyHint', 'readOnly'],
  ['destructiveHint', 'destructive'],
  ['openWorldHint', 'openWorld'],
];

function annotations(given: Json | undefined): Json {
  const out: Json = {};
  for (const [hint, name] of ANNOTATIONS) if (given?.[hint] !== undefined) out[name] = given[hint];
  return out;
}

/** A server's configuration as `mcp_status` shows it: its transport and how it is reached (no env). */
function statusConfig(config: NonNullable<McpStatusServer['config']>): Json {
  if (config.url !== undefined) return { type: config.type, url: config.url };
  return { type: config.type, command: config.command, args: config.args ?? [] };
}

/** What a version lists of a server beyond 2.1.150's fields (2.1.332: all three). */
export interface McpStatusFields {
  /** The server's own info for an SDK server too. */
  sdkServerInfo: boolean;
  /** `transport` after the configuration (`sdk` for an SDK server). */
  transport: boolean;
  /** `source` after the scope: `sdk`, or `dynamic` as the scope. */
  source: boolean;
}

/**
 * One server of `mcp_status` (and of `reload_plugins`' `mcpServers`): name, status, the server's
 * own info (connected; an SDK server's only where `fields` says so), its configuration (not for an
 * SDK server), the scope (`dynamic`: from the command line, `initialize` or `mcp_set_servers`) and,
 * connected, its tools with their annotations; 2.1.150's fields unless `fields` adds more.
 */
export function mcpStatusEntry(
  server: McpStatusServer,
  fields: McpStatusFields = { sdkServerInfo: false, transport: false, source: false },
): Json {
  const connected = server.status === 'connected';
  const info = connected && server.serverInfo !== undefined && (!server.sdk || fields.sdkServerInfo);
  return {
    name: server.name,
    status: server.status,
    ...(server.error !== undefined ? { error: server.error } : {}),
    ...(info ? { serverInfo: server.serverInfo } : {}),
    ...(server.config && !server.sdk ? { config: statusConfig(server.config) } : {}),
    ...(fields.transport ? { transport: server.sdk ? 'sdk' : (server.config?.type ?? 'stdio') } : {}),
    scope: 'dynamic',
    ...(fields.source ? { source: server.sdk ? 'sdk' : 'dynamic' } : {}),
    ...(connected
      ? { tools: server.tools.map((t) => ({ name: t.name, annotations: annotations(t.annotations) })) }
      : {}),
  };
}
