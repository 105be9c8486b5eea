import { SEVERITIES, type Severity } from '../findings/index.js';
import { pathText, secondsText, valueText } from './format.js';
import { alignFrames, frameKind, type SessionFrame, type TimelineRow } from './frame-diff.js';
import { type DriftEntry, driftCounts, driftWhere, groupDrifts } from './group-drifts.js';
import { escapeHtml, htmlId, htmlPage, severityBadge, statusBadge } from './html-page.js';
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
 * frames that differ highlighted. Every string from the wire or the report is escaped.
 */
export function renderHtml(report: CanaryReport, sessions: ReadonlyMap<string, ScenarioSessions>): string {
  const verdict = report.interrupted ? 'interrupted' : report.summary.exitCode === 0 ? 'passed' : 'failed';
  const title = `clide-conformance canary: claude ${report.cli.version} vs baseline ${report.baseline.version} — ${verdict}`;
  const body = [
    '<header>',
    `<h1>clide-conformance canary: claude ${escapeHtml(report.cli.version)} vs baseline ${escapeHtml(report.baseline.version)} <span class="verdict verdict-${verdict}" data-verdict="${verdict}">${verdict}</span></h1>`,
    metaLine(report),
    report.interruption ? `<p class="banner">${escapeHtml(interruptedLine(report.interruption))}</p>` : '',
    report.shard ? `<p class="banner banner-info">${escapeHtml(shardLine(report.shard))}</p>` : '',
    '<nav><a href="#summary">Summary</a><a href="#changes">Distinct changes</a><a href="#scenarios">Scenarios</a><a href="#findings">Findings</a><a href="#sessions">Wire sessions</a></nav>',
    '</header>',
    '<main>',
    summarySection(report),
    changesSection(report),
    scenarioSection(report),
    findingSection(report),
    sessionSection(report, sessions),
    '</main>',
  ].join('\n');
  return htmlPage({ title, body, script: PAGE_SCRIPT });
}

function metaLine(report: CanaryReport): string {
  const b = report.baseline;
  const parts = [
    `CLI <code>${escapeHtml(report.cli.version)}</code>${report.cli.live ? ' <strong>(LIVE run against the real API)</strong>' : ''}`,
    `baseline <code>${escapeHtml(b.version)}</code> (schemas <code>${escapeHtml(b.schemaVersion)}</code>, ${
      b.fixturesDir
        ? `${b.fixtures} fixture(s) in <code>${escapeHtml(b.fixturesDir)}</code>`
        : 'no baseline fixtures'
    })`,
    `fail on <code>${escapeHtml(report.failOn)}</code>`,
    report.selection.length > 0
      ? `only ${report.selection.map((p) => `<code>${escapeHtml(p)}</code>`).join(', ')}`
      : 'the whole catalogue',
    `${escapeHtml(secondsText(report.durationMs))} · <span class="mono">${escapeHtml(report.startedAt)}</span>`,
    `${escapeHtml(report.machine.platform)}/${escapeHtml(report.machine.arch)}, node ${escapeHtml(report.machine.node)}`,
    report.expectedFile ? `accepted findings from <code>${escapeHtml(report.expectedFile)}</code>` : '',
    `${escapeHtml(report.tool.name)} ${escapeHtml(report.tool.version)}`,
  ].filter((p) => p !== '');
  const note = b.schemaNote ? `<p class="meta">${escapeHtml(b.schemaNote)}</p>` : '';
  return `<p class="meta">${parts.join(' · ')}</p>${note}`;
}

function summarySection(report: CanaryReport): string {
  const s = report.summary;
  const count = (key: string, label: string, value: number) =>
    `<div class="count" data-count="${key}"><dt>${escapeHtml(label)}</dt><dd>${value}</dd></div>`;
  return [
    '<section id="summary"><h2>Summary</h2><dl class="counts">',
    count('scenarios', 'scenarios', s.scenarios),
    count('passed', 'passed', s.passed),
    count('failed', 'failed', s.failed),
    count('untestable', 'untestable', s.untestable),
    count('changes', 'distinct changes', groupDrifts(report.scenarios).length),
    ...SEVERITIES.map((sev) => count(sev, sev, s.bySeverity[sev])),
    count('accepted', 'accepted', s.accepted),
    '</dl></section>',
  ].join('\n');
}

