import { ensureInstalled, findInstalled } from '../../install/index.js';
import { captureArgvData, captureBehaviourData } from './index.js';

/**
 * `npm run fake:capture -- <version> [<binary>] [--argv-only]`: captures the fake's data for
 * `version` from the real binary (installed into the kit's cache when missing, or the one given)
 * and registers it; `--argv-only` recaptures only its command line (`argv.json`).
 */
async function main(args: string[]): Promise<number> {
  const argvOnly = args.includes('--argv-only');
  const [version, binary] = args.filter((a) => a !== '--argv-only');
  if (!version) {
    process.stderr.write('usage: npm run fake:capture -- <version> [<claude binary>] [--argv-only]\n');
    return 2;
  }
  const binaryPath =
    binary ??
    (
      findInstalled(version) ??
      (await ensureInstalled(version, { onProgress: (line) => process.stderr.write(`${line}\n`) }))
    ).binaryPath;
  const onProgress = (line: string) => process.stderr.write(`${line}\n`);
  const capture = argvOnly ? captureArgvData : captureBehaviourData;
  const { summary } = await capture({ version, binaryPath, onProgress });
  process.stdout.write(`${summary}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`fake:capture: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
