import { ensureInstalled, findInstalled } from '../../install/index.js';
import { writeMessageKinds } from './message-kinds.js';

/**
 * `npm run fake:capture-message-kinds -- <version> [<binary>]`: captures what the real CLI of
 * `version` emits for a subagent, a compaction and a prompt suggestion (message-kinds.ts) into
 * `src/fake-claude/scripted/message-kinds/data/<version>.json`.
 */
async function main(args: string[]): Promise<number> {
  const [version, binary] = args;
  if (!version) {
    process.stderr.write('usage: npm run fake:capture-message-kinds -- <version> [<claude binary>]\n');
    return 2;
  }
  const binaryPath =
    binary ??
    (
      findInstalled(version) ??
      (await ensureInstalled(version, { onProgress: (line) => process.stderr.write(`${line}\n`) }))
    ).binaryPath;
  process.stdout.write(`${await writeMessageKinds(version, binaryPath)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `fake:capture-message-kinds: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  return 1;
});
