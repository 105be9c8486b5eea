import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realisticMatrix, SHARED_CAUSE, writeRunReportStubs } from '../../test/support/realistic-matrix.js';
import { escapeHtml } from '../report/html-page.js';
import type { ReportFinding, ScenarioStatus } from '../report/index.js';
import { type CellFindings, columnFailures } from './column-failures.js';
import { cellOf, type MatrixReport, summarizeMatrix } from './model.js';
import { renderMatrixHtml } from './render-html.js';

const matrix = realisticMatrix();
const dir = mkdtempSync(join(tmpdir(), 'clide-matrix-page-'));
writeRunReportStubs(dir, matrix);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The inside of a version's column head. */
function headOf(page: string, version: string): string {
  const head = new RegExp(`<th class="version"[^>]*data-version="${version}"[^>]*>(.*?)</th>`).exec(page);
  expect(head, `the head of ${version}`).not.toBeNull();
  return head![1]!;
}

describe('matrix.html of 3 versions × the catalogue, with real findings', () => {
  const page = renderMatrixHtml(matrix.report, matrix.findingsOf, dir);
  const findings = [...matrix.runs.values()].flatMap((r) => r.scenarios.flatMap((sc) => sc.findings));

  it('is under 300 KB: the findings stay in the run reports, none is inlined', () => {
    expect(matrix.report.cells).toHaveLength(3 * 63);
    expect(findings.length).toBeGreaterThan(5000);
    expect(Buffer.byteLength(page)).toBeLessThan(300_000);
    const messages = [...new Set(findings.map((f) => f.message))];
    expect(messages.filter((m) => page.includes(escapeHtml(m)))).toEqual([]);
  });

  it('names at each column the baseline its version was compared with', () => {
    expect(headOf(page, '2.1.150')).toContain('<span class="nb">vs <code>2.1.150</code></span> (itself)');
    expect(headOf(page, '2.1.210')).toContain('<span class="nb">vs <code>2.1.150</code></span>');
    expect(headOf(page, '2.1.210')).not.toContain('itself');
    expect(page).toContain('data-version="2.1.332" data-baseline="2.1.150"');
  });

  it('names at the head of a column the one cause all its failures share, and no cause where they share none', () => {
    expect(headOf(page, '2.1.210')).toContain(
      '<div class="cause" data-cause="shared" data-shared="63">the shared cause of all 63 failures: <code class="code">drift/field-gone</code> at <code>system/init $.apiKeySource</code></div>',
    );
    // 2.1.332 fails 9 scenarios, each for its own reasons; 2.1.150 fails none.
    expect(matrix.report.cells.filter((c) => c.version === '2.1.332' && c.status === 'failed')).toHaveLength(
      9,
    );
    expect(headOf(page, '2.1.332')).toContain('9 of 63 failed');
    expect(headOf(page, '2.1.332')).not.toContain('class="cause"');
    expect(headOf(page, '2.1.150')).toContain('all 63 passed');
    expect(headOf(page, '2.1.150')).not.toContain('class="cause"');
  });

  it("links each cell to its scenario's session in its version's report.html, else to its report.md", () => {
    expect(page).toContain(
      '<a href="2.1.210/report.html#session-control_2finitialize" title="failed: 1 breaking, 1 changed, 24 additive">',
    );
    const withoutPages = renderMatrixHtml(matrix.report, matrix.findingsOf, null);
    expect(withoutPages).toContain('<a href="2.1.210/report.md" title="failed: ');
    expect(withoutPages).not.toContain('report.html');
  });

  it('marks every scenario id up as one (the browser test checks that it never breaks)', () => {
    const ids = [...page.matchAll(/<th scope="row"><code class="id">([^<]*)<\/code><\/th>/g)].map(
      (m) => m[1],
    );
    expect(ids).toEqual(matrix.report.scenarios.map(escapeHtml));
  });
});

