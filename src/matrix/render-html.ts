import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SEVERITIES } from '../findings/index.js';
import { htmlId, htmlPage, severityBadge, statusBadge } from '../report/html-page.js';
import { driftWhere } from '../report/index.js';
import { html, joinMarkup, type Markup } from '../report/markup.js';
import {
  type CellFindings,
  type ColumnFailures,
  columnFailures,
  type FailureCause,
} from './column-failures.js';
import type { MatrixCell, MatrixColumn, MatrixReport } from './model.js';

export type { CellFindings };

/** The causes listed for a version below the matrix; the rest are in its run report. */
const CAUSES_SHOWN = 8;
/** The places of one cause named in a column's head, and below the matrix. */
const PATHS_IN_HEAD = 2;
const PATHS_SHOWN = 6;
/** The scenario ids named for one change; the rest are counted. */
const IDS_SHOWN = 4;

const STYLES = `
.matrix{width:auto;min-width:60%}
.matrix th,.matrix td{overflow-wrap:normal}
.matrix thead th{position:sticky;top:0;z-index:1;vertical-align:bottom;font-weight:400}
.matrix thead th.version{max-width:22em}
.matrix th.version .v{font-weight:600;font-size:14px}
.matrix th.version .baseline,.matrix th.version .tally{color:var(--muted);font-size:12px}
.matrix th.version .cause{margin-top:4px;padding:2px 6px;border-left:3px solid var(--fail);background:var(--del-bg);font-size:12px;overflow-wrap:anywhere}
.matrix tbody th{font-weight:400;position:sticky;left:0}.matrix thead th:first-child{left:0;z-index:2}
code.id,code.code,.matrix .nb{white-space:nowrap}
.matrix td.cell{text-align:center;white-space:nowrap;padding:2px 6px}.matrix td.cell a{text-decoration:none;color:inherit;display:block}
.matrix td.worst-breaking{background:var(--del-bg)}.matrix td.worst-changed{background:var(--chg-bg)}
.matrix td.worst-additive{background:var(--client)}.matrix td.status-cell-untestable{background:var(--stderr)}
.why{width:auto}.why .ids code.id{margin-right:6px}
`;

export function cellId(cell: Pick<MatrixCell, 'scenario' | 'version'>): string {
  return htmlId('cell', `${cell.version}/${cell.scenario}`);
}

/**
 * Where a version's run report is, from the matrix page: its report.html when one was written
 * there (`outDir` given), else its report.md.
 */
function reportPages(outDir: string | null): (reportMd: string) => { href: string; html: boolean } {
  const known = new Map<string, boolean>();
  return (reportMd) => {
    const page = `${reportMd.slice(0, reportMd.lastIndexOf('/'))}/report.html`;
    let exists = known.get(page);
    if (exists === undefined) {
      exists = outDir !== null && existsSync(join(outDir, page));
      known.set(page, exists);
    }
    return exists ? { href: page, html: true } : { href: reportMd, html: false };
  };
}

/** A cell's counts, for its tooltip: `passed: 2 changed, 9 additive; 1 accepted`. */
function cellTitle(cell: MatrixCell): string {
  const counts = SEVERITIES.filter((s) => cell.bySeverity[s] > 0).map((s) => `${cell.bySeverity[s]} ${s}`);
  const accepted = cell.accepted > 0 ? `; ${cell.accepted} accepted` : '';
  return `${cell.status}: ${counts.length > 0 ? counts.join(', ') : 'no findings'}${accepted}`;
}

/** What a version was compared with, as its column says it. */
function baselineText(column: MatrixColumn | undefined): Markup {
  if (!column?.baseline) return html`no baseline (not run)`;
  return column.baseline === column.version
    ? html`<span class="nb">vs <code>${column.baseline}</code></span> (itself)`
    : html`<span class="nb">vs <code>${column.baseline}</code></span>`;
}

/** A cause in one line: its code and where it is (`system/init $.tools`, or `system/init`, 23 places: …). */
function causeText(cause: FailureCause, pathsShown: number): Markup {
  const code = html`<code class="code">${cause.code}</code>`;
  if (cause.paths.length === 1)
    return html`${code} at <code>${driftWhere({ kind: cause.kind, path: cause.paths[0]! })}</code>`;
  const paths = cause.paths.slice(0, pathsShown).map((p) => html`<code>${p}</code>`);
  const more = cause.paths.length > pathsShown ? ` +${cause.paths.length - pathsShown} more` : '';
  const kind = cause.kind === null ? '' : html` in <code>${cause.kind}</code>`;
  return html`${code}${kind} at ${cause.paths.length} places: ${joinMarkup(paths, ', ')}${more}`;
}

