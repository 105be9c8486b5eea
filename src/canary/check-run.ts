import type { Finding } from '../findings/index.js';
import { mergeSameChanges } from '../findings/same-change.js';
import type { ReportFinding } from '../report/model.js';
import { sortFindings } from '../report/model.js';
import type { ScenarioRun } from '../scenarios/index.js';
import { compareWireLogs } from './compare.js';
import { applyExpectedFindings, type ExpectedFindings, NO_EXPECTED_FINDINGS } from './expected-findings.js';
import { validateWireLog } from './schema-check.js';
import { sideRequestFindings, unscriptedRequests } from './side-requests.js';
import { type WireLog, wireLogFromTranscript } from './wire-log.js';

export interface CheckRunOptions {
  /** The baseline run of the same scenario (a fixture), when one exists. */
  baseline?: WireLog;
  /** Schema version the frames are validated against (the baseline's). */
  schemaVersion: string;
  /** The version of the CLI that ran (for version-scoped expected findings). */
  cliVersion: string;
  expected?: ExpectedFindings;
}

/** True when the run never got far enough to check anything. */
export function isUntestable(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.code === 'scenario/untestable');
}

/**
 * Every finding of one scenario run, classified: (a) each frame against the baseline version's
 * schemas, (b) the scenario's own behavioural checks and the driver's findings (hangs, non-JSON
 * lines), (c) the structural comparison with the baseline fixture, the model API side requests
 * outside the script included (against none when there is no fixture) — then what both the
 * schemas and the comparison report as new made one finding, the accepted ones marked from
 * `conformance.expected.json`, stale entries added, most serious first.
 */
export function checkScenarioRun(run: ScenarioRun, options: CheckRunOptions): ReportFinding[] {
  const findings: Finding[] = [...run.findings];
  if (!isUntestable(run.findings)) {
    const current: WireLog = {
      ...wireLogFromTranscript(run.transcript, `run of ${run.scenario}`, options.cliVersion),
      sideRequests: unscriptedRequests(run.modelRequests),
    };
    findings.push(...validateWireLog(current, options.schemaVersion, run.scenario));
    if (options.baseline)
      findings.push(...compareWireLogs(options.baseline, current, { scenario: run.scenario }));
    // Without a baseline log, a side request outside the script is still new (against none).
    else findings.push(...sideRequestFindings([], current.sideRequests ?? [], run.scenario));
  }
  return sortFindings(
    applyExpectedFindings(
      run.scenario,
      mergeSameChanges(findings),
      options.expected ?? NO_EXPECTED_FINDINGS,
      options.cliVersion,
    ),
  );
}
