import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatedVersions } from '../src/fake-claude/behaviour/index.js';
import type { RecordedRequest } from '../src/model-api/index.js';
import { get, toolResults, toolResultText, turn } from '../src/scenarios/expect.js';
import { runScenario, type Scenario, type ScenarioRun } from '../src/scenarios/index.js';
import { script, text, toolUse } from '../src/scenarios/model.js';

/**
 * The model side of the options that shape what the CLI sends the model: the same session runs
 * against the real CLI of every version the fake emulates and against the fake emulating it (its
 * model turns from the same scripted Messages API, ANTHROPIC_BASE_URL), and the requests each made
 * — system prompt blocks (the CLI's own default prompt among them), models, tools offered — must be
 * equal after normalisation (the billing header's per-request hashes, the sandbox's folder name),
 * as must what the client sees of them.
 */

const FAKE = resolve('bin/fake-claude');
type Json = Record<string, unknown>;

beforeAll(() => {
  expect(inject('claudeBinaries')).toBeDefined();
});

/** Starved runs (2 shared cores) miss the silence limit now and then: such a run is repeated once. */
async function run(scenario: Scenario, binary: string, version: string): Promise<ScenarioRun> {
  const options = { binary, cliVersion: version, env: { CLIDE_FAKE_VERSION: version } };
  const first = await runScenario(scenario, options);
  const starved = first.findings.some((f) =>
    ['scenario/timeout', 'hang/silent-cli', 'hang/deadline-exceeded'].includes(f.code),
  );
  return starved ? runScenario(scenario, options) : first;
}

async function bothSides(scenario: Scenario, version: string) {
  const real = inject('claudeBinaries')[version];
  if (!real) throw new Error(`no real claude ${version} (test/global-setup.ts installs it)`);
  const [r, f] = await Promise.all([run(scenario, real, version), run(scenario, FAKE, version)]);
  expect(r.findings.filter((x) => x.severity === 'breaking')).toEqual([]);
  expect(f.findings.filter((x) => x.severity === 'breaking')).toEqual([]);
  return { real: r, fake: f };
}

const conversation = (run: ScenarioRun) =>
  run.modelRequests.filter((r) => r.kind === 'conversation' && typeof r.body === 'object');
const bodyOf = (r: RecordedRequest) => r.body as Json;

/** A system block with what varies per request normalised (the billing header's hashes). */
function normalBlock(block: Json): Json {
  const text = String(block.text ?? '').replace(
    /^(x-anthropic-billing-header: cc_version=[\d.]+\.)[0-9a-f]+(.*?)(cch=)[0-9a-f]+/,
    '$1<hex>$2$3<hex>',
  );
  return {
    ...block,
    text: text.replace(/^(x-anthropic-billing-header: cc_version=[\d.]+\.)[0-9a-f]+/, '$1<hex>'),
  };
}

/** The system blocks, the sandbox's random folder name normalised. */
function normalSystem(request: RecordedRequest): Json[] {
  return (bodyOf(request).system as Json[]).map(normalBlock).map((b) => ({
    ...b,
    text: String(b.text).replace(/clide-sandbox-[A-Za-z0-9]+/g, 'clide-sandbox-<id>'),
  }));
}

const SP_CASES: Record<string, { args: string[]; init: Json }> = {
  none: { args: [], init: {} },
  sp: { args: ['--system-prompt', 'SP.'], init: {} },
  spEmpty: { args: ['--system-prompt', ''], init: {} },
  ap: { args: ['--append-system-prompt', 'AP.'], init: {} },
  spap: { args: ['--system-prompt', 'SP.', '--append-system-prompt', 'AP.'], init: {} },
  isp: { args: [], init: { systemPrompt: 'ISP.' } },
  iap: { args: [], init: { appendSystemPrompt: 'IAP.' } },
  spIsp: { args: ['--system-prompt', 'SP.'], init: { systemPrompt: 'ISP.' } },
  ispArray: { args: [], init: { systemPrompt: ['Block one.', 'Block two.'] } },
  spFile: { args: ['--system-prompt-file', 'sp.txt'], init: {} },
  apFile: { args: ['--append-system-prompt-file', 'ap.txt'], init: {} },
  initOverArgv: {
    args: ['--append-system-prompt', 'AP.'],
    init: { systemPrompt: 'ISP.', appendSystemPrompt: 'IAP.' },
  },
};

const STREAM = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];

