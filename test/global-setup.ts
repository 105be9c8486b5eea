import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { packageInfo } from '../src/config/package-info.js';
import { ensureInstalled, findInstalled } from '../src/install/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the pinned real `claude` binary, installed before any test file runs. */
    claudeBinary: string;
  }
}

/** Runs once before all test files: makes sure the pinned real CLI is installed. */
export default async function setup(project: TestProject): Promise<void> {
  const { pinned } = packageInfo();
  // Silent when it is already there; on a fresh machine npm installs it (a few seconds) and says so.
  const installed =
    findInstalled(pinned) ??
    (await ensureInstalled(pinned, {
      onProgress: (line) => process.stderr.write(`[global-setup] ${line}\n`),
    }));
  project.provide('claudeBinary', installed.binaryPath);
}
