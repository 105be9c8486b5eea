import { runCaptureCommand } from './cli-runner.js';
import { writeMessageKinds } from './message-kinds.js';

/**
 * `npm run fake:capture-message-kinds -- <version> [<binary>]`: captures what the real CLI of
 * `version` emits for a subagent, a compaction and a prompt suggestion (message-kinds.ts) into
 * `src/fake-claude/scripted/message-kinds/data/<version>.json`.
 */
process.exitCode = await runCaptureCommand('fake:capture-message-kinds', async ({ version, binary }) => ({
  lines: [await writeMessageKinds(version, binary)],
}));