/** Scenario links of a change: all of them, folded behind their count when there are more than three. */
function changeScenarios(entry: DriftEntry, total: number): string {
  const links = entry.scenarios
    .map((id) => `<a href="#${htmlId('session', id)}"><code>${escapeHtml(id)}</code></a>`)
    .join(' ');
  if (entry.scenarios.length <= 3) return links;
  const count = `${entry.scenarios.length === total ? 'all ' : ''}${entry.scenarios.length} scenarios`;
  return `<details class="ids"><summary>${count}</summary>${links}</details>`;
}

function changeRow(entry: DriftEntry, total: number): string {
  const codes = entry.codes.map((c) => `<code>${escapeHtml(c)}</code>`).join(' + ');
  const message = entry.accepted ? `${entry.message} — accepted: ${entry.accepted}` : entry.message;
  return (
    `<tr class="change" data-severity="${entry.severity}" data-code="${escapeHtml(entry.code)}" data-scenarios="${entry.scenarios.length}"${entry.accepted ? ' data-accepted="true"' : ''}>` +
    `<td>${codes}</td><td><code>${escapeHtml(driftWhere(entry))}</code></td>` +
    `<td><code>${escapeHtml(valueText(entry.expected, 160))}</code></td><td><code>${escapeHtml(valueText(entry.actual, 160))}</code></td>` +
    `<td>${changeScenarios(entry, total)}</td><td>${escapeHtml(message)}</td></tr>`
  );
}

/**
 * The distinct changes between the two versions, one row each with the scenarios it appears in
 * (`groupDrifts`), by severity; the findings and sessions below are the per-scenario detail.
 */
function changesSection(report: CanaryReport): string {
  const entries = groupDrifts(report.scenarios);
  const n = driftCounts(entries);
  const total = report.scenarios.length;
  const out = ['<section id="changes"><h2>Distinct changes</h2>'];
  if (entries.length === 0) out.push('<p class="empty">No changes.</p>');
  else
    out.push(
      `<p class="meta" data-changes="${entries.length}" data-findings="${n.findings}">${n.findings} finding(s) in ${total} scenario(s) are ${entries.length} distinct change(s), each listed once with the scenarios it appears in.</p>`,
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
    const open = key === 'breaking' || key === 'changed' ? ' open' : '';
    out.push(
      `<details class="change-severity" data-severity="${key}"${open}><summary><h3>${heading} <span class="n">${items.length}</span> change(s)</h3></summary>`,
      '<table class="changes"><colgroup><col class="w-code"><col class="w-path"><col class="w-value"><col class="w-value"><col class="w-scenario"><col class="w-message"></colgroup>',
      '<thead><tr><th>Change</th><th>Where</th><th>Was</th><th>Now</th><th>Scenarios</th><th>Message</th></tr></thead><tbody>',
      ...items.map((e) => changeRow(e, total)),
      '</tbody></table></details>',
    );
  }
  out.push('</section>');
  return out.join('\n');
}

function scenarioSection(report: CanaryReport): string {
  const rows = report.scenarios.map(
    (sc) =>
      `<tr class="scenario" data-scenario="${escapeHtml(sc.id)}" data-status="${sc.status}">` +
      `<td>${statusBadge(sc.status)}</td>` +
      `<td><a href="#${htmlId('session', sc.id)}"><code>${escapeHtml(sc.id)}</code></a></td>` +
      `<td>${escapeHtml(sc.requirement)}</td><td>${escapeHtml(sc.spec)}</td>` +
      `<td>${findingCounts(sc.findings)}</td><td class="num">${escapeHtml(secondsText(sc.durationMs))}</td></tr>`,
  );
  return [
    '<section id="scenarios"><h2>Scenarios</h2>',
    '<table class="scenarios"><thead><tr><th>Status</th><th>Scenario</th><th>Requirement</th><th>Spec</th><th>Findings</th><th class="num">Time</th></tr></thead>',
    `<tbody>${rows.join('\n')}</tbody></table></section>`,
  ].join('\n');
}

