import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { htmlId, htmlPage, severityBadge, statusBadge } from '../report/html-page.js';
import { pathText, type ReportFinding } from '../report/index.js';
import { html, joinMarkup, type Markup } from '../report/markup.js';
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
function reportLink(outDir: string | null, cell: MatrixCell): Markup | null {
  if (!cell.report) return null;
  const dir = cell.report.slice(0, cell.report.lastIndexOf('/'));
  const page = `${dir}/report.html`;
  const href =
    outDir && existsSync(join(outDir, page)) ? `${page}#${htmlId('session', cell.scenario)}` : cell.report;
  return html`<a href="${encodeURI(href)}">run report of ${cell.version}</a>`;
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
    html`<header>`,
    html`<h1>clide-conformance matrix <span class="verdict verdict-${verdict}">${verdict}</span></h1>`,
    html`<p class="meta">${report.versions.length} version(s) × ${report.scenarios.length} scenario(s) · baseline ${report.baseline ?? "each version's default"} · fail on ${report.failOn}${report.shard ? ` · shard ${report.shard.index}/${report.shard.count}` : ''} · ${report.startedAt}</p>`,
    ...(report.interrupted
      ? [
          html`<p class="interrupted"><strong>Interrupted by ${report.interrupted.signal}</strong>: only the cells that finished; not run to the end: ${report.interrupted.notRun.join(', ') || 'none'}</p>`,
        ]
      : []),
    html`</header>`,
    html`<section id="summary"><dl class="counts">`,
    ...(
      [
        ['cells', s.cells],
        ['passed', s.passed],
        ['failed', s.failed],
        ['untestable', s.untestable],
      ] as const
    ).map(([k, v]) => html`<div class="count" data-count="${k}"><dt>${k}</dt><dd>${v}</dd></div>`),
    html`</dl></section>`,
  ];
  const table = [
    html`<section id="matrix"><h2>Scenario × version</h2><table class="matrix">`,
    html`<thead><tr><th>scenario</th>${report.versions.map((v) => html`<th data-version="${v}"><code>${v}</code></th>`)}</tr></thead><tbody>`,
  ];
  for (const id of report.scenarios) {
    const tds = report.versions.map((v) => {
      const cell = byKey.get(`${id}\u0000${v}`);
      if (!cell) return html`<td class="cell"></td>`;
      const cls = `cell status-cell-${cell.status}${cell.worst ? ` worst-${cell.worst}` : ''}`;
      return html`<td class="${cls}" data-version="${v}" data-status="${cell.status}" data-worst="${cell.worst ?? ''}"><a href="#${cellId(cell)}" title="${cellText(cell)}">${statusBadge(cell.status)}${cell.worst ? html` ${severityBadge(cell.worst)}` : ''}</a></td>`;
    });
    table.push(html`<tr data-scenario="${id}"><th><code>${id}</code></th>${tds}</tr>`);
  }
  table.push(html`</tbody></table></section>`);

  const columns = [
    html`<section id="versions"><h2>Versions</h2><table><thead><tr><th>version</th><th>baseline</th><th>run</th></tr></thead><tbody>`,
    ...report.columns.map(
      (c) =>
        html`<tr data-version="${c.version}"><td><code>${c.version}</code></td><td>${c.baseline ? html`<code>${c.baseline}</code>` : '—'}</td><td>${c.error ? `not run: ${c.error}` : `${(c.durationMs / 1000).toFixed(1)} s${c.installedNow ? ' (installed now)' : ''}`}</td></tr>`,
    ),
    html`</tbody></table></section>`,
  ];

  const details = [html`<section id="findings"><h2>Findings per cell</h2>`];
  for (const cell of report.cells) {
    const findings = findingsOf(cell);
    const links = [reportLink(outDir, cell)];
    if (cell.wireLog) links.push(html`<a href="${encodeURI(cell.wireLog)}">wire log</a>`);
    const shown = links.filter((l): l is Markup => l !== null);
    const rows = findings.map(
      (f) =>
        html`<tr class="${f.accepted ? 'accepted' : ''}"><td>${severityBadge(f.severity)}</td><td><code>${f.code}</code></td><td><code>${pathText(f.path)}</code></td><td>${f.message}${f.accepted ? html` <em>accepted: ${f.accepted}</em>` : ''}</td></tr>`,
    );
    details.push(
      html`<div class="cell-findings" id="${cellId(cell)}" data-scenario="${cell.scenario}" data-version="${cell.version}"><h3><code>${cell.scenario}</code> on <code>${cell.version}</code> ${statusBadge(cell.status)}</h3><p class="meta">${shown.length > 0 ? joinMarkup(shown, ' · ') : 'no run report'}</p>${
        rows.length === 0
          ? html`<p class="empty">no findings</p>`
          : html`<table><thead><tr><th>severity</th><th>code</th><th>path</th><th>finding</th></tr></thead><tbody>${rows}</tbody></table>`
      }</div>`,
    );
  }
  details.push(html`</section>`);
  return htmlPage({
    title: `clide-conformance matrix: ${report.versions.join(', ')}`,
    body: joinMarkup([...head, ...table, ...columns, ...details], '\n'),
    styles: STYLES,
  });
}
