import type { CapturedOption } from '../behaviour/data/types.js';

/**
 * The pure half of the command-line capture (`argv.ts` runs the binary): where option candidates
 * come from, what `--help` lists, and what one probe's output says of a candidate. The real CLI is
 * a commander program, so its verdicts are commander's texts:
 *
 * - `-p --input-format=stream-json --x=<probe>`: `error: unknown option '--x=<probe>'` when `--x`
 *   is unknown or takes no value (commander reads `--x=v` only for an option with a value); an
 *   invalid-argument error names the option's flags and why (its choices, or its parser's reason);
 *   anything else (the precondition error the stream-json input without stream-json output meets
 *   once the command line parsed) means it took the value.
 * - `-p --input-format=stream-json --x`: `error: unknown option '--x'` when unknown; `error:
 *   option '<flags>' argument missing` when its value is required (with its exact flags: aliases,
 *   placeholder, `...` when variadic); anything else: a flag, or an optional value.
 *
 * `--input-format=stream-json` without stream-json output makes every command line that parses
 * end at once, before the session does anything.
 */

/** The value the probes give an option (also what a refusal names). */
export const PROBE_VALUE = 'clide-probe';

/** Arguments before the candidate: print mode, and a precondition that stops a parsed command line. */
export const PROBE_PREFIX = ['-p', '--input-format=stream-json'] as const;

/** Names commander declares itself (help and version), never probed. */
const COMMANDER_OWN = new Set(['--help', '--version', '-h', '-v']);

/** A long option name as it can appear in a flags string: `--x`, `--allowedTools`, `--no-x`. */
const LONG_NAME = /^--[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]$/;

/**
 * Candidate long option names in `text` (a slice of the binary, or an SDK's code): every
 * `--name` that starts a quoted string (`"--x"`, `"--x <v>"`, `"--x=…"`, `'-c, --continue'`).
 */
