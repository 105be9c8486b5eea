import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The command line: fake-claude parses it like claude 2.1.150 (same option table, same library), so
 * errors, exit codes, `--version` and `--help` are the same bytes. Each case runs both binaries, for
 * every version the suite has a real binary of (the fake as that version).
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

const SAME_AS_REAL: Array<[string, string[]]> = [
  ['an unknown option', ['--bogus']],
  ['an unknown option with a value', ['--bogus=1']],
  ['an unknown short option', ['-x']],
  ['a misspelt option (with the suggestion)', ['--verbos']],
  ['a missing option argument', ['--model']],
  ['a missing variadic argument', ['--tools']],
  ['an invalid --permission-mode choice', ['-p', 'hi', '--permission-mode', 'bogus']],
  ['an invalid --output-format choice', ['-p', 'hi', '--output-format', 'xml']],
  ['an invalid --effort level', ['-p', 'hi', '--effort', 'bogus']],
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
];

/**
 * Cases whose bytes differ on a version because the fake still parses 2.1.150's option table
 * (docs/fake-claude-differences.md, "Flags"): 2.1.332 lists other permission modes, warns on an
 * unknown --effort instead of refusing it, and has a help text of its own.
 */
const NOT_EMULATED: Record<string, readonly string[]> = {
  '2.1.332': ['an invalid --permission-mode choice', 'an invalid --effort level', '-p --help'],
};

const VERSIONS = Object.keys(inject('claudeBinaries')).sort();
const CASES = VERSIONS.flatMap((version) =>
  SAME_AS_REAL.filter(([what]) => !(NOT_EMULATED[version] ?? []).includes(what)).map(
    ([what, args]) => [version, what, args] as const,
  ),
);

describe('fake-claude command line', () => {
  // Each case is two short processes that mostly wait on each other: a few at a time.
  it.concurrent.each(CASES)(
    '%s, %s: same stdout, stderr and exit code as the real CLI',
    async (version, _what, args) => {
      const real = inject('claudeBinaries')[version]!;
      const [r, f] = await Promise.all([run(real, args), run(FAKE, args, { CLIDE_FAKE_VERSION: version })]);
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
      'x',
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
