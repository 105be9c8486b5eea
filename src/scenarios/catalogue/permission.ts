import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkPromptingMode, get, toolResults, toolResultText, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import type { Scenario, ScenarioContext } from '../scenario.js';
import { hasFact } from '../version-facts.js';

type Json = Record<string, unknown>;

const writeBanana = (id = 'toolu_01WriteBanana') =>
  toolUse(id, 'Write', { file_path: 'banana.txt', content: 'yellow\n' });

async function fileText(ctx: ScenarioContext, name: string): Promise<string | undefined> {
  return readFile(join(ctx.cwd, name), 'utf8').catch(() => undefined);
}

function canUseToolRequests(ctx: ScenarioContext): Json[] {
  return ctx.session
    .messages()
    .filter((m) => m.type === 'control_request' && get(m, 'request', 'subtype') === 'can_use_tool');
}

export const permissionScenarios: Scenario[] = [
  {
    id: 'permission/allow',
    requirement:
      'with --permission-prompt-tool stdio a Write asks can_use_tool; allow + updatedInput runs it for real',
    spec: '§0, §2 can_use_tool',
    tier: 'model',
    model: script([writeBanana()], [text('Wrote banana.txt.')]),
    handlers: { can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }) },
    async drive(ctx) {
      await turn(ctx, 'Write banana.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      const [ask] = canUseToolRequests(ctx);
      ctx.check(ask !== undefined, 'permission/no-prompt', 'a can_use_tool request arrives for Write');
      const req = (ask?.request ?? {}) as Json;
      ctx.checkEqual(req.tool_name, 'Write', 'permission/tool-name', 'tool_name is Write', [
        'request',
        'tool_name',
      ]);
      for (const key of ['display_name', 'input', 'description', 'permission_suggestions', 'tool_use_id']) {
        ctx.check(key in req, 'permission/field', `can_use_tool carries ${key}`, { path: ['request', key] });
      }
      ctx.checkEqual(
        await fileText(ctx, 'banana.txt'),
        'yellow\n',
        'tool/effect',
        'the file is really written',
      );
      const [res] = toolResults(ctx.session.messages());
      ctx.checkEqual(
        res?.is_error ?? false,
        false,
        'tool-result/is-error',
        'the tool result is not an error',
      );
    },
  },
  {
    id: 'permission/deny',
    requirement:
      'deny + message: the tool does not run and the model gets an is_error tool_result with that message',
    spec: '§2 can_use_tool DENY',
    tier: 'model',
    model: script([writeBanana()], [text('Understood, not writing.')]),
    handlers: { can_use_tool: () => ({ behavior: 'deny', message: 'User declined.' }) },
    async drive(ctx) {
      await turn(ctx, 'Write banana.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      ctx.checkEqual(await fileText(ctx, 'banana.txt'), undefined, 'tool/effect', 'the file is not written');
      const [res] = toolResults(ctx.session.messages());
      ctx.checkEqual(res?.is_error, true, 'tool-result/is-error', 'the tool result is an error');
      ctx.checkEqual(
        toolResultText(res),
        'User declined.',
        'tool-result/text',
        'the tool result is the deny message',
      );
    },
  },
  {
    id: 'permission/allow-without-updated-input',
    requirement:
      'a bare {"behavior":"allow"}: before 2.1.207 it is rejected with a ZodError tool_result naming updatedInput and the tool does not run; from 2.1.207 the tool runs with its original input',
    spec: '§2 can_use_tool ALLOW',
    tier: 'model',
    model: script([writeBanana()], [text('The permission reply was rejected.')]),
    handlers: { can_use_tool: () => ({ behavior: 'allow' }) },
    // The bare allow is a mistake where the CLI rejects it; its schemas say so.
    deliberate: (version) =>
      hasFact(version, 'bareAllowRunsTool')
        ? {}
        : { violations: ['schema/missing-field $.response.response.updatedInput'] },
    async drive(ctx) {
      await turn(ctx, 'Write banana.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      const [res] = toolResults(ctx.session.messages());
      const body = toolResultText(res);
      // Boundary: bare allow: 2.1.206 still rejects it with a ZodError, 2.1.207 (and 2.1.208, 2.1.211, 2.1.332) run the tool
      // (bisected: `clide-conformance bisect permission/allow-without-updated-input --good 2.1.206 --bad 2.1.217`).
      const expected = hasFact(ctx.cliVersion, 'bareAllowRunsTool')
        ? { rejected: false, file: 'yellow\n' }
        : { rejected: true, file: undefined };
      if (expected.rejected) {
        ctx.check(
          body.startsWith('Tool permission request failed: ZodError'),
          'permission/zod-error',
          'the reply is rejected with a ZodError',
          {
            expected: 'Tool permission request failed: ZodError…',
            actual: body.slice(0, 120),
          },
        );
        ctx.check(
          body.includes('updatedInput'),
          'permission/zod-error-path',
          'the ZodError names updatedInput',
          {
            actual: body.slice(0, 400),
          },
        );
        ctx.checkEqual(res?.is_error, true, 'tool-result/is-error', 'the tool result is an error');
      } else {
        ctx.check(
          body.startsWith('File created successfully at: banana.txt'),
          'tool-result/text',
          'the tool result reports the file written',
          { expected: 'File created successfully at: banana.txt…', actual: body.slice(0, 120) },
        );
        ctx.checkEqual(
          res?.is_error ?? false,
          false,
          'tool-result/is-error',
          'the tool result is not an error',
        );
      }
      ctx.checkEqual(
        await fileText(ctx, 'banana.txt'),
        expected.file,
        'tool/effect',
        expected.file === undefined
          ? 'the file is not written'
          : 'the file is written with the original input',
      );
    },
  },
  {
    id: 'permission/updated-input-modifies',
    requirement: 'allow with a modified updatedInput runs the tool with the modified input',
    spec: '§2 can_use_tool ALLOW',
    tier: 'model',
    model: script([writeBanana()], [text('Wrote it.')]),
    handlers: {
      can_use_tool: (req) => ({
        behavior: 'allow',
        updatedInput: { ...(req.input as Json), content: 'green\n' },
      }),
    },
    async drive(ctx) {
      await turn(ctx, 'Write banana.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      ctx.checkEqual(
        await fileText(ctx, 'banana.txt'),
        'green\n',
        'tool/effect',
        'the file has the modified content',
      );
    },
  },
  {
    id: 'permission/no-stdio-auto-deny',
    requirement:
      'without --permission-prompt-tool stdio no prompt arrives: the Write is auto-denied ("haven\'t granted it yet") and listed in permission_denials',
    spec: '§0 stdio is mandatory',
    tier: 'model',
    model: script([writeBanana()], [text('I could not write it.')]),
    args: { permissionPromptTool: null },
    async drive(ctx) {
      const result = await turn(ctx, 'Write banana.txt.');
      // In auto mode the Write runs: nothing is denied.
      if (!(await checkPromptingMode(ctx))) return;
      ctx.checkEqual(
        canUseToolRequests(ctx).length,
        0,
        'permission/unexpected-prompt',
        'no can_use_tool request arrives',
      );
      const [res] = toolResults(ctx.session.messages());
      ctx.check(
        toolResultText(res).includes("but you haven't granted it yet"),
        'permission/auto-deny-text',
        'the auto-denial text reaches the model',
        {
          actual: toolResultText(res),
        },
      );
      const denials = result.permission_denials as Json[] | undefined;
      ctx.check(
        Array.isArray(denials) && denials.some((d) => d.tool_name === 'Write'),
        'permission/denials',
        'permission_denials lists the Write',
        {
          path: ['permission_denials'],
          actual: denials,
        },
      );
    },
  },
  {
    id: 'permission/accept-edits-mode',
    requirement: 'after set_permission_mode acceptEdits, a Write runs without a can_use_tool prompt',
    spec: '§5 permission modes',
    tier: 'model',
    model: script([writeBanana()], [text('Wrote it without asking.')]),
    handlers: { can_use_tool: () => ({ behavior: 'deny', message: 'should not be asked' }) },
    async drive(ctx) {
      const res = await ctx.session.request({ subtype: 'set_permission_mode', mode: 'acceptEdits' });
      ctx.checkEqual(res.subtype, 'success', 'control/response-subtype', 'set_permission_mode succeeds');
      await turn(ctx, 'Write banana.txt.');
      ctx.checkEqual(
        canUseToolRequests(ctx).length,
        0,
        'permission/unexpected-prompt',
        'no can_use_tool request arrives',
      );
      ctx.checkEqual(await fileText(ctx, 'banana.txt'), 'yellow\n', 'tool/effect', 'the file is written');
    },
  },
];
