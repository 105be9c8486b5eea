import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ClideError, throwIfInterrupted } from '../errors/index.js';
import { resolveBinary } from './binary.js';
import { CLAUDE_SUBDIR, cacheRoot, versionDir } from './cache-root.js';
import { buildMarker, readInstalled, writeMarker } from './marker.js';
import { npmErrorCode, npmFailure, runNpm } from './npm.js';
import { notPublished, resolveVersion } from './registry.js';
import type { InstalledCli, InstallOptions } from './types.js';
import { assertExactVersion, assertVersionSpec, CLAUDE_PACKAGE, isExactVersion } from './version-spec.js';
import { removeStaleWorkDirs, workDirName } from './work-dirs.js';

/** How often a placement retries after moving a broken install aside (each retry means another process interfered). */
const PLACE_ATTEMPTS = 5;

/**
 * The verified install of an exact `version` in the cache, or undefined. No network, no process
 * spawned: it trusts the `install.json` marker written after verification (and checks the binary
 * is still there with the verified size).
 */
export function findInstalled(
  version: string,
  options: Pick<InstallOptions, 'cacheRoot'> = {},
): InstalledCli | undefined {
  assertExactVersion(version);
  return readInstalled(versionDir(options.cacheRoot ?? cacheRoot(), version), version);
}

/**
 * Makes sure `@anthropic-ai/claude-code@<version>` is installed in the cache and its binary
 * reports that version; returns where it is. A no-op (no npm, no spawn) when already installed.
 *
 * Crash- and race-safe without locks: npm installs into a private `.tmp-…` folder next to the
 * version folder, the binary is verified there, the marker is written, and only then is the folder
 * renamed into place in one atomic step. A concurrent installer that loses the rename discards its
 * copy and returns the winner's; a crashed install leaves only a `.tmp-…` folder, which lookups
 * never read and later installs delete.
 *
 * `version` may also be a dist-tag (`latest`), resolved through the registry first.
 */
export async function ensureInstalled(version: string, options: InstallOptions = {}): Promise<InstalledCli> {
  const progress = options.onProgress ?? (() => {});
  assertVersionSpec(version);
  throwIfInterrupted(options.signal);
  const exact = isExactVersion(version)
    ? version
    : await resolveVersion(version, {
        npm: options.npm,
        ...(options.signal ? { signal: options.signal } : {}),
      });
  const root = options.cacheRoot ?? cacheRoot();
  const dir = versionDir(root, exact);

  const found = readInstalled(dir, exact);
  if (found) {
    progress(`claude ${exact} is already installed: ${found.binaryPath}`);
    return found;
  }

  const claudeDir = join(root, CLAUDE_SUBDIR);
  await mkdir(claudeDir, { recursive: true });
  for (const name of await removeStaleWorkDirs(claudeDir)) {
    progress(`removed ${join(claudeDir, name)}, left by an install that did not finish`);
  }

  // A version folder without a valid marker: an install made by hand (or by an older kit). Adopt
  // it when its binary verifies; otherwise it is replaced below.
  if (existsSync(dir)) {
    const adopted = await adopt(dir, exact, progress);
    if (adopted) return adopted;
  }

  const work = join(claudeDir, workDirName('tmp', exact));
  try {
    await mkdir(work);
    await npmInstall(work, dir, exact, options, progress);
    throwIfInterrupted(options.signal);
    const binary = await resolveBinary(work, exact, dir);
    await writeMarker(work, buildMarker(work, exact, binary.path, binary.output));
    return await place(work, dir, exact, claudeDir, progress);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function npmInstall(
  work: string,
  dir: string,
  version: string,
  options: InstallOptions,
  progress: (line: string) => void,
): Promise<void> {
  // Our own package.json keeps npm from walking up to an enclosing project; `--prefix` pins it too.
  await writeFile(
    join(work, 'package.json'),
    `${JSON.stringify(
      {
        name: `clide-conformance-claude-${version.replace(/[^0-9A-Za-z.-]/g, '-')}`,
        private: true,
        description: `claude ${version}, installed by clide-conformance`,
        dependencies: { [CLAUDE_PACKAGE]: version },
      },
      null,
      2,
    )}\n`,
  );
  const args = [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--include=optional',
    '--prefix',
    work,
  ];
  progress(`installing ${CLAUDE_PACKAGE}@${version} into ${dir}`);
  // npm's own output (its EBADENGINE and install-scripts warnings on every install of this package:
  // docs/troubleshooting.md) is shown only when the install fails, in the error.
  const result = await runNpm(args, {
    npm: options.npm,
    cwd: work,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (result.ok) return;
  const code = npmErrorCode(result);
  if (code === 'ETARGET' || code === 'E404') throw notPublished(version);
  throw npmFailure(
    `npm ${args.join(' ')} (for ${dir})`,
    result,
    `${CLAUDE_PACKAGE}@${version}`,
    code === 'EBADENGINE'
      ? "npm's engine-strict is on and the package asks for another Node: the kit runs the package's native binary, not its JavaScript, so install with npm_config_engine_strict=false (docs/troubleshooting.md)"
      : undefined,
  );
}

async function adopt(
  dir: string,
  version: string,
  progress: (line: string) => void,
): Promise<InstalledCli | undefined> {
  progress(`found ${dir} without a verified marker; checking its binary`);
  try {
    const binary = await resolveBinary(dir, version);
    await writeMarker(dir, buildMarker(dir, version, binary.path, binary.output));
    progress(`adopted the existing install of claude ${version}: ${binary.path}`);
    return readInstalled(dir, version);
  } catch (error) {
    if (!(error instanceof ClideError)) throw error;
    progress(`${dir} is not a working install of claude ${version}; it will be replaced`);
    return undefined;
  }
}

/** Renames the verified work folder into place, or yields to a good install another process placed first. */
async function place(
  work: string,
  dir: string,
  version: string,
  claudeDir: string,
  progress: (line: string) => void,
): Promise<InstalledCli> {
  for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt++) {
    try {
      await rename(work, dir);
      const placed = readInstalled(dir, version);
      if (!placed)
        throw new ClideError('internal', `the install just placed in ${dir} does not read back`, {
          where: dir,
        });
      progress(`installed claude ${version}: ${placed.binaryPath}`);
      return { ...placed, installedNow: true };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM' && code !== 'EISDIR') throw error;
    }
    const winner = readInstalled(dir, version);
    if (winner) {
      progress(`another process installed claude ${version} first; using it: ${winner.binaryPath}`);
      return winner;
    }
    // Whatever holds the name is not a verified install: move it aside (atomically) and retry.
    const trash = join(claudeDir, workDirName('trash', version));
    try {
      await rename(dir, trash);
      progress(`moved the broken ${dir} aside`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await rm(trash, { recursive: true, force: true });
  }
  throw new ClideError(
    'install',
    `could not place claude ${version} in ${dir}: it kept being replaced by other processes`,
    {
      where: dir,
      hint: 'another program is writing that folder; stop it and run the install again',
    },
  );
}