/** The head of a version's column: the version, its baseline, its failures and their shared cause. */
function columnHead(
  version: string,
  column: MatrixColumn | undefined,
  failures: ColumnFailures,
  runReport: string | null,
): Markup {
  const failed = failures.failures - failures.untestable;
  const tally =
    failures.cells === 0
      ? 'no cells'
      : failures.failures === 0
        ? `all ${failures.cells} passed`
        : failures.untestable === 0 || failed === 0
          ? `${failures.failures === failures.cells ? 'all' : `${failures.failures} of`} ${failures.cells} ${failed === 0 ? 'untestable' : 'failed'}`
          : `${failed} failed, ${failures.untestable} untestable of ${failures.cells}`;
  let causeBox: Markup | null = null;
  if (column?.error) {
    causeBox = html`<div class="cause" data-cause="not-run">not run: ${column.error}</div>`;
  } else if (failures.shared) {
    const { cause, failures: n, alongside } = failures.shared;
    const whose =
      n === failures.failures
        ? `the shared cause of all ${n} failures`
        : `the cause of ${n} of the ${failures.failures} failures`;
    const also = alongside > 0 ? ` (with ${alongside} other cause(s) in each of them)` : '';
    causeBox = html`<div class="cause" data-cause="shared" data-shared="${n}">${whose}: ${causeText(cause, PATHS_IN_HEAD)}${also}</div>`;
  }
  const link = runReport ? html` · <a href="${encodeURI(runReport)}">run report</a>` : '';
  return html`<th class="version" scope="col" data-version="${version}" data-baseline="${column?.baseline ?? ''}" data-failures="${failures.failures}"><div class="v"><code>${version}</code></div><div class="baseline">${baselineText(column)}</div><div class="tally">${tally}${link}</div>${causeBox}</th>`;
}

/** Below the matrix, per version with failures: the causes that fail its cells, most serious and widespread first. */
function whySection(failures: readonly ColumnFailures[], runReports: ReadonlyMap<string, string>): Markup {
  const failing = failures.filter((f) => f.causes.length > 0);
  if (failing.length === 0) return html``;
  const parts = failing.map((f) => {
    const report = runReports.get(f.version);
    const rows = f.causes.slice(0, CAUSES_SHOWN).map((c) => {
      const ids = c.scenarios.slice(0, IDS_SHOWN).map((id) => html`<code class="id">${id}</code> `);
      const more = c.scenarios.length > IDS_SHOWN ? `+${c.scenarios.length - IDS_SHOWN} more` : '';
      return html`<tr data-code="${c.code}" data-scenarios="${c.scenarios.length}"><td>${severityBadge(c.severity)} ${causeText(c, PATHS_SHOWN)}</td><td class="num">${c.scenarios.length}</td><td class="ids">${ids}${more}</td></tr>`;
    });
    const rest = f.causes.length - CAUSES_SHOWN;
    const tail =
      rest > 0
        ? html`<p class="meta">${rest} more cause(s)${report ? html` in the <a href="${encodeURI(`${report}#changes`)}">run report</a>` : ''}.</p>`
        : '';
    return html`<h3><code>${f.version}</code>: ${f.failures} failure(s), ${f.causes.length} cause(s)</h3><table class="why" data-version="${f.version}"><thead><tr><th>cause</th><th class="num">scenarios</th><th>which</th></tr></thead><tbody>${rows}</tbody></table>${tail}`;
  });
  return html`<section id="why"><h2>What fails the cells</h2><p class="meta">Per version, the findings that fail its cells (at or above the fail-on severity, not accepted): the changes of one code in one kind of message that fail the same scenarios are one cause. Every finding is in the version's run report.</p>${parts}</section>`;
}

/**
 * `matrix.html`: one self-contained page (the kit's page shell) a person can read: the counts,
 * the matrix with each column naming its baseline and, when every failure of the column has one
 * change in common, that shared cause; each cell coloured by its worst severity and linking to
 * its scenario's session in that version's run report (the findings are there, not inlined);
 * below it, per version, the changes that fail its cells. Scenario ids never break.
 */
