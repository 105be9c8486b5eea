import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { script, text } from '../model.js';
import type { Scenario, ScenarioContext } from '../scenario.js';

/**
 * Every flag the official Agent SDK (0.3.150) may pass, grouped into starts that are valid together.
 * `{sandbox}` is replaced by a folder inside the scenario's sandbox.
 */
export const SDK_FLAG_GROUPS: Record<string, string[]> = {
  'options-a': [
    '--thinking',
    'adaptive',
    '--thinking-display',
    'summarized',
    '--effort',
    'high',
    '--max-turns',
    '3',
    '--max-budget-usd',
    '1',
    '--task-budget',
    '1000',
    '--model',
    'claude-sonnet-4-5',
    '--fallback-model',
    'claude-haiku-4-5',
    '--betas',
    'context-1m-2025-08-07',
    '--json-schema',
    '{"type":"object"}',
    '--debug-file',
    '{sandbox}/debug.log',
    '--permission-prompt-tool',
    'stdio',
    '--allowedTools',
    'Read,Skill',
    '--disallowedTools',
    'WebFetch',
    '--tools',
    'default',
    '--mcp-config',
    '{"mcpServers":{}}',
    '--setting-sources=user,project,local',
    '--strict-mcp-config',
    '--permission-mode',
    'default',
    '--include-hook-events',
    '--include-partial-messages',
    '--add-dir',
    '{sandbox}/extra',
    '--plugin-dir',
    '{sandbox}/plugins',
    '--session-id',
    '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    '--no-session-persistence',
    '--settings',
    '{}',
  ],
  'options-b': [
    '--max-thinking-tokens',
    '1024',
    '--debug',
    '--tools',
    '',
    '--setting-sources=',
    '--allow-dangerously-skip-permissions',
    '--permission-mode',
    'acceptEdits',
    '--continue',
  ],
  'options-c': [
    '--thinking',
    'disabled',
    '--agent',
    'general-purpose',
    '--fork-session',
    '--resume',
    '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e',
  ],
};

const EARLIER_SESSION = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e';

const BASE = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'];
const PROBE = `${JSON.stringify({ type: 'control_request', request_id: 'flags-1', request: { subtype: 'get_binary_version' } })}\n`;

async function checkGroup(ctx: ScenarioContext, name: string, flags: string[]): Promise<void> {
  const dir = join(ctx.cwd, '..', 'flags');
  await Promise.all(['extra', 'plugins'].map((d) => mkdir(join(dir, d), { recursive: true })));
  const argv = [
    ...BASE,
    ...flags.map((f) => f.replaceAll('{sandbox}', dir).replaceAll('{earlier}', EARLIER_SESSION)),
  ];
  const run = await ctx.spawnCli(argv, PROBE);
  const rejected =
    /error: (unknown option|option '[^']+' argument|too many arguments|missing required argument)[^\n]*/.exec(
      run.stderr,
    );
  ctx.check(rejected === null, 'flags/rejected', `the ${name} group of SDK flags is accepted`, {
    expected: 'every flag accepted',
    actual: rejected?.[0],
  });
  ctx.check(
    run.stdout.includes('"request_id":"flags-1"'),
    'flags/no-answer',
    `a CLI started with the ${name} group answers a control request`,
    {
      actual: { exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr.slice(0, 300) },
    },
  );
}

export const flagScenarios: Scenario[] = [
  {
    id: 'flags/sdk-flags',
    requirement:
      'every flag the Agent SDK may pass is accepted: a real start with each group of flags answers a control request, and --help documents the public ones',
    spec: '§0 spawn; issue: unknown-option regressions',
    tier: 'model',
    model: script([text('An earlier session to resume.')]),
    // --allow-dangerously-skip-permissions refuses to start as root unless IS_SANDBOX=1.
    env: { IS_SANDBOX: '1' },
    async prepare(ctx) {
      await ctx.runEarlierSession(
        async (session) => {
          session.sendUser('Start a session that can be resumed.');
          await session.waitForResult();
        },
        { sessionId: EARLIER_SESSION },
      );
    },
    async drive(ctx) {
      // The scenario's own session (default flags) answers too, so its fixture shows a live CLI.
      const own = await ctx.session.request({ subtype: 'get_binary_version' });
      ctx.checkEqual(own.subtype, 'success', 'control/response-subtype', 'the default-flag session answers');
      for (const [name, flags] of Object.entries(SDK_FLAG_GROUPS)) await checkGroup(ctx, name, flags);
      const help = await ctx.spawnCli(['--help'], '');
      for (const flag of [
        '--output-format',
        '--input-format',
        '--verbose',
        '--permission-mode',
        '--include-partial-messages',
        '--resume',
        '--session-id',
        '--mcp-config',
      ]) {
        ctx.check(help.stdout.includes(flag), 'flags/help', `--help documents ${flag}`, { expected: flag });
      }
      const bogus = await ctx.spawnCli(['--clide-bogus-flag'], '');
      ctx.checkEqual(bogus.exitCode, 1, 'flags/unknown-exit', 'an unknown flag exits 1');
      ctx.checkEqual(
        bogus.stderr.trim(),
        "error: unknown option '--clide-bogus-flag'",
        'flags/unknown-text',
        'an unknown flag is named on stderr',
      );
    },
  },
];
