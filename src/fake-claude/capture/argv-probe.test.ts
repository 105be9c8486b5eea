import { describe, expect, it } from 'vitest';
import {
  bareVerdict,
  candidatesIn,
  flagNames,
  optionFrom,
  type ProbeOutput,
  parseHelpOptions,
  probeList,
  valueVerdict,
} from './argv-probe.js';

const out = (stderr: string, exitCode = 1): ProbeOutput => ({
  stdout: '',
  stderr,
  exitCode,
  timedOut: false,
});
const PRECONDITION = out('Error: --input-format=stream-json requires output-format=stream-json.\n');

describe('candidatesIn (names that start a string in a binary or an SDK)', () => {
  it('takes every --name that opens a quoted string, flags strings and `--x=` prefixes included', () => {
    const code = `new Q("--await-initialize","…");o("-c, --continue","…");W.push("--thinking=adaptive");
      x('--allowedTools, --allowed-tools <tools...>');y=\`--model <model>\`;z="see --verbose";w=a--b`;
    expect([...candidatesIn(code)].sort()).toEqual([
      '--allowed-tools',
      '--allowedTools',
      '--await-initialize',
      '--continue',
      '--model',
      '--thinking',
    ]);
  });

  it('probeList leaves out commander’s own help and version, sorted and unique', () => {
    expect(probeList(['--verbose', '--help', '--version', '--ab', '--verbose', '-x', '--b-'])).toEqual([
      '--ab',
      '--verbose',
    ]);
  });
});

describe('parseHelpOptions', () => {
  it('reads flags and descriptions, wrapped lines and flags too long for the column included', () => {
    const help = `Usage: claude [options] [prompt]

Arguments:
  prompt                                Your prompt

Options:
  --add-dir <directories...>            More directories Claude can access
  --allowedTools, --allowed-tools <tools...>
      Comma or space-separated list of tool names to allow (e.g. "Bash(git *)
      Edit")
  -d, --debug [filter]                  Enable debug mode with optional category
                                        filtering
  -h, --help                            Display help for command

Commands:
  mcp                                   Configure and manage MCP servers
`;
    expect(parseHelpOptions(help)).toEqual([
      { flags: '--add-dir <directories...>', description: 'More directories Claude can access' },
      {
        flags: '--allowedTools, --allowed-tools <tools...>',
        description: 'Comma or space-separated list of tool names to allow (e.g. "Bash(git *) Edit")',
      },
      { flags: '-d, --debug [filter]', description: 'Enable debug mode with optional category filtering' },
      { flags: '-h, --help', description: 'Display help for command' },
    ]);
  });

  it('flagNames names every alias, never the placeholder', () => {
    expect(flagNames('--allowedTools, --allowed-tools <tools...>')).toEqual([
      '--allowedTools',
      '--allowed-tools',
    ]);
    expect(flagNames('-r, --resume [value]')).toEqual(['-r', '--resume']);
    expect(flagNames('--cloud [description|session_id|url]')).toEqual(['--cloud']);
  });
});

describe('what a probe’s output says', () => {
  it('`--x=v`: unknown, or a flag without a value → no value; a refusal → its flags and choices or reason', () => {
    expect(
      valueVerdict(
        '--verbose',
        out("error: unknown option '--verbose=clide-probe'\n(Did you mean --verbose?)\n"),
      ),
    ).toEqual({
      kind: 'no-value',
    });
    expect(valueVerdict('--model', PRECONDITION)).toEqual({ kind: 'value' });
    expect(
      valueVerdict(
        '--output-format',
        out(
          "error: option '--output-format <format>' argument 'clide-probe' is invalid. Allowed choices are text, json, stream-json.\n",
        ),
      ),
    ).toEqual({ kind: 'value', flags: '--output-format <format>', choices: ['text', 'json', 'stream-json'] });
    expect(
      valueVerdict(
        '--initialize-fields',
        out(
          `error: option '--initialize-fields <names>' argument 'clide-probe' is invalid. This Claude Code does not take "clide-probe" in --initialize-fields.\n`,
        ),
      ),
    ).toEqual({
      kind: 'value',
      flags: '--initialize-fields <names>',
      invalidValue: 'This Claude Code does not take "<value>" in --initialize-fields.',
    });
  });

  it('`--x=v`: a parser that warns, and one the CLI dies of', () => {
    expect(
      valueVerdict(
        '--effort',
        out(
          "Warning: Unknown --effort value 'clide-probe' — ignoring it.\nError: --input-format=stream-json requires output-format=stream-json.\n",
        ),
      ),
    ).toEqual({ kind: 'value', warning: "Warning: Unknown --effort value '<value>' — ignoring it." });
    expect(
      valueVerdict(
        '--max-budget-usd',
        out(
          '24051 | source excerpt\n\nerror: --max-budget-usd must be a positive number greater than 0\n      at /$bunfs/root/src/entrypoints/cli.js:1:2\n',
        ),
      ),
    ).toEqual({ kind: 'value', crash: '--max-budget-usd must be a positive number greater than 0' });
  });

  it('bare `--x`: unknown; a required value names the option’s flags; anything else is known', () => {
    expect(bareVerdict('--bogus', out("error: unknown option '--bogus'\n"))).toEqual({ kind: 'unknown' });
    // Another option's message is not this one's.
    expect(bareVerdict('--bogusx', out("error: unknown option '--bogus'\n"))).toEqual({ kind: 'known' });
    expect(
      bareVerdict(
        '--allowed-tools',
        out("error: option '--allowedTools, --allowed-tools <tools...>' argument missing\n"),
      ),
    ).toEqual({ kind: 'required', flags: '--allowedTools, --allowed-tools <tools...>' });
    expect(bareVerdict('--verbose', PRECONDITION)).toEqual({ kind: 'known' });
  });

  it('optionFrom: --help’s spelling for a visible option, a placeholder for a hidden optional value', () => {
    const help = [{ flags: '-r, --resume [value]', description: 'Resume a conversation' }];
    expect(optionFrom('--resume', { kind: 'value' }, { kind: 'known' }, help)).toEqual({
      flags: '-r, --resume [value]',
      description: 'Resume a conversation',
    });
    expect(optionFrom('--teleport', { kind: 'value' }, { kind: 'known' }, help)).toEqual({
      flags: '--teleport [value]',
      hidden: true,
    });
    expect(optionFrom('--init', { kind: 'no-value' }, { kind: 'known' }, help)).toEqual({
      flags: '--init',
      hidden: true,
    });
    expect(
      optionFrom(
        '--task-budget',
        { kind: 'value', invalidValue: 'must be a positive integer' },
        {
          kind: 'required',
          flags: '--task-budget <tokens>',
        },
        help,
      ),
    ).toEqual({ flags: '--task-budget <tokens>', hidden: true, invalidValue: 'must be a positive integer' });
    expect(optionFrom('--bogus', { kind: 'no-value' }, { kind: 'unknown' }, help)).toBeUndefined();
  });
});
