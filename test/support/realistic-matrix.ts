import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from '../../src/config/package-info.js';
import {
  cellOf,
  MATRIX_FORMAT,
  type MatrixCell,
  type MatrixReport,
  summarizeMatrix,
} from '../../src/matrix/index.js';
import type { CanaryReport, ReportFinding, ScenarioReport } from '../../src/report/index.js';

/** The change every 2.1.210 scenario fails on: the shared cause its column must name. */
export const SHARED_CAUSE: ReportFinding = {
  code: 'drift/field-gone',
  severity: 'breaking',
  message: "system/init: the field 'apiKeySource' is gone",
  path: ['apiKeySource'],
  location: { kind: 'system/init', frame: 1 },
};

export const VERSIONS = ['2.1.150', '2.1.210', '2.1.332'] as const;

export interface RealisticMatrix {
  report: MatrixReport;
  /** Each version's run report, by version (the cells' findings are read from these). */
  runs: Map<string, CanaryReport>;
  findingsOf: (cell: MatrixCell) => readonly ReportFinding[];
}

/**
 * The whole catalogue on three versions, as `matrix` writes it with each version's default
 * baseline, its findings real: those of the committed drift report of 2.1.332 against 2.1.150
 * (reports/drift-2.1.332-vs-2.1.150/report.json: every scenario, about 2,700 findings). 2.1.150
 * is compared with itself and passes clean; 2.1.210 is compared with 2.1.150, has the same
 * findings and one breaking change more in every scenario ({@link SHARED_CAUSE}), so every cell
 * of it fails for one shared cause; 2.1.332 is compared with 2.1.150 and fails the drift report's
 * scenarios, each for its own reasons.
 */
export function realisticMatrix(): RealisticMatrix {
  const drift = JSON.parse(
    readFileSync(join(packageInfo().root, 'reports/drift-2.1.332-vs-2.1.150/report.json'), 'utf8'),
  ) as CanaryReport;
  const clean = drift.scenarios.map((sc) => ({ ...sc, status: 'passed' as const, findings: [] }));
  const shared: ScenarioReport[] = drift.scenarios.map((sc) => ({
    ...sc,
    status: 'failed',
    findings: [SHARED_CAUSE, ...sc.findings],
  }));
  const scenariosOf: Record<(typeof VERSIONS)[number], ScenarioReport[]> = {
    '2.1.150': clean,
    '2.1.210': shared,
    '2.1.332': drift.scenarios,
  };
  const baselineOf = { '2.1.150': '2.1.150', '2.1.210': '2.1.150', '2.1.332': '2.1.150' };
  const runs = new Map<string, CanaryReport>(
    VERSIONS.map((v) => [
      v,
      {
        ...drift,
        cli: { ...drift.cli, version: v },
        baseline: { ...drift.baseline, version: baselineOf[v] },
        scenarios: scenariosOf[v],
      },
    ]),
  );
  const ids = drift.scenarios.map((sc) => sc.id);
  const cells = ids.flatMap((id) =>
    VERSIONS.map((v) => cellOf(v, scenariosOf[v].find((sc) => sc.id === id)!, v)),
  );
  const report: MatrixReport = {
    format: MATRIX_FORMAT,
    tool: { name: 'clide-conformance', version: '0.1.0' },
    failOn: 'breaking',
    selection: [],
    baseline: null,
    shard: null,
    versions: [...VERSIONS],
    scenarios: ids,
    columns: VERSIONS.map((version) => ({
      version,
      baseline: baselineOf[version],
      reportDir: version,
      installedNow: false,
      durationMs: 60_000,
    })),
    cells,
    startedAt: '2026-12-05T03:12:39.319Z',
    durationMs: 180_000,
    summary: summarizeMatrix(cells),
  };
  const findingsOf = (cell: MatrixCell) =>
    runs.get(cell.version)?.scenarios.find((sc) => sc.id === cell.scenario)?.findings ?? [];
  return { report, runs, findingsOf };
}

/** Stands in for each version's run report folder: a report.html the cells can link to. */
export function writeRunReportStubs(dir: string, matrix: RealisticMatrix): void {
  for (const version of matrix.report.versions) {
    mkdirSync(join(dir, version), { recursive: true });
    writeFileSync(
      join(dir, version, 'report.html'),
      `<!doctype html><title>run report of ${version}</title>\n`,
    );
  }
}
