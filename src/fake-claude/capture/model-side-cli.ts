import { writeModelSide } from './all.js';
import { runCaptureCommand } from './cli-runner.js';

/**
 * `npm run fake:capture-model-side -- <version> [<binary>]`: captures what the real CLI of
 * `version` sends the model for the options that shape its request (model-side.ts) into
 * `src/fake-claude/model-side/data/<version>.json`.
 */
process.exitCode = await runCaptureCommand('fake:capture-model-side', async ({ version, binary }) => ({
  lines: [await writeModelSide(version, binary)],
}));
