import { SEVERITIES, type Severity } from '../findings/index.js';
import { pathText, secondsText, valueText } from './format.js';
import { alignFrames, frameKind, type SessionFrame, type TimelineRow } from './frame-diff.js';
import { type DriftEntry, driftCounts, driftWhere, groupDrifts } from './group-drifts.js';
import { htmlId, htmlPage, severityBadge, statusBadge } from './html-page.js';
import { html, joinMarkup, type Markup } from './markup.js';
import { type CanaryReport, type ReportFinding, type ScenarioReport, sortFindings } from './model.js';
import { interruptedLine, shardLine } from './render-text.js';
import type { LoadedSession, ScenarioSessions } from './report-sessions.js';

/** The longest JSON text shown for one frame; the rest is in the wire log. */
const FRAME_TEXT_MAX = 20_000;
const PREVIEW_MAX = 110;

/**
 * `report.html`: one self-contained page — the summary, the distinct changes (each once, with its
 * scenarios), the scenario list with status, every finding by severity, and for each scenario its wire session as a timeline (client → CLI on the
 * left of each side, CLI → client on the right) beside the baseline's, the rows lined up and the
 * frames that differ highlighted. Built with the `html` template: every string from the wire or
 * the report is escaped as it goes in, once.
 */
export function renderHtml(report: CanaryReport, sessions: ReadonlyMap<string, ScenarioSessions>): string {
  const verdict = report.interrupted ? 'interrupted' : report.summary.exitCode === 0 ? 'passed' : 'failed';
  const title = `clide-conformance canary: claude ${report.cli.version} vs baseline ${report.baseline.version} — ${verdict}`;
  const body = joinMarkup(
    [
      html`<header>`,
      html`<h1>clide-conformance canary: claude ${report.cli.version} vs baseline ${report.baseline.version} <span class="verdict verdict-${verdict}" data-verdict="${verdict}">${verdict}</span></h1>`,
      metaLine(report),
      report.interruption ? html`<p class="banner">${interruptedLine(report.interruption)}</p>` : html``,
      report.shard ? html`<p class="banner banner-info">${shardLine(report.shard)}</p>` : html``,
      html`<nav><a href="#summary">Summary</a><a href="#changes">Distinct changes</a><a href="#scenarios">Scenarios</a><a href="#findings">Findings</a><a href="#sessions">Wire sessions</a></nav>`,
      html`</header>`,
      html`<main>`,
      summarySection(report),
      changesSection(report),
      scenarioSection(report),
      findingSection(report),
      sessionSection(report, sessions),
      html`</main>`,
    ],
    '\n',
  );
  return htmlPage({ title, body, script: PAGE_SCRIPT });
}

function metaLine(report: CanaryReport): Markup {
  const b = report.baseline;
  const parts = [
    html`CLI <code>${report.cli.version}</code>${report.cli.live ? html` <strong>(LIVE run against the real API)</strong>` : ''}`,
    html`baseline <code>${b.version}</code> (schemas <code>${b.schemaVersion}</code>, ${
      b.fixturesDir ? html`${b.fixtures} fixture(s) in <code>${b.fixturesDir}</code>` : 'no baseline fixtures'
    })`,
    html`fail on <code>${report.failOn}</code>`,
    report.selection.length > 0
      ? html`only ${joinMarkup(
          report.selection.map((p) => html`<code>${p}</code>`),
          ', ',
        )}`
      : html`the whole catalogue`,
    html`${secondsText(report.durationMs)} · <span class="mono">${report.startedAt}</span>`,
    html`${report.machine.platform}/${report.machine.arch}, node ${report.machine.node}`,
    report.expectedFile ? html`accepted findings from <code>${report.expectedFile}</code>` : null,
    html`${report.tool.name} ${report.tool.version}`,
  ].filter((p) => p !== null);
  const note = b.schemaNote ? html`<p class="meta">${b.schemaNote}</p>` : '';
  return html`<p class="meta">${joinMarkup(parts, ' · ')}</p>${note}`;
}

