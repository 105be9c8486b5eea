import type { Severity } from '../findings/index.js';
import type { ReportFinding, ScenarioReport, ScenarioStatus } from '../report/index.js';
import { pathText, scenarioStatus } from '../report/index.js';

/** What one version did in the bisected scenario, compared on what can change between versions. */
export interface ScenarioOutcome {
  version: string;
  status: ScenarioStatus;
  /** The findings that count for the comparison (a finding that only names the CLI's own version is left out). */
  findings: ReportFinding[];
}

/** A finding as it is compared between versions: severity, code and path, not its wording or values. */
export function findingSignature(finding: ReportFinding): string {
  return `${finding.severity} ${finding.code} ${pathText(finding.path)}`;
}

/**
 * True for a finding that only says the CLI reports its own version (`claude_code_version` was
 * "2.1.150", now "2.1.152"): every version differs from the baseline there, so it says nothing
 * about where a behaviour changed.
 */
export function isVersionStamp(finding: ReportFinding, cliVersion: string): boolean {
  const actual = Array.isArray(finding.actual) ? finding.actual : [finding.actual];
  return (
    actual.length === 1 &&
    actual[0] === cliVersion &&
    typeof finding.expected === 'string' &&
    /^\d+\.\d+\.\d+/.test(finding.expected)
  );
}

/**
 * What `version` did in the scenario its run reported. With `failOn`, the status is judged again
 * without the version stamps (at `changed` or below a stamp alone would fail every version).
 */
export function outcomeOf(version: string, scenario: ScenarioReport, failOn?: Severity): ScenarioOutcome {
  const findings = scenario.findings.filter((f) => !isVersionStamp(f, version));
  return {
    version,
    status: failOn === undefined ? scenario.status : scenarioStatus(findings, failOn),
    findings,
  };
}

/** The findings of `outcome` whose signature `reference` does not have. */
function missingFrom(outcome: ScenarioOutcome, reference: ScenarioOutcome): ReportFinding[] {
  const known = new Set(reference.findings.map(findingSignature));
  const seen = new Set<string>();
  return outcome.findings.filter((f) => {
    const signature = findingSignature(f);
    if (known.has(signature) || seen.has(signature)) return false;
    seen.add(signature);
    return true;
  });
}

export interface OutcomeDifference {
  /** Set when the status differs. */
  status?: { from: ScenarioStatus; to: ScenarioStatus };
  /** Findings the later version has and the reference has not. */
  appeared: ReportFinding[];
  /** Findings the reference has and the later version has not. */
  disappeared: ReportFinding[];
}

export function differenceOf(reference: ScenarioOutcome, outcome: ScenarioOutcome): OutcomeDifference {
  return {
    ...(reference.status !== outcome.status
      ? { status: { from: reference.status, to: outcome.status } }
      : {}),
    appeared: missingFrom(outcome, reference),
    disappeared: missingFrom(reference, outcome),
  };
}

export function isSame(difference: OutcomeDifference): boolean {
  return !difference.status && difference.appeared.length === 0 && difference.disappeared.length === 0;
}

/** The findings of `outcome` with the code, optionally at one path (`$.error`), accepted or not. */
export function withCode(outcome: ScenarioOutcome, code: string, path?: string): ReportFinding[] {
  return outcome.findings.filter((f) => f.code === code && (path === undefined || pathText(f.path) === path));
}
