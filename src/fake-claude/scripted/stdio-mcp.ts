import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isRecord } from '../../util/json.js';
import type { Json } from '../behaviour/index.js';

/**
 * MCP servers from `--mcp-config` (inline JSON or files). `stdio` servers are spawned and spoken to
 * with newline-delimited JSON-RPC, like the real CLI does; `sdk` entries are left to `initialize`
 * (the Agent SDK names its in-process servers there); other transports are reported as failed.
 */

export interface McpConfigEntry {
  name: string;
  type: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  /** An http or sse server's address (not dialed: such a server is reported failed). */
  url?: string;
}

/** The servers of every `--mcp-config` value, in order (a later server of the same name wins). */
export function parseMcpConfigs(values: readonly string[]): McpConfigEntry[] {
  const byName = new Map<string, McpConfigEntry>();
  for (const value of values) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(existsSync(value) ? readFileSync(value, 'utf8') : value);
    } catch {
      continue;
    }
    const servers = isRecord(parsed) && isRecord(parsed.mcpServers) ? parsed.mcpServers : {};
    for (const [name, config] of Object.entries(servers)) {
      if (!isRecord(config)) continue;
      byName.set(name, {
        name,
        type:
          typeof config.type === 'string'
            ? config.type
            : typeof config.command === 'string'
              ? 'stdio'
              : 'unknown',
        ...(typeof config.command === 'string' ? { command: config.command } : {}),
        ...(typeof config.url === 'string' ? { url: config.url } : {}),
        ...(Array.isArray(config.args) ? { args: config.args.map(String) } : {}),
        ...(isRecord(config.env)
          ? { env: Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, String(v)])) }
          : {}),
      });
    }
  }
  return [...byName.values()];
}

/** One spawned stdio MCP server. */
export class StdioMcpClient {
  private readonly child: ChildProcess;
  private readonly pending = new Map<string, (message: Json) => void>();
  private buffer = '';
  private closed = false;
  /** Its command could not be started: there is no such file. */
  commandMissing = false;

  constructor(entry: McpConfigEntry, cwd: string, env: Record<string, string | undefined>) {
    // Loaded on first use: node:child_process is a start-up cost no session without MCP servers pays.
    const { spawn } = process.getBuiltinModule('node:child_process');
    this.child = spawn(entry.command ?? '', entry.args ?? [], {
      cwd,
      env: { ...env, ...entry.env } as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') this.commandMissing = true;
      this.fail();
    });
    this.child.on('exit', () => this.fail());
    this.child.stdin?.on('error', () => this.fail());
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      let nl = this.buffer.indexOf('\n');
      while (nl !== -1) {
        const line = this.buffer.slice(0, nl).trim();
        this.buffer = this.buffer.slice(nl + 1);
        nl = this.buffer.indexOf('\n');
        if (!line) continue;
        try {
          const message = JSON.parse(line) as Json;
          const resolve = this.pending.get(String(message.id));
          if (resolve) {
            this.pending.delete(String(message.id));
            resolve(message);
          }
        } catch {
          // not JSON-RPC: ignore, like a log line
        }
      }
    });
  }

  /** Sends a request (answered) or a notification (no `id`: resolves at once with `{}`). */
  send(message: Json, signal?: AbortSignal): Promise<Json> {
    if (this.closed) return Promise.reject(new Error('MCP server connection closed'));
    this.child.stdin?.write(`${JSON.stringify(message)}\n`);
    if (message.id === undefined) return Promise.resolve({});
    return new Promise((resolve, reject) => {
      const key = String(message.id);
      const onAbort = () => {
        this.pending.delete(key);
        reject(new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(key, (reply) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(reply);
      });
      const timer = setTimeout(() => {
        if (this.pending.delete(key)) reject(new Error('MCP server did not answer within 30 s'));
      }, 30_000);
      timer.unref();
    });
  }

  close(): void {
    this.closed = true;
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
  }

  private fail(): void {
    this.closed = true;
    for (const [key, resolve] of this.pending) {
      this.pending.delete(key);
      resolve({ jsonrpc: '2.0', id: key, error: { code: -32000, message: 'MCP server connection closed' } });
    }
  }
}
