import type { CapturedArgv, CapturedOption } from './behaviour/data/types.js';

/**
 * The real CLI's command line, per version: the options its binary accepts, captured from it
 * (`behaviour/data/<version>/argv.json`, `capture/argv.ts`), which flags-commander.ts builds into
 * the same library's program (commander), so parse errors read exactly the same: `error: unknown
 * option '--bogus'`, `error: option '--model <model>' argument missing`, invalid choices, exit code
 * 1. Hidden options stay hidden; `--help` prints the version's captured help. What the fake does
 * with a value (its parser, its default, the values the real CLI refuses or warns about) is code
 * here, by option name. Two options are ours and hidden: `--scenario <file>` (scripted mode) and
 * `--fixture <file>` (replay mode). The command lines clients send are parsed here without
 * commander (`fastParseFlags`), as commander parses them; a session loads commander only for
 * anything else.
 */

export interface FakeFlags {
  prompt?: string;
  print?: boolean;
  outputFormat?: 'text' | 'json' | 'stream-json';
  inputFormat?: 'text' | 'stream-json';
  verbose?: boolean;
  permissionMode?: string;
  permissionPromptTool?: string;
  allowedTools?: string[];
  disallowedTools?: string[];
  tools?: string[];
  includePartialMessages?: boolean;
  includeHookEvents?: boolean;
  replayUserMessages?: boolean;
  model?: string;
  fallbackModel?: string;
  maxTurns?: number;
  maxBudgetUsd?: number;
  mcpConfig?: string[];
  strictMcpConfig?: boolean;
  settingSources?: string;
  resume?: string | true;
  forkSession?: boolean;
  continue?: boolean;
  sessionId?: string;
  sessionPersistence?: boolean;
  addDir?: string[];
  thinking?: string;
  effort?: string;
  maxThinkingTokens?: number;
  betas?: string[];
  jsonSchema?: string;
  settings?: string;
  debug?: boolean;
  pluginDir?: string[];
  awaitInitialize?: boolean;
  initializeFields?: string;
  managedSettingsInInitialize?: boolean;
  sdkUrl?: string;
  scenario?: string;
  fixture?: string;
  [key: string]: unknown;
}

export type ParseOutcome =
  /** `stderr`: what the parsers warned about (the real CLI prints it, then runs). */
  | { kind: 'run'; flags: FakeFlags; stderr?: string }
  /** `--version`, `--help` or a parse error: print `stdout`/`stderr` and exit with `exitCode`. */
  | { kind: 'exit'; exitCode: number; stdout: string; stderr: string };

/** The command line of the version the fake emulates (a `CliBehaviour` is one). */
export interface FakeCommandLine {
  /** `--version` output, without newline. */
  versionText: string;
  argv: CapturedArgv;
}

const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'];
const flag = () => true;
const orTrue = (value: string | undefined) => value || true;

/** A value an option's parser refuses: commander's `InvalidArgumentError` (flags-commander.ts makes it one). */
export class InvalidValueError extends Error {}

/**
 * One option of the program: commander's `Option(flags, description)` with `hideHelp()`,
 * `argParser(parse)`, `choices(choices)` and `default(defaultValue)` as given (`choices` replaces
 * the parser, as in commander).
 */
export interface OptionSpec {
  flags: string;
  description: string;
  hidden?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: commander's argParser takes any previous value
  parse?: (value: any, previous: any) => unknown;
  choices?: readonly string[];
  defaultValue?: unknown;
}

/** Where `-v, --version` sits among the options (commander's `.version()`, not an `Option` of ours). */
export const VERSION_OPTION = { flags: '-v, --version', description: 'Output the version number' } as const;

type ValueSemantics = Pick<OptionSpec, 'parse' | 'defaultValue'>;

/**
 * The parsers and defaults of the real CLI's declarations (2.1.150's source, where the values the
 * fake reads come from), by long name; an option not listed here keeps commander's own value
 * (`true`, the string, or the array of a variadic option).
 */
