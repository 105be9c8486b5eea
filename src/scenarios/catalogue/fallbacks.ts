import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assetPath } from '../assets.js';
import { checkPromptingMode, get, toolResults, toolResultText, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import { REPLAY_GAP, type ReplayGaps, type Scenario, type ScenarioContext } from '../scenario.js';
import { byVersion, type VersionRange } from '../version-range.js';

type Json = Record<string, unknown>;
type Decision = 'allow' | 'deny' | 'modify';

const writeBanana = () =>
  toolUse('toolu_01FallbackWrite', 'Write', { file_path: 'banana.txt', content: 'yellow\n' });
const MODIFIED = 'modified by the permission tool\n';

async function fileText(ctx: ScenarioContext, name: string): Promise<string | undefined> {
  return readFile(join(ctx.cwd, name), 'utf8').catch(() => undefined);
}

function promptsFor(ctx: ScenarioContext, subtype = 'can_use_tool'): Json[] {
  return ctx.session
    .messages()
    .filter((m) => m.type === 'control_request' && get(m, 'request', 'subtype') === subtype);
}

/** What each decision must do to the Write, whichever transport carried it. */
async function checkDecisionEffect(ctx: ScenarioContext, decision: Decision): Promise<void> {
  const expected = decision === 'deny' ? undefined : decision === 'modify' ? MODIFIED : 'yellow\n';
  ctx.checkEqual(
    await fileText(ctx, 'banana.txt'),
    expected,
    'tool/effect',
    `the ${decision} decision has its effect on the file`,
  );
  const [res] = toolResults(ctx.session.messages());
  ctx.checkEqual(
    res?.is_error ?? false,
    decision === 'deny',
    'tool-result/is-error',
    'the tool result matches the decision',
  );
  if (decision === 'deny') {
    ctx.check(
      toolResultText(res).includes('Denied by the MCP permission tool.'),
      'tool-result/text',
      'the deny message reaches the model',
      {
        actual: toolResultText(res),
      },
    );
  }
  ctx.checkEqual(
    promptsFor(ctx).length,
    0,
    'permission/unexpected-prompt',
    'no stdio can_use_tool prompt is sent',
  );
}

function sdkPermissionTool(decision: Decision): Scenario {
  return {
    id: `mcp-permission-tool/sdk-${decision}`,
    requirement: `--permission-prompt-tool mcp__perm__approve served by an in-process MCP server: ${decision} is honoured`,
    spec: '§5 fallback 1 (MCP permission tool), §6',
    tier: 'model',
    model: script([writeBanana()], [text('Handled by the permission tool.')]),
    args: { permissionPromptTool: 'mcp__perm__approve' },
    sdkMcpServers: [
      {
        name: 'perm',
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
            },
            call: (args) => {
              const input = (args.input ?? {}) as Json;
              const body =
                decision === 'deny'
                  ? { behavior: 'deny', message: 'Denied by the MCP permission tool.' }
                  : {
                      behavior: 'allow',
                      updatedInput: decision === 'modify' ? { ...input, content: MODIFIED } : input,
                    };
              return { content: [{ type: 'text', text: JSON.stringify(body) }] };
            },
          },
        ],
      },
    ],
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: ['perm'] });
      await turn(ctx, 'Write banana.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      const call = ctx.session
        .messages()
        .find(
          (m) =>
            get(m, 'request', 'subtype') === 'mcp_message' &&
            get(m, 'request', 'message', 'method') === 'tools/call',
        );
      ctx.check(
        call !== undefined,
        'mcp/method-missing',
        'the CLI calls the permission tool through tools/call',
      );
      ctx.checkEqual(
        get(call, 'request', 'message', 'params', 'arguments', 'tool_name'),
        'Write',
        'mcp-permission/arguments',
        'the permission tool is asked about the Write',
        ['request', 'message', 'params', 'arguments', 'tool_name'],
      );
      await checkDecisionEffect(ctx, decision);
    },
  };
}

