import { atLeast, type Severity } from '../findings/index.js';
import { type DriftEntry, groupDrifts, type ReportFinding } from '../report/index.js';
import type { MatrixCell, MatrixReport } from './model.js';

/** A cell's findings, read from its version's run report. */
export type CellFindings = (cell: MatrixCell) => readonly ReportFinding[];

/**
 * One reason cells of a version fail: the distinct changes (`groupDrifts`) of one code in one
 * kind of message that fail exactly the same scenarios — the fields a newer baseline has and an
 * older version lacks, say, gone from `system/init` in every scenario that reads it.
 */
export interface FailureCause {
  severity: Severity;
  code: string;
  /** The kind of message (`system/init`), null when the findings name none. */
  kind: string | null;
  /** Where in the message, once per place (`$.tools[*]`), in the run report's order. */
  paths: string[];
  /** The failing scenarios it is in, in matrix order. */
  scenarios: string[];
  /** The distinct changes it stands for. */
  changes: DriftEntry[];
}

/** Why one version's cells fail, and the cause most of its failures share, if one is. */
export interface ColumnFailures {
  version: string;
  /** Its cells in the matrix. */
  cells: number;
  /** Its cells that failed or could not be tested. */
  failures: number;
  /** Of those, the cells that could not be tested. */
  untestable: number;
  /**
   * What fails its cells — findings not accepted, at or above the fail-on severity, and what made
   * a scenario untestable — most serious first, then the most widespread.
   */
  causes: FailureCause[];
  /**
   * The cause found in the most failures, when there are two or more and it is in more than half
   * of them (`failures` of them: all, or some), with how many other causes are in each of those
   * failures too.
   */
  shared: { cause: FailureCause; failures: number; alongside: number } | null;
}

/** The findings of a cell that fail it at `failOn`. */
function failingFindings(
  cell: MatrixCell,
  findings: readonly ReportFinding[],
  failOn: MatrixReport['failOn'],
): ReportFinding[] {
  if (cell.status === 'passed') return [];
  return findings.filter(
    (f) => !f.accepted && (f.code === 'scenario/untestable' || atLeast(f.severity, failOn)),
  );
}

/** The changes that fail the same scenarios with one code in one kind of message, as one cause each. */
function causesOf(entries: readonly DriftEntry[]): FailureCause[] {
  const byKey = new Map<string, FailureCause>();
  for (const entry of entries) {
    const key = JSON.stringify([entry.severity, entry.code, entry.kind, entry.scenarios]);
    const cause = byKey.get(key);
    if (cause) {
      if (!cause.paths.includes(entry.path)) cause.paths.push(entry.path);
      cause.changes.push(entry);
      continue;
    }
    byKey.set(key, {
      severity: entry.severity,
      code: entry.code,
      kind: entry.kind,
      paths: [entry.path],
      scenarios: entry.scenarios,
      changes: [entry],
    });
  }
  return [...byKey.values()];
}

/** For each version of the matrix, in column order: what fails its cells and the cause most failures share. */
export function columnFailures(report: MatrixReport, findingsOf: CellFindings): ColumnFailures[] {
  return report.versions.map((version) => {
    const cells = report.cells.filter((c) => c.version === version);
    const failing = cells.filter((c) => c.status !== 'passed');
    const causes = causesOf(
      groupDrifts(
        failing.map((c) => ({ id: c.scenario, findings: failingFindings(c, findingsOf(c), report.failOn) })),
      ),
    );
    // The most widespread cause, the most serious of those (causes are in severity order).
    const widest = causes.reduce<FailureCause | undefined>(
      (best, c) => (best === undefined || c.scenarios.length > best.scenarios.length ? c : best),
      undefined,
    );
    const shares =
      widest !== undefined && widest.scenarios.length >= 2 && 2 * widest.scenarios.length > failing.length;
    return {
      version,
      cells: cells.length,
      failures: failing.length,
      untestable: failing.filter((c) => c.status === 'untestable').length,
      causes,
      shared: shares
        ? {
            cause: widest,
            failures: widest.scenarios.length,
            alongside: causes.filter(
              (c) => c !== widest && widest.scenarios.every((id) => c.scenarios.includes(id)),
            ).length,
          }
        : null,
    };
  });
}
