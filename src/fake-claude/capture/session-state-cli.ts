import { writeSessionState } from './all.js';
import { runCaptureCommand } from './cli-runner.js';

/**
 * `npm run fake:capture-session-state -- <version> [<binary>]`: captures how the real CLI of
 * `version` reports `system/session_state_changed` (session-state.ts) into
 * `src/fake-claude/scripted/session-state/data/<version>.json`.
 */
process.exitCode = await runCaptureCommand('fake:capture-session-state', async ({ version, binary }) => ({
  lines: [await writeSessionState(version, binary)],
}));
