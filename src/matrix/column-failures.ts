import { atLeast } from '../findings/index.js';
import { type DriftEntry, groupDrifts, type ReportFinding } from '../report/index.js';
import type { MatrixCell, MatrixReport } from './model.js';

/** A cell's findings, read from its version's run report. */
export type CellFindings = (cell: MatrixCell) => readonly ReportFinding[];

/** Why one version's cells fail: the changes that fail them, and the one every failure shares, if one does. */
export interface ColumnFailures {
  version: string;
  /** Its cells that failed or could not be tested. */
  failures: number;
  /** Of those, the cells that could not be tested. */
  untestable: number;
  /** Its cells in the matrix. */
  cells: number;
  /**
   * The distinct changes that fail its cells (findings not accepted, at or above the fail-on
   * severity, and what made a scenario untestable), each once with the scenarios it fails:
   * most serious first, then the most widespread (`groupDrifts`).
   */
  changes: DriftEntry[];
  /** The first change found in every one of two or more failures: their shared cause. */
  shared: DriftEntry | null;
  /** The other changes also found in every failure (they may be the same cause seen twice). */
  alsoShared: number;
}

/** The findings of a cell that fail it at `failOn`. */
function failingFindings(
  cell: MatrixCell,
  findings: readonly ReportFinding[],
  failOn: MatrixReport['failOn'],
) {
  if (cell.status === 'passed') return [];
  return findings.filter(
    (f) => !f.accepted && (f.code === 'scenario/untestable' || atLeast(f.severity, failOn)),
  );
}

/** For each version of the matrix, in column order: what fails its cells and whether one change explains every failure. */
export function columnFailures(report: MatrixReport, findingsOf: CellFindings): ColumnFailures[] {
  return report.versions.map((version) => {
    const cells = report.cells.filter((c) => c.version === version);
    const failing = cells.filter((c) => c.status !== 'passed');
    const changes = groupDrifts(
      failing.map((c) => ({ id: c.scenario, findings: failingFindings(c, findingsOf(c), report.failOn) })),
    );
    const everywhere = failing.length < 2 ? [] : changes.filter((e) => e.scenarios.length === failing.length);
    return {
      version,
      failures: failing.length,
      untestable: failing.filter((c) => c.status === 'untestable').length,
      cells: cells.length,
      changes,
      shared: everywhere[0] ?? null,
      alsoShared: Math.max(0, everywhere.length - 1),
    };
  });
}
