#!/usr/bin/env node
// A tiny stdio MCP server (newline-delimited JSON-RPC 2.0, no dependencies) that serves one tool,
// `approve`, for `claude --permission-prompt-tool mcp__<server>__approve`. Its decision comes from
// the command line: `--decision allow|deny|modify` (modify replaces `content` in the tool input with
// the value of `--content`). Every call is appended to the file named by `--log`, if any.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
};
const decision = arg('decision', 'allow');
const content = arg('content', 'modified by the permission tool\n');
const log = arg('log', undefined);

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

function decide(args) {
  if (decision === 'deny') return { behavior: 'deny', message: 'Denied by the MCP permission tool.' };
  const input = args.input ?? {};
  if (decision === 'modify') return { behavior: 'allow', updatedInput: { ...input, content } };
  return { behavior: 'allow', updatedInput: input };
}

createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.id === undefined || msg.id === null) return; // notifications need no answer
  const reply = (result) => send({ jsonrpc: '2.0', id: msg.id, result });
  switch (msg.method) {
    case 'initialize':
      return reply({
        protocolVersion: msg.params?.protocolVersion ?? '2025-11-25',
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'clide-permission-server', version: '1.0.0' },
      });
    case 'tools/list':
      return reply({
        tools: [
          {
            name: 'approve',
            description: 'Decides whether a tool call may run',
            inputSchema: {
              type: 'object',
              properties: {
                tool_name: { type: 'string' },
                input: { type: 'object' },
                tool_use_id: { type: 'string' },
              },
              required: ['tool_name', 'input'],
            },
          },
        ],
      });
    case 'tools/call': {
      const args = msg.params?.arguments ?? {};
      if (log) appendFileSync(log, `${JSON.stringify(args)}\n`);
      return reply({ content: [{ type: 'text', text: JSON.stringify(decide(args)) }] });
    }
    case 'ping':
      return reply({});
    default:
      return send({
        jsonrpc: '2.0',
        id: msg.id,
        error: { code: -32601, message: `Method not found: ${msg.method}` },
      });
  }
});
