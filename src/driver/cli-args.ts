/** How to start a CLI side in stream-json mode. */
export interface CliArgsOptions {
  /** `--permission-prompt-tool` value; `null` leaves the flag out (tools that "ask" are then auto-denied). */
  permissionPromptTool?: string | null;
  /** `-p`; the Agent SDK never passes it (the stream-json flags alone mean headless mode). */
  print?: boolean;
  includePartialMessages?: boolean;
  includeHookEvents?: boolean;
  replayUserMessages?: boolean;
  permissionMode?: string;
  resume?: string;
  sessionId?: string;
  model?: string;
  /** Inline JSON or a path, passed to `--mcp-config`. */
  mcpConfig?: string;
  allowedTools?: string[];
  disallowedTools?: string[];
  maxTurns?: number;
  /** Appended verbatim. */
  extraArgs?: string[];
}

/** The argv (without the binary) for a stream-json session. */
export function buildCliArgs(options: CliArgsOptions = {}): string[] {
  const args: string[] = [];
  if (options.print ?? true) args.push('-p');
  args.push('--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose');
  const tool = options.permissionPromptTool === undefined ? 'stdio' : options.permissionPromptTool;
  if (tool !== null) args.push('--permission-prompt-tool', tool);
  if (options.includePartialMessages) args.push('--include-partial-messages');
  if (options.includeHookEvents) args.push('--include-hook-events');
  if (options.replayUserMessages) args.push('--replay-user-messages');
  if (options.permissionMode) args.push('--permission-mode', options.permissionMode);
  if (options.resume) args.push('--resume', options.resume);
  if (options.sessionId) args.push('--session-id', options.sessionId);
  if (options.model) args.push('--model', options.model);
  if (options.mcpConfig) args.push('--mcp-config', options.mcpConfig);
  if (options.allowedTools?.length) args.push('--allowedTools', options.allowedTools.join(','));
  if (options.disallowedTools?.length) args.push('--disallowedTools', options.disallowedTools.join(','));
  if (options.maxTurns !== undefined) args.push('--max-turns', String(options.maxTurns));
  args.push(...(options.extraArgs ?? []));
  return args;
}
