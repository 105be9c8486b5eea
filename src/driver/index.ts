export type { CliArgsOptions } from './cli-args.js';
export { buildCliArgs } from './cli-args.js';
export { killLiveProcessGroups, killProcessGroup, liveProcessGroups } from './process-group.js';
export type { Sandbox, SandboxEnvOptions, SandboxOptions } from './sandbox.js';
export {
  createSandbox,
  DUMMY_API_KEY,
  disposeLiveSandboxes,
  ENV_ALLOW_LIST,
  liveSandboxes,
  sandboxEnv,
} from './sandbox.js';
export type { SdkMcpServer, SdkMcpTool, SdkMcpToolResult } from './sdk-mcp-server.js';
export { answerMcpMessage, DEFAULT_MCP_PROTOCOL_VERSION } from './sdk-mcp-server.js';
export type {
  ControlHandler,
  ControlHandlers,
  HandlerContext,
  InProcessCli,
  InProcessSpawn,
  SessionOptions,
} from './session.js';
export {
  formatWireLine,
  NO_ANSWER,
  Session,
  startSession,
  unsupportedSubtypeText,
  wireDebug,
  withSession,
} from './session.js';
export type { FrameDirection, Transcript, TranscriptFrame } from './transcript.js';
export { cliMessages, emptyTranscript, stderrText } from './transcript.js';