export function renderMatrixHtml(
  report: MatrixReport,
  findingsOf: CellFindings,
  outDir: string | null = null,
): string {
  const s = report.summary;
  const verdict = report.interrupted ? 'interrupted' : s.exitCode === 0 ? 'passed' : 'failed';
  const byKey = new Map(report.cells.map((c) => [`${c.scenario}\u0000${c.version}`, c]));
  const pageOf = reportPages(outDir);
  const failures = columnFailures(report, findingsOf);
  const columnOf = new Map(report.columns.map((c) => [c.version, c]));
  const runReports = new Map<string, string>();
  for (const c of report.columns) {
    if (c.reportDir !== null) runReports.set(c.version, pageOf(`${c.reportDir}/report.md`).href);
  }
  const baselines =
    report.baseline === null
      ? html`each version against its own default baseline (named at its column)`
      : html`every version against <code>${report.baseline}</code>`;
  const head = [
    html`<header>`,
    html`<h1>clide-conformance matrix <span class="verdict verdict-${verdict}" data-verdict="${verdict}">${verdict}</span></h1>`,
    html`<p class="meta">${report.versions.length} version(s) × ${report.scenarios.length} scenario(s) · ${baselines} · fail on ${report.failOn}${report.shard ? ` · shard ${report.shard.index}/${report.shard.count}` : ''} · ${report.startedAt}</p>`,
    report.interrupted
      ? html`<p class="banner"><strong>Interrupted by ${report.interrupted.signal}</strong>: only the cells that finished; not run to the end: ${report.interrupted.notRun.join(', ') || 'none'}</p>`
      : html``,
    html`</header>`,
    html`<section id="summary"><dl class="counts">${(
      [
        ['cells', s.cells],
        ['passed', s.passed],
        ['failed', s.failed],
        ['untestable', s.untestable],
      ] as const
    ).map(
      ([k, v]) => html`<div class="count" data-count="${k}"><dt>${k}</dt><dd>${v}</dd></div>`,
    )}</dl></section>`,
  ];
  const rows = report.scenarios.map((id) => {
    const tds = report.versions.map((v) => {
      const cell = byKey.get(`${id}\u0000${v}`);
      if (!cell) return html`<td class="cell"></td>`;
      const cls = `cell status-cell-${cell.status}${cell.worst ? ` worst-${cell.worst}` : ''}`;
      const badges = html`${statusBadge(cell.status)}${cell.worst ? html` ${severityBadge(cell.worst)}` : ''}`;
      const page = cell.report ? pageOf(cell.report) : null;
      const href = page?.html ? `${page.href}#${htmlId('session', cell.scenario)}` : page?.href;
      const inner = href
        ? html`<a href="${encodeURI(href)}" title="${cellTitle(cell)}">${badges}</a>`
        : html`<span title="${cellTitle(cell)}">${badges}</span>`;
      return html`<td class="${cls}" id="${cellId(cell)}" data-version="${v}" data-status="${cell.status}" data-worst="${cell.worst ?? ''}">${inner}</td>`;
    });
    return html`<tr data-scenario="${id}"><th scope="row"><code class="id">${id}</code></th>${tds}</tr>`;
  });
  const table = html`<section id="matrix"><h2>Scenario × version</h2><p class="meta">A cell: the scenario's status on that version and its worst finding that counts; it links to the scenario's wire session and findings in the version's run report.</p><table class="matrix"><thead><tr><th scope="col">scenario</th>${report.versions.map(
    (v, i) => columnHead(v, columnOf.get(v), failures[i]!, runReports.get(v) ?? null),
  )}</tr></thead><tbody>${joinMarkup(rows, '\n')}</tbody></table></section>`;

  const versions = html`<section id="versions"><h2>Versions</h2><table><thead><tr><th>version</th><th>baseline</th><th>run</th><th>run report</th></tr></thead><tbody>${report.columns.map(
    (c) => {
      const run = c.error
        ? `not run: ${c.error}`
        : `${(c.durationMs / 1000).toFixed(1)} s${c.installedNow ? ' (installed now)' : ''}`;
      const link = runReports.get(c.version);
      return html`<tr data-version="${c.version}"><td><code>${c.version}</code></td><td>${c.baseline ? html`<code>${c.baseline}</code>` : '—'}</td><td>${run}</td><td>${link ? html`<a href="${encodeURI(link)}">${link}</a>` : '—'}</td></tr>`;
    },
  )}</tbody></table></section>`;

  return htmlPage({
    title: `clide-conformance matrix: ${report.versions.join(', ')}`,
    body: joinMarkup([...head, table, whySection(failures, runReports), versions], '\n'),
    styles: STYLES,
  });
}
