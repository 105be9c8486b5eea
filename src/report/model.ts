import type { Finding, Severity } from '../findings/index.js';
import { atLeast, SEVERITIES } from '../findings/index.js';
import type { DriftEntry } from './group-drifts.js';

/** Format id of `report.json`; bumped on any incompatible change of the model below. */
export const REPORT_FORMAT = 'clide-canary-report/1';

/** A finding as reported: `accepted` carries the reason when `conformance.expected.json` accepts it. */
export type ReportFinding = Finding & { accepted?: string };

export type ScenarioStatus = 'passed' | 'failed' | 'untestable';

export interface ScenarioReport {
  id: string;
  requirement: string;
  spec: string;
  tier: 'offline' | 'model';
  status: ScenarioStatus;
  durationMs: number;
  exitCode: number | null;
  signal: string | null;
  /** The baseline fixture compared with (relative to the working directory), or null when none exists. */
  baselineFixture: string | null;
  /** The wire log written for this run (relative to the report folder), or null when none was written. */
  wireLog: string | null;
  /** Every finding: schema, behavioural and drift, most serious first. */
  findings: ReportFinding[];
}

export interface ReportSummary {
  scenarios: number;
  passed: number;
  failed: number;
  untestable: number;
  /** Findings per severity that count (not accepted). */
  bySeverity: Record<Severity, number>;
  /** Findings accepted by conformance.expected.json. */
  accepted: number;
  /** The process exit code of the run: 0 nothing at or above failOn, 1 otherwise. */
  exitCode: 0 | 1;
}

/** The part of a sharded run a report holds: shard `index` of `count` over the `selected` scenario ids. */
export interface ReportShard {
  index: number;
  count: number;
  selected: string[];
}

/** The one result model every report (JSON, Markdown, JUnit, text) is rendered from. */
export interface CanaryReport {
  format: typeof REPORT_FORMAT;
  tool: { name: string; version: string };
  cli: { version: string; binary: string; live: boolean };
  baseline: {
    version: string;
    /** The pinned schema set the frames were validated against. */
    schemaVersion: string;
    schemaNote?: string;
    /** The fixture folder (null: none) and how many of the selected scenarios had a fixture in it. */
    fixturesDir: string | null;
    fixtures: number;
  };
  expectedFile: string | null;
  failOn: Severity;
  selection: string[];
  /** Present only in a shard's report (`run --shard i/n`): which part, and every id of the whole selection. */
  shard?: ReportShard;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  machine: { platform: string; arch: string; node: string; cpus: number };
  summary: ReportSummary;
  /**
   * In `report.json`: the distinct changes, each once with the scenarios it appears in
   * (`groupDrifts(scenarios)`, written by `renderJson`; every renderer derives them from `scenarios`).
   */
  changes?: DriftEntry[];
  /** The finished scenarios (all the selected ones unless the run was interrupted). */
  scenarios: ScenarioReport[];
  /** Present only when the run was interrupted (SIGINT / SIGTERM): the report is partial. */
  interrupted?: true;
  /** The signal that interrupted the run and the selected scenarios that did not finish. */
  interruption?: { signal: string; notRun: string[] };
}

/** The status of one scenario from its findings: accepted findings never fail it. */
export function scenarioStatus(findings: readonly ReportFinding[], failOn: Severity): ScenarioStatus {
  if (findings.some((f) => f.code === 'scenario/untestable' && !f.accepted)) return 'untestable';
  return findings.some((f) => !f.accepted && atLeast(f.severity, failOn)) ? 'failed' : 'passed';
}

export function summarize(scenarios: readonly ScenarioReport[]): ReportSummary {
  const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  let accepted = 0;
  for (const s of scenarios) {
    for (const f of s.findings) {
      if (f.accepted) accepted += 1;
      else bySeverity[f.severity] += 1;
    }
  }
  const count = (status: ScenarioStatus) => scenarios.filter((s) => s.status === status).length;
  const failed = count('failed');
  const untestable = count('untestable');
  return {
    scenarios: scenarios.length,
    passed: count('passed'),
    failed,
    untestable,
    bySeverity,
    accepted,
    exitCode: failed + untestable > 0 ? 1 : 0,
  };
}

/** Most serious first, then accepted last, then the order they were raised in. */
export function sortFindings<T extends ReportFinding>(findings: readonly T[]): T[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        SEVERITIES.indexOf(a.f.severity) - SEVERITIES.indexOf(b.f.severity) ||
        Number(Boolean(a.f.accepted)) - Number(Boolean(b.f.accepted)) ||
        a.i - b.i,
    )
    .map(({ f }) => f);
}