function summarySection(report: CanaryReport): Markup {
  const s = report.summary;
  const count = (key: string, label: string, value: number) =>
    html`<div class="count" data-count="${key}"><dt>${label}</dt><dd>${value}</dd></div>`;
  return joinMarkup(
    [
      html`<section id="summary"><h2>Summary</h2><dl class="counts">`,
      count('scenarios', 'scenarios', s.scenarios),
      count('passed', 'passed', s.passed),
      count('failed', 'failed', s.failed),
      count('untestable', 'untestable', s.untestable),
      count('changes', 'distinct changes', groupDrifts(report.scenarios).length),
      ...SEVERITIES.map((sev) => count(sev, sev, s.bySeverity[sev])),
      count('accepted', 'accepted', s.accepted),
      html`</dl></section>`,
    ],
    '\n',
  );
}

/** Scenario links of a change: all of them, folded behind their count when there are more than three. */
function changeScenarios(entry: DriftEntry, total: number): Markup {
  const links = joinMarkup(
    entry.scenarios.map((id) => html`<a href="#${htmlId('session', id)}"><code>${id}</code></a>`),
    ' ',
  );
  if (entry.scenarios.length <= 3) return links;
  const count = `${entry.scenarios.length === total ? 'all ' : ''}${entry.scenarios.length} scenarios`;
  return html`<details class="ids"><summary>${count}</summary>${links}</details>`;
}

function changeRow(entry: DriftEntry, total: number): Markup {
  const codes = joinMarkup(
    entry.codes.map((c) => html`<code>${c}</code>`),
    ' + ',
  );
  const message = entry.accepted ? `${entry.message} — accepted: ${entry.accepted}` : entry.message;
  return joinMarkup(
    [
      html`<tr class="change" data-severity="${entry.severity}" data-code="${entry.code}" data-scenarios="${entry.scenarios.length}"${entry.accepted ? html` data-accepted="true"` : ''}>`,
      html`<td>${codes}</td><td><code>${driftWhere(entry)}</code></td>`,
      html`<td><code>${valueText(entry.expected, 160)}</code></td><td><code>${valueText(entry.actual, 160)}</code></td>`,
      html`<td>${changeScenarios(entry, total)}</td><td>${message}</td></tr>`,
    ],
    '',
  );
}

/**
 * The distinct changes between the two versions, one row each with the scenarios it appears in
 * (`groupDrifts`), by severity; the findings and sessions below are the per-scenario detail.
 */
function changesSection(report: CanaryReport): Markup {
  const entries = groupDrifts(report.scenarios);
  const n = driftCounts(entries);
  const total = report.scenarios.length;
  const out = [html`<section id="changes"><h2>Distinct changes</h2>`];
  if (entries.length === 0) out.push(html`<p class="empty">No changes.</p>`);
  else
    out.push(
      html`<p class="meta" data-changes="${entries.length}" data-findings="${n.findings}">${n.findings} finding(s) in ${total} scenario(s) are ${entries.length} distinct change(s), each listed once with the scenarios it appears in.</p>`,
    );
  const groups: Array<{ key: Severity | 'accepted'; items: DriftEntry[] }> = [
    ...SEVERITIES.map((sev) => ({
      key: sev,
      items: entries.filter((e) => e.accepted === undefined && e.severity === sev),
    })),
    { key: 'accepted' as const, items: entries.filter((e) => e.accepted !== undefined) },
  ];
  for (const { key, items } of groups) {
    if (items.length === 0) continue;
    const heading = key === 'accepted' ? 'accepted' : severityBadge(key);
    const open = key === 'breaking' || key === 'changed' ? html` open` : '';
    out.push(
      html`<details class="change-severity" data-severity="${key}"${open}><summary><h3>${heading} <span class="n">${items.length}</span> change(s)</h3></summary>`,
      html`<table class="changes"><colgroup><col class="w-code"><col class="w-path"><col class="w-value"><col class="w-value"><col class="w-scenario"><col class="w-message"></colgroup>`,
      html`<thead><tr><th>Change</th><th>Where</th><th>Was</th><th>Now</th><th>Scenarios</th><th>Message</th></tr></thead><tbody>`,
      ...items.map((e) => changeRow(e, total)),
      html`</tbody></table></details>`,
    );
  }
  out.push(html`</section>`);
  return joinMarkup(out, '\n');
}

