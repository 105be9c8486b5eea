/**
 * A stdio MCP server for the Agent SDK tests (`mcpServers: { calc: { type: 'stdio', command:
 * process.execPath, args: [this file] } }`): one tool, `add`, that answers the sum of `a` and `b`.
 * With `CALC_READY_FILE` in its environment it creates that file once its client has finished the
 * MCP handshake (a test can hold its prompt until the CLI has the server's tools).
 */
import { writeFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'calc', version: '1.0.0' });
server.registerTool(
  'add',
  { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
  async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
);
const ready = process.env.CALC_READY_FILE;
if (ready) {
  server.server.oninitialized = () => writeFileSync(ready, '');
}
await server.connect(new StdioServerTransport());
