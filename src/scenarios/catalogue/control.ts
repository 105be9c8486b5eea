import { get, success, turn } from '../expect.js';
import { noModel, script, text, toolUse } from '../model.js';
import type { Scenario } from '../scenario.js';
import { hasFact } from '../version-facts.js';
import { byVersion } from '../version-range.js';

/** The offline tier: control requests that need no model turn. */
export const controlScenarios: Scenario[] = [
  {
    id: 'control/initialize',
    requirement:
      'initialize answers with commands (name, description, argumentHint), models, account and pid',
    spec: '§2 initialize handshake',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      const res = await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      const body = success(ctx, res, 'initialize');
      const commands = body.commands as Array<Record<string, unknown>> | undefined;
      ctx.check(
        Array.isArray(commands) && commands.length > 0,
        'initialize/commands',
        'commands[] is a non-empty list',
        {
          path: ['response', 'response', 'commands'],
          actual: commands,
        },
      );
      const first = commands?.[0] ?? {};
      for (const key of ['name', 'description', 'argumentHint']) {
        ctx.check(key in first, 'initialize/command-field', `each command has ${key}`, {
          path: ['response', 'response', 'commands', 0, key],
          expected: 'present',
        });
      }
      for (const key of ['models', 'account', 'pid']) {
        ctx.check(key in body, 'initialize/field', `the response has ${key}`, {
          path: ['response', 'response', key],
          expected: 'present',
        });
      }
    },
  },
  {
    id: 'control/get-binary-version',
    requirement: 'get_binary_version answers with the CLI version',
    spec: '§2 other control_request subtypes',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      const body = success(
        ctx,
        await ctx.session.request({ subtype: 'get_binary_version' }),
        'get_binary_version',
      );
      ctx.check(typeof body.version === 'string', 'control/field', 'version is a string', {
        path: ['response', 'response', 'version'],
        actual: body.version,
      });
    },
  },
  {
    id: 'control/mcp-status',
    requirement: 'mcp_status answers with the list of MCP servers',
    spec: '§6 MCP',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      const body = success(ctx, await ctx.session.request({ subtype: 'mcp_status' }), 'mcp_status');
      ctx.check(Array.isArray(body.mcpServers), 'control/field', 'mcpServers is a list', {
        path: ['response', 'response', 'mcpServers'],
        actual: body.mcpServers,
      });
    },
  },
  {
    id: 'control/get-settings',
    requirement: 'get_settings answers with effective settings, sources and applied values',
    spec: '§2 other control_request subtypes',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      const body = success(ctx, await ctx.session.request({ subtype: 'get_settings' }), 'get_settings');
      for (const key of ['effective', 'sources', 'applied']) {
        ctx.check(key in body, 'control/field', `the response has ${key}`, {
          path: ['response', 'response', key],
        });
      }
    },
  },
  {
    id: 'control/get-context-usage',
    requirement: 'get_context_usage answers with categories, totalTokens and maxTokens',
    spec: '§1 result (context window)',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      const body = success(
        ctx,
        await ctx.session.request({ subtype: 'get_context_usage' }),
        'get_context_usage',
      );
      ctx.check(Array.isArray(body.categories), 'control/field', 'categories is a list', {
        path: ['response', 'response', 'categories'],
      });
      ctx.check(typeof body.maxTokens === 'number', 'control/field', 'maxTokens is a number', {
        path: ['response', 'response', 'maxTokens'],
        actual: body.maxTokens,
      });
    },
  },
  {
    id: 'control/usage-after-turns',
    requirement:
      "after model turns, get_context_usage (in full and as a summary), get_session_cost and get_usage report the session: the last response's usage, the messages and their breakdown, the cost per model, the lines a tool changed, the prompt cache",
    spec: '§1 result (context window)',
    tier: 'model',
    // get_usage is newer than some versions (they refuse it); so is get_context_usage's `detail`.
    deliberate: (version) => ({
      unsupportedSubtypes: true,
      ...(hasFact(version, 'contextUsageSummary')
        ? {}
        : { unknown: ['schema/unknown-field $.request.detail', 'schema/unknown-field $.request.detail'] }),
    }),
    args: { extraArgs: ['--permission-mode', 'acceptEdits'] },
    model: script(
      // A tool that changes lines, in a response whose usage caches part of the prompt.
      {
        blocks: [
          toolUse('toolu_01UsageWrite', 'Write', { file_path: 'usage.txt', content: 'one\ntwo\nthree\n' }),
        ],
        usage: { input_tokens: 12000, output_tokens: 40, cache_creation_input_tokens: 3000 },
      },
      [text('Written.')],
      // Two texts in one response (the usage covers the first); most of the prompt read from the cache.
      {
        blocks: [text('First line.'), text('Second line.')],
        usage: { input_tokens: 900, output_tokens: 25, cache_read_input_tokens: 14000 },
      },
    ),
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      const counts = () => ctx.modelRequests().filter((r) => r.kind === 'count_tokens').length;
      const reports = async (when: string) => {
        const full = success(
          ctx,
          await ctx.session.request({ subtype: 'get_context_usage' }),
          `get_context_usage ${when}`,
        );
        ctx.check(
          get(full, 'apiUsage', 'input_tokens') !== undefined,
          'control/field',
          `get_context_usage ${when} reports the last response's usage`,
          { path: ['response', 'response', 'apiUsage'], actual: full.apiUsage },
        );
        success(
          ctx,
          await ctx.session.request({ subtype: 'get_context_usage', detail: 'summary' }),
          `get_context_usage as a summary ${when}`,
        );
        // The CLI answers get_context_usage once its token counts are answered: none comes later.
        const counted = counts();
        const cost = success(
          ctx,
          await ctx.session.request({ subtype: 'get_session_cost' }),
          `get_session_cost ${when}`,
        );
        ctx.check(
          typeof cost.text === 'string' && cost.text.includes('Usage by model:'),
          'control/field',
          `get_session_cost ${when} reports the usage per model`,
          { path: ['response', 'response', 'text'], actual: cost.text },
        );
        // Versions without get_usage refuse it; none leaves it unanswered.
        const usage = await ctx.session.request({ subtype: 'get_usage', skip_behaviors: true });
        ctx.check(
          usage.subtype === 'success' || usage.subtype === 'error',
          'control/response-subtype',
          `get_usage ${when} is answered`,
          { path: ['response', 'subtype'], actual: usage.subtype },
        );
        ctx.check(
          counts() === counted,
          'control/count-tokens',
          `get_context_usage ${when} sends its token counts before it answers`,
          { expected: counted, actual: counts() },
        );
      };
      await turn(ctx, 'Write three lines to usage.txt.');
      await reports('after a turn with a tool');
      await turn(ctx, 'Now say two lines.');
      await reports('after a second turn');
    },
  },
  {
    id: 'control/set-model',
    requirement:
      'set_model is accepted; before 2.1.251 it is announced by a replayed local-command user message ("Set model to <m>", the model in backticks from 2.1.248) ahead of the reply, from 2.1.251 no user message is sent; the reply is empty before 2.1.307 and echoes the model from 2.1.307',
    spec: '§2 other control_request subtypes',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      const model = 'claude-sonnet-4-5';
      const body = success(ctx, await ctx.session.request({ subtype: 'set_model', model }), 'set_model');
      // Boundaries: set_model: 2.1.247 announces "Set model to <m>", 2.1.248 "Set model to `<m>`",
      // 2.1.250 the same, 2.1.251 nothing; 2.1.306 replies with no body, 2.1.307 echoes the model (run
      // one by one: 2.1.245, 2.1.247, 2.1.248, 2.1.250, 2.1.251, 2.1.252, 2.1.258, 2.1.263, 2.1.306,
      // 2.1.307, 2.1.308, 2.1.310, 2.1.315).
      const notice = byVersion<string | null>(ctx, {
        '<2.1.248': `Set model to ${model}`,
        '>=2.1.248 <2.1.251': `Set model to \`${model}\``,
        '>=2.1.251': null,
      });
      const echoes = byVersion(ctx, { '<2.1.307': false, '>=2.1.307': true });
      if (notice !== null) {
        const echo = await ctx.session.waitFor((m) => m.type === 'user', 'the set_model notice');
        ctx.checkEqual(
          get(echo, 'message', 'content'),
          `<local-command-stdout>${notice}</local-command-stdout>`,
          'set-model/notice',
          'the CLI reports the new model as a local-command message',
          ['message', 'content'],
        );
        ctx.checkEqual(echo.isReplay, true, 'set-model/notice', 'the notice is a replayed message', [
          'isReplay',
        ]);
        const msgs = ctx.session.messages();
        const reply = msgs.findIndex((m) => m.type === 'control_response');
        ctx.check(msgs.indexOf(echo) < reply, 'set-model/order', 'the notice comes before the reply', {
          actual: { notice: msgs.indexOf(echo), reply },
        });
      }
      ctx.checkEqual(
        body,
        echoes ? { model } : {},
        'set-model/reply',
        echoes ? 'the reply echoes the model' : 'the reply has no body',
        ['response', 'response'],
      );
      if (notice === null) {
        // A later request answered is the fence: a notice would have come before its reply.
        success(ctx, await ctx.session.request({ subtype: 'get_binary_version' }), 'get_binary_version');
        const users = ctx.session.messages().filter((m) => m.type === 'user');
        ctx.checkEqual(users, [], 'set-model/notice', 'no local-command user message is sent');
      }
    },
  },
  {
    id: 'control/set-permission-mode',
    requirement: 'set_permission_mode acceptEdits is acknowledged with the mode and a system/status event',
    spec: '§5 permission modes',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      const body = success(
        ctx,
        await ctx.session.request({ subtype: 'set_permission_mode', mode: 'acceptEdits' }),
        'set_permission_mode',
      );
      ctx.checkEqual(body.mode, 'acceptEdits', 'control/field', 'the reply echoes the mode', [
        'response',
        'response',
        'mode',
      ]);
      const status = await ctx.session.waitFor(
        (m) => m.type === 'system' && m.subtype === 'status',
        'system/status',
      );
      ctx.checkEqual(
        status.permissionMode,
        'acceptEdits',
        'status/permission-mode',
        'status carries the new mode',
        ['permissionMode'],
      );
    },
  },
  {
    id: 'control/set-permission-mode-invalid',
    requirement:
      'set_permission_mode with an unknown mode: record how the CLI answers (2.1.150 echoes it back as success)',
    spec: '§5 permission modes',
    tier: 'offline',
    model: noModel,
    deliberate: { violations: ['schema/invalid-value $.request.mode'] },
    async drive(ctx) {
      const res = await ctx.session.request({ subtype: 'set_permission_mode', mode: 'bogus' });
      ctx.check(
        res.subtype === 'success' || res.subtype === 'error',
        'control/response-subtype',
        'the request is answered',
        {
          path: ['response', 'subtype'],
          actual: res.subtype,
        },
      );
    },
  },
  {
    id: 'control/list-models',
    requirement: 'list_models is answered (2.1.150: an "Unsupported control request subtype" error)',
    spec: '§2 other control_request subtypes',
    tier: 'offline',
    model: noModel,
    deliberate: { unsupportedSubtypes: true },
    async drive(ctx) {
      const res = await ctx.session.request({ subtype: 'list_models' });
      ctx.check(
        res.subtype === 'success' || res.subtype === 'error',
        'control/response-subtype',
        'the request is answered',
        {
          path: ['response', 'subtype'],
          actual: res.subtype,
        },
      );
    },
  },
  {
    id: 'control/unknown-subtype',
    requirement:
      'an unknown client subtype gets an error reply "Unsupported control request subtype: <x>", never a hang',
    spec: '§2 answer every control_request',
    tier: 'offline',
    model: noModel,
    deliberate: { unknown: ['schema/unknown-subtype $.request.subtype'] },
    async drive(ctx) {
      const res = await ctx.session.request({ subtype: 'frobnicate' });
      ctx.checkEqual(res.subtype, 'error', 'control/response-subtype', 'the reply is an error', [
        'response',
        'subtype',
      ]);
      ctx.checkEqual(
        res.error,
        'Unsupported control request subtype: frobnicate',
        'control/error-text',
        'the error names the subtype',
        ['response', 'error'],
      );
    },
  },
];
