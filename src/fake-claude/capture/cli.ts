import { ensureInstalled, findInstalled } from '../../install/index.js';
import { captureBehaviourData } from './index.js';

/**
 * `npm run fake:capture -- <version> [<binary>]`: captures the fake's data for `version` from the
 * real binary (installed into the kit's cache when missing, or the one given) and registers it.
 */
async function main(argv: string[]): Promise<number> {
  const [version, binary] = argv;
  if (!version) {
    process.stderr.write('usage: npm run fake:capture -- <version> [<claude binary>]\n');
    return 2;
  }
  const binaryPath =
    binary ??
    (
      findInstalled(version) ??
      (await ensureInstalled(version, { onProgress: (line) => process.stderr.write(`${line}\n`) }))
    ).binaryPath;
  const { summary } = await captureBehaviourData({ version, binaryPath });
  process.stdout.write(`${summary}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`fake:capture: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