describe('the shared cause of a column', () => {
  const one = (version: string, id: string, findings: ReportFinding[], status: ScenarioStatus) => ({
    cell: cellOf(version, { ...matrix.runs.get('2.1.332')!.scenarios[0]!, id, status, findings }, version),
    findings,
  });

  function reportOf(entries: ReturnType<typeof one>[]): { report: MatrixReport; findingsOf: CellFindings } {
    const cells = entries.map((e) => e.cell);
    return {
      report: {
        ...matrix.report,
        versions: ['2.1.332'],
        scenarios: cells.map((c) => c.scenario),
        columns: [{ ...matrix.report.columns[2]! }],
        cells,
        summary: summarizeMatrix(cells),
      },
      findingsOf: (cell) => entries.find((e) => e.cell === cell)!.findings,
    };
  }

  const accepted = { ...SHARED_CAUSE, accepted: 'known' };
  const other = { ...SHARED_CAUSE, code: 'drift/subtype-gone', path: ['subtype'] };
  const additive = { ...SHARED_CAUSE, severity: 'additive' as const, code: 'drift/field-new' };

  /** Another field gone from the same message, in the same scenarios: the same cause. */
  const alsoGone = { ...SHARED_CAUSE, message: "system/init: the field 'cwd' is gone", path: ['cwd'] };

  it('is the change in every failure; passed cells, accepted findings and findings below fail-on count for none', () => {
    const { report, findingsOf } = reportOf([
      one('2.1.332', 'a/1', [SHARED_CAUSE, additive], 'failed'),
      one('2.1.332', 'a/2', [other, SHARED_CAUSE, accepted, additive], 'failed'),
      one('2.1.332', 'a/3', [additive, other], 'passed'),
    ]);
    const [column] = columnFailures(report, findingsOf);
    expect(column).toMatchObject({ failures: 2, untestable: 0, cells: 3 });
    expect(column!.shared).toMatchObject({
      cause: { code: SHARED_CAUSE.code, paths: ['$.apiKeySource'], scenarios: ['a/1', 'a/2'] },
      failures: 2,
      alongside: 0,
    });
    expect(column!.causes.map((c) => [c.code, c.scenarios])).toEqual([
      [SHARED_CAUSE.code, ['a/1', 'a/2']],
      [other.code, ['a/2']],
    ]);
  });

  it('gathers the changes of one code in one kind of message that fail the same scenarios: one cause of many places', () => {
    const { report, findingsOf } = reportOf([
      one('2.1.332', 'a/1', [SHARED_CAUSE, alsoGone], 'failed'),
      one('2.1.332', 'a/2', [alsoGone, SHARED_CAUSE, other], 'failed'),
      one('2.1.332', 'a/3', [SHARED_CAUSE, alsoGone], 'failed'),
      one('2.1.332', 'a/4', [other], 'failed'),
    ]);
    const [column] = columnFailures(report, findingsOf);
    expect(column!.causes.map((c) => [c.code, c.kind, c.paths, c.scenarios])).toEqual([
      [SHARED_CAUSE.code, 'system/init', ['$.apiKeySource', '$.cwd'], ['a/1', 'a/2', 'a/3']],
      [other.code, 'system/init', ['$.subtype'], ['a/2', 'a/4']],
    ]);
    // In 3 of the 4 failures: the cause most of them share, named with how many it is in.
    expect(column!.shared).toMatchObject({ failures: 3, alongside: 0 });
    expect(headOf(renderMatrixHtml(report, findingsOf), '2.1.332')).toContain(
      '<div class="cause" data-cause="shared" data-shared="3">the cause of 3 of the 4 failures: <code class="code">drift/field-gone</code> in <code>system/init</code> at 2 places: <code>$.apiKeySource</code>, <code>$.cwd</code></div>',
    );
  });

  it('is none when no cause is in more than half of the failures, or when there is one failure only', () => {
    const split = reportOf([
      one('2.1.332', 'a/1', [SHARED_CAUSE], 'failed'),
      one('2.1.332', 'a/2', [other], 'failed'),
    ]);
    expect(columnFailures(split.report, split.findingsOf)[0]!.shared).toBeNull();
    const single = reportOf([
      one('2.1.332', 'a/1', [SHARED_CAUSE], 'failed'),
      one('2.1.332', 'a/2', [], 'passed'),
    ]);
    expect(columnFailures(single.report, single.findingsOf)[0]!.shared).toBeNull();
    expect(renderMatrixHtml(single.report, single.findingsOf)).not.toContain('class="cause"');
  });

  it('of a version that could not be run is why it could not', () => {
    const { report, findingsOf } = reportOf([one('2.1.332', 'a/1', [], 'untestable')]);
    const notRun: MatrixReport = {
      ...report,
      columns: [{ ...report.columns[0]!, baseline: null, reportDir: null, error: 'npm said <404>' }],
    };
    const head = headOf(renderMatrixHtml(notRun, findingsOf), '2.1.332');
    expect(head).toContain('no baseline (not run)');
    expect(head).toContain('all 1 untestable');
    expect(head).toContain('<div class="cause" data-cause="not-run">not run: npm said &lt;404&gt;</div>');
  });
});
