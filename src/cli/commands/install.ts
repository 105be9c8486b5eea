import type { Command } from 'commander';
import { packageInfo } from '../../config/package-info.js';
import { ensureInstalled, isExactVersion, resolveVersion } from '../../install/index.js';

interface InstallFlags {
  json?: boolean;
  quiet?: boolean;
}

/** `clide-conformance install [version|latest] [--json]`: installs a real CLI version into the cache. */
export function registerInstall(program: Command): void {
  program
    .command('install')
    .description(
      'install @anthropic-ai/claude-code@<version> into the per-user cache (CLIDE_CACHE_DIR, else ' +
        '$XDG_CACHE_HOME/clide-conformance, else ~/.cache/clide-conformance), verify `claude --version`, ' +
        'and print the binary path; a no-op when already installed',
    )
    .argument(
      '[version]',
      'an exact version (e.g. 2.1.150) or a dist-tag (e.g. latest); default: the pinned version',
    )
    .option('--json', 'print {"version","binaryPath","dir","installedNow"} as JSON instead of the bare path')
    .option('-q, --quiet', 'no progress lines on stderr')
    .action(async (spec: string | undefined, flags: InstallFlags) => {
      const onProgress = flags.quiet ? undefined : (line: string) => process.stderr.write(`${line}\n`);
      const requested = spec ?? packageInfo().pinned;
      // An exact version needs no registry when it is already in the cache: ensureInstalled checks first.
      const version = isExactVersion(requested) ? requested : await resolveVersion(requested);
      if (version !== requested) onProgress?.(`${requested} is ${version}`);
      const installed = await ensureInstalled(version, { onProgress });
      if (flags.json) {
        const { version, binaryPath, dir, installedNow } = installed;
        process.stdout.write(`${JSON.stringify({ version, binaryPath, dir, installedNow })}\n`);
      } else {
        process.stdout.write(`${installed.binaryPath}\n`);
      }
    });
}
