import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import {
  type FakeCommandLine,
  type FakeFlags,
  fastParseFlags,
  InvalidValueError,
  type OptionSpec,
  type OptionTable,
  optionTable,
  type ParseOutcome,
  VERSION_OPTION,
  withWarnings,
} from './flags.js';

/**
 * The real CLI's command line as commander parses it: a version's captured options (flags.ts)
 * built into the same library's program, so parse errors and `--version` are the same bytes, and
 * `--help` prints the version's captured help (with `-p`/`--print` on the command line, its print
 * mode's, which lists no subcommands). The reference for `fastParseFlags`, and what parses every
 * command line the fast path declines.
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

/** The program of `table` (no subcommands: the fake emulates headless sessions only). */
export function buildFakeProgram(versionText: string, table: OptionTable): Command {
  const program = new Command('claude')
    .enablePositionalOptions()
    .description(
      'Claude Code - starts an interactive session by default, use -p/--print for non-interactive output',
    )
    .argument('[prompt]', 'Your prompt', String)
    .helpOption('-h, --help', 'Display help for command');
  for (const spec of table.options) {
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
  /** The help text the parse under way prints for `--help`. */
  help: string;
}

/**
 * One program per version, reused for every parse: building it costs milliseconds, which an
 * in-process session (many in one test file) would pay each time. Parsing is synchronous, so two
 * sessions never share one parse.
 */
const programs = new WeakMap<OptionTable, ReusableProgram & { versionText: string }>();

function programFor(versionText: string, table: OptionTable): ReusableProgram {
  const cached = programs.get(table);
  if (cached?.versionText === versionText) return cached;
  const entry: ReusableProgram & { versionText: string } = {
    versionText,
    program: buildFakeProgram(versionText, table),
    stdout: '',
    stderr: '',
    help: table.printHelp,
  };
  entry.program.exitOverride();
  entry.program.configureOutput({
    writeOut: (text) => {
      entry.stdout += text;
    },
    writeErr: (text) => {
      entry.stderr += text;
    },
  });
  // `--help` is the real CLI's text, as captured.
  entry.program.helpInformation = () => entry.help;
  programs.set(table, entry);
  return entry;
}

/** Parses the argv (without node and script) the way `commandLine`'s version does. Never exits the process. */
export function parseFakeFlags(argv: string[], commandLine: FakeCommandLine): ParseOutcome {
  const fast = fastParseFlags(argv, optionTable(commandLine.argv));
  return fast ? { kind: 'run', flags: fast } : parseWithCommander(argv, commandLine);
}

/** `parseFakeFlags` with commander only: the reference the fast path is checked against. */
export function parseWithCommander(argv: string[], commandLine: FakeCommandLine): ParseOutcome {
  const table = optionTable(commandLine.argv);
  const entry = programFor(commandLine.versionText, table);
  const { program } = entry;
  entry.stdout = '';
  entry.stderr = '';
  entry.help = argv.includes('-p') || argv.includes('--print') ? table.printHelp : table.help;
  try {
    withWarnings(
      (line) => {
        entry.stderr += `${line}\n`;
      },
      () => program.parse(argv, { from: 'user' }),
    );
  } catch (error) {
    if (error instanceof CommanderError) {
      return { kind: 'exit', exitCode: error.exitCode, stdout: entry.stdout, stderr: entry.stderr };
    }
    // An argParser that threw a plain Error: the real CLI dies with it.
    return {
      kind: 'exit',
      exitCode: 1,
      stdout: entry.stdout,
      stderr: `${entry.stderr}error: ${(error as Error).message}\n`,
    };
  }
  const flags = { ...program.opts<FakeFlags>() };
  const prompt = program.args[0];
  const warnings = entry.stderr;
  return {
    kind: 'run',
    flags: prompt === undefined ? flags : { ...flags, prompt },
    ...(warnings ? { stderr: warnings } : {}),
  };
}
