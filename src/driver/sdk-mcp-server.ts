/**
 * A minimal in-process ("SDK") MCP server answered over the control channel: the CLI sends
 * JSON-RPC inside `mcp_message` control requests and expects the JSON-RPC reply under
 * `response.mcp_response` (spec §6).
 */
export interface SdkMcpToolResult {
  content: Array<{ type: 'text'; text: string } | Record<string, unknown>>;
  isError?: boolean;
}

export interface SdkMcpTool {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  call(args: Record<string, unknown>): SdkMcpToolResult | Promise<SdkMcpToolResult>;
}

export interface SdkMcpServer {
  name: string;
  version?: string;
  tools: SdkMcpTool[];
}

/** The MCP protocol version the server answers with when the client does not name one. */
export const DEFAULT_MCP_PROTOCOL_VERSION = '2025-11-25';

type JsonRpcMessage = {
  jsonrpc?: string;
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
};

/** Answers one JSON-RPC message the way the official SDK's in-process transport does. */
export async function answerMcpMessage(
  server: SdkMcpServer,
  message: unknown,
): Promise<Record<string, unknown>> {
  const msg = (message ?? {}) as JsonRpcMessage;
  if (msg.id === undefined || msg.id === null) {
    // A notification (e.g. notifications/initialized): the SDK still replies, with an empty result.
    return { jsonrpc: '2.0', result: {}, id: 0 };
  }
  const reply = (result: unknown) => ({ jsonrpc: '2.0', id: msg.id, result });
  const fail = (code: number, text: string) => ({
    jsonrpc: '2.0',
    id: msg.id,
    error: { code, message: text },
  });
  switch (msg.method) {
    case 'initialize':
      return reply({
        protocolVersion: (msg.params?.protocolVersion as string | undefined) ?? DEFAULT_MCP_PROTOCOL_VERSION,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: server.name, version: server.version ?? '0.0.1' },
      });
    case 'tools/list':
      return reply({
        tools: server.tools.map((t) => ({
          name: t.name,
          description: t.description ?? '',
          inputSchema: t.inputSchema ?? { type: 'object', properties: {} },
        })),
      });
    case 'tools/call': {
      const name = msg.params?.name as string | undefined;
      const tool = server.tools.find((t) => t.name === name);
      if (!tool) return fail(-32602, `Tool ${String(name)} not found`);
      const result = await tool.call((msg.params?.arguments as Record<string, unknown> | undefined) ?? {});
      return reply({ isError: false, ...result });
    }
    case 'ping':
      return reply({});
    default:
      return fail(-32601, `Method not found: ${String(msg.method)}`);
  }
}
