import { captureFakeData } from './all.js';
import { runCaptureCommand } from './cli-runner.js';

/**
 * `npm run fake:capture-all -- <version> [<binary>]`: every piece of the fake's data for `version`
 * from its real binary (all.ts). Exit 1 when a step failed (each is named, with why).
 */
process.exitCode = await runCaptureCommand('fake:capture-all', async ({ version, binary, onProgress }) => {
  const steps = await captureFakeData(version, binary, onProgress);
  return {
    lines: steps.map((s) => (s.error ? `${s.name}: FAILED: ${s.error}` : `${s.name}: ${s.files.join(', ')}`)),
    failed: steps.some((s) => s.error),
  };
});
