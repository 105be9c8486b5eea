import { ensureInstalled, findInstalled } from '../../install/index.js';
import { captureFakeData } from './all.js';

/**
 * `npm run fake:capture-all -- <version> [<binary>]`: every piece of the fake's data for `version`
 * from its real binary (all.ts). Exit 1 when a step failed (each is named, with why).
 */
async function main(args: string[]): Promise<number> {
  const [version, binary] = args;
  if (!version) {
    process.stderr.write('usage: npm run fake:capture-all -- <version> [<claude binary>]\n');
    return 2;
  }
  const onProgress = (line: string) => process.stderr.write(`${line}\n`);
  const binaryPath =
    binary ?? (findInstalled(version) ?? (await ensureInstalled(version, { onProgress }))).binaryPath;
  const steps = await captureFakeData(version, binaryPath, onProgress);
  for (const step of steps) {
    process.stdout.write(
      step.error ? `${step.name}: FAILED: ${step.error}\n` : `${step.name}: ${step.files.join(', ')}\n`,
    );
  }
  return steps.some((s) => s.error) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`fake:capture-all: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
