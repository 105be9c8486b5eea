import { ensureInstalled, findInstalled } from '../../install/index.js';
import { writeControlReplies } from './control-replies.js';

/**
 * `npm run fake:capture-control-replies -- <version> [<binary>]`: captures what the real CLI of
 * `version` answers to the client control requests it handles offline (control-replies.ts) into
 * `src/fake-claude/scripted/control/data/<version>.json`.
 */
async function main(args: string[]): Promise<number> {
  const [version, binary] = args;
  if (!version) {
    process.stderr.write('usage: npm run fake:capture-control-replies -- <version> [<claude binary>]\n');
    return 2;
  }
  const binaryPath =
    binary ??
    (
      findInstalled(version) ??
      (await ensureInstalled(version, { onProgress: (line) => process.stderr.write(`${line}\n`) }))
    ).binaryPath;
  process.stdout.write(`${await writeControlReplies(version, binaryPath)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `fake:capture-control-replies: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  return 1;
});
