import { writeStructuredOutput } from './all.js';
import { runCaptureCommand } from './cli-runner.js';

/**
 * `npm run fake:capture-structured-output -- <version> [<binary>]`: captures how the real CLI of
 * `version` handles `--json-schema` (structured-output.ts) into
 * `src/fake-claude/scripted/structured-output/data/<version>.json`.
 */
process.exitCode = await runCaptureCommand('fake:capture-structured-output', async ({ version, binary }) => ({
  lines: [await writeStructuredOutput(version, binary)],
}));