function scenarioSection(report: CanaryReport): Markup {
  const rows = report.scenarios.map((sc) =>
    joinMarkup(
      [
        html`<tr class="scenario" data-scenario="${sc.id}" data-status="${sc.status}">`,
        html`<td>${statusBadge(sc.status)}</td>`,
        html`<td><a href="#${htmlId('session', sc.id)}"><code>${sc.id}</code></a></td>`,
        html`<td>${sc.requirement}</td><td>${sc.spec}</td>`,
        html`<td>${findingCounts(sc.findings)}</td><td class="num">${secondsText(sc.durationMs)}</td></tr>`,
      ],
      '',
    ),
  );
  return joinMarkup(
    [
      html`<section id="scenarios"><h2>Scenarios</h2>`,
      html`<table class="scenarios"><thead><tr><th>Status</th><th>Scenario</th><th>Requirement</th><th>Spec</th><th>Findings</th><th class="num">Time</th></tr></thead>`,
      html`<tbody>${joinMarkup(rows, '\n')}</tbody></table></section>`,
    ],
    '\n',
  );
}

function findingCounts(findings: readonly ReportFinding[]): Markup {
  const parts = SEVERITIES.map(
    (sev) => [sev, findings.filter((f) => f.severity === sev && !f.accepted).length] as const,
  )
    .filter(([, n]) => n > 0)
    .map(([sev, n]) => html`${n} ${severityBadge(sev)}`);
  const accepted = findings.filter((f) => f.accepted).length;
  if (accepted > 0) parts.push(html`<span class="accepted">${accepted} accepted</span>`);
  return parts.length === 0 ? html`—` : joinMarkup(parts, ' ');
}

function findingSection(report: CanaryReport): Markup {
  const out = [html`<section id="findings"><h2>Every finding, by severity and scenario</h2>`];
  const all = report.scenarios.flatMap((sc) => sc.findings.map((f) => ({ sc, f })));
  if (all.length === 0) out.push(html`<p class="empty">No findings.</p>`);
  const groups: Array<{ key: Severity | 'accepted'; items: typeof all }> = [
    ...SEVERITIES.map((sev) => ({
      key: sev,
      items: all.filter(({ f }) => !f.accepted && f.severity === sev),
    })),
    { key: 'accepted' as const, items: all.filter(({ f }) => f.accepted) },
  ];
  for (const { key, items } of groups) {
    if (items.length === 0) continue;
    const heading = key === 'accepted' ? 'accepted' : severityBadge(key);
    // Breaking and changed findings open; the long tail of additive ones folded, as in report.md.
    const open = key === 'breaking' || key === 'changed' ? html` open` : '';
    out.push(
      html`<details class="severity" data-severity="${key}"${open}><summary><h3>${heading} <span class="n">${items.length}</span> finding(s)</h3></summary>`,
      html`<table class="findings"><colgroup><col class="w-scenario"><col class="w-code"><col class="w-path"><col class="w-message"><col class="w-value"><col class="w-value"></colgroup>`,
      html`<thead><tr><th>Scenario</th><th>Code</th><th>Path</th><th>Message</th><th>Expected</th><th>Actual</th></tr></thead><tbody>`,
      ...items.map(({ sc, f }) => findingRow(sc, f)),
      html`</tbody></table></details>`,
    );
  }
  out.push(html`</section>`);
  return joinMarkup(out, '\n');
}

function findingRow(sc: ScenarioReport, f: ReportFinding): Markup {
  const frame = f.location?.frame === undefined ? '' : ` (frame ${f.location.frame})`;
  const message = f.accepted ? `${f.message} — accepted: ${f.accepted}` : f.message;
  return joinMarkup(
    [
      html`<tr class="finding" data-severity="${f.severity}" data-code="${f.code}"${f.accepted ? html` data-accepted="true"` : ''}>`,
      html`<td><a href="#${htmlId('session', sc.id)}"><code>${sc.id}</code></a></td>`,
      html`<td><code>${f.code}</code></td><td><code>${pathText(f.path)}</code>${frame}</td>`,
      html`<td>${message}</td><td><code>${valueText(f.expected, 300)}</code></td>`,
      html`<td><code>${valueText(f.actual, 300)}</code></td></tr>`,
    ],
    '',
  );
}

