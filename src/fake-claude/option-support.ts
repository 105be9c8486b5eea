/**
 * What the fake does with each option of the real CLI's command line. Every option a version's
 * binary accepts (`behaviour/data/<version>/argv.json`) is parsed as that version parses it; the
 * ones below change what the fake does. Every other one is accepted and ignored, and
 * docs/fake-claude-differences.md ("The command line") lists it with its reason
 * (option-support.test.ts checks both, for every emulated version).
 */
export const EMULATED_OPTIONS: Readonly<Record<string, string>> = {
  '--print': 'headless run of one prompt (text or json output)',
  '--output-format': 'text, json or stream-json output',
  '--input-format': 'stream-json input (the stream-json rules are checked as the real CLI checks them)',
  '--verbose': 'required by stream-json output in print mode, as on the real CLI',
  '--model': 'the session model (system/init, the Messages API request, modelUsage)',
  '--permission-mode': 'the permission mode (default, acceptEdits, plan, bypassPermissions, dontAsk)',
  '--dangerously-skip-permissions': 'bypassPermissions mode',
  '--permission-prompt-tool': '`stdio` (can_use_tool) or an MCP tool answering permission prompts',
  '--allowedTools': 'tools allowed without a prompt',
  '--disallowedTools': 'tools removed from the session',
  '--tools': 'the built-in tool set',
  '--include-partial-messages': 'stream_event messages',
  '--replay-user-messages': 'user messages echoed on stdout',
  '--include-hook-events': 'system/hook_* messages of every command hook run, not only of SessionStart',
  '--max-turns': 'error_max_turns',
  '--max-budget-usd': 'error_max_budget_usd',
  '--json-schema': 'the StructuredOutput tool, structured_output and error_max_structured_output_retries',
  '--mcp-config': 'stdio MCP servers spawned; SDK servers (type sdk) driven over mcp_message as initialize’s',
  '--system-prompt':
    'the system prompt blocks sent to the model (model-side/), replaced by initialize’s systemPrompt',
  '--system-prompt-file': 'as --system-prompt, read from the file',
  '--append-system-prompt':
    'appended to the system prompt (and its identity line), replaced by initialize’s appendSystemPrompt',
  '--append-system-prompt-file': 'as --append-system-prompt, read from the file',
  '--fallback-model':
    'after three 529s in a turn the rest of the turn asks it (2.1.332: system/model_fallback)',
  '--resume': 'resumes a session the fake stored',
  '--continue': 'resumes the latest session of the cwd',
  '--fork-session': 'a resumed session under a new id',
  '--session-id': 'the session id (checked as a UUID)',
  '--no-session-persistence': 'no session file',
  '--await-initialize': 'the first stdin line must be initialize; its MCP servers are started',
  '--initialize-fields': 'initialize’s disallowedTools leave the session; its settings are acknowledged only',
  '--managed-settings-in-initialize': 'initialize’s managedSettings required and acknowledged (not applied)',
  '--scenario': 'ours: the model script of scripted mode',
  '--fixture': 'ours: the fixture of replay mode',
};
