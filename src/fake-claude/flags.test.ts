import { fc, test } from '@fast-check/vitest';
import { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildCliArgs } from '../driver/cli-args.js';
import { behaviourFor, emulatedVersions } from './behaviour/index.js';
import {
  describeOption,
  type FakeCommandLine,
  fastParseFlags,
  type OptionSpec,
  type OptionTable,
  optionTable,
  primaryName,
  VALUE_CHECKS,
  VERSION_OPTION,
} from './flags.js';
import { parseFakeFlags, parseWithCommander } from './flags-commander.js';

const VERSIONS = emulatedVersions();
const LINES: Record<string, FakeCommandLine> = Object.fromEntries(
  await Promise.all(VERSIONS.map(async (v) => [v, await behaviourFor(v)] as const)),
);
const NEWEST = LINES[VERSIONS.at(-1)!]!;

describe('parseFakeFlags (one parser reused for every session)', () => {
  it('a second parse starts from the defaults: nothing of the first argv leaks into it', () => {
    const first = parseFakeFlags(
      ['-p', '--model', 'opus', '--allowedTools', 'Read', 'Write', '--max-turns', '3', 'hello'],
      NEWEST,
    );
    expect(first).toMatchObject({
      kind: 'run',
      flags: { print: true, model: 'opus', allowedTools: ['Read', 'Write'], maxTurns: 3, prompt: 'hello' },
    });
    const second = parseFakeFlags(['--input-format', 'stream-json', '--allowedTools', 'Bash'], NEWEST);
    expect(second.kind).toBe('run');
    if (second.kind !== 'run') return;
    expect(second.flags.allowedTools).toEqual(['Bash']);
    expect(second.flags.model).toBeUndefined();
    expect(second.flags.print).toBeUndefined();
    expect(second.flags.maxTurns).toBeUndefined();
    expect(second.flags.prompt).toBeUndefined();
  });

  it('the output of an earlier parse error is not repeated by the next one', () => {
    const bad = parseFakeFlags(['--bogus'], NEWEST);
    expect(bad).toMatchObject({ kind: 'exit', exitCode: 1, stderr: "error: unknown option '--bogus'\n" });
    const version = parseFakeFlags(['--version'], NEWEST);
    expect(version).toEqual({ kind: 'exit', exitCode: 0, stdout: `${NEWEST.versionText}\n`, stderr: '' });
  });

  it('the flags handed out are the session’s own: changing them does not change a later parse', () => {
    const first = parseFakeFlags(['--add-dir', '/a'], NEWEST);
    if (first.kind !== 'run') throw new Error('expected a run');
    first.flags.addDir?.push('/mutated');
    first.flags.model = 'changed';
    const second = parseFakeFlags(['--add-dir', '/b'], NEWEST);
    if (second.kind !== 'run') throw new Error('expected a run');
    expect(second.flags.addDir).toEqual(['/b']);
    expect(second.flags.model).toBeUndefined();
  });

  it('each version parses with its own table: an option of 2.1.332 only is unknown to 2.1.150', () => {
    const old = LINES['2.1.150']!;
    expect(parseFakeFlags(['--await-initialize'], NEWEST)).toMatchObject({ kind: 'run' });
    expect(parseFakeFlags(['--await-initialize'], old)).toMatchObject({
      kind: 'exit',
      exitCode: 1,
      stderr: "error: unknown option '--await-initialize'\n",
    });
  });

  it('--help prints the version’s captured help: print mode’s with -p, the full one without', () => {
    for (const line of Object.values(LINES)) {
      expect(parseFakeFlags(['-p', '--help'], line)).toEqual({
        kind: 'exit',
        exitCode: 0,
        stdout: line.argv.printHelp,
        stderr: '',
      });
      expect(parseFakeFlags(['--help'], line)).toMatchObject({ stdout: line.argv.help });
    }
  });
});

/** Same values, same keys in the same order (commander's option values object, as it hands it out). */
function expectSameFlags(fast: unknown, reference: unknown): void {
  expect(fast).toEqual(reference);
  expect(Object.keys(fast as object)).toEqual(Object.keys(reference as object));
}

function expectAsCommander(argv: string[], line: FakeCommandLine): 'fast' | 'declined' {
  const fast = fastParseFlags(argv, optionTable(line.argv));
  if (fast === undefined) return 'declined';
  const reference = parseWithCommander(argv, line);
  expect(reference.kind, `commander refuses ${JSON.stringify(argv)}`).toBe('run');
  if (reference.kind === 'run') {
    expectSameFlags(fast, reference.flags);
    expect(reference.stderr, 'the fast path declines what a parser warns about').toBeUndefined();
  }
  return 'fast';
}