function sessionSection(report: CanaryReport, sessions: ReadonlyMap<string, ScenarioSessions>): Markup {
  return joinMarkup(
    [
      html`<section id="sessions"><h2>Wire sessions</h2>`,
      html`<p class="legend">Each side is a timeline: client → CLI (stdin) on the left, CLI → client (stdout, stderr) on the right; the baseline session beside this run, rows lined up by message structure. <span style="background:var(--chg-bg)">changed</span><span style="background:var(--add-bg)">only in this run</span><span style="background:var(--del-bg)">only in the baseline</span><span style="background:var(--time-bg)">timing-dependent (not a difference)</span></p>`,
      html`<div class="toolbar"><label><input type="checkbox" id="only-diff"> only the rows that differ</label><button type="button" id="expand-all">expand all</button><button type="button" id="collapse-all">collapse all</button></div>`,
      ...report.scenarios.map((sc) =>
        scenarioSession(sc, sessions.get(sc.id) ?? { run: null, baseline: null }, report),
      ),
      html`</section>`,
    ],
    '\n',
  );
}

function scenarioSession(sc: ScenarioReport, sessions: ScenarioSessions, report: CanaryReport): Markup {
  const run = framesOf(sessions.run);
  const baseline = framesOf(sessions.baseline);
  const byFrame = new Map<number, ReportFinding[]>();
  for (const f of sc.findings) {
    const frame = f.location?.frame;
    if (frame === undefined || f.accepted) continue;
    byFrame.set(frame, [...(byFrame.get(frame) ?? []), f]);
  }
  const rows: TimelineRow[] =
    sessions.baseline !== null && 'frames' in sessions.baseline
      ? alignFrames(baseline, run, new Set(byFrame.keys()))
      : run.map((_, i) => ({ baseline: null, run: i, diff: byFrame.has(i) ? 'changed' : 'same' }));
  const differing = rows.filter(
    (r) => r.diff === 'changed' || r.diff === 'added' || r.diff === 'removed',
  ).length;
  const open = sc.status !== 'passed' ? html` open` : '';
  const head = html`<summary>${statusBadge(sc.status)} <code>${sc.id}</code> — ${run.length} frame(s), baseline ${baseline.length} frame(s), <span class="differing">${differing}</span> row(s) differ</summary>`;
  const sideHead = (label: string, s: LoadedSession | null, version: string) =>
    s === null
      ? html`${label}: none`
      : html`${label} ${version} · <code>${s.path}</code>${'error' in s ? html` — <strong>${s.error}</strong>` : html` · exit ${exitText(s)}`}`;
  const table = joinMarkup(
    [
      html`<table class="timeline">`,
      html`<thead>`,
      html`<tr><th colspan="2" class="side-baseline">${sideHead('baseline', sessions.baseline, report.baseline.version)}</th><th colspan="2" class="side-run side-gap">${sideHead('this run: claude', sessions.run, report.cli.version)}</th></tr>`,
      html`<tr><th class="side-baseline" data-col="client">client → CLI</th><th class="side-baseline" data-col="cli">CLI → client</th><th class="side-run side-gap" data-col="client">client → CLI</th><th class="side-run" data-col="cli">CLI → client</th></tr>`,
      html`</thead><tbody>`,
      ...rows.map((row) => timelineRow(row, baseline, run, byFrame)),
      html`</tbody></table>`,
    ],
    '\n',
  );
  const empty = rows.length === 0 ? html`<p class="empty">No frames on either side.</p>` : '';
  return html`<details class="session" id="${htmlId('session', sc.id)}" data-scenario="${sc.id}" data-status="${sc.status}" data-differing="${differing}"${open}>${head}${empty}${table}</details>`;
}

