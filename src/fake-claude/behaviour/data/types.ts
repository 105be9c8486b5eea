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
  /** `api-tools.json`: the built-in tools offered to the Messages API, in request order. */
  apiTools: Array<{ name: string; description: string; input_schema: Json }>;
  /** `api-request.json`: a conversation request's path, parameters besides model/messages/tools/system, headers. */
  apiRequest: { path: string; defaults: Json; headers: Record<string, string> };
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
] as const satisfies ReadonlyArray<readonly [keyof CapturedData, string]>;
