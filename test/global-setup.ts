import { chmodSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { packageInfo } from '../src/config/package-info.js';
import { emulatedVersions } from '../src/fake-claude/behaviour/index.js';
import { ensureInstalled, findInstalled } from '../src/install/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the pinned real `claude` binary, installed before any test file runs. */
    claudeBinary: string;
    /**
     * The real `claude` binary of every version the tests compare with: the pinned one, every
     * version fake-claude emulates and every version with a corpus in fixtures/ (version → path).
     */
    claudeBinaries: Record<string, string>;
    /** Where test files share their real-CLI runs of a scenario (test/support/shared-runs.ts). */
    sharedRunsDir: string;
  }
}

/** `statfs`'s type of a tmpfs. */
const TMPFS = 0x01021994;

/**
 * Where the run's temporary files go when TMPDIR is not set: a folder of its own on /dev/shm where
 * that is a tmpfs with room (Linux). The suite makes and removes thousands of sandboxes, reports
 * and wire logs; on a disk file system mounted with `discard` each removal waits on the device
 * (a real CLI's sandbox: 6.8 ms on this machine's ext4, 0.8 ms on tmpfs). The workers and every
 * process they start inherit it. A TMPDIR set by the caller is kept as it is.
 */
function runTempDir(): string | undefined {
  if (process.env.TMPDIR || process.platform !== 'linux') return undefined;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.type !== TMPFS || fs.bavail * fs.bsize < 4 * 1024 ** 3) return undefined;
    const dir = mkdtempSync('/dev/shm/clide-tests-');
    // As /tmp: anyone may enter and make files, only the owner remove them (the fake server's
    // tests reach a socket from another user, and check which folders it takes as private).
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Runs once before all test files: makes sure every real CLI the tests need is installed, points
 * the run's temporary files at a tmpfs where there is one (`runTempDir`), and makes the folder the
 * files share their real-CLI runs in (removed when the run ends).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const { pinned, root } = packageInfo();
  const corpora = readdirSync(join(root, 'fixtures'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^\d+\.\d+\.\d+$/.test(e.name))
    .map((e) => e.name);
  const binaries: Record<string, string> = {};
  // The releases between the pins that the matrix and bisect tests run on, and one that probes
  // the model API outside the script (HEAD /api/hello).
  const between = ['2.1.152', '2.1.153', '2.1.210', '2.1.270'];
  for (const version of new Set([pinned, ...emulatedVersions(), ...corpora, ...between])) {
    // Silent when it is already there; on a fresh machine npm installs it (a few seconds) and says so.
    const installed =
      findInstalled(version) ??
      (await ensureInstalled(version, {
        onProgress: (line) => process.stderr.write(`[global-setup] ${line}\n`),
      }));
    binaries[version] = installed.binaryPath;
  }
  project.provide('claudeBinary', binaries[pinned]!);
  project.provide('claudeBinaries', binaries);
  const runTemp = runTempDir();
  if (runTemp) process.env.TMPDIR = runTemp;
  const sharedRunsDir = mkdtempSync(join(tmpdir(), 'clide-shared-runs-'));
  project.provide('sharedRunsDir', sharedRunsDir);
  return () => {
    rmSync(sharedRunsDir, { recursive: true, force: true });
    if (runTemp) {
      rmSync(runTemp, { recursive: true, force: true });
      delete process.env.TMPDIR;
    }
  };
}
