import { describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import type { ReportFinding, ScenarioReport } from '../report/index.js';
import { SCENARIOS } from '../scenarios/index.js';
import { mergeMatrixReports } from './merge-matrix.js';
import { cellOf, MATRIX_FORMAT, type MatrixCell, type MatrixReport, summarizeMatrix } from './model.js';
import { cellId, renderMatrixHtml } from './render-html.js';
import { renderMatrixMarkdown } from './render-markdown.js';

function finding(severity: ReportFinding['severity'], code: string, accepted?: string): ReportFinding {
  return { code, severity, message: `${code} <b>&</b>`, path: ['error'], ...(accepted ? { accepted } : {}) };
}

function scenarioReport(
  id: string,
  status: ScenarioReport['status'],
  findings: ReportFinding[],
): ScenarioReport {
  return {
    id,
    requirement: 'r',
    spec: 's',
    tier: 'model',
    status,
    durationMs: 10,
    exitCode: 0,
    signal: null,
    baselineFixture: null,
    wireLog: `wire/${id.replace('/', '__')}.jsonl`,
    findings,
  };
}

const VERSIONS = ['2.1.150', '2.1.210', '2.1.332'];
// Three scenarios in catalogue order (a merged matrix lists them so).
const IDS = SCENARIOS.map((s) => s.id).filter((id) =>
  ['control/initialize', 'api/retry-after-529', 'turn/plain'].includes(id),
);

function matrixOf(ids: string[], shard: MatrixReport['shard'], durationMs = 100): MatrixReport {
  const cells = ids.flatMap((id) =>
    VERSIONS.map((v, j) =>
      cellOf(
        v,
        scenarioReport(id, (id.length + j) % 3 === 0 ? 'failed' : 'passed', [
          finding('changed', 'drift/value-changed'),
          finding('breaking', 'schema/invalid-value', (id.length + j) % 3 === 0 ? undefined : 'known'),
        ]),
        v,
      ),
    ),
  );
  return {
    format: MATRIX_FORMAT,
    tool: { name: 'clide-conformance', version: '0.1.0' },
    failOn: 'breaking',
    selection: [],
    baseline: null,
    shard,
    versions: VERSIONS,
    scenarios: ids,
    columns: VERSIONS.map((version) => ({
      version,
      baseline: '2.1.150',
      reportDir: version,
      installedNow: false,
      durationMs,
    })),
    cells,
    startedAt: '2026-12-03T10:00:00.000Z',
    durationMs,
    summary: summarizeMatrix(cells),
  };
}

describe('a matrix cell', () => {
  it('shows the worst finding that counts; accepted ones are counted apart', () => {
    const cell = cellOf(
      '2.1.210',
      scenarioReport('api/retry-after-529', 'passed', [
        finding('additive', 'drift/field-new'),
        finding('breaking', 'schema/invalid-value', 'known'),
        finding('changed', 'drift/value-changed'),
      ]),
      '2.1.210',
    );
    expect(cell).toMatchObject({
      status: 'passed',
      worst: 'changed',
      accepted: 1,
      bySeverity: { breaking: 0, changed: 1, additive: 1, cosmetic: 0 },
      report: '2.1.210/report.md',
      wireLog: '2.1.210/wire/api__retry-after-529.jsonl',
    });
  });

  it('with no findings has no worst severity', () => {
    expect(cellOf('2.1.150', scenarioReport('turn/plain', 'passed', []), '2.1.150').worst).toBeNull();
  });

  it('a failed or untestable cell fails the matrix', () => {
    const cells = matrixOf(IDS, null).cells;
    expect(summarizeMatrix(cells.filter((c) => c.status === 'passed')).exitCode).toBe(0);
    expect(summarizeMatrix(cells).exitCode).toBe(1);
  });
});

describe('the matrix pages', () => {
  const report = matrixOf(IDS, null);

  it('Markdown: one row per scenario, one column per version, each cell linking to its run report', () => {
    const md = renderMatrixMarkdown(report);
    expect(md).toContain('| Scenario | `2.1.150` | `2.1.210` | `2.1.332` |');
    const row = md.split('\n').find((l) => l.startsWith('| `api/retry-after-529`'))!;
    expect(row.split(' | ')).toHaveLength(4);
    // Passed with a changed finding (its breaking one is accepted) on 2.1.150, failed on 2.1.332.
    expect(row).toContain('[✅ changed](2.1.150/report.md)');
    expect(row).toContain('[❌ breaking](2.1.332/report.md)');
  });

  it("HTML: every cell links to its scenario in its version's run report, and wire text is escaped", () => {
    const withScript: MatrixReport = {
      ...report,
      scenarios: ['x/<script>alert(1)</script>'],
      cells: [{ ...report.cells[0]!, scenario: 'x/<script>alert(1)</script>', status: 'failed' }],
    };
    const findings = (cell: MatrixCell) => [finding('breaking', `</td><script>${cell.version}</script>`)];
    const html = renderMatrixHtml(withScript, findings);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('</td><script>');
    expect(html).toContain('x/&lt;script&gt;alert(1)&lt;/script&gt;');
    // The failing change is named below the matrix, as text.
    expect(html).toContain('<code class="code">&lt;/td&gt;&lt;script&gt;2.1.150&lt;/script&gt;</code>');
    const cell = withScript.cells[0]!;
    expect(html).toContain(`id="${cellId(cell)}"`);
    expect(html).toContain(`<a href="2.1.150/report.md" title="failed: 1 breaking, 1 changed">`);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;/);
  });
});

