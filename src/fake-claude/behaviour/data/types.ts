/**
 * What the fake copies from one real CLI version, as captured from its binary by
 * `src/fake-claude/capture/` (`npm run fake:capture -- <version>`): one JSON file per part in
 * `data/<version>/`. Nothing here is written by hand.
 */

type Json = Record<string, unknown>;

export interface CapturedData {
  /** `binary.json`: `--version` text and the `get_binary_version` reply. */
  binary: { versionText: string; reply: { version: string; buildTime: string } & Json };
  /** `control.json`: control_response details. */
  control: {
    /** Fields a success envelope carries besides subtype, request_id and response, by request subtype. */
    envelopes: Record<string, Json>;
    /** Replies to argument-less requests this version answers (e.g. `list_models`), by subtype. */
    replies: Record<string, Json>;
    /** Fields an error envelope carries besides subtype, request_id and error (e.g. `error_code`). */
    errorEnvelope: Json;
  };
  /** `initialize.json`: the `initialize` reply minus `pid`. */
  initialize: Json;
  /** `context-usage.json`: the `get_context_usage` reply of a fresh session. */
  contextUsage: Json;
  /** `settings.json`: the `get_settings` reply of a fresh session (API-key auth, default model). */
  settings: Json;
  /**
   * `init.json`: the `system/init` message of a plain turn; the session's values are placeholders
   * (`<cwd>`, `<tools>`, …; inside strings `<cwd>`, `<tmpdir>` and `<pid>`).
   */
  init: {
    /** The message, in the CLI's field order. */
    message: Json;
    /** Built-in tool names (a session without MCP servers). */
    tools: string[];
    /** Built-in slash commands and skills, and the agents. */
    slash_commands: string[];
    skills: string[];
    agents: string[];
    /** The session model with API-key auth. */
    model: string;
  };
  /**
   * `api-tools.json`: the built-in tools offered to the Messages API, in request order, as sent
   * (`defer_loading` and the like included); `{monthYear}` in a description is the current month.
   */
  apiTools: Array<{ name: string; description: string; input_schema: Json } & Json>;
  /** `api-request.json`: a conversation request's path, parameters besides model/messages/tools/system, headers. */
  apiRequest: { path: string; defaults: Json; headers: Record<string, string> };
  /** `argv.json`: the command line, every option the binary accepts (`capture/argv.ts`). */
  argv: CapturedArgv;
}

/** The command line of one version: its help texts and every option its binary accepted. */
export interface CapturedArgv {
  /** `claude --help` (stdout, no TTY): the program with its subcommands. */
  help: string;
  /** `claude -p --help`: print mode, no subcommands. */
  printHelp: string;
  /** Every option but commander's own `-h, --help` and `-v, --version`, sorted by long name. */
  options: CapturedOption[];
}

/** One option as the binary judged it. */
export interface CapturedOption {
  /** commander's flags string: `-r, --resume [value]`, `--allowedTools, --allowed-tools <tools...>`, `--verbose`. */
  flags: string;
  /** Not listed by `--help`. */
  hidden?: true;
  /** Its description in `--help` (visible options), wrapped lines joined. */
  description?: string;
  /** The values it takes; commander refuses others ("Allowed choices are …"). */
  choices?: string[];
  /** Values it takes that its refusal does not list (an old value kept working). */
  alsoAccepts?: string[];
  /** Why its parser refuses a value such as `clide-probe` (the text after "argument '<v>' is invalid. "; `<value>` where it names the value). */
  invalidValue?: string;
  /** The warning its parser prints on stderr for a value such as `clide-probe`, which it then ignores. */
  warning?: string;
  /**
   * The plain error its parser throws for a value such as `clide-probe`: the CLI dies of it (exit
   * 1, a source excerpt, `error: <this>` and a stack trace on stderr).
   */
  crash?: string;
}

/** The data files of a version, in the order `versions.ts` loads them. */
export const DATA_FILES = [
  ['binary', 'binary.json'],
  ['control', 'control.json'],
  ['initialize', 'initialize.json'],
  ['contextUsage', 'context-usage.json'],
  ['settings', 'settings.json'],
  ['init', 'init.json'],
  ['apiTools', 'api-tools.json'],
  ['apiRequest', 'api-request.json'],
  ['argv', 'argv.json'],
] as const satisfies ReadonlyArray<readonly [keyof CapturedData, string]>;
