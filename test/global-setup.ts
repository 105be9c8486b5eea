import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/**
 * Runs once before all test files: makes sure every real CLI the tests need is installed, and
 * makes the folder the files share their real-CLI runs in (removed when the run ends).
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
  const sharedRunsDir = mkdtempSync(join(tmpdir(), 'clide-shared-runs-'));
  project.provide('sharedRunsDir', sharedRunsDir);
  return () => rmSync(sharedRunsDir, { recursive: true, force: true });
}
