import type { Command } from 'commander';
import { packageInfo } from '../../config/package-info.js';
import { ClideError } from '../../errors/index.js';

interface InstallFlags {
  json?: boolean;
  quiet?: boolean;
  allPinned?: boolean;
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
    .option('--all-pinned', 'install every pinned version (one path, or JSON line, per version)')
    .option('-q, --quiet', 'no progress lines on stderr')
    .action(async (spec: string | undefined, flags: InstallFlags) => {
      const onProgress = flags.quiet ? undefined : (line: string) => process.stderr.write(`${line}\n`);
      if (flags.allPinned && spec !== undefined) {
        throw new ClideError('usage', 'give a version or --all-pinned, not both', { where: 'install' });
      }
      const [{ ensureInstalled, isExactVersion, resolveVersion }, { withInterrupt }] = await Promise.all([
        import('../../install/index.js'),
        import('../interrupt.js'),
      ]);
      // The pinned list comes from the registry, which builds every schema set: only for --all-pinned.
      const requested = flags.allPinned
        ? (await import('../../../schemas/registry.js')).pinnedVersions()
        : [spec ?? packageInfo().pinned];
      // SIGINT / SIGTERM kill npm's process group and leave at once (130 / 143), the unfinished
      // install removed: nothing is left running.
      await withInterrupt('the install', async (signal) => {
        for (const one of requested) {
          // An exact version needs no registry when it is already in the cache: ensureInstalled checks first.
          const version = isExactVersion(one) ? one : await resolveVersion(one, { signal });
          if (version !== one) onProgress?.(`${one} is ${version}`);
          const installed = await ensureInstalled(version, { onProgress, signal });
          if (flags.json) {
            const { version, binaryPath, dir, installedNow } = installed;
            process.stdout.write(`${JSON.stringify({ version, binaryPath, dir, installedNow })}\n`);
          } else {
            process.stdout.write(`${installed.binaryPath}\n`);
          }
        }
      });
    });
}
