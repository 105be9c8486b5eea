import { runCaptureCommand } from './cli-runner.js';
import { captureArgvData, captureBehaviourData } from './index.js';

/**
 * `npm run fake:capture -- <version> [<binary>] [--argv-only]`: captures the fake's data for
 * `version` from the real binary (installed into the kit's cache when missing, or the one given)
 * and registers it; `--argv-only` recaptures only its command line (`argv.json`).
 */
process.exitCode = await runCaptureCommand(
  'fake:capture',
  async ({ version, binary, flags, onProgress }) => {
    const capture = flags.includes('--argv-only') ? captureArgvData : captureBehaviourData;
    return { lines: [(await capture({ version, binaryPath: binary, onProgress })).summary] };
  },
  { flags: ['--argv-only'] },
);
