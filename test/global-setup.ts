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
     * The real `claude` binary of every version the tests compare with: the pinned one and every
     * version fake-claude emulates (version → absolute path).
     */
    claudeBinaries: Record<string, string>;
  }
}

/** Runs once before all test files: makes sure the pinned real CLI and every emulated one are installed. */
export default async function setup(project: TestProject): Promise<void> {
  const { pinned } = packageInfo();
  const binaries: Record<string, string> = {};
  for (const version of new Set([pinned, ...emulatedVersions()])) {
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
}