describe('merging matrix shards', () => {
  const whole = matrixOf(IDS, null);
  // Shards as `matrix --shard` writes them: each its own folder, links relative to it.
  const shard = (index: number, ids: string[]) => {
    const all = matrixOf(IDS, { index, count: 2, selected: IDS.length }, 50 * index);
    const cells = all.cells.filter((c) => ids.includes(c.scenario));
    return { report: { ...all, cells, summary: summarizeMatrix(cells) }, dir: `/ci/shard-${index}` };
  };
  const parts = [
    shard(2, ['api/retry-after-529']),
    shard(
      1,
      IDS.filter((id) => id !== 'api/retry-after-529'),
    ),
  ];

  it('keeps the links of versions whose runs were merged into the merged folder', () => {
    const merged = mergeMatrixReports(parts, '/ci/merged', new Set(VERSIONS));
    expect(merged.cells).toEqual(whole.cells);
    expect(merged.columns.map((c) => c.reportDir)).toEqual(VERSIONS);
  });

  it('gives the matrix one run would have written, apart from timings and links rebased onto the shard folders', () => {
    const merged = mergeMatrixReports(parts, '/ci/merged');
    const withoutTimes = (r: MatrixReport) => ({
      ...r,
      durationMs: 0,
      columns: r.columns.map((c) => ({ ...c, durationMs: 0, reportDir: null })),
      cells: r.cells.map((c) => ({
        ...c,
        report: c.report?.replace(/^\.\.\/shard-\d\//, ''),
        wireLog: c.wireLog?.replace(/^\.\.\/shard-\d\//, ''),
      })),
    });
    expect(withoutTimes(merged)).toEqual(withoutTimes(whole));
    const retry = merged.cells.find((c) => c.scenario === 'api/retry-after-529' && c.version === '2.1.210')!;
    expect(retry.report).toBe('../shard-2/2.1.210/report.md');
    const plain = merged.cells.find((c) => c.scenario === 'turn/plain' && c.version === '2.1.150')!;
    expect(plain.report).toBe('../shard-1/2.1.150/report.md');
    expect(merged.durationMs).toBe(100);
  });

  it('refuses a missing shard, a shard twice, and shards of different matrices', () => {
    expect(() => mergeMatrixReports([parts[0]!], '/m')).toThrow(/shard\(s\) 1 of 2 missing/);
    expect(() => mergeMatrixReports([parts[0]!, parts[0]!], '/m')).toThrow(/shard 2 is given twice/);
    const overlap = { ...parts[1]!, report: { ...parts[1]!.report, cells: matrixOf(IDS, null).cells } };
    expect(() => mergeMatrixReports([parts[0]!, overlap], '/m')).toThrow(
      /api\/retry-after-529 on 2\.1\.150 is in two shards/,
    );
    const other = { ...parts[1]!, report: { ...parts[1]!.report, versions: ['2.1.150'] } };
    expect(() => mergeMatrixReports([parts[0]!, other], '/m')).toThrow(ClideError);
    expect(() => mergeMatrixReports([parts[0]!, other], '/m')).toThrow(/other versions/);
  });
});