const VALUE_SEMANTICS: Readonly<Record<string, ValueSemantics>> = {
  '--debug': { parse: flag },
  '--debug-to-stderr': { parse: Boolean },
  '--debug-file': { parse: flag },
  '--verbose': { parse: flag },
  '--print': { parse: flag },
  '--bare': { parse: flag },
  '--json-schema': { parse: String },
  '--include-hook-events': { parse: flag },
  '--include-partial-messages': { parse: flag },
  '--mcp-debug': { parse: flag },
  '--dangerously-skip-permissions': { parse: flag },
  '--allow-dangerously-skip-permissions': { parse: flag },
  '--max-thinking-tokens': { parse: Number },
  '--max-turns': { parse: Number },
  '--max-budget-usd': { parse: Number },
  '--replay-user-messages': { parse: flag },
  '--enable-auth-status': { defaultValue: false },
  '--permission-prompt-tool': { parse: String },
  '--system-prompt': { parse: String },
  '--system-prompt-file': { parse: String },
  '--append-system-prompt': { parse: String },
  '--append-system-prompt-file': { parse: String },
  '--plan-mode-instructions': { parse: String },
  '--exclude-dynamic-system-prompt-sections': { defaultValue: false },
  '--permission-mode': { parse: String },
  '--continue': { parse: flag },
  '--resume': { parse: orTrue },
  '--fork-session': { parse: flag },
  '--from-pr': { parse: orTrue },
  '--resume-session-at': { parse: String },
  '--effort': { parse: (value: string) => value.toLowerCase() },
  '--ide': { parse: flag },
  '--strict-mcp-config': { parse: flag },
  '--plugin-dir': { parse: (value: string, previous: string[]) => [...previous, value], defaultValue: [] },
  '--plugin-dir-no-mcp': {
    parse: (value: string, previous: string[]) => [...previous, value],
    defaultValue: [],
  },
  '--plugin-url': {
    parse: (value: string, previous: string[]) => [...previous, ...value.split(/\s+/).filter(Boolean)],
    defaultValue: [],
  },
  '--disable-slash-commands': { parse: flag },
  '--remote-control': { parse: orTrue },
  '--rc': { parse: orTrue },
};

const notANumber = (value: string) => (Number.isNaN(Number(value)) ? value : undefined);

/** `--autocompact`: `auto`, or a window of at least 100k tokens (`500k`, `1m`, `200000`, `200` for 200k). */
function autocompactRefused(value: string): string | undefined {
  if (value.toLowerCase() === 'auto') return undefined;
  const match = /^(\d+(?:\.\d+)?)([km])?$/i.exec(value);
  if (!match) return value;
  const suffix = match[2]?.toLowerCase();
  let tokens = Number(match[1]) * (suffix === 'k' ? 1e3 : suffix === 'm' ? 1e6 : 1);
  if (!suffix && tokens < 1000) tokens *= 1000;
  return tokens >= 100_000 ? undefined : value;
}

/** The `--initialize-fields` names a version reads from `initialize`. */
const INITIALIZE_FIELDS = ['settings', 'disallowedTools'];

/**
 * Which values the real CLI refuses (or warns about, or dies of) where a version's capture says it
 * does (`invalidValue`, `warning`, `crash`): the part of the value its text names, `undefined` for a good value.
 * A capture that names a check missing here fails flags.test.ts.
 */
export const VALUE_CHECKS: Readonly<Record<string, (value: string) => string | undefined>> = {
  '--max-turns': notANumber,
  '--max-thinking-tokens': notANumber,
  '--max-budget-usd': (value) => (Number(value) > 0 ? undefined : value),
  '--task-budget': (value) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? undefined : value;
  },
  '--effort': (value) => (EFFORT_LEVELS.includes(value.toLowerCase()) ? undefined : value),
  '--autocompact': autocompactRefused,
  '--initialize-fields': (value) => value.split(',').find((name) => !INITIALIZE_FIELDS.includes(name)),
};

/** The long name of a flags string (`--allowedTools` of `--allowedTools, --allowed-tools <tools...>`), else its short one. */
export function primaryName(flags: string): string {
  const names = flags.split(/[ ,|]+/).filter((part) => /^--?[A-Za-z]/.test(part));
  return names.find((n) => n.startsWith('--')) ?? names[0] ?? flags;
}

/**
 * Where a parse writes the warnings of the real CLI's parsers (an unknown `--effort` on 2.1.332):
 * set by the parse that runs, synchronously.
 */
let warningSink: ((line: string) => void) | undefined;

/** Runs `parse` with the parsers' warnings going to `sink`. */
export function withWarnings<T>(sink: (line: string) => void, parse: () => T): T {
  const previous = warningSink;
  warningSink = sink;
  try {
    return parse();
  } finally {
    warningSink = previous;
  }
}

