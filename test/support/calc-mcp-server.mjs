/**
 * A stdio MCP server for the Agent SDK tests (`mcpServers: { calc: { type: 'stdio', command:
 * process.execPath, args: [this file] } }`): one tool, `add`, that answers the sum of `a` and `b`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'calc', version: '1.0.0' });
server.registerTool(
  'add',
  { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
  async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
);
await server.connect(new StdioServerTransport());
