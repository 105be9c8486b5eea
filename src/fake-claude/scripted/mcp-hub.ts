import { isRecord } from '../../util/json.js';
import type { ApiTool, CliBehaviour, Json } from '../behaviour/index.js';
import { StreamClosedError } from './errors.js';
import { type McpConfigEntry, StdioMcpClient } from './stdio-mcp.js';

/** One MCP server of the session: from `--mcp-config` (spawned over stdio) or an SDK server of the client. */
export interface McpServerState {
  name: string;
  status: 'pending' | 'connected' | 'failed';
  tools: Array<{ name: string; description?: string; inputSchema?: Json }>;
  nextId: number;
  /** A spawned stdio server (from --mcp-config); SDK servers are reached through `mcp_message`. */
  stdio?: StdioMcpClient;
  config?: McpConfigEntry;
}

export interface McpHubOptions {
  behaviour: CliBehaviour;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Sends a CLI→client control request (an SDK server's `mcp_message`). */
  sendRequest: (request: Json, signal?: AbortSignal) => Promise<Json>;
}

/** The session's MCP servers: their handshake, their tools, and the calls to them. */
export class McpHub {
  readonly servers: McpServerState[] = [];
  private connecting: Promise<void> | undefined;

  constructor(private readonly options: McpHubOptions) {}

  /** Adds a server (once per name when `once`). */
  add(name: string, config?: McpConfigEntry, once = true): void {
    if (once && this.servers.some((s) => s.name === name)) return;
    this.servers.push({ name, status: 'pending', tools: [], nextId: 0, ...(config ? { config } : {}) });
  }

  async request(server: McpServerState, message: Json, signal?: AbortSignal): Promise<Json> {
    if (server.stdio) return server.stdio.send(message, signal);
    const reply = await this.options.sendRequest(
      { subtype: 'mcp_message', server_name: server.name, message },
      signal,
    );
    return isRecord(reply.mcp_response) ? reply.mcp_response : {};
  }

  /** Connects the pending servers once (at initialize or at the first turn, per version). */
  connect(): Promise<void> {
    this.connecting ??= this.connectPending();
    return this.connecting;
  }

  private async connectPending(): Promise<void> {
    const b = this.options.behaviour;
    for (const server of this.servers) {
      if (server.status !== 'pending') continue;
      if (server.config) {
        if (server.config.type !== 'stdio' || !server.config.command) {
          server.status = 'failed';
          continue;
        }
        server.stdio = new StdioMcpClient(server.config, this.options.cwd, this.options.env);
      }
      try {
        await this.request(server, {
          method: 'initialize',
          params: {
            protocolVersion: b.mcpProtocolVersion,
            capabilities: {},
            clientInfo: b.mcpClientInfo(),
          },
          jsonrpc: '2.0',
          id: server.nextId++,
        });
        await this.request(server, { method: 'notifications/initialized', jsonrpc: '2.0' });
        const list = await this.request(server, {
          method: 'tools/list',
          jsonrpc: '2.0',
          id: server.nextId++,
        });
        if (!isRecord(list.result)) throw new Error('tools/list failed');
        const tools = Array.isArray(list.result.tools) ? list.result.tools : [];
        server.tools = tools.filter(isRecord).map((t) => ({
          name: String(t.name),
          ...(typeof t.description === 'string' ? { description: t.description } : {}),
          ...(isRecord(t.inputSchema) ? { inputSchema: t.inputSchema } : {}),
        }));
        server.status = 'connected';
      } catch (error) {
        if (error instanceof StreamClosedError) return;
        server.status = 'failed';
      }
    }
  }

  /** The connected server offering `mcp__<server>__<tool>`, and the tool's own name. */
  tool(name: string): { server: McpServerState; tool: string } | undefined {
    for (const server of this.servers) {
      if (server.status !== 'connected') continue;
      const prefix = `mcp__${server.name}__`;
      if (name.startsWith(prefix) && server.tools.some((t) => t.name === name.slice(prefix.length))) {
        return { server, tool: name.slice(prefix.length) };
      }
    }
    return undefined;
  }

  /** The tool names of the connected servers (`mcp__<server>__<tool>`), but `exclude`. */
  toolNames(exclude: string | undefined): string[] {
    return this.servers
      .filter((s) => s.status === 'connected')
      .flatMap((s) => s.tools.map((t) => `mcp__${s.name}__${t.name}`))
      .filter((name) => name !== exclude);
  }

  /** The tools of the connected servers as the Messages API request offers them, but `exclude`. */
  apiTools(exclude: string | undefined): ApiTool[] {
    return this.servers
      .filter((s) => s.status === 'connected')
      .flatMap((s) =>
        s.tools.map((t) => ({
          name: `mcp__${s.name}__${t.name}`,
          description: t.description ?? '',
          input_schema: t.inputSchema ?? { type: 'object', properties: {} },
        })),
      )
      .filter((t) => t.name !== exclude);
  }

  /** The servers as `system/init` lists them. */
  initEntries(): Array<{ name: string; status: string; origin: 'config' | 'sdk' }> {
    return this.servers.map((s) => ({
      name: s.name,
      status: s.status === 'connected' ? 'connected' : 'failed',
      origin: s.stdio || s.config ? 'config' : 'sdk',
    }));
  }

  /** The servers whose handshake has ended (what `mcp_status` reports). */
  settled(): Array<{ name: string; status: string }> {
    return this.servers.filter((s) => s.status !== 'pending');
  }

  close(): void {
    for (const server of this.servers) server.stdio?.close();
  }
}