function specOf(option: CapturedOption): OptionSpec {
  const name = primaryName(option.flags);
  const semantics = VALUE_SEMANTICS[name] ?? {};
  const check = VALUE_CHECKS[name];
  let parse = semantics.parse;
  const { invalidValue, warning, crash } = option;
  if (check && (invalidValue ?? warning ?? crash) !== undefined) {
    const base = parse;
    parse = (value: string, previous: unknown) => {
      const refused = check(value);
      if (refused !== undefined) {
        if (invalidValue !== undefined)
          throw new InvalidValueError(invalidValue.replaceAll('<value>', refused));
        // A plain error: the real CLI dies of it (flags-commander.ts prints its message).
        if (crash !== undefined) throw new Error(crash.replaceAll('<value>', refused));
        warningSink?.(warning!.replaceAll('<value>', refused));
        return undefined;
      }
      return base ? base(value, previous) : value;
    };
  }
  let choices = option.choices;
  if (choices && option.alsoAccepts) {
    // Values the refusal does not list: commander's choices check, with the same text, on more values.
    const listed = choices;
    const accepted = [...listed, ...option.alsoAccepts];
    const base = parse;
    parse = (value: string, previous: unknown) => {
      if (!accepted.includes(value)) throw new InvalidValueError(`Allowed choices are ${listed.join(', ')}.`);
      return base ? base(value, previous) : value;
    };
    choices = undefined;
  }
  return {
    flags: option.flags,
    description: option.description ?? '',
    ...(option.hidden ? { hidden: true } : {}),
    ...(parse ? { parse } : {}),
    ...(choices ? { choices } : {}),
    ...(semantics.defaultValue === undefined ? {} : { defaultValue: semantics.defaultValue }),
  };
}

/** Ours (hidden): the model script of scripted mode and the fixture of replay mode. */
const OURS: readonly OptionSpec[] = [
  {
    flags: '--scenario <file>',
    description: 'fake-claude: model script to play (scripted mode)',
    hidden: true,
  },
  { flags: '--fixture <file>', description: 'fake-claude: fixture to replay (replay mode)', hidden: true },
];

/** One version's program: its options in declaration order, and its help texts. */
export interface OptionTable {
  options: ReadonlyArray<OptionSpec | typeof VERSION_OPTION>;
  /** `--help` without `-p` (with the subcommands) and with it. */
  help: string;
  printHelp: string;
  /** The fast path's view of `options` (built on its first use). */
  fast?: FastTable;
}

const tables = new WeakMap<CapturedArgv, OptionTable>();

/** The program of a captured command line: its options, then `-v, --version`, then ours. */
export function optionTable(argv: CapturedArgv): OptionTable {
  const cached = tables.get(argv);
  if (cached) return cached;
  const captured = argv.options.map(specOf);
  const taken = new Set(captured.map((o) => primaryName(o.flags)));
  const table: OptionTable = {
    options: [...captured, VERSION_OPTION, ...OURS.filter((o) => !taken.has(primaryName(o.flags)))],
    help: argv.help,
    printHelp: argv.printHelp,
  };
  tables.set(argv, table);
  return table;
}

/**
 * What commander makes of an option's flags (its `Option` constructor and `splitOptionFlags`): the
 * one or two strings that name it on the command line, its attribute name and its kind of value.
 */
export interface FastOption {
  spec: OptionSpec;
  flagNames: string[];
  attribute: string;
  required: boolean;
  optional: boolean;
  variadic: boolean;
  negate: boolean;
}

function camelcase(name: string): string {
  return name.split('-').reduce((out, word) => out + word[0]!.toUpperCase() + word.slice(1));
}

// commander's flag shapes (`splitOptionFlags`): `-x`, and `--x…` whose third character is not a dash.
const isShortFlag = (part: string | undefined) =>
  part !== undefined && part.length === 2 && part[0] === '-' && part[1] !== '-';
const isLongFlag = (part: string | undefined) =>
  part !== undefined && part.length > 2 && part[0] === '-' && part[1] === '-' && part[2] !== '-';
const VARIADIC = /\w\.\.\.[>\]]$/;

export function describeOption(spec: { flags: string }): Omit<FastOption, 'spec'> {
  const parts = spec.flags.split(/[ |,]+/);
  let short: string | undefined;
  let long: string | undefined;
  if (isShortFlag(parts[0])) short = parts.shift();
  if (isLongFlag(parts[0])) long = parts.shift();
  if (!short && isShortFlag(parts[0])) short = parts.shift();
  if (!short && isLongFlag(parts[0])) {
    short = long;
    long = parts.shift();
  }
  const negate = long?.startsWith('--no-') ?? false;
  const name = long ? long.slice(2) : (short ?? '').slice(1);
  const flagNames: string[] = [];
  if (short !== undefined) flagNames.push(short);
  if (long !== undefined) flagNames.push(long);
  return {
    flagNames,
    attribute: camelcase(negate ? name.slice(3) : name),
    required: spec.flags.includes('<'),
    optional: spec.flags.includes('['),
    variadic: VARIADIC.test(spec.flags),
    negate,
  };
}

export interface FastTable {
  byFlag: Map<string, FastOption>;
  /** The option values before a parse, in the order commander stores them. */
  defaults: Array<[string, unknown]>;
}

