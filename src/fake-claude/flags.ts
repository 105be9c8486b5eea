import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';

/**
 * The real CLI's command line, rebuilt with the same library (commander) and the same option
 * definitions as claude 2.1.150 (copied from its bundled source), so parse errors read exactly the
 * same: `error: unknown option '--bogus'`, `error: option '--model <model>' argument missing`,
 * invalid choices, exit code 1. Hidden options stay hidden in `--help`. Two options are ours and
 * hidden: `--scenario <file>` (scripted mode) and `--fixture <file>` (replay mode).
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

function hidden(flags: string, description: string): Option {
  return new Option(flags, description).hideHelp();
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
    .helpOption('-h, --help', 'Display help for command')
    .option(
      '-d, --debug [filter]',
      'Enable debug mode with optional category filtering (e.g., "api,hooks" or "!1p,!file")',
      flag,
    )
    // 2.1.150 also accepts the spelling `-d2e`, which commander 14 refuses to declare.
    .addOption(hidden('--debug-to-stderr', '(deprecated) Enable debug mode (to stderr)').argParser(Boolean))
    .option(
      '--debug-file <path>',
      'Write debug logs to a specific file path (implicitly enables debug mode)',
      flag,
    )
    .option('--verbose', 'Override verbose mode setting from config', flag)
    .option(
      '-p, --print',
      'Print response and exit (useful for pipes). Note: The workspace trust dialog is skipped when Claude is run in non-interactive mode (via -p, or when stdout is not a TTY, e.g. piped or redirected output). Only use this in directories you trust. Settings files that fail validation are silently ignored in this mode (no error dialog is shown).',
      flag,
    )
    .option(
      '--bare',
      'Minimal mode: skip hooks, LSP, plugin sync, attribution, auto-memory, background prefetches, keychain reads, and CLAUDE.md auto-discovery. Sets CLAUDE_CODE_SIMPLE=1. Anthropic auth is strictly ANTHROPIC_API_KEY or apiKeyHelper via --settings (OAuth and keychain are never read). 3P providers (Bedrock/Vertex/Foundry) use their own credentials. Skills still resolve via /skill-name. Explicitly provide context via: --system-prompt[-file], --append-system-prompt[-file], --add-dir (CLAUDE.md dirs), --mcp-config, --settings, --agents, --plugin-dir.',
      flag,
    )
    .addOption(hidden('--init', 'Run Setup hooks with init trigger, then continue'))
    .addOption(hidden('--init-only', 'Run Setup and SessionStart:startup hooks, then exit'))
    .addOption(hidden('--maintenance', 'Run Setup hooks with maintenance trigger, then continue'))
    .addOption(
      new Option(
        '--output-format <format>',
        'Output format (only works with --print): "text" (default), "json" (single result), or "stream-json" (realtime streaming)',
      ).choices(['text', 'json', 'stream-json']),
    )
    .addOption(
      new Option(
        '--json-schema <schema>',
        'JSON Schema for structured output validation. Example: {"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}',
      ).argParser(String),
    )
    .option(
      '--include-hook-events',
      'Include all hook lifecycle events in the output stream (only works with --output-format=stream-json)',
      flag,
    )
    .option(
      '--include-partial-messages',
      'Include partial message chunks as they arrive (only works with --print and --output-format=stream-json)',
      flag,
    )
    .addOption(hidden('--session-mirror', 'Emit transcript_mirror frames on stdout (SDK-internal)'))
    .addOption(
      new Option(
        '--input-format <format>',
        'Input format (only works with --print): "text" (default), or "stream-json" (realtime streaming input)',
      ).choices(['text', 'stream-json']),
    )
    .option(
      '--mcp-debug',
      '[DEPRECATED. Use --debug instead] Enable MCP debug mode (shows MCP server errors)',
      flag,
    )
    .option(
      '--dangerously-skip-permissions',
      'Bypass all permission checks. Recommended only for sandboxes with no internet access.',
      flag,
    )
    .option(
      '--allow-dangerously-skip-permissions',
      'Enable bypassing all permission checks as an option, without it being enabled by default. Recommended only for sandboxes with no internet access.',
      flag,
    )
    .addOption(
      hidden('--thinking <mode>', 'Thinking mode: enabled (equivalent to adaptive), disabled').choices([
        'enabled',
        'adaptive',
        'disabled',
      ]),
    )
    .addOption(
      hidden('--thinking-display <display>', 'How thinking content appears in the response').choices([
        'summarized',
        'omitted',
      ]),
    )
    .addOption(
      hidden(
        '--max-thinking-tokens <tokens>',
        '[DEPRECATED. Use --thinking instead for newer models] Maximum number of thinking tokens (only works with --print)',
      ).argParser(Number),
    )
    .addOption(
      hidden(
        '--max-turns <turns>',
        'Maximum number of agentic turns in non-interactive mode. This will early exit the conversation after the specified number of turns. (only works with --print)',
      ).argParser(Number),
    )
    .addOption(
      new Option(
        '--max-budget-usd <amount>',
        'Maximum dollar amount to spend on API calls (only works with --print)',
      ).argParser((value) => {
        const n = Number(value);
        if (Number.isNaN(n) || n <= 0)
          throw new Error('--max-budget-usd must be a positive number greater than 0');
        return n;
      }),
    )
    .addOption(hidden('--task-budget <tokens>', 'API-side task budget in tokens (output_config.task_budget)'))
    .option(
      '--replay-user-messages',
      'Re-emit user messages from stdin back on stdout for acknowledgment (only works with --input-format=stream-json and --output-format=stream-json)',
      flag,
    )
    .addOption(hidden('--enable-auth-status', 'Enable auth status messages in SDK mode').default(false))
    .option(
      '--allowedTools, --allowed-tools <tools...>',
      'Comma or space-separated list of tool names to allow (e.g. "Bash(git *) Edit")',
    )
    .option(
      '--tools <tools...>',
      'Specify the list of available tools from the built-in set. Use "" to disable all tools, "default" to use all tools, or specify tool names (e.g. "Bash,Edit,Read").',
    )
    .option(
      '--disallowedTools, --disallowed-tools <tools...>',
      'Comma or space-separated list of tool names to deny (e.g. "Bash(git *) Edit")',
    )
    .option('--mcp-config <configs...>', 'Load MCP servers from JSON files or strings (space-separated)')
    .addOption(
      hidden(
        '--permission-prompt-tool <tool>',
        'MCP tool to use for permission prompts (only works with --print)',
      ).argParser(String),
    )
    .addOption(
      new Option('--system-prompt <prompt>', 'System prompt to use for the session').argParser(String),
    )
    .addOption(hidden('--system-prompt-file <file>', 'Read system prompt from a file').argParser(String))
    .addOption(
      new Option(
        '--append-system-prompt <prompt>',
        'Append a system prompt to the default system prompt',
      ).argParser(String),
    )
    .addOption(
      hidden(
        '--append-system-prompt-file <file>',
        'Read system prompt from a file and append to the default system prompt',
      ).argParser(String),
    )
    .addOption(
      hidden('--plan-mode-instructions <instructions>', 'Custom workflow body for plan mode.').argParser(
        String,
      ),
    )
    .addOption(
      new Option(
        '--exclude-dynamic-system-prompt-sections',
        'Move per-machine sections (cwd, env info, memory paths, git status) from the system prompt into the first user message. Improves cross-user prompt-cache reuse. Only applies with the default system prompt (ignored with --system-prompt).',
      ).default(false),
    )
    .addOption(
      new Option('--permission-mode <mode>', 'Permission mode to use for the session')
        .argParser(String)
        .choices(PERMISSION_MODES),
    )
    .option('-c, --continue', 'Continue the most recent conversation in the current directory', flag)
    .option(
      '-r, --resume [value]',
      'Resume a conversation by session ID, or open interactive picker with optional search term',
      (value: string) => value || true,
    )
    .option(
      '--fork-session',
      'When resuming, create a new session ID instead of reusing the original (use with --resume or --continue)',
      flag,
    )
    .addOption(hidden('--prefill <text>', 'Pre-fill the prompt input with text without submitting it'))
    .addOption(hidden('--deep-link-origin', 'Signal that this session was launched from a deep link'))
    .addOption(
      hidden(
        '--deep-link-repo <slug>',
        'Repo slug the deep link ?repo= parameter resolved to the current cwd',
      ),
    )
    .addOption(hidden('--deep-link-last-fetch <ms>', 'FETCH_HEAD mtime in epoch ms'))
    .addOption(hidden('--prefill-b64 <b64>', 'Base64url-encoded --prefill value'))
    .addOption(hidden('--deep-link-cwd-b64 <b64>', 'Base64url-encoded working directory'))
    .option(
      '--from-pr [value]',
      'Resume a session linked to a PR by PR number/URL, or open interactive picker with optional search term',
      (value: string) => value || true,
    )
    .option(
      '--no-session-persistence',
      'Disable session persistence - sessions will not be saved to disk and cannot be resumed (only works with --print)',
    )
    .addOption(
      hidden(
        '--resume-session-at <message id>',
        'When resuming, only messages up to and including the assistant message with <message.id>',
      ).argParser(String),
    )
    .addOption(
      hidden(
        '--rewind-files <user-message-id>',
        'Restore files to state at the specified user message and exit',
      ),
    )
    .option(
      '--model <model>',
      "Model for the current session. Provide an alias for the latest model (e.g. 'sonnet' or 'opus') or a model's full name (e.g. 'claude-sonnet-4-6').",
    )
    .addOption(
      new Option(
        '--effort <level>',
        `Effort level for the current session (${EFFORT_LEVELS.join(', ')})`,
      ).argParser((value) => {
        const level = value.toLowerCase();
        if (!EFFORT_LEVELS.includes(level)) {
          throw new InvalidArgumentError(`It must be one of: ${EFFORT_LEVELS.join(', ')}`);
        }
        return level;
      }),
    )
    .option('--agent <agent>', "Agent for the current session. Overrides the 'agent' setting.")
    .option('--betas <betas...>', 'Beta headers to include in API requests (API key users only)')
    .option(
      '--fallback-model <model>',
      'Enable automatic fallback to specified model when default model is overloaded (only works with --print)',
    )
    .addOption(hidden('--workload <tag>', 'Workload tag for billing-header attribution (cc_workload).'))
    .option(
      '--settings <file-or-json>',
      'Path to a settings JSON file or a JSON string to load additional settings from',
    )
    .addOption(
      hidden(
        '--managed-settings <json>',
        'Policy-tier settings JSON from a spawning parent process (SDK use only)',
      ),
    )
    .option('--add-dir <directories...>', 'Additional directories to allow tool access to')
    .option('--ide', 'Automatically connect to IDE on startup if exactly one valid IDE is available', flag)
    .option(
      '--strict-mcp-config',
      'Only use MCP servers from --mcp-config, ignoring all other MCP configurations',
      flag,
    )
    .option('--session-id <uuid>', 'Use a specific session ID for the conversation (must be a valid UUID)')
    .option(
      '-n, --name <name>',
      'Set a display name for this session (shown in the prompt box, /resume picker, and terminal title)',
    )
    .option(
      '--agents <json>',
      `JSON object defining custom agents (e.g. '{"reviewer": {"description": "Reviews code", "prompt": "You are a code reviewer"}}')`,
    )
    .option(
      '--setting-sources <sources>',
      'Comma-separated list of setting sources to load (user, project, local).',
    )
    .option(
      '--plugin-dir <path>',
      'Load a plugin from a directory or .zip for this session only (repeatable: --plugin-dir A --plugin-dir B.zip)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option(
      '--plugin-url <url>',
      'Fetch a plugin .zip from a URL for this session only (repeatable: --plugin-url A --plugin-url B)',
      (value: string, previous: string[]) => [...previous, ...value.split(/\s+/).filter(Boolean)],
      [] as string[],
    )
    .option('--disable-slash-commands', 'Disable all skills', flag)
    .option('--chrome', 'Enable Claude in Chrome integration')
    .option('--no-chrome', 'Disable Claude in Chrome integration')
    .option(
      '--file <specs...>',
      'File resources to download at startup. Format: file_id:relative_path (e.g., --file file_abc:doc.txt file_def:img.png)',
    )
    .version(versionText, '-v, --version', 'Output the version number')
    .option('-w, --worktree [name]', 'Create a new git worktree for this session (optionally specify a name)')
    .option(
      '--tmux',
      'Create a tmux session for the worktree (requires --worktree). Uses iTerm2 native panes when available; use --tmux=classic for traditional tmux.',
    )
    .addOption(hidden('--enable-auto-mode', '(deprecated) Opt in to auto mode'))
    .addOption(new Option('--brief', 'Enable SendUserMessage tool for agent-to-user communication'))
    .addOption(
      hidden(
        '--channels <servers...>',
        'MCP servers whose channel notifications should register this session.',
      ),
    )
    .addOption(
      hidden(
        '--dangerously-load-development-channels <servers...>',
        'Load channel servers not on the allowlist.',
      ),
    )
    .addOption(hidden('--agent-id <id>', 'Teammate agent ID'))
    .addOption(hidden('--agent-name <name>', 'Teammate display name'))
    .addOption(hidden('--team-name <name>', 'Team name for swarm coordination'))
    .addOption(hidden('--agent-color <color>', 'Teammate UI color'))
    .addOption(hidden('--plan-mode-required', 'Require plan mode before implementation'))
    .addOption(hidden('--parent-session-id <id>', 'Parent session ID for analytics correlation'))
    .addOption(
      hidden('--teammate-mode <mode>', 'How to spawn teammates: "tmux", "in-process", or "auto"').choices([
        'auto',
        'tmux',
        'in-process',
      ]),
    )
    .addOption(hidden('--agent-type <type>', 'Custom agent type for this teammate'))
    .addOption(hidden('--sdk-url <url>', 'Use remote WebSocket endpoint for SDK I/O streaming'))
    .addOption(hidden('--teleport [session]', 'Resume a teleport session, optionally specify session ID'))
    .addOption(hidden('--remote [description|session_id|url]', 'Create a remote session'))
    .addOption(
      new Option(
        '--remote-control [name]',
        'Start an interactive session with Remote Control enabled (optionally named)',
      ).argParser((value: string) => value || true),
    )
    .addOption(
      hidden('--rc [name]', 'Alias for --remote-control').argParser((value: string) => value || true),
    )
    .option(
      '--remote-control-session-name-prefix <prefix>',
      'Prefix for auto-generated Remote Control session names (default: hostname)',
    )
    // Ours (hidden): the model script of scripted mode and the fixture of replay mode.
    .addOption(hidden('--scenario <file>', 'fake-claude: model script to play (scripted mode)'))
    .addOption(hidden('--fixture <file>', 'fake-claude: fixture to replay (replay mode)'));
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