function framesOf(session: LoadedSession | null): SessionFrame[] {
  return session !== null && 'frames' in session ? session.frames : [];
}

function exitText(s: Extract<LoadedSession, { frames: SessionFrame[] }>): string {
  if (s.signal) return s.signal;
  return s.exitCode === null ? '?' : String(s.exitCode);
}

function timelineRow(
  row: TimelineRow,
  baseline: readonly SessionFrame[],
  run: readonly SessionFrame[],
  byFrame: ReadonlyMap<number, ReportFinding[]>,
): Markup {
  const cells = (side: 'baseline' | 'run', index: number | null, frames: readonly SessionFrame[]) => {
    const frame = index === null ? undefined : frames[index];
    const client = frame?.dir === 'to-cli';
    const shown = frame ? frameHtml(frame, index!, side === 'run' ? (byFrame.get(index!) ?? []) : []) : '';
    const gap = side === 'run' ? ' side-gap' : '';
    return html`<td class="side-${side}${gap}" data-side="${side}" data-col="client">${client ? shown : ''}</td><td class="side-${side}" data-side="${side}" data-col="cli">${frame && !client ? shown : ''}</td>`;
  };
  const differs = row.diff === 'changed' || row.diff === 'added' || row.diff === 'removed';
  return html`<tr class="row${differs ? ' differs' : ''}" data-diff="${row.diff}">${cells('baseline', row.baseline, baseline)}${cells('run', row.run, run)}</tr>`;
}

function frameHtml(frame: SessionFrame, index: number, findings: readonly ReportFinding[]): Markup {
  const text = frame.msg !== undefined ? JSON.stringify(frame.msg, null, 2) : (frame.raw ?? '');
  const shown =
    text.length > FRAME_TEXT_MAX
      ? `${text.slice(0, FRAME_TEXT_MAX)}\n… ${text.length - FRAME_TEXT_MAX} more character(s) in the wire log`
      : text;
  const preview = valueText(
    frame.msg !== undefined ? JSON.stringify(frame.msg) : (frame.raw ?? ''),
    PREVIEW_MAX,
  );
  // One mark per finding code (most serious first), with how many point at this frame.
  const byCode = new Map<string, ReportFinding[]>();
  for (const f of sortFindings(findings)) byCode.set(f.code, [...(byCode.get(f.code) ?? []), f]);
  const marks =
    byCode.size === 0
      ? ''
      : html`<span class="marks">${[...byCode.values()].map((group) => {
          const f = group[0]!;
          const title = group.map((g) => `${g.code} at ${pathText(g.path)}: ${g.message}`).join('\n');
          const times = group.length > 1 ? ` ×${group.length}` : '';
          return html`<span class="mark sev-${f.severity}" data-code="${f.code}" title="${title}">${f.code}${times}</span>`;
        })}</span>`;
  return html`<div class="frame" data-dir="${frame.dir}" data-seq="${index}"><div class="frame-head"><span class="seq">#${index}</span>${frame.t === undefined ? '' : html`<span class="t">+${frame.t} ms</span>`}<span class="kind">${frameKind(frame)}</span>${marks}</div><details><summary class="preview">${preview}</summary><pre>${shown}</pre></details></div>`;
}

/** The page's only script: the "only differing rows" filter, expand / collapse, open on a link. */
const PAGE_SCRIPT = `(function () {
  var body = document.body;
  var only = document.getElementById('only-diff');
  if (only) only.addEventListener('change', function () { body.classList.toggle('only-diff', only.checked); });
  function setAll(open) { document.querySelectorAll('details.session').forEach(function (d) { d.open = open; }); }
  var expand = document.getElementById('expand-all');
  if (expand) expand.addEventListener('click', function () { setAll(true); });
  var collapse = document.getElementById('collapse-all');
  if (collapse) collapse.addEventListener('click', function () { setAll(false); });
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id ? document.getElementById(id) : null;
    if (el && el.tagName === 'DETAILS') el.open = true;
  }
  window.addEventListener('hashchange', openTarget);
  openTarget();
})();`;
