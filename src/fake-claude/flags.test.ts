import { fc, test } from '@fast-check/vitest';
import { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildCliArgs } from '../driver/cli-args.js';
import { describeOption, FAKE_OPTIONS, fastParseFlags, type OptionSpec, VERSION_OPTION } from './flags.js';
import { parseFakeFlags, parseWithCommander } from './flags-commander.js';

const VERSION = '2.1.332 (Claude Code)';

describe('parseFakeFlags (one parser reused for every session)', () => {
  it('a second parse starts from the defaults: nothing of the first argv leaks into it', () => {
    const first = parseFakeFlags(
      ['-p', '--model', 'opus', '--allowedTools', 'Read', 'Write', '--max-turns', '3', 'hello'],
      VERSION,
    );
    expect(first).toMatchObject({
      kind: 'run',
      flags: { print: true, model: 'opus', allowedTools: ['Read', 'Write'], maxTurns: 3, prompt: 'hello' },
    });
    const second = parseFakeFlags(['--input-format', 'stream-json', '--allowedTools', 'Bash'], VERSION);
    expect(second.kind).toBe('run');
    if (second.kind !== 'run') return;
    expect(second.flags.allowedTools).toEqual(['Bash']);
    expect(second.flags.model).toBeUndefined();
    expect(second.flags.print).toBeUndefined();
    expect(second.flags.maxTurns).toBeUndefined();
    expect(second.flags.prompt).toBeUndefined();
  });

  it('the output of an earlier parse error is not repeated by the next one', () => {
    const bad = parseFakeFlags(['--bogus'], VERSION);
    expect(bad).toMatchObject({ kind: 'exit', exitCode: 1, stderr: "error: unknown option '--bogus'\n" });
    const version = parseFakeFlags(['--version'], VERSION);
    expect(version).toEqual({ kind: 'exit', exitCode: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('the flags handed out are the session’s own: changing them does not change a later parse', () => {
    const first = parseFakeFlags(['--add-dir', '/a'], VERSION);
    if (first.kind !== 'run') throw new Error('expected a run');
    first.flags.addDir?.push('/mutated');
    first.flags.model = 'changed';
    const second = parseFakeFlags(['--add-dir', '/b'], VERSION);
    if (second.kind !== 'run') throw new Error('expected a run');
    expect(second.flags.addDir).toEqual(['/b']);
    expect(second.flags.model).toBeUndefined();
  });
});

const SPECS = FAKE_OPTIONS.filter((o): o is OptionSpec => o !== VERSION_OPTION);

/** Same values, same keys in the same order (commander's option values object, as it hands it out). */
function expectSameFlags(fast: unknown, reference: unknown): void {
  expect(fast).toEqual(reference);
  expect(Object.keys(fast as object)).toEqual(Object.keys(reference as object));
}

function expectAsCommander(argv: string[]): 'fast' | 'declined' {
  const fast = fastParseFlags(argv);
  if (fast === undefined) return 'declined';
  const reference = parseWithCommander(argv, VERSION);
  expect(reference.kind, `commander refuses ${JSON.stringify(argv)}`).toBe('run');
  if (reference.kind === 'run') expectSameFlags(fast, reference.flags);
  return 'fast';
}

describe('fastParseFlags (the command line without building commander)', () => {
  it('reads each option’s flags as commander does', () => {
    for (const spec of [...SPECS, VERSION_OPTION]) {
      const option = new Option(spec.flags, spec.description);
      const described = describeOption(spec);
      expect(described.flagNames).toEqual([option.short, option.long].filter(Boolean));
      expect(described).toMatchObject({
        attribute: option.attributeName(),
        required: option.required,
        optional: option.optional,
        variadic: option.variadic,
        negate: option.negate,
      });
    }
  });

  it('parses the command lines clients send (the Agent SDK’s, the driver’s, the bench’s) as commander does', () => {
    const lines = [
      // The driver's and bench/one-turn.ts's.
      buildCliArgs(),
      buildCliArgs({ print: false, includePartialMessages: true, permissionMode: 'plan', maxTurns: 3 }),
      buildCliArgs({
        resume: '3f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
        model: 'claude-sonnet-4-6',
        mcpConfig: '{"mcpServers":{}}',
        allowedTools: ['Read', 'Bash(git *)'],
        disallowedTools: ['Write'],
        replayUserMessages: true,
      }),
      // The Agent SDK's query(): stream-json both ways, then its options.
      [
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
        '5',
        '--max-budget-usd',
        '0.5',
        '--model',
        'opus',
        '--permission-prompt-tool',
        'stdio',
        '--continue',
        '--allowedTools',
        'Read,Skill(x)',
        '--mcp-config',
        '{"mcpServers":{"s":{"type":"sdk","name":"s"}}}',
        '--setting-sources',
        '',
        '--permission-mode',
        'default',
        '--include-partial-messages',
        '--debug',
        '--debug-file',
        '/tmp/debug.log',
        '--no-session-persistence',
        '--plugin-dir',
        '/a',
        '--plugin-dir',
        '/b',
        '--add-dir',
        '/x',
        '/y',
        '--fork-session',
        '--resume',
        'abc',
      ],
      ['-p', 'hello', '--output-format', 'json'],
      ['-p', '--model', 'sonnet', 'a prompt', '--verbose'],
    ];
    for (const argv of lines) expect(expectAsCommander(argv), JSON.stringify(argv)).toBe('fast');
  });

  it('leaves to commander what it does not read itself (commander’s errors and exits stay commander’s)', () => {
    for (const argv of [
      ['--bogus'],
      ['--model'],
      ['--model=opus'],
      ['--', 'x'],
      ['-pc'],
      ['-h'],
      ['--version'],
      ['--output-format', 'xml'],
      ['--effort', 'bogus'],
      ['--max-budget-usd', '0'],
      ['one', 'two'],
      ['-5'],
    ]) {
      expect(fastParseFlags(argv), JSON.stringify(argv)).toBeUndefined();
    }
  });

  const flagNames = [...SPECS, VERSION_OPTION].flatMap((s) => describeOption(s).flagNames);
  const choiceValues = SPECS.flatMap((s) => s.choices ?? []);
  const value = fc.oneof(
    fc.constantFrom(
      ...choiceValues,
      'stream-json',
      'HIGH',
      '',
      '-',
      '--',
      '0',
      '3',
      '-1',
      '-2.5',
      '1e3',
      'abc',
    ),
    fc.constantFrom('--verbose', '-p', '--bogus', '--model=x'),
    fc.string({ maxLength: 6 }),
  );
  const token = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...flagNames, '--help', '-h') },
    { weight: 4, arbitrary: value },
    { weight: 1, arbitrary: fc.constantFrom(...flagNames).map((f) => `${f}=v`) },
    { weight: 1, arbitrary: fc.constantFrom('--bogus', '-x', '-pc', '-5', '--no-verbose', '--', '--Model') },
  );

  test.prop([fc.array(token, { maxLength: 14 })], { numRuns: 3000 })(
    'on any command line: either declines, or yields exactly what commander yields',
    (argv) => {
      expectAsCommander(argv);
    },
  );

  // Command lines of known options with values they take: the fast path must take them all.
  const plainValue = fc.stringMatching(/^[a-zA-Z0-9 ,./:()*_]{0,8}$/);
  const optionWithValues = fc.oneof(
    ...SPECS.map((spec) => {
      const { flagNames: names, required, optional, variadic } = describeOption(spec);
      const name = fc.constantFrom(...names);
      const given = spec.choices
        ? fc.constantFrom(...spec.choices)
        : spec.flags.startsWith('--effort')
          ? fc.constantFrom('low', 'MAX', 'xhigh')
          : spec.flags.startsWith('--max-budget-usd')
            ? fc.constantFrom('1', '0.25', '1e2')
            : plainValue;
      if (required && variadic)
        return fc.tuple(name, fc.array(given, { minLength: 1, maxLength: 3 })).map(([n, v]) => [n, ...v]);
      if (required) return fc.tuple(name, given).map(([n, v]) => [n, v]);
      if (optional)
        return fc
          .tuple(name, fc.option(given, { nil: undefined }))
          .map(([n, v]) => (v === undefined ? [n] : [n, v]));
      return name.map((n) => [n]);
    }),
  );
  const wellFormed = fc.record({
    groups: fc.array(optionWithValues, { maxLength: 10 }),
    prompt: fc.option(fc.stringMatching(/^[a-z ]{1,10}$/), { nil: undefined }),
  });

  test.prop([wellFormed], { numRuns: 2000 })(
    'a command line of known options and good values is parsed by the fast path, as commander parses it',
    ({ groups, prompt }) => {
      // A variadic option swallows a following prompt in commander too: put the prompt first.
      const argv = [...(prompt === undefined ? [] : [prompt]), ...groups.flat()];
      // Values of an optional option that look like options are not values (commander's rule too).
      const outcome = expectAsCommander(argv);
      expect(outcome, JSON.stringify(argv)).toBe('fast');
    },
  );
});
