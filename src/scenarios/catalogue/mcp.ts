import { checkPromptingMode, get, toolResults, toolResultText, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import type { Scenario } from '../scenario.js';

export const mcpScenarios: Scenario[] = [
  {
    id: 'mcp/sdk-server',
    requirement:
      'an in-process MCP server named in initialize.sdkMcpServers is driven over mcp_message (initialize, notifications/initialized, tools/list, tools/call) and its tool is permission-gated',
    spec: '§6 in-process MCP server',
    tier: 'model',
    model: script(
      [toolUse('toolu_01Ping', 'mcp__clide-test__ping', { message: 'hi' })],
      [text('The server said pong.')],
    ),
    sdkMcpServers: [
      {
        name: 'clide-test',
        tools: [
          {
            name: 'ping',
            description: 'Answers pong',
            inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
            call: (args) => ({
              content: [{ type: 'text', text: `pong-from-clide: ${String(args.message)}` }],
            }),
          },
        ],
      },
    ],
    handlers: { can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }) },
    async drive(ctx) {
      const init = await ctx.session.request({
        subtype: 'initialize',
        hooks: {},
        sdkMcpServers: ['clide-test'],
      });
      ctx.checkEqual(init.subtype, 'success', 'control/response-subtype', 'initialize succeeds');
      await turn(ctx, 'Ping the server.');
      const msgs = ctx.session.messages();
      const methods = msgs
        .filter((m) => m.type === 'control_request' && get(m, 'request', 'subtype') === 'mcp_message')
        .map((m) => get(m, 'request', 'message', 'method'));
      for (const method of ['initialize', 'notifications/initialized', 'tools/list', 'tools/call']) {
        ctx.check(
          methods.includes(method),
          'mcp/method-missing',
          `the CLI sends ${method} over mcp_message`,
          {
            expected: method,
            actual: methods,
          },
        );
      }
      const asked = msgs.some(
        (m) =>
          get(m, 'request', 'subtype') === 'can_use_tool' &&
          get(m, 'request', 'tool_name') === 'mcp__clide-test__ping',
      );
      if (await checkPromptingMode(ctx)) {
        ctx.check(
          asked,
          'permission/no-prompt',
          'the MCP tool call is permission-gated through can_use_tool',
        );
      }
      const [res] = toolResults(msgs);
      ctx.checkEqual(
        toolResultText(res),
        'pong-from-clide: hi',
        'tool-result/text',
        'the tool_result is the server answer',
      );
    },
  },
];
