import type { MatrixReport } from './model.js';
import { cellText } from './render-markdown.js';

/** The terminal summary: verdict, counts, the matrix as aligned text, where the files are. */
export function renderMatrixText(report: MatrixReport, outDir: string | null): string {
  const s = report.summary;
  const out = [
    `matrix ${report.versions.join(', ')} × ${report.scenarios.length} scenario(s): ${report.interrupted ? 'INTERRUPTED' : s.exitCode === 0 ? 'PASSED' : 'FAILED'} ` +
      `(fail on ${report.failOn}): ${s.passed} passed, ${s.failed} failed, ${s.untestable} untestable of ${s.cells} cell(s)`,
    '',
  ];
  const width = Math.max(8, ...report.scenarios.map((id) => id.length));
  const col = Math.max(14, ...report.versions.map((v) => v.length + 2));
  out.push(`${'scenario'.padEnd(width)}  ${report.versions.map((v) => v.padEnd(col)).join('')}`.trimEnd());
  const byKey = new Map(report.cells.map((c) => [`${c.scenario}\u0000${c.version}`, c]));
  for (const id of report.scenarios) {
    const cells = report.versions.map((v) => {
      const cell = byKey.get(`${id}\u0000${v}`);
      return (
        cell ? cellText(cell).replace('✅', 'ok').replace('❌', 'FAIL').replace('⚠️', 'UNTESTABLE') : ''
      ).padEnd(col);
    });
    out.push(`${id.padEnd(width)}  ${cells.join('')}`.trimEnd());
  }
  for (const c of report.columns) if (c.error) out.push('', `${c.version} not run: ${c.error}`);
  if (report.interrupted) {
    out.push(
      '',
      `interrupted by ${report.interrupted.signal}; not run to the end: ${report.interrupted.notRun.join(', ') || 'none'}`,
    );
  }
  if (outDir) out.push('', `matrix.md, matrix.json, matrix.html and each version's run report in ${outDir}`);
  return `${out.join('\n')}\n`;
}
