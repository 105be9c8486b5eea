import type { Severity } from '../findings/index.js';
import type { ScenarioStatus } from '../report/index.js';
import type { MatrixCell, MatrixReport } from './model.js';

const STATUS_ICON: Record<ScenarioStatus, string> = { passed: '✅', failed: '❌', untestable: '⚠️' };

/** A cell's text: its status and, when it has findings that count, the worst severity. */
export function cellText(cell: Pick<MatrixCell, 'status' | 'worst'>): string {
  return cell.worst ? `${STATUS_ICON[cell.status]} ${cell.worst}` : STATUS_ICON[cell.status];
}

function escapeCell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** A relative link target, made safe for Markdown's `(…)` (spaces and parentheses encoded). */
function target(path: string): string {
  return encodeURI(path).replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/**
 * `matrix.md`: verdict and counts, then the matrix (one row per scenario, one column per version),
 * each cell linking to its version's run report; then each version's baseline and run.
 */
export function renderMatrixMarkdown(report: MatrixReport): string {
  const s = report.summary;
  const verdict = report.interrupted ? '⛔ interrupted' : s.exitCode === 0 ? '✅ passed' : '❌ failed';
  const out = [
    `## clide-conformance matrix: ${report.versions.length} version(s) × ${report.scenarios.length} scenario(s) — ${verdict}`,
    '',
    `| Cells | ✅ passed | ❌ failed | ⚠️ untestable | ${(['breaking', 'changed', 'additive', 'cosmetic'] as Severity[]).map((v) => `worst ${v}`).join(' | ')} | fail on |`,
    '|---:|---:|---:|---:|---:|---:|---:|---:|:---|',
    `| ${s.cells} | ${s.passed} | ${s.failed} | ${s.untestable} | ${s.byWorst.breaking} | ${s.byWorst.changed} | ${s.byWorst.additive} | ${s.byWorst.cosmetic} | ${report.failOn} |`,
    '',
  ];
  if (report.interrupted) {
    out.push(
      `> **INTERRUPTED by ${report.interrupted.signal}**: the matrix holds only the cells that finished; not run to the end: ${report.interrupted.notRun.join(', ') || 'none'}`,
      '',
    );
  }
  const notes = [
    `baseline: ${report.baseline ?? "each version's default"}`,
    report.selection.length > 0
      ? `only: ${report.selection.map((p) => `\`${p}\``).join(', ')}`
      : 'the whole catalogue',
  ];
  if (report.shard)
    notes.push(`shard ${report.shard.index}/${report.shard.count} of ${report.shard.selected} scenario(s)`);
  out.push(notes.join(' · '), '');
  out.push(
    `| Scenario | ${report.versions.map((v) => `\`${v}\``).join(' | ')} |`,
    `|:---|${report.versions.map(() => ':---:').join('|')}|`,
  );
  const byKey = new Map(report.cells.map((c) => [`${c.scenario}\u0000${c.version}`, c]));
  for (const id of report.scenarios) {
    const cells = report.versions.map((v) => {
      const cell = byKey.get(`${id}\u0000${v}`);
      if (!cell) return ' ';
      const text = cellText(cell);
      return cell.report ? `[${text}](${target(cell.report)})` : text;
    });
    out.push(`| \`${escapeCell(id)}\` | ${cells.join(' | ')} |`);
  }
  out.push('', '### Versions', '', '| Version | Baseline | Run | Report |', '|:---|:---|---:|:---|');
  for (const c of report.columns) {
    const run = c.error
      ? `not run: ${escapeCell(c.error)}`
      : `${(c.durationMs / 1000).toFixed(1)} s${c.installedNow ? ' (installed now)' : ''}`;
    const link = c.reportDir
      ? `[${escapeCell(c.reportDir)}/report.md](${target(`${c.reportDir}/report.md`)})`
      : '—';
    out.push(`| \`${c.version}\` | ${c.baseline ? `\`${c.baseline}\`` : '—'} | ${run} | ${link} |`);
  }
  return `${out.join('\n')}\n`;
}
