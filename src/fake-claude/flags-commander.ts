import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import {
  FAKE_OPTIONS,
  type FakeFlags,
  fastParseFlags,
  InvalidValueError,
  type OptionSpec,
  type ParseOutcome,
  VERSION_OPTION,
} from './flags.js';

/**
 * The real CLI's command line as commander parses it: the options of flags.ts built into the same
 * library's program as 2.1.150's, so parse errors, `--help` and `--version` are the same bytes. The
 * reference for `fastParseFlags`, and what parses every command line the fast path declines.
 */

function toOption(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.hidden) option.hideHelp();
  if (spec.defaultValue !== undefined) option.default(spec.defaultValue);
  const parse = spec.parse;
  if (parse) {
    option.argParser((value: unknown, previous: unknown) => {
      try {
        return parse(value, previous);
      } catch (error) {
        throw error instanceof InvalidValueError ? new InvalidArgumentError(error.message) : error;
      }
    });
  }
  if (spec.choices) option.choices(spec.choices);
  return option;
}

/** The program, as 2.1.150 declares it in print mode (no subcommands: `-p` skips them). */
export function buildFakeProgram(versionText: string): Command {
  const program = new Command('claude')
    .configureHelp({
      sortOptions: true,
      // (not in commander's typings, but a Help method it calls)
      sortSubcommands: true,
      // 2.1.150 lists options by long name (lower case, code-point order), not by short flag.
      ...({
        compareOptions: (a: Option, b: Option) => {
          const key = (o: Option) => (o.long ?? o.short ?? '').replace(/^-+/, '').toLowerCase();
          return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
        },
      } as object),
    })
    .enablePositionalOptions()
    .description(
      'Claude Code - starts an interactive session by default, use -p/--print for non-interactive output',
    )
    .argument('[prompt]', 'Your prompt', String)
    .helpOption('-h, --help', 'Display help for command');
  for (const spec of FAKE_OPTIONS) {
    if (spec === VERSION_OPTION) program.version(versionText, spec.flags, spec.description);
    else program.addOption(toOption(spec as OptionSpec));
  }
  return program;
}

/** A program and the output its parse wrote (commander restores its own state before each parse). */
interface ReusableProgram {
  program: Command;
  stdout: string;
  stderr: string;
}

/**
 * One program per version text, reused for every parse: building it costs milliseconds, which an
 * in-process session (many in one test file) would pay each time. Parsing is synchronous, so two
 * sessions never share one parse.
 */
const programs = new Map<string, ReusableProgram>();

function programFor(versionText: string): ReusableProgram {
  const cached = programs.get(versionText);
  if (cached) return cached;
  const entry: ReusableProgram = { program: buildFakeProgram(versionText), stdout: '', stderr: '' };
  entry.program.exitOverride();
  entry.program.configureOutput({
    writeOut: (text) => {
      entry.stdout += text;
    },
    writeErr: (text) => {
      entry.stderr += text;
    },
  });
  programs.set(versionText, entry);
  return entry;
}

/** Parses the argv (without node and script) the way 2.1.150 does. Never exits the process. */
export function parseFakeFlags(argv: string[], versionText: string): ParseOutcome {
  const fast = fastParseFlags(argv);
  return fast ? { kind: 'run', flags: fast } : parseWithCommander(argv, versionText);
}

/** `parseFakeFlags` with commander only: the reference the fast path is checked against. */
export function parseWithCommander(argv: string[], versionText: string): ParseOutcome {
  const entry = programFor(versionText);
  const { program } = entry;
  entry.stdout = '';
  entry.stderr = '';
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return { kind: 'exit', exitCode: error.exitCode, stdout: entry.stdout, stderr: entry.stderr };
    }
    // An argParser that threw a plain Error (e.g. --max-budget-usd 0): the real CLI dies with it.
    return {
      kind: 'exit',
      exitCode: 1,
      stdout: entry.stdout,
      stderr: `error: ${(error as Error).message}\n`,
    };
  }
  const flags = { ...program.opts<FakeFlags>() };
  const prompt = program.args[0];
  return { kind: 'run', flags: prompt === undefined ? flags : { ...flags, prompt } };
}
