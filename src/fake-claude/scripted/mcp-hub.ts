import { isRecord } from '../../util/json.js';
import type { ApiTool, CliBehaviour, Json, McpStatusServer } from '../behaviour/index.js';
import { StreamClosedError } from './errors.js';
import { type McpConfigEntry, StdioMcpClient } from './stdio-mcp.js';

/** One MCP server of the session: from `--mcp-config` (spawned over stdio) or an SDK server of the client. */
export interface McpServerState {
  name: string;
  /** `disabled`: turned off by `mcp_toggle` (no connection, no tools, until turned on again). */
  status: 'pending' | 'connected' | 'failed' | 'disabled';
  tools: Array<{ name: string; description?: string; inputSchema?: Json; annotations?: Json }>;
  nextId: number;
  /** A spawned stdio server (from --mcp-config); SDK servers are reached through `mcp_message`. */
  stdio?: StdioMcpClient;
  config?: McpConfigEntry;
  /** The server's `serverInfo` from its `initialize` answer, once connected. */
  serverInfo?: Json;
  /** Why its handshake failed, in the version's words. */
  error?: string;
  /** Named by an `mcp_set_servers` call: a later call that leaves it out removes it. */
  setByClient?: boolean;
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
  /** Each server's handshake, once started (true: the session's input closed during it). */
  private readonly handshakes = new Map<McpServerState, Promise<boolean>>();

  constructor(private readonly options: McpHubOptions) {}

  /**
   * Adds a server (once per name when `once`). A stdio server is started at once, as the real CLI
   * starts the servers of its configuration at start-up, before any prompt (2.1.150 and 2.1.332
   * both: a client can see the server's handshake before its first message); an SDK server waits
   * for `connect()`.
   */
  add(name: string, config?: McpConfigEntry, once = true): McpServerState {
    const known = once ? this.find(name) : undefined;
    if (known) return known;
    const server: McpServerState = {
      name,
      status: 'pending',
      tools: [],
      nextId: 0,
      ...(config ? { config } : {}),
    };
    this.servers.push(server);
    if (config?.type === 'stdio' && config.command) void this.handshake(server);
    return server;
  }

  /** The handshake of `server` (started if it was not): resolves once it has ended. */
  async settle(server: McpServerState): Promise<void> {
    await this.handshake(server);
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
    for (const server of this.servers) {
      if (server.status !== 'pending') continue;
      if (await this.handshake(server)) return;
    }
  }

  /** Starts `server`'s handshake, or joins the one under way; true when the input closed during it. */
  private handshake(server: McpServerState): Promise<boolean> {
    let running = this.handshakes.get(server);
    if (!running) {
      running = this.connectOne(server);
      this.handshakes.set(server, running);
    }
    return running;
  }

  private async connectOne(server: McpServerState): Promise<boolean> {
    const b = this.options.behaviour;
    if (server.config) {
      if (server.config.type !== 'stdio' || !server.config.command) {
        server.status = 'failed';
        return false;
      }
      server.stdio = new StdioMcpClient(server.config, this.options.cwd, this.options.env);
    }
    try {
      const hello = await this.request(server, {
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
        ...(isRecord(t.annotations) ? { annotations: t.annotations } : {}),
      }));
      if (isRecord(hello.result) && isRecord(hello.result.serverInfo))
        server.serverInfo = hello.result.serverInfo;
      server.status = 'connected';
    } catch (error) {
      if (error instanceof StreamClosedError) return true;
      server.status = 'failed';
      if (server.stdio) {
        const missing = server.stdio.commandMissing;
        server.error = b.mcpError(missing ? 'spawn-missing' : 'closed', server.name, server.config?.command);
      }
    }
    return false;
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
  settled(): McpServerState[] {
    return this.servers.filter((s) => s.status !== 'pending');
  }

  /** The servers whose handshake has ended, as `mcp_status` reports them. */
  statusServers(): McpStatusServer[] {
    return this.settled().map((s) => ({
      name: s.name,
      status: s.status,
      ...(s.status === 'failed' && s.error !== undefined ? { error: s.error } : {}),
      sdk: s.config === undefined,
      ...(s.serverInfo ? { serverInfo: s.serverInfo } : {}),
      ...(s.config
        ? {
            config: {
              type: s.config.type,
              ...(s.config.command !== undefined ? { command: s.config.command } : {}),
              ...(s.config.args !== undefined ? { args: s.config.args } : {}),
              ...(s.config.url !== undefined ? { url: s.config.url } : {}),
            },
          }
        : {}),
      tools: s.tools,
    }));
  }

  /** The server named `name`, if the session has one. */
  find(name: string): McpServerState | undefined {
    return this.servers.find((s) => s.name === name);
  }

  /** Turns `server` off (`mcp_toggle` false): its connection is closed, its tools are gone. */
  disable(server: McpServerState): void {
    this.disconnect(server);
    server.status = 'disabled';
  }

  /**
   * Connects `server` anew (`mcp_reconnect`, `mcp_toggle` true): the old connection closed, a new
   * handshake, awaited; the server's state after it.
   */
  async reconnect(server: McpServerState): Promise<McpServerState> {
    this.disconnect(server);
    server.status = 'pending';
    await this.handshake(server);
    return server;
  }

  /** Removes `server` from the session, its connection closed. */
  remove(server: McpServerState): void {
    this.disconnect(server);
    this.servers.splice(this.servers.indexOf(server), 1);
  }

  private disconnect(server: McpServerState): void {
    server.stdio?.close();
    delete server.stdio;
    delete server.serverInfo;
    delete server.error;
    server.tools = [];
    server.nextId = 0;
    this.handshakes.delete(server);
  }

  close(): void {
    for (const server of this.servers) server.stdio?.close();
  }
}
