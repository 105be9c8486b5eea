/**
 * The real CLI's command line: the option definitions of claude 2.1.150 (copied from its bundled
 * source), which flags-commander.ts builds into the same library's program (commander), so parse
 * errors read exactly the same: `error: unknown option '--bogus'`, `error: option '--model <model>'
 * argument missing`, invalid choices, exit code 1. Hidden options stay hidden in `--help`. Two
 * options are ours and hidden: `--scenario <file>` (scripted mode) and `--fixture <file>` (replay
 * mode). The command lines clients send are parsed here without commander (`fastParseFlags`), as
 * commander parses them; a session loads commander only for anything else.
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
  scenario?: string;
  fixture?: string;
  [key: string]: unknown;
}

export type ParseOutcome =
  | { kind: 'run'; flags: FakeFlags }
  /** `--version`, `--help` or a parse error: print `stdout`/`stderr` and exit with `exitCode`. */
  | { kind: 'exit'; exitCode: number; stdout: string; stderr: string };

const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'];
const PERMISSION_MODES = ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'];
const flag = () => true;

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

/** The options of 2.1.150 in print mode, in its order (copied from its bundled source), and two of ours. */
export const FAKE_OPTIONS: ReadonlyArray<OptionSpec | typeof VERSION_OPTION> = [
  {
    flags: '-d, --debug [filter]',
    description: 'Enable debug mode with optional category filtering (e.g., "api,hooks" or "!1p,!file")',
    parse: flag,
  },
  // 2.1.150 also accepts the spelling `-d2e`, which commander 14 refuses to declare.
  {
    flags: '--debug-to-stderr',
    description: '(deprecated) Enable debug mode (to stderr)',
    hidden: true,
    parse: Boolean,
  },
  {
    flags: '--debug-file <path>',
    description: 'Write debug logs to a specific file path (implicitly enables debug mode)',
    parse: flag,
  },
  { flags: '--verbose', description: 'Override verbose mode setting from config', parse: flag },
  {
    flags: '-p, --print',
    description:
      'Print response and exit (useful for pipes). Note: The workspace trust dialog is skipped when Claude is run in non-interactive mode (via -p, or when stdout is not a TTY, e.g. piped or redirected output). Only use this in directories you trust. Settings files that fail validation are silently ignored in this mode (no error dialog is shown).',
    parse: flag,
  },
  {
    flags: '--bare',
    description:
      'Minimal mode: skip hooks, LSP, plugin sync, attribution, auto-memory, background prefetches, keychain reads, and CLAUDE.md auto-discovery. Sets CLAUDE_CODE_SIMPLE=1. Anthropic auth is strictly ANTHROPIC_API_KEY or apiKeyHelper via --settings (OAuth and keychain are never read). 3P providers (Bedrock/Vertex/Foundry) use their own credentials. Skills still resolve via /skill-name. Explicitly provide context via: --system-prompt[-file], --append-system-prompt[-file], --add-dir (CLAUDE.md dirs), --mcp-config, --settings, --agents, --plugin-dir.',
    parse: flag,
  },
  { flags: '--init', description: 'Run Setup hooks with init trigger, then continue', hidden: true },
  { flags: '--init-only', description: 'Run Setup and SessionStart:startup hooks, then exit', hidden: true },
  {
    flags: '--maintenance',
    description: 'Run Setup hooks with maintenance trigger, then continue',
    hidden: true,
  },
  {
    flags: '--output-format <format>',
    description:
      'Output format (only works with --print): "text" (default), "json" (single result), or "stream-json" (realtime streaming)',
    choices: ['text', 'json', 'stream-json'],
  },
  {
    flags: '--json-schema <schema>',
    description:
      'JSON Schema for structured output validation. Example: {"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}',
    parse: String,
  },
  {
    flags: '--include-hook-events',
    description:
      'Include all hook lifecycle events in the output stream (only works with --output-format=stream-json)',
    parse: flag,
  },
  {
    flags: '--include-partial-messages',
    description:
      'Include partial message chunks as they arrive (only works with --print and --output-format=stream-json)',
    parse: flag,
  },
  {
    flags: '--session-mirror',
    description: 'Emit transcript_mirror frames on stdout (SDK-internal)',
    hidden: true,
  },
  {
    flags: '--input-format <format>',
    description:
      'Input format (only works with --print): "text" (default), or "stream-json" (realtime streaming input)',
    choices: ['text', 'stream-json'],
  },
  {
    flags: '--mcp-debug',
    description: '[DEPRECATED. Use --debug instead] Enable MCP debug mode (shows MCP server errors)',
    parse: flag,
  },
  {
    flags: '--dangerously-skip-permissions',
    description: 'Bypass all permission checks. Recommended only for sandboxes with no internet access.',
    parse: flag,
  },
  {
    flags: '--allow-dangerously-skip-permissions',
    description:
      'Enable bypassing all permission checks as an option, without it being enabled by default. Recommended only for sandboxes with no internet access.',
    parse: flag,
  },
  {
    flags: '--thinking <mode>',
    description: 'Thinking mode: enabled (equivalent to adaptive), disabled',
    hidden: true,
    choices: ['enabled', 'adaptive', 'disabled'],
  },
  {
    flags: '--thinking-display <display>',
    description: 'How thinking content appears in the response',
    hidden: true,
    choices: ['summarized', 'omitted'],
  },
  {
    flags: '--max-thinking-tokens <tokens>',
    description:
      '[DEPRECATED. Use --thinking instead for newer models] Maximum number of thinking tokens (only works with --print)',
    hidden: true,
    parse: Number,
  },
  {
    flags: '--max-turns <turns>',
    description:
      'Maximum number of agentic turns in non-interactive mode. This will early exit the conversation after the specified number of turns. (only works with --print)',
    hidden: true,
    parse: Number,
  },
  {
    flags: '--max-budget-usd <amount>',
    description: 'Maximum dollar amount to spend on API calls (only works with --print)',
    parse: (value: string) => {
      const n = Number(value);
      if (Number.isNaN(n) || n <= 0)
        throw new Error('--max-budget-usd must be a positive number greater than 0');
      return n;
    },
  },
  {
    flags: '--task-budget <tokens>',
    description: 'API-side task budget in tokens (output_config.task_budget)',
    hidden: true,
  },
  {
    flags: '--replay-user-messages',
    description:
      'Re-emit user messages from stdin back on stdout for acknowledgment (only works with --input-format=stream-json and --output-format=stream-json)',
    parse: flag,
  },
  {
    flags: '--enable-auth-status',
    description: 'Enable auth status messages in SDK mode',
    hidden: true,
    defaultValue: false,
  },
  {
    flags: '--allowedTools, --allowed-tools <tools...>',
    description: 'Comma or space-separated list of tool names to allow (e.g. "Bash(git *) Edit")',
  },
  {
    flags: '--tools <tools...>',
    description:
      'Specify the list of available tools from the built-in set. Use "" to disable all tools, "default" to use all tools, or specify tool names (e.g. "Bash,Edit,Read").',
  },
  {
    flags: '--disallowedTools, --disallowed-tools <tools...>',
    description: 'Comma or space-separated list of tool names to deny (e.g. "Bash(git *) Edit")',
  },
  {
    flags: '--mcp-config <configs...>',
    description: 'Load MCP servers from JSON files or strings (space-separated)',
  },
  {
    flags: '--permission-prompt-tool <tool>',
    description: 'MCP tool to use for permission prompts (only works with --print)',
    hidden: true,
    parse: String,
  },
  { flags: '--system-prompt <prompt>', description: 'System prompt to use for the session', parse: String },
  {
    flags: '--system-prompt-file <file>',
    description: 'Read system prompt from a file',
    hidden: true,
    parse: String,
  },
  {
    flags: '--append-system-prompt <prompt>',
    description: 'Append a system prompt to the default system prompt',
    parse: String,
  },
  {
    flags: '--append-system-prompt-file <file>',
    description: 'Read system prompt from a file and append to the default system prompt',
    hidden: true,
    parse: String,
  },
  {
    flags: '--plan-mode-instructions <instructions>',
    description: 'Custom workflow body for plan mode.',
    hidden: true,
    parse: String,
  },
  {
    flags: '--exclude-dynamic-system-prompt-sections',
    description:
      'Move per-machine sections (cwd, env info, memory paths, git status) from the system prompt into the first user message. Improves cross-user prompt-cache reuse. Only applies with the default system prompt (ignored with --system-prompt).',
    defaultValue: false,
  },
  {
    flags: '--permission-mode <mode>',
    description: 'Permission mode to use for the session',
    parse: String,
    choices: PERMISSION_MODES,
  },
  {
    flags: '-c, --continue',
    description: 'Continue the most recent conversation in the current directory',
    parse: flag,
  },
  {
    flags: '-r, --resume [value]',
    description: 'Resume a conversation by session ID, or open interactive picker with optional search term',
    parse: (value: string | undefined) => value || true,
  },
  {
    flags: '--fork-session',
    description:
      'When resuming, create a new session ID instead of reusing the original (use with --resume or --continue)',
    parse: flag,
  },
  {
    flags: '--prefill <text>',
    description: 'Pre-fill the prompt input with text without submitting it',
    hidden: true,
  },
  {
    flags: '--deep-link-origin',
    description: 'Signal that this session was launched from a deep link',
    hidden: true,
  },
  {
    flags: '--deep-link-repo <slug>',
    description: 'Repo slug the deep link ?repo= parameter resolved to the current cwd',
    hidden: true,
  },
  { flags: '--deep-link-last-fetch <ms>', description: 'FETCH_HEAD mtime in epoch ms', hidden: true },
  { flags: '--prefill-b64 <b64>', description: 'Base64url-encoded --prefill value', hidden: true },
  { flags: '--deep-link-cwd-b64 <b64>', description: 'Base64url-encoded working directory', hidden: true },
  {
    flags: '--from-pr [value]',
    description:
      'Resume a session linked to a PR by PR number/URL, or open interactive picker with optional search term',
    parse: (value: string | undefined) => value || true,
  },
  {
    flags: '--no-session-persistence',
    description:
      'Disable session persistence - sessions will not be saved to disk and cannot be resumed (only works with --print)',
  },
  {
    flags: '--resume-session-at <message id>',
    description: 'When resuming, only messages up to and including the assistant message with <message.id>',
    hidden: true,
    parse: String,
  },
  {
    flags: '--rewind-files <user-message-id>',
    description: 'Restore files to state at the specified user message and exit',
    hidden: true,
  },
  {
    flags: '--model <model>',
    description:
      "Model for the current session. Provide an alias for the latest model (e.g. 'sonnet' or 'opus') or a model's full name (e.g. 'claude-sonnet-4-6').",
  },
  {
    flags: '--effort <level>',
    description: `Effort level for the current session (${EFFORT_LEVELS.join(', ')})`,
    parse: (value: string) => {
      const level = value.toLowerCase();
      if (!EFFORT_LEVELS.includes(level)) {
        throw new InvalidValueError(`It must be one of: ${EFFORT_LEVELS.join(', ')}`);
      }
      return level;
    },
  },
  { flags: '--agent <agent>', description: "Agent for the current session. Overrides the 'agent' setting." },
  {
    flags: '--betas <betas...>',
    description: 'Beta headers to include in API requests (API key users only)',
  },
  {
    flags: '--fallback-model <model>',
    description:
      'Enable automatic fallback to specified model when default model is overloaded (only works with --print)',
  },
  {
    flags: '--workload <tag>',
    description: 'Workload tag for billing-header attribution (cc_workload).',
    hidden: true,
  },
  {
    flags: '--settings <file-or-json>',
    description: 'Path to a settings JSON file or a JSON string to load additional settings from',
  },
  {
    flags: '--managed-settings <json>',
    description: 'Policy-tier settings JSON from a spawning parent process (SDK use only)',
    hidden: true,
  },
  { flags: '--add-dir <directories...>', description: 'Additional directories to allow tool access to' },
  {
    flags: '--ide',
    description: 'Automatically connect to IDE on startup if exactly one valid IDE is available',
    parse: flag,
  },
  {
    flags: '--strict-mcp-config',
    description: 'Only use MCP servers from --mcp-config, ignoring all other MCP configurations',
    parse: flag,
  },
  {
    flags: '--session-id <uuid>',
    description: 'Use a specific session ID for the conversation (must be a valid UUID)',
  },
  {
    flags: '-n, --name <name>',
    description:
      'Set a display name for this session (shown in the prompt box, /resume picker, and terminal title)',
  },
  {
    flags: '--agents <json>',
    description:
      'JSON object defining custom agents (e.g. \'{"reviewer": {"description": "Reviews code", "prompt": "You are a code reviewer"}}\')',
  },
  {
    flags: '--setting-sources <sources>',
    description: 'Comma-separated list of setting sources to load (user, project, local).',
  },
  {
    flags: '--plugin-dir <path>',
    description:
      'Load a plugin from a directory or .zip for this session only (repeatable: --plugin-dir A --plugin-dir B.zip)',
    parse: (value: string, previous: string[]) => [...previous, value],
    defaultValue: [] as string[],
  },
  {
    flags: '--plugin-url <url>',
    description:
      'Fetch a plugin .zip from a URL for this session only (repeatable: --plugin-url A --plugin-url B)',
    parse: (value: string, previous: string[]) => [...previous, ...value.split(/\s+/).filter(Boolean)],
    defaultValue: [] as string[],
  },
  { flags: '--disable-slash-commands', description: 'Disable all skills', parse: flag },
  { flags: '--chrome', description: 'Enable Claude in Chrome integration' },
  { flags: '--no-chrome', description: 'Disable Claude in Chrome integration' },
  {
    flags: '--file <specs...>',
    description:
      'File resources to download at startup. Format: file_id:relative_path (e.g., --file file_abc:doc.txt file_def:img.png)',
  },
  VERSION_OPTION,
  {
    flags: '-w, --worktree [name]',
    description: 'Create a new git worktree for this session (optionally specify a name)',
  },
  {
    flags: '--tmux',
    description:
      'Create a tmux session for the worktree (requires --worktree). Uses iTerm2 native panes when available; use --tmux=classic for traditional tmux.',
  },
  { flags: '--enable-auto-mode', description: '(deprecated) Opt in to auto mode', hidden: true },
  { flags: '--brief', description: 'Enable SendUserMessage tool for agent-to-user communication' },
  {
    flags: '--channels <servers...>',
    description: 'MCP servers whose channel notifications should register this session.',
    hidden: true,
  },
  {
    flags: '--dangerously-load-development-channels <servers...>',
    description: 'Load channel servers not on the allowlist.',
    hidden: true,
  },
  { flags: '--agent-id <id>', description: 'Teammate agent ID', hidden: true },
  { flags: '--agent-name <name>', description: 'Teammate display name', hidden: true },
  { flags: '--team-name <name>', description: 'Team name for swarm coordination', hidden: true },
  { flags: '--agent-color <color>', description: 'Teammate UI color', hidden: true },
  { flags: '--plan-mode-required', description: 'Require plan mode before implementation', hidden: true },
  {
    flags: '--parent-session-id <id>',
    description: 'Parent session ID for analytics correlation',
    hidden: true,
  },
  {
    flags: '--teammate-mode <mode>',
    description: 'How to spawn teammates: "tmux", "in-process", or "auto"',
    hidden: true,
    choices: ['auto', 'tmux', 'in-process'],
  },
  { flags: '--agent-type <type>', description: 'Custom agent type for this teammate', hidden: true },
  {
    flags: '--sdk-url <url>',
    description: 'Use remote WebSocket endpoint for SDK I/O streaming',
    hidden: true,
  },
  {
    flags: '--teleport [session]',
    description: 'Resume a teleport session, optionally specify session ID',
    hidden: true,
  },
  { flags: '--remote [description|session_id|url]', description: 'Create a remote session', hidden: true },
  {
    flags: '--remote-control [name]',
    description: 'Start an interactive session with Remote Control enabled (optionally named)',
    parse: (value: string | undefined) => value || true,
  },
  {
    flags: '--rc [name]',
    description: 'Alias for --remote-control',
    hidden: true,
    parse: (value: string | undefined) => value || true,
  },
  {
    flags: '--remote-control-session-name-prefix <prefix>',
    description: 'Prefix for auto-generated Remote Control session names (default: hostname)',
  },
  // Ours (hidden): the model script of scripted mode and the fixture of replay mode.
  {
    flags: '--scenario <file>',
    description: 'fake-claude: model script to play (scripted mode)',
    hidden: true,
  },
  { flags: '--fixture <file>', description: 'fake-claude: fixture to replay (replay mode)', hidden: true },
];

