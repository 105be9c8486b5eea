import { ensureInstalled, findInstalled } from '../../install/index.js';
import { writeSessionState } from './all.js';

/**
 * `npm run fake:capture-session-state -- <version> [<binary>]`: captures how the real CLI of
 * `version` reports `system/session_state_changed` (session-state.ts) into
 * `src/fake-claude/scripted/session-state/data/<version>.json`; then import that file in
 * `src/fake-claude/scripted/session-state/index.ts`.
 */
async function main(args: string[]): Promise<number> {
  const [version, binary] = args;
  if (!version) {
    process.stderr.write('usage: npm run fake:capture-session-state -- <version> [<claude binary>]\n');
    return 2;
  }
  const binaryPath =
    binary ??
    (
      findInstalled(version) ??
      (await ensureInstalled(version, { onProgress: (line) => process.stderr.write(`${line}\n`) }))
    ).binaryPath;
  const file = await writeSessionState(version, binaryPath);
  process.stdout.write(`${file}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `fake:capture-session-state: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  return 1;
});
