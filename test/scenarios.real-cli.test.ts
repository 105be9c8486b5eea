import { describe, expect, inject, test } from 'vitest';
import { formatPath } from '../src/findings/index.js';
import { runScenario, SCENARIOS } from '../src/scenarios/index.js';

/**
 * Every scenario of the catalogue against the real pinned CLI, offline: each contract holds.
 * (The canary adds schema and baseline checks on top; this pins the scenarios themselves.)
 */
describe.concurrent('scenario catalogue against the real pinned CLI', () => {
  test.each(SCENARIOS.map((s) => [s.id, s] as const))('%s', async (_id, scenario) => {
    const run = await runScenario(scenario, { binary: inject('claudeBinary') });
    const failures = run.findings
      .filter((f) => f.severity === 'breaking')
      .map((f) => `${f.code} ${formatPath(f.path)}: ${f.message} (expected ${JSON.stringify(f.expected)}, actual ${JSON.stringify(f.actual)})`);
    expect(failures).toEqual([]);
    expect(run.passed).toBe(true);
    expect(run.transcript.frames.some((f) => f.dir === 'from-cli' || f.dir === 'stderr')).toBe(true);
  });
});
