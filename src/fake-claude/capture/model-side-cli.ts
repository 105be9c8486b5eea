import { ensureInstalled, findInstalled } from '../../install/index.js';
import { behaviourFor } from '../behaviour/index.js';
import { listedModels } from './all.js';
import { writeModelSideData } from './model-side.js';

/**
 * `npm run fake:capture-model-side -- <version> [<binary>]`: captures what the real CLI of
 * `version` sends the model for the options that shape its request (model-side.ts) into
 * `src/fake-claude/model-side/data/<version>.json`.
 */
async function main(args: string[]): Promise<number> {
  const [version, binary] = args;
  if (!version) {
    process.stderr.write('usage: npm run fake:capture-model-side -- <version> [<claude binary>]\n');
    return 2;
  }
  const binaryPath =
    binary ??
    (
      findInstalled(version) ??
      (await ensureInstalled(version, { onProgress: (line) => process.stderr.write(`${line}\n`) }))
    ).binaryPath;
  const behaviour = await behaviourFor(version);
  const models = listedModels(version);
  const file = await writeModelSideData(
    version,
    binaryPath,
    behaviour.apiModelFor(behaviour.defaultModelFor('api-key')),
    models,
  );
  process.stdout.write(`${file}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `fake:capture-model-side: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  return 1;
});
