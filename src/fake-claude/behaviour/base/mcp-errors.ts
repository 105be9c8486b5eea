/**
 * What can go wrong with an MCP server the client asks about, each answered with a version's own
 * text (`CliBehaviour.mcpError`):
 *
 * - `spawn-missing`: its command does not exist (the status' `error`, and `mcp_reconnect`'s);
 * - `closed`: it closed the connection during the handshake;
 * - `reconnect-disabled`, `read-disabled`: `mcp_reconnect` / `mcp_read_resource` of a server turned off;
 * - `reconnect-sdk`, `read-sdk`: the same for an SDK server of the client;
 * - `read-not-connected`: `mcp_read_resource` of a server that is not connected (`detail`: its status);
 * - `read-scheme`: `mcp_read_resource` of a uri that is not `ui://`;
 * - `read-failed`: the server answered `resources/read` with an error (`detail`: its message).
 */
export type McpErrorKind =
  | 'spawn-missing'
  | 'closed'
  | 'reconnect-disabled'
  | 'read-disabled'
  | 'reconnect-sdk'
  | 'read-sdk'
  | 'read-not-connected'
  | 'read-scheme'
  | 'read-failed';

/**
 * 2.1.150's texts (`undefined`: it does not refuse; it reconnects a disabled server). It has no
 * `mcp_read_resource` (answered as its captured "unsupported" reply), and knows an SDK server of
 * `initialize` only once the first turn has connected it.
 */
export function mcpError150(kind: McpErrorKind, server: string, detail = ''): string | undefined {
  switch (kind) {
    case 'spawn-missing':
      return `ENOENT: no such file or directory, posix_spawn '${detail}'`;
    case 'closed':
      return 'MCP error -32000: Connection closed';
    case 'reconnect-disabled':
      return undefined;
    case 'reconnect-sdk':
      return `Server not found: ${server}`;
    default:
      return `mcp_read_resource: ${detail}`;
  }
}

/** 2.1.332's texts (observed on the real binary). */
export function mcpError332(kind: McpErrorKind, server: string, detail = ''): string | undefined {
  switch (kind) {
    // It names the transport, not the command.
    case 'spawn-missing':
      return "ENOENT: no such file or directory, posix_spawn 'stdio'";
    case 'closed':
      return 'Connection closed';
    case 'reconnect-disabled':
      return `MCP server ${server} is disabled — enable it (mcp_toggle) before reconnecting`;
    case 'read-disabled':
      return `MCP server ${server} is disabled — enable it (mcp_toggle) before reading`;
    case 'reconnect-sdk':
      return 'SDK servers should be handled in print.ts';
    case 'read-sdk':
      return 'mcp_read_resource does not support SDK MCP servers: the caller hosts them and can read them directly';
    case 'read-not-connected':
      return `MCP server ${server} is not connected (status: ${detail})`;
    case 'read-scheme':
      return 'mcp_read_resource: uri must use the ui:// scheme';
    case 'read-failed':
      return `mcp_read_resource: ${detail}`;
  }
}
