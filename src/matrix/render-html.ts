import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml, htmlId, htmlPage, severityBadge, statusBadge } from '../report/html-page.js';
import { pathText, type ReportFinding } from '../report/index.js';
import type { MatrixCell, MatrixReport } from './model.js';
import { cellText } from './render-markdown.js';

/** A cell's findings, read from its version's run report, for the page. */
export type CellFindings = (cell: MatrixCell) => readonly ReportFinding[];

const STYLES = `
.matrix td.cell{text-align:center;white-space:nowrap}.matrix td.cell a{text-decoration:none;color:inherit;display:block}
.matrix td.worst-breaking{background:var(--del-bg)}.matrix td.worst-changed{background:var(--chg-bg)}
.matrix td.worst-additive{background:var(--client)}.matrix td.status-cell-untestable{background:var(--stderr)}
.verdict-interrupted{background:var(--warn)}
.cell-findings{border:1px solid var(--line);border-radius:6px;margin:8px 0;padding:4px 8px}
`;

export function cellId(cell: Pick<MatrixCell, 'scenario' | 'version'>): string {
  return htmlId('cell', `${cell.version}/${cell.scenario}`);
}

/** A link to a version's run report: its report.html when one was written there, else report.md. */
function reportLink(outDir: string | null, cell: MatrixCell): string {
  if (!cell.report) return '';
  const dir = cell.report.slice(0, cell.report.lastIndexOf('/'));
  const html = `${dir}/report.html`;
  const href =
    outDir && existsSync(join(outDir, html)) ? `${html}#${htmlId('session', cell.scenario)}` : cell.report;
  return `<a href="${escapeHtml(encodeURI(href))}">run report of ${escapeHtml(cell.version)}</a>`;
}

/**
 * `matrix.html`: one self-contained page (the kit's page shell): the counts, the matrix with each
 * cell coloured by its worst severity and linking to its findings further down the page, and each
 * cell's findings with links to its version's run report and wire log.
 */
export function renderMatrixHtml(
  report: MatrixReport,
  findingsOf: CellFindings,
  outDir: string | null = null,
): string {
  const s = report.summary;
  const verdict = report.interrupted ? 'interrupted' : s.exitCode === 0 ? 'passed' : 'failed';
  const byKey = new Map(report.cells.map((c) => [`${c.scenario}\u0000${c.version}`, c]));
  const head = [
    '<header>',
    `<h1>clide-conformance matrix <span class="verdict verdict-${verdict}">${verdict}</span></h1>`,
    `<p class="meta">${report.versions.length} version(s) × ${report.scenarios.length} scenario(s) · baseline ${escapeHtml(report.baseline ?? "each version's default")}` +
      ` · fail on ${escapeHtml(report.failOn)}${report.shard ? ` · shard ${report.shard.index}/${report.shard.count}` : ''}` +
      ` · ${escapeHtml(report.startedAt)}</p>`,
    ...(report.interrupted
      ? [
          `<p class="interrupted"><strong>Interrupted by ${escapeHtml(report.interrupted.signal)}</strong>: only the cells that finished; not run to the end: ${escapeHtml(report.interrupted.notRun.join(', ') || 'none')}</p>`,
        ]
      : []),
    '</header>',
    '<section id="summary"><dl class="counts">',
    ...(
      [
        ['cells', s.cells],
        ['passed', s.passed],
        ['failed', s.failed],
        ['untestable', s.untestable],
      ] as const
    ).map(([k, v]) => `<div class="count" data-count="${k}"><dt>${k}</dt><dd>${v}</dd></div>`),
    '</dl></section>',
  ];
  const table = [
    '<section id="matrix"><h2>Scenario × version</h2><table class="matrix">',
    `<thead><tr><th>scenario</th>${report.versions.map((v) => `<th data-version="${escapeHtml(v)}"><code>${escapeHtml(v)}</code></th>`).join('')}</tr></thead><tbody>`,
  ];
  for (const id of report.scenarios) {
    const tds = report.versions.map((v) => {
      const cell = byKey.get(`${id}\u0000${v}`);
      if (!cell) return '<td class="cell"></td>';
      const cls = `cell status-cell-${cell.status}${cell.worst ? ` worst-${cell.worst}` : ''}`;
      return (
        `<td class="${cls}" data-version="${escapeHtml(v)}" data-status="${cell.status}" data-worst="${cell.worst ?? ''}">` +
        `<a href="#${cellId(cell)}" title="${escapeHtml(cellText(cell))}">${statusBadge(cell.status)}${cell.worst ? ` ${severityBadge(cell.worst)}` : ''}</a></td>`
      );
    });
    table.push(
      `<tr data-scenario="${escapeHtml(id)}"><th><code>${escapeHtml(id)}</code></th>${tds.join('')}</tr>`,
    );
  }
  table.push('</tbody></table></section>');

  const columns = [
    '<section id="versions"><h2>Versions</h2><table><thead><tr><th>version</th><th>baseline</th><th>run</th></tr></thead><tbody>',
    ...report.columns.map(
      (c) =>
        `<tr data-version="${escapeHtml(c.version)}"><td><code>${escapeHtml(c.version)}</code></td><td>${c.baseline ? `<code>${escapeHtml(c.baseline)}</code>` : '—'}</td>` +
        `<td>${c.error ? `not run: ${escapeHtml(c.error)}` : `${(c.durationMs / 1000).toFixed(1)} s${c.installedNow ? ' (installed now)' : ''}`}</td></tr>`,
    ),
    '</tbody></table></section>',
  ];

  const details = ['<section id="findings"><h2>Findings per cell</h2>'];
  for (const cell of report.cells) {
    const findings = findingsOf(cell);
    const links = [reportLink(outDir, cell)];
    if (cell.wireLog) links.push(`<a href="${escapeHtml(encodeURI(cell.wireLog))}">wire log</a>`);
    const rows = findings.map(
      (f) =>
        `<tr class="${f.accepted ? 'accepted' : ''}"><td>${severityBadge(f.severity)}</td><td><code>${escapeHtml(f.code)}</code></td>` +
        `<td><code>${escapeHtml(pathText(f.path))}</code></td><td>${escapeHtml(f.message)}${f.accepted ? ` <em>accepted: ${escapeHtml(f.accepted)}</em>` : ''}</td></tr>`,
    );
    details.push(
      `<div class="cell-findings" id="${cellId(cell)}" data-scenario="${escapeHtml(cell.scenario)}" data-version="${escapeHtml(cell.version)}">` +
        `<h3><code>${escapeHtml(cell.scenario)}</code> on <code>${escapeHtml(cell.version)}</code> ${statusBadge(cell.status)}</h3>` +
        `<p class="meta">${links.filter(Boolean).join(' · ') || 'no run report'}</p>` +
        (rows.length === 0
          ? '<p class="empty">no findings</p>'
          : `<table><thead><tr><th>severity</th><th>code</th><th>path</th><th>finding</th></tr></thead><tbody>${rows.join('')}</tbody></table>`) +
        '</div>',
    );
  }
  details.push('</section>');
  return htmlPage({
    title: `clide-conformance matrix: ${report.versions.join(', ')}`,
    body: [...head, ...table, ...columns, ...details].join('\n'),
    styles: STYLES,
  });
}
