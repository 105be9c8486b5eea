import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runCanary } from '../src/canary/index.js';
import { pathText } from '../src/report/index.js';
import { SCENARIOS } from '../src/scenarios/index.js';
import { sharedRun, sharedRunner } from './support/shared-runs.js';

/**
 * Black-box: a real release that probes the model API outside the script. Releases from 2.1.232
 * send `HEAD /api/hello` at start-up (a preconnect); 2.1.270 is the smallest of them to install
 * (the tests' global setup installs it). The probe is answered as the real API answers it and is
 * one additive finding of its own, not a failure of the scenario. Each scenario runs once on it: the
 * tests share their runs (test/support/shared-runs.ts).
 */
const PROBING = '2.1.270';
const IDS = ['permission/allow', 'api/rate-limit-event'];
const dir = mkdtempSync(join(tmpdir(), 'clide-unscripted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`claude ${PROBING} probes HEAD /api/hello`, () => {
  it('the scripted model API answers it with a 200 and records it as an unscripted side request', async () => {
    const binary = inject('claudeBinaries')[PROBING]!;
    const scenario = SCENARIOS.find((s) => s.id === 'permission/allow')!;
    const run = await sharedRun(inject('sharedRunsDir'), scenario, { binary, cliVersion: PROBING });
    const probes = run.modelRequests.filter((r) => r.kind === 'unscripted');
    expect(probes.map((r) => [r.method, r.path, r.status])).toEqual([['HEAD', '/api/hello', 200]]);
    expect(run.findings.filter((f) => f.code === 'model-api/problem')).toEqual([]);
    expect(run.passed).toBe(true);
  }, 120_000);

  it('against 2.1.150 each scenario has one additive side-request finding and passes; against its own wire logs none', async () => {
    const first = await runCanary({
      ccVersion: PROBING,
      baseline: '2.1.150',
      ids: IDS,
      reportDir: join(dir, 'first'),
      runScenario: sharedRunner(),
    });
    expect(first.report.scenarios.map((s) => [s.id, s.status])).toEqual(IDS.map((id) => [id, 'passed']));
    for (const scenario of first.report.scenarios) {
      expect(scenario.findings.filter((f) => f.code === 'model-api/problem')).toEqual([]);
      const side = scenario.findings.filter((f) => f.code.startsWith('drift/side-request'));
      expect(side.map((f) => [f.severity, f.code, pathText(f.path)])).toEqual([
        ['additive', 'drift/side-request-new', '$["HEAD /api/hello"]'],
      ]);
    }
    // The wire logs keep the probe: as a baseline they made it too, so it is no finding.
    const again = await runCanary({
      ccVersion: PROBING,
      baseline: '2.1.150',
      baselineDir: join(dir, 'first', 'wire'),
      ids: IDS,
      writeFiles: false,
      runScenario: sharedRunner(),
    });
    for (const scenario of again.report.scenarios) {
      expect(scenario.findings.filter((f) => f.code.startsWith('drift/side-request'))).toEqual([]);
    }
  }, 240_000);
});
