/** The exit code `run()` returns for a session ended by `killed` (what a shell shows for SIGTERM). */
export const killedExitCode = 143;

/** A CLI→client request (or a tool call) given up because its turn was interrupted. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
}

/** A CLI→client request that can no longer be answered: stdin ended. */
export class StreamClosedError extends Error {}

/** `--permission-prompt-tool` names an MCP tool no connected server offers. */
export class PermissionToolMissing extends Error {
  constructor(readonly tool: string) {
    super(`MCP tool ${tool} (passed via --permission-prompt-tool) not found`);
  }
}

/** Thrown to end the run at once with an exit code (fatal input). */
export class Fatal extends Error {
  constructor(readonly exitCode: number) {
    super(`fatal (${exitCode})`);
  }
}
