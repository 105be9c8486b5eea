import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the pinned real `claude` binary, installed before any test file runs. */
    claudeBinary: string;
  }
}

/** Runs once before all test files: makes sure the pinned real CLI is installed. */
export default async function setup(project: TestProject): Promise<void> {
  // Placeholder until src/install/ lands: the cache layout it will own.
  const path = join(homedir(), '.cache/clide-conformance/claude/2.1.150/node_modules/@anthropic-ai/claude-code/bin/claude.exe');
  if (!existsSync(path)) throw new Error(`pinned claude not installed at ${path}`);
  project.provide('claudeBinary', path);
}
