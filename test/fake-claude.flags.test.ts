import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { behaviourFor, emulatedVersions } from '../src/fake-claude/behaviour/index.js';
import { primaryName } from '../src/fake-claude/flags.js';

/**
 * The command line: fake-claude parses it as the version it emulates (that version's options,
 * captured from its binary, in the same library), so errors, exit codes, `--version` and `--help`
 * are the same bytes. Each case runs both binaries, for every version the suite has a real binary of
 * (the fake as that version): fixed cases, and cases made from the version's captured options (its
 * choices, the values its parsers refuse or warn about, its required values), in both `--flag value`
 * and `--flag=value` forms.
 */

const FAKE = resolve('bin/fake-claude');
let home: string;

beforeAll(() => {
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
  home = mkdtempSync(join(tmpdir(), 'clide-fake-flags-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function run(binary: string, args: string[], env: Record<string, string> = {}) {
  const result = await execa(binary, args, {
    cwd: home,
    env: { PATH: process.env.PATH ?? '', HOME: home, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', ...env },
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    timeout: 30_000,
  });
  return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

const SAME_AS_REAL: Array<[string, string[], Record<string, string>?]> = [
  ['an unknown option', ['--bogus']],
  ['an unknown option with a value', ['--bogus=1']],
  ['an unknown short option', ['-x']],
  ['a misspelt option (with the suggestion)', ['--verbos']],
  ['a missing option argument', ['--model']],
  ['a missing variadic argument', ['--tools']],
  ['an invalid --permission-mode choice', ['-p', 'hi', '--permission-mode', 'bogus']],
  ['an invalid --output-format choice', ['-p', 'hi', '--output-format', 'xml']],
  ['stream-json input without stream-json output', ['--input-format', 'stream-json']],
  [
    'stream-json output without --verbose',
    ['-p', '--output-format', 'stream-json', '--input-format', 'stream-json'],
  ],
  [
    'a --session-id that is not a UUID',
    [
      '--session-id',
      'nope',
      '-p',
      '--output-format',
      'stream-json',
      '--input-format',
      'stream-json',
      '--verbose',
    ],
  ],
  ['--version', ['--version']],
  ['-v', ['-v']],
  ['-p --help', ['-p', '--help']],
  ['--help (with the subcommands)', ['--help']],
  ['`=` after a flag without a value (an unknown option, with the suggestion)', ['--verbose=1']],
  ['`=` after an unknown option', ['-p', '--bogus=x', 'hi']],
  ['an invalid choice after `=`', ['-p', 'hi', '--output-format=xml']],
  ['--await-initialize with text input', ['-p', 'hi', '--await-initialize']],
  [
    '--initialize-fields without --await-initialize',
    [
      '--output-format=stream-json',
      '--verbose',
      '--input-format=stream-json',
      '--initialize-fields=settings',
    ],
  ],
  [
    '--managed-settings-in-initialize without --await-initialize',
    [
      '--output-format=stream-json',
      '--verbose',
      '--input-format=stream-json',
      '--managed-settings-in-initialize',
    ],
  ],
  [
    '--initialize-fields with an input that ends before initialize',
    [
      '--output-format=stream-json',
      '--verbose',
      '--input-format=stream-json',
      '--await-initialize',
      '--initialize-fields=settings,disallowedTools',
    ],
    { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
  ],
  [
    'the newest Agent SDK’s command line (`--flag=value`, --await-initialize) with no input',
    [
      '--output-format',
      'stream-json',
      '--verbose',
      '--input-format',
      'stream-json',
      '--thinking=adaptive',
      '--effort=high',
      '--max-turns=3',
      '--max-budget-usd=1',
      '--model=claude-sonnet-4-6',
      '--permission-prompt-tool=stdio',
      '--permission-prompts=host',
      '--allowedTools=Read,Write',
      '--disallowedTools=Bash',
      '--tools=default',
      '--setting-sources=',
      '--permission-mode=default',
      '--include-partial-messages',
      '--project-config-root=/tmp',
      '--add-dir=.',
      '--await-initialize',
      '--plugin-dir-no-mcp=.',
      '--session-id=00000000-0000-4000-8000-000000000001',
      '--no-session-persistence',
    ],
    { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
  ],
  // The Python Agent SDK joins its betas with commas into one --betas value.
  [
    '--betas it does not allow, `a,b` one header (an API key): a warning each',
    [
      '--output-format',
      'stream-json',
      '--verbose',
      '--input-format',
      'stream-json',
      '--betas=a,b',
      '--betas',
      'c',
      'context-1m-2025-08-07',
    ],
    { ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
  ],
  [
    '--betas with an OAuth token: ignored, with one warning',
    ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json', '--betas', 'a'],
    { CLAUDE_CODE_OAUTH_TOKEN: 'x', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
  ],
  [
    '-p --betas, which takes the prompt as a beta too',
    ['-p', '--betas', 'a', 'hi'],
    { ANTHROPIC_API_KEY: 'x', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
  ],
];

/** Runs to an end without a model: parsed, then the precondition of stream-json input without stream-json output. */
const PARSED = ['-p', '--input-format=stream-json'];

/**
 * Cases from a version's captured options: a value off its choices, a value its parser refuses or
 * warns about, in both forms; a missing required value for the options clients pass.
 */
async function capturedCases(version: string): Promise<Array<[string, string[]]>> {
  const { argv } = await behaviourFor(version);
  const required = [
    '--model',
    '--allowed-tools',
    '--add-dir',
    '--session-id',
    '--permission-prompts',
    '--project-config-root',
    '--resume-drops-turn',
    '--plugin-dir-no-mcp',
    '--initialize-fields',
    '--managed-settings',
    '--task-budget',
  ];
  const cases: Array<[string, string[]]> = [];
  for (const option of argv.options) {
    const name = primaryName(option.flags);
    if (option.choices) {
      cases.push([`${name}: a value off its choices`, [...PARSED, name, 'clide-bogus']]);
      cases.push([`${name}=: a value off its choices`, [...PARSED, `${name}=clide-bogus`]]);
      for (const value of option.alsoAccepts ?? [])
        cases.push([`${name}=${value}: taken though not listed`, [...PARSED, `${name}=${value}`]]);
    }
    if (option.invalidValue !== undefined || option.warning !== undefined) {
      cases.push([`${name}: a value its parser refuses or warns about`, [...PARSED, name, 'clide-bogus']]);
      cases.push([`${name}=: a value its parser refuses or warns about`, [...PARSED, `${name}=clide-bogus`]]);
    }
    const names = option.flags.split(/[ ,]+/);
    const missing = required.find((r) => names.includes(r));
    if (missing && option.flags.includes('<')) cases.push([`${missing}: its value missing`, ['-p', missing]]);
  }
  return cases;
}

/** The versions the fake emulates that the suite has a real binary of. */
const VERSIONS = Object.keys(inject('claudeBinaries'))
  .filter((v) => emulatedVersions().includes(v))
  .sort();
const CASES = (
  await Promise.all(
    VERSIONS.map(async (version) => [
      ...SAME_AS_REAL.map(([what, args, env]) => [version, what, args, env ?? {}] as const),
      ...(await capturedCases(version)).map(([what, args]) => [version, what, args, {}] as const),
    ]),
  )
).flat();

describe('fake-claude command line', () => {
  // Each case is two short processes that mostly wait on each other: a few at a time.
  it.concurrent.each(CASES)(
    '%s, %s: same stdout, stderr and exit code as the real CLI',
    async (version, _what, args, env) => {
      const real = inject('claudeBinaries')[version]!;
      const [r, f] = await Promise.all([
        run(real, args, env),
        run(FAKE, args, { ...env, CLIDE_FAKE_VERSION: version }),
      ]);
      expect(f).toEqual(r);
    },
  );

  it.each(VERSIONS)('as %s, --version prints "<version> (Claude Code)"', async (version) => {
    expect(await run(FAKE, ['--version'], { CLIDE_FAKE_VERSION: version })).toEqual({
      exitCode: 0,
      stdout: `${version} (Claude Code)`,
      stderr: '',
    });
  });

  it('accepts every flag the Agent SDK sends, including an empty --tools and the --setting-sources= form', async () => {
    const args = [
      '--output-format',
      'stream-json',
      '--verbose',
      '--input-format',
      'stream-json',
      '--thinking',
      'adaptive',
      '--effort',
      'high',
      '--max-turns',
      '3',
      '--max-budget-usd',
      '1',
      '--model',
      'claude-sonnet-4-6',
      '--permission-prompt-tool',
      'stdio',
      '--allowedTools',
      'Read,Write',
      '--disallowedTools',
      'Bash',
      '--tools',
      '',
      '--mcp-config',
      '{"mcpServers":{}}',
      '--setting-sources=',
      '--strict-mcp-config',
      '--permission-mode',
      'default',
      '--fallback-model',
      'claude-haiku-4-5',
      '--include-hook-events',
      '--include-partial-messages',
      '--add-dir',
      home,
      '--plugin-dir',
      home,
      '--session-id',
      '00000000-0000-4000-8000-000000000001',
      '--no-session-persistence',
      '--max-thinking-tokens',
      '1000',
      '--betas',
      // The one value the CLI allows (any other gets a warning on stderr, as the real CLI's).
      'context-1m-2025-08-07',
      '--json-schema',
      '{}',
      '--settings',
      '{}',
      '--debug',
      '--replay-user-messages',
      '--fork-session',
      '--continue',
    ];
    // No stdin input: a headless session that ends at once, cleanly.
    const result = await run(FAKE, args, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('CLIDE_FAKE_FIXTURE dispatches to replay mode, which names a fixture it cannot play', async () => {
    const fixture = join(home, 'missing-fixture.jsonl');
    const result = await run(
      FAKE,
      ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'],
      {
        CLIDE_FAKE_FIXTURE: fixture,
      },
    );
    // The replayer (a lazily loaded chunk of the bundled executable) names the fixture it cannot read.
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`${fixture}: cannot read the fixture`);
    expect(result.stdout).toBe('');
  });

  it('without a scenario, a fixture or ANTHROPIC_BASE_URL it says what it needs', async () => {
    const result = await run(FAKE, [
      '--output-format',
      'stream-json',
      '--verbose',
      '--input-format',
      'stream-json',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('fake-claude has no model to play');
    expect(result.stderr).toContain('CLIDE_FAKE_SCENARIO');
  });

  it('a broken model script is rejected at start-up with the file and the JSON path', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = join(home, 'broken.json');
    writeFileSync(file, JSON.stringify({ version: 1, turns: [{ blocks: [] }] }));
    const result = await run(
      FAKE,
      ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'],
      {
        CLIDE_FAKE_SCENARIO: file,
      },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toContain('turns[0].blocks');
  });
});