export function candidatesIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(/["'`](?:-[A-Za-z], )?(--[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])/g)) {
    out.add(match[1]!);
  }
  // The aliases of a flags string (`"--allowedTools, --allowed-tools <tools...>"`).
  for (const match of text.matchAll(/["'`]--[A-Za-z][A-Za-z0-9-]*, (--[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])/g)) {
    out.add(match[1]!);
  }
  return out;
}

/** The candidates worth a probe, sorted: commander's own help and version left out. */
export function probeList(candidates: Iterable<string>): string[] {
  return [...new Set(candidates)].filter((name) => LONG_NAME.test(name) && !COMMANDER_OWN.has(name)).sort();
}

/** One option as `--help` lists it. */
export interface HelpOption {
  flags: string;
  description: string;
}

/**
 * The options of a commander help text (its `Options:` section), in its order: a line starting with
 * two spaces and a dash opens an option (flags, two or more spaces, the description, or the
 * description on the following lines when the flags are too long); deeper-indented lines continue
 * the description. Commander's own suffixes (`(default: …)`, `(choices: …)`) stay in the text.
 */
export function parseHelpOptions(help: string): HelpOption[] {
  const out: HelpOption[] = [];
  let inOptions = false;
  let current: HelpOption | undefined;
  for (const line of help.split('\n')) {
    if (/^\S/.test(line)) {
      inOptions = line.startsWith('Options:');
      current = undefined;
      continue;
    }
    if (!inOptions || line.trim() === '') {
      current = undefined;
      continue;
    }
    const open = /^ {2}(-\S.*?)(?: {2,}(\S.*))?$/.exec(line);
    if (open) {
      current = { flags: open[1]!.trim(), description: open[2]?.trim() ?? '' };
      out.push(current);
    } else if (current) {
      const more = line.trim();
      current.description = current.description ? `${current.description} ${more}` : more;
    }
  }
  return out;
}

/** The names a flags string declares (`-r`, `--resume`; both aliases of `--allowedTools, --allowed-tools`). */
export function flagNames(flags: string): string[] {
  return flags.split(/[ ,|]+/).filter((part) => /^--?[A-Za-z]/.test(part) && !/[<[]/.test(part));
}

/** What a probe's process printed and how it ended. */
export interface ProbeOutput {
  stdout: string;
  stderr: string;
  exitCode: number | undefined;
  timedOut: boolean;
}

/** What the `--x=<probe>` run says. */
export type ValueVerdict =
  /** Unknown, or a flag without a value (commander reads `--x=v` only for an option with a value). */
  | { kind: 'no-value' }
  /** It takes a value; `flags`/`choices`/`invalidValue` when a refusal of the probe value told them. */
  | {
      kind: 'value';
      flags?: string;
      choices?: string[];
      invalidValue?: string;
      warning?: string;
      crash?: string;
    };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function valueVerdict(name: string, out: ProbeOutput): ValueVerdict {
  if (out.stderr.startsWith(`error: unknown option '${name}=${PROBE_VALUE}'`)) return { kind: 'no-value' };
  const refused = new RegExp(
    `^error: option '(.+)' argument '${escapeRegExp(PROBE_VALUE)}' is invalid\\. (.*)$`,
    'm',
  ).exec(out.stderr);
  if (refused) {
    const reason = refused[2]!;
    const choices = /^Allowed choices are (.*)\.$/.exec(reason);
    return choices
      ? { kind: 'value', flags: refused[1]!, choices: choices[1]!.split(', ') }
      : { kind: 'value', flags: refused[1]!, invalidValue: reason.replaceAll(PROBE_VALUE, '<value>') };
  }
  // A parser that throws a plain error: the CLI dies with it (a source excerpt, the error, its stack).
  const crash = /^error: (.*)\n {6}at /m.exec(out.stderr);
  if (crash) return { kind: 'value', crash: crash[1]!.replaceAll(PROBE_VALUE, '<value>') };
  // A parser that warns and goes on (e.g. an unknown --effort on some versions).
  const warning = out.stderr
    .split('\n')
    .find((line) => line.startsWith('Warning:') && line.includes(PROBE_VALUE));
  return warning === undefined
    ? { kind: 'value' }
    : { kind: 'value', warning: warning.replaceAll(PROBE_VALUE, '<value>') };
}

/** What the bare `--x` run says. */
export type BareVerdict =
  | { kind: 'unknown' }
  /** Its value is required: commander named the option by its flags. */
  | { kind: 'required'; flags: string }
  /** Known, and runs without a value: a flag, or an optional value. */
  | { kind: 'known' };

export function bareVerdict(name: string, out: ProbeOutput): BareVerdict {
  if (out.stderr.startsWith(`error: unknown option '${name}'`)) return { kind: 'unknown' };
  const missing = /^error: option '(.+)' argument missing$/m.exec(out.stderr);
  if (missing && flagNames(missing[1]!).includes(name)) return { kind: 'required', flags: missing[1]! };
  return { kind: 'known' };
}

/**
 * One option of the table from its verdicts and `--help`: the flags `--help` or an error showed
 * (else `--x` for a flag, `--x [value]` for an optional value nothing names), hidden when `--help`
 * does not list it.
 */
export function optionFrom(
  name: string,
  value: ValueVerdict,
  bare: BareVerdict,
  help: readonly HelpOption[],
): CapturedOption | undefined {
  if (bare.kind === 'unknown' && value.kind === 'no-value') return undefined;
  const listed = help.find((h) => flagNames(h.flags).includes(name));
  const flags =
    (bare.kind === 'required' ? bare.flags : undefined) ??
    (value.kind === 'value' ? value.flags : undefined) ??
    listed?.flags ??
    (value.kind === 'value' ? `${name} [value]` : name);
  const option: CapturedOption = { flags };
  if (!listed) option.hidden = true;
  else option.description = listed.description;
  if (value.kind === 'value') {
    if (value.choices) option.choices = value.choices;
    if (value.invalidValue) option.invalidValue = value.invalidValue;
    if (value.warning) option.warning = value.warning;
    if (value.crash) option.crash = value.crash;
  }
  return option;
}