/** One session per system prompt option (extra CLI runs in the same sandbox, against the same model API). */
const systemPromptMatrix: Scenario = {
  id: 'model-side/system-prompt-options',
  requirement: 'the system prompt options reach the model as the real CLI sends them',
  spec: 'model side',
  tier: 'model',
  model: script(...Object.keys(SP_CASES).map(() => [text('Hi.')])),
  deadlineMs: 90_000,
  async drive(ctx) {
    writeFileSync(join(ctx.cwd, 'sp.txt'), 'SP from a file.');
    writeFileSync(join(ctx.cwd, 'ap.txt'), 'AP from a file.');
    for (const [name, c] of Object.entries(SP_CASES)) {
      const input = [
        {
          type: 'control_request',
          request_id: 'init-1',
          request: { subtype: 'initialize', hooks: {}, ...c.init },
        },
        { type: 'user', message: { role: 'user', content: `case ${name}` } },
      ]
        .map((m) => `${JSON.stringify(m)}\n`)
        .join('');
      const done = await ctx.spawnCli([...STREAM, ...c.args], input, 40_000);
      ctx.check(done.exitCode === 0, 'cli/exit', `case ${name} ends with exit 0`, { actual: done.stderr });
    }
  },
};

function caseOf(request: RecordedRequest): string {
  const messages = bodyOf(request).messages as Json[];
  const texts = JSON.stringify(messages);
  return /"case (\w+)"/.exec(texts)?.[1] ?? '?';
}

const calcServer = {
  name: 'calc',
  tools: [
    {
      name: 'add',
      description: 'Adds two numbers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      call: (args: Json) => ({ content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] }),
    },
  ],
};

const FALLBACK = 'claude-haiku-4-5';
const OVERLOADED = { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } };

/**
 * The command line and stdin of the Python Agent SDK (claude_agent_sdk's subprocess transport):
 * `--output-format stream-json --verbose --system-prompt <s> --fallback-model <m>
 * --permission-prompt-tool stdio --mcp-config {"mcpServers": {"calc": {"type": "sdk", "name": "calc"}}}
 * --input-format stream-json`, no `-p`, and `initialize` with `hooks: null`.
 */
const pythonSdkSession: Scenario = {
  id: 'model-side/python-sdk-session',
  requirement:
    'a Python-SDK-shaped session: its SDK MCP server (declared in --mcp-config) runs, its system prompt reaches the model, the fallback model answers after three 529s',
  spec: 'model side',
  tier: 'model',
  model: script(
    { ...OVERLOADED, times: 3 },
    [toolUse('toolu_01Add', 'mcp__calc__add', { a: 2, b: 3 })],
    [text('Five.')],
    [text('Still here.')],
  ),
  args: {
    print: false,
    extraArgs: [
      '--system-prompt',
      'You are calc-bot.',
      '--fallback-model',
      FALLBACK,
      '--mcp-config',
      JSON.stringify({ mcpServers: { calc: { type: 'sdk', name: 'calc' } } }),
    ],
  },
  sdkMcpServers: [calcServer],
  handlers: { can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }) },
  deadlineMs: 60_000,
  async drive(ctx) {
    await ctx.session.request({ subtype: 'initialize', hooks: null });
    await turn(ctx, 'Add 2 and 3.');
    await turn(ctx, 'Are you there?');
  },
};

/** A session started in plan mode: a tool round and a second turn (three requests). */
const planModeSession: Scenario = {
  id: 'model-side/plan-mode-reminder',
  requirement: 'a session started in plan mode sends the plan-mode reminder where the real CLI does',
  spec: 'model side',
  tier: 'model',
  model: script([toolUse('toolu_01Read', 'Read', { file_path: 'a.txt' })], [text('Read.')], [text('Again.')]),
  args: { permissionMode: 'plan' },
  async prepare(ctx) {
    writeFileSync(join(ctx.cwd, 'a.txt'), 'hello\n');
  },
  handlers: { can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }) },
  async drive(ctx) {
    await ctx.session.request({ subtype: 'initialize', hooks: {} });
    await turn(ctx, 'Read a.txt please.');
    await turn(ctx, 'And again.');
  },
};

const PLAN_MARK = 'Plan mode is active';
const PLAN_END = 'before implementation begins.';

/**
 * Where each request carries the plan-mode reminder (message index, role, string or blocks) and its
 * text, the plan file's name normalised. In a system-role message the reminder is cut out of the
 * rest of that message (environment, date: not emulated yet).
 */