function buildFastTable(options: OptionTable['options']): FastTable {
  const byFlag = new Map<string, FastOption>();
  const declared = new Set<string>();
  const defaults: Array<[string, unknown]> = [];
  for (const entry of options) {
    const described = describeOption(entry);
    // `--version` is commander's own (never parsed here), but declared like the others.
    if (entry !== VERSION_OPTION) {
      const spec = entry as OptionSpec;
      const option: FastOption = { spec, ...described };
      if (option.negate) {
        // commander: `--no-foo` defaults foo to true, unless a `--foo` option was declared before it.
        const positive = option.flagNames.at(-1)!.replace(/^--no-/, '--');
        if (!declared.has(positive)) defaults.push([option.attribute, spec.defaultValue ?? true]);
      } else if (spec.defaultValue !== undefined) defaults.push([option.attribute, spec.defaultValue]);
      for (const name of option.flagNames) if (!declared.has(name)) byFlag.set(name, option);
    }
    for (const name of described.flagNames) declared.add(name);
  }
  return { byFlag, defaults };
}

const maybeOption = (arg: string) => arg.length > 1 && arg[0] === '-';
const negativeNumber = (arg: string) => /^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg);

/**
 * The flags commander would parse from `argv` with `table`'s program, without building it (~140
 * options, several milliseconds of every session's start-up), for the command lines clients
 * send: known options, each value in the next argument or after `=` (`--model=opus`, the Agent
 * SDK's form since 0.3.295), at most one prompt. `undefined` for anything else (`--`, grouped or
 * unknown short options, `--flag=value` of an option without a value, `--help`, `--version`, a
 * value commander refuses or a parser warns about, a missing value, more than one prompt), which
 * commander then parses (and reports). The values are commander's: the same parsers, the same
 * defaults, in the same order (src/fake-claude/flags.test.ts checks it on generated command lines).
 */
export function fastParseFlags(argv: readonly string[], table: OptionTable): FakeFlags | undefined {
  table.fast ??= buildFastTable(table.options);
  const fastTable = table.fast;
  const values: Record<string, unknown> = {};
  const untouched = new Set<string>();
  for (const [attribute, value] of fastTable.defaults) {
    values[attribute] = Array.isArray(value) ? [...value] : value;
    untouched.add(attribute);
  }
  // commander's `_concatValue`: a variadic option's values accumulate, from its default on.
  const concat = (option: FastOption, given: string, previous: unknown): unknown[] =>
    (untouched.has(option.attribute) && previous === option.spec.defaultValue) || !Array.isArray(previous)
      ? [given]
      : previous.concat(given);
  // commander's option event handler; false where commander would not run on (a refused value).
  const assign = (option: FastOption, given: string | null | undefined): boolean => {
    const { spec, attribute } = option;
    const previous = values[attribute];
    let value: unknown = given;
    if (given !== null && (spec.choices || spec.parse)) {
      if (spec.choices) {
        if (given === undefined || !spec.choices.includes(given)) return false;
        if (option.variadic) value = concat(option, given!, previous);
      } else {
        let warned = false;
        try {
          value = withWarnings(
            () => {
              warned = true;
            },
            () => spec.parse!(given, previous),
          );
        } catch {
          return false;
        }
        // A warning is output: commander's path writes it where it belongs.
        if (warned) return false;
      }
    } else if (given !== null && option.variadic) value = concat(option, given!, previous);
    if (value === null || value === undefined) {
      value = option.negate ? false : option.required ? '' : true;
    }
    values[attribute] = value;
    untouched.delete(attribute);
    return true;
  };
  const operands: string[] = [];
  let variadic: FastOption | undefined;
  let i = 0;
  while (i < argv.length) {
    const arg = argv[i++]!;
    if (arg === '--') return undefined;
    if (variadic && (!maybeOption(arg) || negativeNumber(arg))) {
      if (!assign(variadic, arg)) return undefined;
      continue;
    }
    variadic = undefined;
    if (!maybeOption(arg)) {
      operands.push(arg);
      continue;
    }
    const option = fastTable.byFlag.get(arg);
    if (!option) {
      // commander's `--flag=value`: only for an option with a value; it ends no variadic list.
      const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
      const named = equals > 2 ? fastTable.byFlag.get(arg.slice(0, equals)) : undefined;
      if (!named || !(named.required || named.optional)) return undefined;
      if (!assign(named, arg.slice(equals + 1))) return undefined;
      continue;
    }
    let value: string | null | undefined;
    if (option.required) {
      if (i >= argv.length) return undefined;
      value = argv[i++];
    } else if (option.optional) {
      value = null;
      const next = argv[i];
      if (next !== undefined && (!maybeOption(next) || negativeNumber(next))) value = argv[i++];
    }
    if (!assign(option, value)) return undefined;
    if (option.variadic) variadic = option;
  }
  if (operands.length > 1) return undefined;
  const prompt = operands[0];
  return prompt === undefined ? values : { ...values, prompt };
}
