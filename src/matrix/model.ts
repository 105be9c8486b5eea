import type { Shard } from '../canary/shard.js';
import { atLeast, SEVERITIES, type Severity } from '../findings/index.js';
import type { ScenarioReport, ScenarioStatus } from '../report/index.js';

/** Format id of `matrix.json`; bumped on any incompatible change of the model below. */
export const MATRIX_FORMAT = 'clide-matrix-report/1';

/** One scenario on one version: its status and worst finding, and where its findings are. */
export interface MatrixCell {
  scenario: string;
  version: string;
  status: ScenarioStatus;
  /** The worst severity of the findings that count (not accepted), null when there are none. */
  worst: Severity | null;
  /** Findings that count, per severity. */
  bySeverity: Record<Severity, number>;
  accepted: number;
  /** The version's run report, relative to the matrix folder (null: none was written). */
  report: string | null;
  /** The scenario's wire log, relative to the matrix folder. */
  wireLog: string | null;
}

/** One version: how its run went. */
export interface MatrixColumn {
  version: string;
  /** The baseline its run compared with (null when it did not run). */
  baseline: string | null;
  /** The run's report folder, relative to the matrix folder (null: not written, or not run). */
  reportDir: string | null;
  /** True when the matrix downloaded this version (false: it was in the cache). */
  installedNow: boolean;
  durationMs: number;
  /** Why the version could not be run (an install failure), if it could not. */
  error?: string;
}

export interface MatrixSummary {
  cells: number;
  passed: number;
  failed: number;
  untestable: number;
  /** Cells per worst severity (passed cells included: a passed cell may have additive findings). */
  byWorst: Record<Severity, number>;
  /** 0: every cell passed; 1: a cell failed or could not be tested. */
  exitCode: 0 | 1;
}

/** The compatibility matrix: scenario × version. One model, rendered as JSON, Markdown and HTML. */
export interface MatrixReport {
  format: typeof MATRIX_FORMAT;
  tool: { name: string; version: string };
  failOn: Severity;
  /** The --only prefixes (empty: the whole catalogue). */
  selection: string[];
  /** The baseline every version was compared with, or null: each version's default baseline. */
  baseline: string | null;
  /** The share of the scenarios this report holds, or null for all of them. */
  shard: (Shard & { selected: number }) | null;
  /** Oldest first. */
  versions: string[];
  /** Every selected scenario id, in catalogue order (a shard holds the cells of its share only). */
  scenarios: string[];
  columns: MatrixColumn[];
  /** Scenario-major, in the order of `scenarios` then `versions`. */
  cells: MatrixCell[];
  startedAt: string;
  durationMs: number;
  summary: MatrixSummary;
  /** Present only when the matrix was interrupted: the signal, and the versions that did not run to the end. */
  interrupted?: { signal: string; notRun: string[] };
}

export function countsBySeverity(): Record<Severity, number> {
  return Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
}

/** The cell of a scenario's report in a version's run. */
export function cellOf(version: string, scenario: ScenarioReport, reportDir: string | null): MatrixCell {
  const bySeverity = countsBySeverity();
  let accepted = 0;
  for (const f of scenario.findings) {
    if (f.accepted) accepted += 1;
    else bySeverity[f.severity] += 1;
  }
  const worst = SEVERITIES.find((s) => bySeverity[s] > 0) ?? null;
  return {
    scenario: scenario.id,
    version,
    status: scenario.status,
    worst,
    bySeverity,
    accepted,
    report: reportDir === null ? null : `${reportDir}/report.md`,
    wireLog: reportDir === null || scenario.wireLog === null ? null : `${reportDir}/${scenario.wireLog}`,
  };
}

/** A cell of a version that could not be run at all. */
export function untestableCell(version: string, scenario: string): MatrixCell {
  return {
    scenario,
    version,
    status: 'untestable',
    worst: null,
    bySeverity: countsBySeverity(),
    accepted: 0,
    report: null,
    wireLog: null,
  };
}

export function summarizeMatrix(cells: readonly MatrixCell[]): MatrixSummary {
  const byWorst = countsBySeverity();
  for (const c of cells) if (c.worst) byWorst[c.worst] += 1;
  const count = (status: ScenarioStatus) => cells.filter((c) => c.status === status).length;
  const failed = count('failed');
  const untestable = count('untestable');
  return {
    cells: cells.length,
    passed: count('passed'),
    failed,
    untestable,
    byWorst,
    exitCode: failed + untestable > 0 ? 1 : 0,
  };
}

/** True when the cell's worst finding is at or above `threshold`. */
export function worstAtLeast(cell: MatrixCell, threshold: Severity): boolean {
  return cell.worst !== null && atLeast(cell.worst, threshold);
}