function planReminders(run: ScenarioRun): Json[][] {
  return conversation(run).map((r) =>
    (bodyOf(r).messages as Json[]).flatMap((m, index) => {
      const blocks = typeof m.content === 'string' ? [{ text: m.content }] : (m.content as Json[]);
      return blocks
        .map((b) => String(b.text ?? ''))
        .filter((t) => t.includes(PLAN_MARK))
        .map((t) => {
          const normal = t.replace(/\/\S*\/plans\/[\w.-]+\.md/g, '<plan file>');
          const start = m.role === 'user' ? 0 : normal.indexOf(PLAN_MARK);
          const end = m.role === 'user' ? normal.length : normal.indexOf(PLAN_END) + PLAN_END.length;
          return {
            index,
            role: m.role,
            string: typeof m.content === 'string',
            text: normal.slice(start, end),
          };
        });
    }),
  );
}

/** What the client sees of the Python-SDK-shaped session, normalised. */
function pythonSideView(run: ScenarioRun): Json {
  const msgs = run.transcript.frames.filter((f) => f.dir === 'from-cli').map((f) => f.msg as Json);
  const init = msgs.find((m) => m.type === 'system' && m.subtype === 'init');
  const fallback = msgs
    .filter((m) => m.type === 'system' && m.subtype === 'model_fallback')
    .map(({ uuid: _u, session_id: _s, ...rest }) => rest);
  return {
    mcpServers: init?.mcp_servers,
    mcpToolsInInit: (init?.tools as string[] | undefined)?.filter((t) => t.startsWith('mcp__')),
    mcpMethods: [
      ...new Set(
        msgs
          .filter((m) => m.type === 'control_request' && get(m, 'request', 'subtype') === 'mcp_message')
          .map((m) => get(m, 'request', 'message', 'method')),
      ),
    ].sort(),
    retries: msgs.filter((m) => m.type === 'system' && m.subtype === 'api_retry').map((m) => m.attempt),
    fallback,
    assistantModels: msgs.filter((m) => m.type === 'assistant').map((m) => get(m, 'message', 'model')),
    toolResult: toolResultText(toolResults(msgs)[0]),
    results: msgs.filter((m) => m.type === 'result').map((m) => [m.subtype, m.result]),
  };
}

describe.each(emulatedVersions())(
  'fake-claude emulating claude %s sends the model what the real one sends',
  (version) => {
    it.concurrent('a Python-SDK-shaped session: the SDK MCP tool runs, the system prompt reaches the model, the fallback model answers after three 529s', async () => {
      const { real, fake } = await bothSides(pythonSdkSession, version);
      const realView = pythonSideView(real);
      // The real CLI's behaviour this test pins (so a fake that agrees with a broken run cannot pass).
      expect(realView.toolResult).toBe('5');
      expect(realView.mcpToolsInInit).toEqual(['mcp__calc__add']);
      expect(realView.results).toEqual([
        ['success', 'Five.'],
        ['success', 'Still here.'],
      ]);
      expect(pythonSideView(fake)).toEqual(realView);

      const requests = (run: ScenarioRun) =>
        conversation(run).map((r) => ({
          model: bodyOf(r).model,
          status: r.status,
          system: normalSystem(r),
          tools: (bodyOf(r).tools as Json[]).map((t) => t.name),
        }));
      const realRequests = requests(real);
      const primary = realRequests[0]!.model;
      // The fallback model answers the rest of the turn; the next turn asks the primary model again.
      expect(realRequests.map((r) => r.model)).toEqual([
        primary,
        primary,
        primary,
        FALLBACK,
        FALLBACK,
        primary,
      ]);
      expect(realRequests[0]!.system.map((b) => b.text)).toContain('You are calc-bot.');
      expect(requests(fake)).toEqual(realRequests);
    }, 180_000);

    it.concurrent('a session started in plan mode: the plan-mode reminder in every request, where the real CLI puts it', async () => {
      const { real, fake } = await bothSides(planModeSession, version);
      const realReminders = planReminders(real);
      expect(realReminders).toHaveLength(3);
      for (const reminders of realReminders) expect(reminders).toHaveLength(1);
      expect(planReminders(fake)).toEqual(realReminders);
    }, 180_000);

    it.concurrent('the system prompt options (--system-prompt, --append-system-prompt, their -file forms, initialize systemPrompt/appendSystemPrompt) give the same system blocks', async () => {
      const { real, fake } = await bothSides(systemPromptMatrix, version);
      const blocks = (run: ScenarioRun) =>
        Object.fromEntries(
          conversation(run).map((r) => {
            const name = caseOf(r);
            const c = SP_CASES[name];
            return [name, c ? normalSystem(r) : bodyOf(r).system];
          }),
        );
      const realBlocks = blocks(real);
      expect(Object.keys(realBlocks).sort()).toEqual(Object.keys(SP_CASES).sort());
      expect(blocks(fake)).toEqual(realBlocks);
    }, 180_000);
  },
);