function findingCounts(findings: readonly ReportFinding[]): string {
  const parts = SEVERITIES.map(
    (sev) => [sev, findings.filter((f) => f.severity === sev && !f.accepted).length] as const,
  )
    .filter(([, n]) => n > 0)
    .map(([sev, n]) => `${n} ${severityBadge(sev)}`);
  const accepted = findings.filter((f) => f.accepted).length;
  if (accepted > 0) parts.push(`<span class="accepted">${accepted} accepted</span>`);
  return parts.length === 0 ? '—' : parts.join(' ');
}

function findingSection(report: CanaryReport): string {
  const out = ['<section id="findings"><h2>Every finding, by severity and scenario</h2>'];
  const all = report.scenarios.flatMap((sc) => sc.findings.map((f) => ({ sc, f })));
  if (all.length === 0) out.push('<p class="empty">No findings.</p>');
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
    const open = key === 'breaking' || key === 'changed' ? ' open' : '';
    out.push(
      `<details class="severity" data-severity="${key}"${open}><summary><h3>${heading} <span class="n">${items.length}</span> finding(s)</h3></summary>`,
      '<table class="findings"><colgroup><col class="w-scenario"><col class="w-code"><col class="w-path"><col class="w-message"><col class="w-value"><col class="w-value"></colgroup>',
      '<thead><tr><th>Scenario</th><th>Code</th><th>Path</th><th>Message</th><th>Expected</th><th>Actual</th></tr></thead><tbody>',
      ...items.map(({ sc, f }) => findingRow(sc, f)),
      '</tbody></table></details>',
    );
  }
  out.push('</section>');
  return out.join('\n');
}

function findingRow(sc: ScenarioReport, f: ReportFinding): string {
  const frame = f.location?.frame === undefined ? '' : ` (frame ${f.location.frame})`;
  const message = f.accepted ? `${f.message} — accepted: ${f.accepted}` : f.message;
  return (
    `<tr class="finding" data-severity="${f.severity}" data-code="${escapeHtml(f.code)}"${f.accepted ? ' data-accepted="true"' : ''}>` +
    `<td><a href="#${htmlId('session', sc.id)}"><code>${escapeHtml(sc.id)}</code></a></td>` +
    `<td><code>${escapeHtml(f.code)}</code></td><td><code>${escapeHtml(pathText(f.path))}</code>${escapeHtml(frame)}</td>` +
    `<td>${escapeHtml(message)}</td><td><code>${escapeHtml(valueText(f.expected, 300))}</code></td>` +
    `<td><code>${escapeHtml(valueText(f.actual, 300))}</code></td></tr>`
  );
}

function sessionSection(report: CanaryReport, sessions: ReadonlyMap<string, ScenarioSessions>): string {
  return [
    '<section id="sessions"><h2>Wire sessions</h2>',
    '<p class="legend">Each side is a timeline: client → CLI (stdin) on the left, CLI → client (stdout, stderr) on the right; the baseline session beside this run, rows lined up by message structure. ' +
      '<span style="background:var(--chg-bg)">changed</span><span style="background:var(--add-bg)">only in this run</span>' +
      '<span style="background:var(--del-bg)">only in the baseline</span><span style="background:var(--time-bg)">timing-dependent (not a difference)</span></p>',
    '<div class="toolbar"><label><input type="checkbox" id="only-diff"> only the rows that differ</label>' +
      '<button type="button" id="expand-all">expand all</button><button type="button" id="collapse-all">collapse all</button></div>',
    ...report.scenarios.map((sc) =>
      scenarioSession(sc, sessions.get(sc.id) ?? { run: null, baseline: null }, report),
    ),
    '</section>',
  ].join('\n');
}

