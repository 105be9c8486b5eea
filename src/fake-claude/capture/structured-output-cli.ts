import { ensureInstalled, findInstalled } from '../../install/index.js';
import { writeStructuredOutput } from './all.js';

/**
 * `npm run fake:capture-structured-output -- <version> [<binary>]`: captures how the real CLI of
 * `version` handles `--json-schema` (structured-output.ts) into
 * `src/fake-claude/scripted/structured-output/data/<version>.json`; then import that file in
 * `src/fake-claude/scripted/structured-output/index.ts`.
 */
async function main(args: string[]): Promise<number> {
  const [version, binary] = args;
  if (!version) {
    process.stderr.write('usage: npm run fake:capture-structured-output -- <version> [<claude binary>]\n');
    return 2;
  }
  const binaryPath =
    binary ??
    (
      findInstalled(version) ??
      (await ensureInstalled(version, { onProgress: (line) => process.stderr.write(`${line}\n`) }))
    ).binaryPath;
  const file = await writeStructuredOutput(version, binaryPath);
  process.stdout.write(`${file}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `fake:capture-structured-output: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  return 1;
});