const specsOf = (table: OptionTable) => table.options.filter((o): o is OptionSpec => o !== VERSION_OPTION);

/** The values an option with choices takes, as captured (the listed ones and those taken unlisted). */
function choicesOf(line: FakeCommandLine, spec: OptionSpec): readonly string[] | undefined {
  const option = line.argv.options.find((o) => o.flags === spec.flags);
  return option?.choices ? [...option.choices, ...(option.alsoAccepts ?? [])] : spec.choices;
}

/** A value each option takes (commander and the version's checks accept it). */
function goodValue(spec: OptionSpec, line: FakeCommandLine): string {
  const choices = choicesOf(line, spec);
  if (choices) return choices.at(-1)!;
  const good: Record<string, string> = {
    '--effort': 'high',
    '--autocompact': 'auto',
    '--initialize-fields': 'settings',
    '--session-id': '00000000-0000-4000-8000-000000000001',
  };
  return good[primaryName(spec.flags)] ?? '3';
}

describe.each(VERSIONS)('the command line of %s', (version) => {
  const line = LINES[version]!;
  const table = optionTable(line.argv);
  const SPECS = specsOf(table);

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

  it('accepts every captured option, as `--flag value` and as `--flag=value` when it takes a value', () => {
    for (const spec of SPECS) {
      const { flagNames, required, optional } = describeOption(spec);
      for (const name of flagNames) {
        const forms = required
          ? [[name, goodValue(spec, line)]]
          : optional
            ? [[name], [name, goodValue(spec, line)]]
            : [[name]];
        if ((required || optional) && name.startsWith('--')) forms.push([`${name}=${goodValue(spec, line)}`]);
        for (const form of forms) {
          const outcome = parseWithCommander(['-p', ...form], line);
          expect(outcome, JSON.stringify(form)).toMatchObject({ kind: 'run' });
        }
      }
    }
  });

  it('refuses `--flag=value` for a flag without a value (unknown option), as the real CLI does', () => {
    for (const spec of SPECS) {
      const { flagNames, required, optional } = describeOption(spec);
      const long = flagNames.find((n) => n.startsWith('--'));
      if (required || optional || !long) continue;
      const outcome = parseWithCommander([`${long}=1`], line);
      expect(outcome, long).toMatchObject({ kind: 'exit', exitCode: 1 });
      expect(outcome.kind === 'exit' ? outcome.stderr : '').toMatch(
        new RegExp(`^error: unknown option '${long}=1'\n`),
      );
    }
  });

  it('every value the capture saw refused or warned about has its check, which refuses the probe value', () => {
    for (const option of line.argv.options) {
      if (option.invalidValue === undefined && option.warning === undefined) continue;
      const check = VALUE_CHECKS[primaryName(option.flags)];
      expect(check, `${option.flags}: no check in VALUE_CHECKS`).toBeDefined();
      expect(check?.('clide-probe'), option.flags).toBe('clide-probe');
      const outcome = parseWithCommander(['-p', primaryName(option.flags), 'clide-probe'], line);
      if (option.invalidValue !== undefined) {
        expect(outcome).toEqual({
          kind: 'exit',
          exitCode: 1,
          stdout: '',
          stderr: `error: option '${option.flags}' argument 'clide-probe' is invalid. ${option.invalidValue.replaceAll('<value>', 'clide-probe')}\n`,
        });
      } else {
        expect(outcome).toMatchObject({
          kind: 'run',
          stderr: `${option.warning!.replaceAll('<value>', 'clide-probe')}\n`,
        });
      }
    }
  });

  it('parses the command lines clients send (both Agent SDKs’, the driver’s, the bench’s) as commander does', () => {
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
      // The Agent SDK 0.3.150's query(): stream-json both ways, then its options.
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
      // The Agent SDK 0.3.336's: every value after `=`.
      [
        '--output-format',
        'stream-json',
        '--verbose',
        '--input-format',
        'stream-json',
        '--thinking=adaptive',
        '--effort=high',
        '--max-turns=5',
        '--max-budget-usd=0.5',
        '--model=opus',
        '--permission-prompt-tool=stdio',
        '--allowedTools=Read,Skill(x)',
        '--disallowedTools=Bash',
        '--tools=default',
        '--setting-sources=',
        '--permission-mode=default',
        '--debug-file=/tmp/debug.log',
        '--add-dir=/x',
        '--add-dir=/y',
        '--plugin-dir=/a',
        '--plugin-dir=/b',
        '--resume=abc',
        '--session-id=00000000-0000-4000-8000-000000000001',
        '--no-session-persistence',
      ],
      ['-p', 'hello', '--output-format', 'json'],
      ['-p', '--model', 'sonnet', 'a prompt', '--verbose'],
    ];
    for (const argv of lines) expect(expectAsCommander(argv, line), JSON.stringify(argv)).toBe('fast');
  });

  it('leaves to commander what it does not read itself (commander’s errors and exits stay commander’s)', () => {
    for (const argv of [
      ['--bogus'],
      ['--model'],
      ['--verbose=1'],
      ['--bogus=1'],
      ['--', 'x'],
      ['-pc'],
      ['-h'],
      ['--version'],
      ['--output-format', 'xml'],
      ['--output-format=xml'],
      ['--effort', 'bogus'],
      ['--max-budget-usd', '0'],
      ['one', 'two'],
      ['-5'],
    ]) {
      expect(fastParseFlags(argv, table), JSON.stringify(argv)).toBeUndefined();
    }
  });

  const flagNames = [...SPECS, VERSION_OPTION].flatMap((s) => describeOption(s).flagNames);
  const choiceValues = SPECS.flatMap((s) => choicesOf(line, s) ?? []);
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
      'auto',
    ),
    fc.constantFrom('--verbose', '-p', '--bogus', '--model=x'),
    fc.string({ maxLength: 6 }),
  );
  const token = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...flagNames, '--help', '-h') },
    { weight: 4, arbitrary: value },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...flagNames), value).map(([f, v]) => `${f}=${v}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('--bogus', '-x', '-pc', '-5', '--no-verbose', '--', '--Model') },
  );

  test.prop([fc.array(token, { maxLength: 14 })], { numRuns: 1500 })(
    'on any command line: either declines, or yields exactly what commander yields',
    (argv) => {
      expectAsCommander(argv, line);
    },
  );

  // Command lines of known options with values they take: the fast path must take them all.
  const plainValue = fc.stringMatching(/^[a-zA-Z0-9 ,./:()*_]{0,8}$/);
  const optionWithValues = fc.oneof(
    ...SPECS.map((spec) => {
      const { flagNames: names, required, optional, variadic } = describeOption(spec);
      const name = fc.constantFrom(...names);
      const checked = VALUE_CHECKS[primaryName(spec.flags)] !== undefined;
      const choices = choicesOf(line, spec);
      const given = choices
        ? fc.constantFrom(...choices)
        : spec.flags.startsWith('--effort')
          ? fc.constantFrom('low', 'MAX', 'xhigh')
          : spec.flags.startsWith('--max-budget-usd')
            ? fc.constantFrom('1', '0.25', '1e2')
            : checked
              ? fc.constant(goodValue(spec, line))
              : plainValue;
      const long = names.find((n) => n.startsWith('--'));
      // `--flag=value` as the newest Agent SDK writes it, or the value(s) in the next argument(s).
      const withEquals = long && (required || optional) ? [given.map((v) => [`${long}=${v}`])] : [];
      if (required && variadic)
        return fc.oneof(
          fc.tuple(name, fc.array(given, { minLength: 1, maxLength: 3 })).map(([n, v]) => [n, ...v]),
          ...withEquals,
        );
      if (required || optional) {
        const separate = optional
          ? fc
              .tuple(name, fc.option(given, { nil: undefined }))
              .map(([n, v]) => (v === undefined ? [n] : [n, v]))
          : fc.tuple(name, given).map(([n, v]) => [n, v]);
        return fc.oneof(separate, ...withEquals);
      }
      return name.map((n) => [n]);
    }),
  );
  const wellFormed = fc.record({
    groups: fc.array(optionWithValues, { maxLength: 10 }),
    prompt: fc.option(fc.stringMatching(/^[a-z ]{1,10}$/), { nil: undefined }),
  });

  test.prop([wellFormed], { numRuns: 1000 })(
    'a command line of known options and good values is parsed by the fast path, as commander parses it',
    ({ groups, prompt }) => {
      // A variadic option swallows a following prompt in commander too: put the prompt first.
      const argv = [...(prompt === undefined ? [] : [prompt]), ...groups.flat()];
      const outcome = expectAsCommander(argv, line);
      expect(outcome, JSON.stringify(argv)).toBe('fast');
    },
  );
});
