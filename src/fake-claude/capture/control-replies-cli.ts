import { runCaptureCommand } from './cli-runner.js';
import { writeControlReplies } from './control-replies.js';

/**
 * `npm run fake:capture-control-replies -- <version> [<binary>]`: captures what the real CLI of
 * `version` answers to the client control requests it handles offline (control-replies.ts) into
 * `src/fake-claude/scripted/control/data/<version>.json`.
 */
process.exitCode = await runCaptureCommand('fake:capture-control-replies', async ({ version, binary }) => ({
  lines: [await writeControlReplies(version, binary)],
}));
