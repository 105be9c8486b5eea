import { writeBashPermission } from './all.js';
import { runCaptureCommand } from './cli-runner.js';

/**
 * `npm run fake:capture-bash-permission -- <version> [<binary>]`: captures how the real CLI of
 * `version` gates Bash in each permission mode (bash-permission.ts) into
 * `src/fake-claude/scripted/bash-permission/data/<version>.json`.
 */
process.exitCode = await runCaptureCommand(
  'fake:capture-bash-permission',
  async ({ version, binary, onProgress }) => ({
    lines: [await writeBashPermission(version, binary, onProgress)],
  }),
);