function stdioPermissionTool(decision: Decision): Scenario {
  return {
    id: `mcp-permission-tool/stdio-${decision}`,
    requirement: `--permission-prompt-tool mcp__perm__approve served by a stdio MCP server from --mcp-config: ${decision} is honoured`,
    spec: '§5 fallback 1 (MCP permission tool)',
    tier: 'model',
    replayGaps: { 'mcp-permission/calls': REPLAY_GAP.stdioMcp },
    model: script([writeBanana()], [text('Handled by the permission tool.')]),
    args: (state) => ({
      permissionPromptTool: 'mcp__perm__approve',
      mcpConfig: JSON.stringify({
        mcpServers: {
          perm: {
            type: 'stdio',
            command: process.execPath,
            args: [
              assetPath('permission-mcp-server.mjs'),
              '--decision',
              decision,
              '--log',
              String(state.log),
            ],
          },
        },
      }),
    }),
    async prepare(ctx) {
      ctx.state.log = join(ctx.home, 'permission-tool.log');
    },
    async drive(ctx) {
      await turn(ctx, 'Write banana.txt.');
      if (!(await checkPromptingMode(ctx))) return;
      const calls = (await readFile(String(ctx.state.log), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Json);
      ctx.checkEqual(
        calls.map((c) => c.tool_name),
        ['Write'],
        'mcp-permission/calls',
        'the stdio permission tool is called once, for the Write',
      );
      await checkDecisionEffect(ctx, decision);
    },
  };
}

/** Write then Bash in one model turn, to see which a permission mode lets through. */
const writeAndBash = () =>
  script(
    [
      toolUse('toolu_01ModeWrite', 'Write', { file_path: 'banana.txt', content: 'yellow\n' }),
      toolUse('toolu_01ModeBash', 'Bash', { command: 'echo hi > bash.txt', description: 'Write bash.txt' }),
    ],
    [text('Done with the mode.')],
  );

/** What a permission mode does to the Write and the Bash of `writeAndBash`. */
interface ModeExpectation {
  expectRan: { write: boolean; bash: boolean };
  expectPrompts: string[];
  /** decision_reason_type of every system/permission_denied event (default: not checked). */
  deniedBy?: string;
}

function permissionModeScenario(
  options: {
    id: string;
    mode: string;
    requirement: string;
    extraArgs?: string[];
    env?: Record<string, string>;
  } & (ModeExpectation | { byVersion: Record<VersionRange, ModeExpectation> }),
): Scenario {
  const expectation = (version: string): ModeExpectation =>
    'byVersion' in options ? byVersion(version, options.byVersion) : options;
  return {
    id: options.id,
    requirement: options.requirement,
    spec: '§5 fallback 2 (permission modes)',
    tier: 'model',
    // The Bash's file is checked; a replay runs no Bash.
    replayGaps: (version): ReplayGaps =>
      expectation(version).expectRan.bash ? { 'mode/bash': REPLAY_GAP.bash } : {},
    model: writeAndBash(),
    args: { permissionMode: options.mode, extraArgs: options.extraArgs },
    env: options.env,
    handlers: { can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }) },
    async drive(ctx) {
      const expected = expectation(ctx.cliVersion);
      const result = await turn(ctx, 'Write banana.txt and run a command.');
      const init = ctx.session.messages().find((m) => m.type === 'system' && m.subtype === 'init');
      ctx.checkEqual(
        init?.permissionMode,
        options.mode,
        'init/permission-mode',
        'system/init reports the mode',
        ['permissionMode'],
      );
      ctx.checkEqual(
        (await fileText(ctx, 'banana.txt')) !== undefined,
        expected.expectRan.write,
        'mode/write',
        `Write ${expected.expectRan.write ? 'runs' : 'is denied'}`,
      );
      ctx.checkEqual(
        (await fileText(ctx, 'bash.txt')) !== undefined,
        expected.expectRan.bash,
        'mode/bash',
        `Bash ${expected.expectRan.bash ? 'runs' : 'is denied'}`,
      );
      ctx.checkEqual(
        promptsFor(ctx).map((m) => get(m, 'request', 'tool_name')),
        expected.expectPrompts,
        'mode/prompts',
        'the tools prompted for are the expected ones',
      );
      const denied = ((result.permission_denials as Json[] | undefined) ?? []).map((d) => d.tool_name).sort();
      const expectedDenied = [
        ...(expected.expectRan.bash ? [] : ['Bash']),
        ...(expected.expectRan.write ? [] : ['Write']),
      ].sort();
      ctx.checkEqual(
        denied,
        expectedDenied,
        'permission/denials',
        'permission_denials lists exactly the denied tools',
        ['permission_denials'],
      );
      const events = ctx.session
        .messages()
        .filter((m) => m.type === 'system' && m.subtype === 'permission_denied');
      ctx.checkEqual(
        events.map((m) => m.tool_name).sort(),
        expectedDenied,
        'permission/denied-events',
        'a system/permission_denied event is emitted per denied tool',
      );
      if (expected.deniedBy !== undefined) {
        ctx.checkEqual(
          events.map((m) => m.decision_reason_type),
          events.map(() => expected.deniedBy),
          'permission/denied-reason',
          `the denials are decided by the ${expected.deniedBy}`,
        );
      }
    },
  };
}