/**
 * What commander makes of an option's flags (its `Option` constructor and `splitOptionFlags`): the
 * one or two strings that name it on the command line, its attribute name and its kind of value.
 */
interface FastOption {
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

interface FastTable {
  byFlag: Map<string, FastOption>;
  /** The option values before a parse, in the order commander stores them. */
  defaults: Array<[string, unknown]>;
}

let fastTable: FastTable | undefined;

function buildFastTable(): FastTable {
  const byFlag = new Map<string, FastOption>();
  const declared = new Set<string>();
  const defaults: Array<[string, unknown]> = [];
  for (const entry of FAKE_OPTIONS) {
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
 * The flags commander would parse from `argv`, without building the program (~70 options, several
 * milliseconds of every session's start-up), for the command lines clients send: known options,
 * each value in the next argument, at most one prompt. `undefined` for anything else (`--`,
 * `--opt=value`, grouped or unknown short options, `--help`, `--version`, a value commander
 * refuses, a missing value, more than one prompt), which commander then parses (and reports). The
 * values are commander's: the same parsers, the same defaults, in the same order
 * (src/fake-claude/flags.test.ts checks it on generated command lines).
 */
export function fastParseFlags(argv: readonly string[]): FakeFlags | undefined {
  fastTable ??= buildFastTable();
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
        try {
          value = spec.parse!(given, previous);
        } catch {
          return false;
        }
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
    if (!option) return undefined;
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