function scenarioSession(sc: ScenarioReport, sessions: ScenarioSessions, report: CanaryReport): string {
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
  const open = sc.status !== 'passed' ? ' open' : '';
  const head =
    `<summary>${statusBadge(sc.status)} <code>${escapeHtml(sc.id)}</code> — ${run.length} frame(s), baseline ${baseline.length} frame(s), ` +
    `<span class="differing">${differing}</span> row(s) differ</summary>`;
  const sideHead = (label: string, s: LoadedSession | null, version: string) =>
    s === null
      ? `${escapeHtml(label)}: none`
      : `${escapeHtml(label)} ${escapeHtml(version)} · <code>${escapeHtml(s.path)}</code>${'error' in s ? ` — <strong>${escapeHtml(s.error)}</strong>` : ` · exit ${escapeHtml(exitText(s))}`}`;
  const table = [
    '<table class="timeline">',
    '<thead>',
    `<tr><th colspan="2" class="side-baseline">${sideHead('baseline', sessions.baseline, report.baseline.version)}</th>` +
      `<th colspan="2" class="side-run side-gap">${sideHead('this run: claude', sessions.run, report.cli.version)}</th></tr>`,
    '<tr><th class="side-baseline" data-col="client">client → CLI</th><th class="side-baseline" data-col="cli">CLI → client</th>' +
      '<th class="side-run side-gap" data-col="client">client → CLI</th><th class="side-run" data-col="cli">CLI → client</th></tr>',
    '</thead><tbody>',
    ...rows.map((row) => timelineRow(row, baseline, run, byFrame)),
    '</tbody></table>',
  ];
  const empty = rows.length === 0 ? '<p class="empty">No frames on either side.</p>' : '';
  return `<details class="session" id="${htmlId('session', sc.id)}" data-scenario="${escapeHtml(sc.id)}" data-status="${sc.status}" data-differing="${differing}"${open}>${head}${empty}${table.join('\n')}</details>`;
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
): string {
  const cells = (side: 'baseline' | 'run', index: number | null, frames: readonly SessionFrame[]) => {
    const frame = index === null ? undefined : frames[index];
    const client = frame?.dir === 'to-cli';
    const html = frame ? frameHtml(frame, index!, side === 'run' ? (byFrame.get(index!) ?? []) : []) : '';
    const gap = side === 'run' ? ' side-gap' : '';
    return (
      `<td class="side-${side}${gap}" data-side="${side}" data-col="client">${client ? html : ''}</td>` +
      `<td class="side-${side}" data-side="${side}" data-col="cli">${frame && !client ? html : ''}</td>`
    );
  };
  const differs = row.diff === 'changed' || row.diff === 'added' || row.diff === 'removed';
  return `<tr class="row${differs ? ' differs' : ''}" data-diff="${row.diff}">${cells('baseline', row.baseline, baseline)}${cells('run', row.run, run)}</tr>`;
}

function frameHtml(frame: SessionFrame, index: number, findings: readonly ReportFinding[]): string {
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
      : `<span class="marks">${[...byCode.values()]
          .map((group) => {
            const f = group[0]!;
            const title = group.map((g) => `${g.code} at ${pathText(g.path)}: ${g.message}`).join('\n');
            const times = group.length > 1 ? ` ×${group.length}` : '';
            return `<span class="mark sev-${f.severity}" data-code="${escapeHtml(f.code)}" title="${escapeHtml(title)}">${escapeHtml(f.code)}${times}</span>`;
          })
          .join('')}</span>`;
  return (
    `<div class="frame" data-dir="${frame.dir}" data-seq="${index}">` +
    `<div class="frame-head"><span class="seq">#${index}</span>${frame.t === undefined ? '' : `<span class="t">+${frame.t} ms</span>`}` +
    `<span class="kind">${escapeHtml(frameKind(frame))}</span>${marks}</div>` +
    `<details><summary class="preview">${escapeHtml(preview)}</summary><pre>${escapeHtml(shown)}</pre></details></div>`
  );
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