export const fallbackScenarios: Scenario[] = [
  sdkPermissionTool('allow'),
  sdkPermissionTool('deny'),
  sdkPermissionTool('modify'),
  stdioPermissionTool('allow'),
  stdioPermissionTool('deny'),
  stdioPermissionTool('modify'),
  permissionModeScenario({
    id: 'permission-mode/accept-edits',
    mode: 'acceptEdits',
    requirement: '--permission-mode acceptEdits: edits and in-cwd shell writes run without a prompt',
    expectRan: { write: true, bash: true },
    expectPrompts: [],
  }),
  permissionModeScenario({
    id: 'permission-mode/dont-ask',
    mode: 'dontAsk',
    requirement:
      '--permission-mode dontAsk: every tool that would ask is denied, with system/permission_denied and permission_denials',
    expectRan: { write: false, bash: false },
    expectPrompts: [],
  }),
  permissionModeScenario({
    id: 'permission-mode/bypass',
    mode: 'bypassPermissions',
    requirement:
      '--permission-mode bypassPermissions with --allow-dangerously-skip-permissions: every tool runs unprompted (as root only with IS_SANDBOX=1)',
    expectRan: { write: true, bash: true },
    expectPrompts: [],
    extraArgs: ['--allow-dangerously-skip-permissions'],
    env: { IS_SANDBOX: '1' },
  }),
  permissionModeScenario({
    id: 'permission-mode/plan',
    mode: 'plan',
    requirement:
      '--permission-mode plan: before 2.1.218 both tools reach the client as can_use_tool prompts and run when allowed, except from 2.1.198 to 2.1.211, where only the Write is prompted for and the Bash runs unprompted (no classifier is asked either); from 2.1.218 plan mode uses auto-mode semantics (setting useAutoModeDuringPlan, default true): the Write is still prompted for and runs, the Bash goes to the auto-mode classifier instead of a prompt: up to 2.1.318 the CLI asks it through the API endpoint it is given (the scripted API answers with an allowing verdict) and the Bash runs unprompted; from 2.1.319 the check only runs on the Anthropic API, so behind a custom endpoint (the offline sandbox) the Bash is denied without a prompt (system/permission_denied, decision_reason_type classifier, decision_reason_code auto_mode_no_check_in_session; permission_denials)',
    // Boundaries: plan mode: 2.1.197 prompts for the Bash, 2.1.198 to 2.1.211 run it unprompted (2.1.199
    // asks no classifier), 2.1.212 to 2.1.217 prompt for it again, 2.1.218 sends it to the classifier
    // (run one by one: 2.1.190, 2.1.193, 2.1.195, 2.1.197, 2.1.212, 2.1.215 to 2.1.217 prompt; 2.1.198
    // to 2.1.200, 2.1.207, 2.1.209 to 2.1.211 do not).
    // The classifier is asked through the custom endpoint up to 2.1.318 and refused there from 2.1.319
    // (2.1.306, 2.1.315 to 2.1.318 ask it; 2.1.319 to 2.1.324 and 2.1.332 deny).
    byVersion: {
      '<2.1.198': { expectRan: { write: true, bash: true }, expectPrompts: ['Write', 'Bash'] },
      '>=2.1.198 <2.1.212': { expectRan: { write: true, bash: true }, expectPrompts: ['Write'] },
      '>=2.1.212 <2.1.218': { expectRan: { write: true, bash: true }, expectPrompts: ['Write', 'Bash'] },
      '>=2.1.218 <2.1.319': { expectRan: { write: true, bash: true }, expectPrompts: ['Write'] },
      '>=2.1.319': {
        expectRan: { write: true, bash: false },
        expectPrompts: ['Write'],
        deniedBy: 'classifier',
      },
    },
  }),
];
