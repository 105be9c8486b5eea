import { relative } from 'node:path';
import { packageInfo } from '../../config/package-info.js';
import { ensureInstalled, findInstalled } from '../../install/index.js';
import { writeVersionRegistries } from './version-registries.js';

/**
 * The shape every `npm run fake:capture…` command shares: `<version> [<claude binary>] [flags]`,
 * the binary the one given or the version's in the kit's cache (installed when missing), progress
 * on stderr, what was written on stdout (and the registries that now list the version), exit 0, 1
 * on a failure (named), 2 on a usage error.
 */
export interface CaptureRun {
  version: string;
  binary: string;
  /** The `--flags` given (those in `flags` of the command only). */
  flags: string[];
  onProgress: (line: string) => void;
}

/** What a capture reports: its lines for stdout, and whether it failed. */
export interface CaptureOutcome {
  lines: string[];
  failed?: boolean;
}

export async function runCaptureCommand(
  name: string,
  capture: (run: CaptureRun) => Promise<CaptureOutcome>,
  options: {
    flags?: readonly string[];
    argv?: readonly string[];
    /** Regenerates the registries of versions (default: the checkout's, from its folders). */
    registries?: () => string[];
  } = {},
): Promise<number> {
  const args = options.argv ?? process.argv.slice(2);
  const known = options.flags ?? [];
  const flags = args.filter((a) => known.includes(a));
  const [version, binary] = args.filter((a) => !known.includes(a));
  if (!version) {
    const usage = `usage: npm run ${name} -- <version> [<claude binary>]${known.map((f) => ` [${f}]`).join('')}`;
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const onProgress = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const installed =
      binary ?? (findInstalled(version) ?? (await ensureInstalled(version, { onProgress }))).binaryPath;
    const outcome = await capture({ version, binary: installed, flags, onProgress });
    for (const line of outcome.lines) process.stdout.write(`${line}\n`);
    // A version's first file in a data folder is registered there (each folder's generated index.ts).
    const registered = (options.registries ?? writeVersionRegistries)();
    if (registered.length > 0) {
      const root = packageInfo().root;
      process.stdout.write(
        `registered in ${registered.map((f) => relative(root, f)).join(', ')}; npm run build to use it\n`,
      );
    }
    return outcome.failed ? 1 : 0;
  } catch (error) {
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
