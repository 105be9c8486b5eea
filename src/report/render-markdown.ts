import { atLeast, SEVERITIES, type Severity } from '../findings/index.js';
import { pathText, secondsText, valueText } from './format.js';
import { type DriftEntry, driftCounts, driftWhere, groupDrifts } from './group-drifts.js';
import type { CanaryReport, ReportFinding, ScenarioReport, ScenarioStatus } from './model.js';
import { interruptedLine, shardLine } from './render-text.js';

const STATUS_ICON: Record<ScenarioStatus, string> = { passed: '✅', failed: '❌', untestable: '⚠️' };

/** GitHub refuses PR comments above 65 536 characters; stay below with room for a header. */
export const MARKDOWN_BUDGET = 60_000;

/** A Markdown table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

function code(text: string): string {
  return text === '' ? '' : `\`${text.replace(/`/g, "'")}\``;
}

/**
 * `report.md`: the summary table (fit for a PR comment or a CI job summary), then the distinct
 * changes between the two versions (one row per change, with the scenarios it appears in: see
 * `groupDrifts`), then the per-scenario view for detail: the scenario table and the findings of
 * the failing scenarios in full. Kept under {@link MARKDOWN_BUDGET} characters: the summary and
 * the scenario table always, then as much of the rest as fits, most serious first; what does not
 * fit is left to `report.json`, and the report says so.
 */
export function renderMarkdown(report: CanaryReport): string {
  const entries = groupDrifts(report.scenarios);
  const changes = changeSections(report, entries);
  const failing = failingSection(report);
  const lead = [...summarySection(report), ...changesHeading(report, entries)];
  const table = scenarioTable(report);
  // What fits, most serious first; written in the page's order.
  let size = [...lead, ...table].join('\n').length;
  const kept = new Map<Section, string[]>();
  const omitted: string[] = [];
  // The long tail, additive changes, last: its rows are cut to what fits.
  const bySeriousness = [
    ...changes.filter((c) => c.serious),
    failing,
    ...changes.filter((c) => !c.serious && c.title !== 'additive changes'),
    ...changes.filter((c) => c.title === 'additive changes'),
  ];
  for (const section of bySeriousness) {
    const lines = fitSection(section, MARKDOWN_BUDGET - size);
    if (lines === null) {
      if (section.lines.length > 0) omitted.push(section.title);
      continue;
    }
    if (lines.length < section.lines.length) omitted.push(`part of ${section.title}`);
    kept.set(section, lines);
    size += lines.join('\n').length + 1;
  }
  const out = [...lead];
  for (const section of changes) out.push(...(kept.get(section) ?? []));
  out.push(...table, ...(kept.get(failing) ?? []));
  if (omitted.length > 0) {
    out.push(`> Left out to fit a PR comment (see \`report.json\`): ${omitted.join('; ')}.`, '');
  }
  return `${out.join('\n')}\n`;
}

/**
 * The lines of a section that fit in `room` characters: all of them, or its head and as many
 * rows as fit with a last line naming how many were left out (tables only), or null for none.
 */
function fitSection(section: Section, room: number): string[] | null {
  const text = section.lines.join('\n');
  if (text.length < room) return section.lines;
  if (section.rows === undefined) return null;
  const { head, rows, tail } = section.rows;
  const out = [...head];
  let size = [...head, ...tail].join('\n').length + 200;
  if (size >= room) return null;
  let shown = 0;
  for (const row of rows) {
    if (size + row.length + 1 >= room) break;
    out.push(row);
    size += row.length + 1;
    shown += 1;
  }
  if (shown === 0) return null;
  out.push(`| … | ${rows.length - shown} more in \`report.json\` | | | |`, ...tail);
  return out;
}

function summarySection(report: CanaryReport): string[] {
  const s = report.summary;
  const verdict = report.interrupted ? '⛔ interrupted' : s.exitCode === 0 ? '✅ passed' : '❌ failed';
  const out = [
    `## clide-conformance canary: claude ${report.cli.version} vs baseline ${report.baseline.version} — ${verdict}`,
    '',
  ];
  if (report.cli.live) out.push('> **LIVE run** against the real API.', '');
  if (report.interruption) out.push(`> **${interruptedLine(report.interruption)}**`, '');
  if (report.shard) out.push(`> ${shardLine(report.shard)}`, '');
  out.push(
    `| Scenarios | ✅ passed | ❌ failed | ⚠️ untestable | ${SEVERITIES.join(' | ')} | accepted | fail on |`,
    `|---:|---:|---:|---:|${SEVERITIES.map(() => '---:').join('|')}|---:|:---|`,
    `| ${s.scenarios} | ${s.passed} | ${s.failed} | ${s.untestable} | ${SEVERITIES.map((v) => s.bySeverity[v]).join(' | ')} | ${s.accepted} | ${report.failOn} |`,
    '',
  );
  const fixtures = report.baseline.fixturesDir
    ? `${report.baseline.fixtures} fixture(s) in ${code(report.baseline.fixturesDir)}`
    : 'no baseline fixtures';
  out.push(
    `CLI ${code(report.cli.version)} · baseline ${code(report.baseline.version)} (schemas ${code(report.baseline.schemaVersion)}, ${fixtures})` +
      ` · ${secondsText(report.durationMs)} · ${report.startedAt} · ${report.machine.platform}/${report.machine.arch}, node ${report.machine.node}` +
      (report.expectedFile ? ` · accepted findings from ${code(report.expectedFile)}` : ''),
    '',
  );
  if (report.baseline.schemaNote) out.push(`> ${report.baseline.schemaNote}`, '');
  return out;
}

function scenarioTable(report: CanaryReport): string[] {
  const out = [
    '### Scenarios',
    '',
    '| | Scenario | Requirement | Spec | Findings | Time |',
    '|:-:|:--|:--|:--|:--|--:|',
  ];
  for (const sc of report.scenarios) {
    out.push(
      `| ${STATUS_ICON[sc.status]} | ${code(sc.id)} | ${cell(sc.requirement)} | ${cell(sc.spec)} | ${findingCounts(sc.findings)} | ${secondsText(sc.durationMs)} |`,
    );
  }
  out.push('');
  return out;
}

function findingCounts(findings: readonly ReportFinding[]): string {
  if (findings.length === 0) return '—';
  const parts = SEVERITIES.map(
    (sev) => [sev, findings.filter((f) => f.severity === sev && !f.accepted).length] as const,
  )
    .filter(([, n]) => n > 0)
    .map(([sev, n]) => `${n} ${sev}`);
  const accepted = findings.filter((f) => f.accepted).length;
  if (accepted > 0) parts.push(`${accepted} accepted`);
  return parts.join(', ');
}

interface Section {
  title: string;
  lines: string[];
  /** A table, which may be cut to fit: its head, rows and tail. */
  rows?: { head: string[]; rows: string[]; tail: string[] };
  /** Breaking and changed: kept before the failing scenarios' details when room is short. */
  serious?: boolean;
}

/** Failing and untestable scenarios, with every finding that fails them in full. */
function failingSection(report: CanaryReport): Section {
  const failing = report.scenarios.filter((sc) => sc.status !== 'passed');
  const lines: string[] = [];
  if (failing.length > 0) {
    lines.push(`### Why it failed (findings at or above ${report.failOn})`, '');
    for (const sc of failing) lines.push(...scenarioFindings(sc, report.failOn));
  }
  return { title: 'the failing findings', lines };
}

function scenarioFindings(sc: ScenarioReport, failOn: Severity): string[] {
  const shown = sc.findings.filter(
    (f) => sc.status === 'untestable' || (!f.accepted && atLeast(f.severity, failOn)),
  );
  const out = [
    `#### ${STATUS_ICON[sc.status]} ${code(sc.id)} — ${sc.status}`,
    '',
    `${cell(sc.requirement)} (${cell(sc.spec)})${sc.wireLog ? ` · wire log ${code(sc.wireLog)}` : ''}${sc.baselineFixture ? ` · baseline ${code(sc.baselineFixture)}` : ''}`,
    '',
    '| Severity | Code | Path | Message | Expected | Actual |',
    '|:--|:--|:--|:--|:--|:--|',
  ];
  for (const f of shown) {
    const frame = f.location?.frame === undefined ? '' : ` (frame ${f.location.frame})`;
    out.push(
      `| **${f.severity}** | ${code(f.code)} | ${code(pathText(f.path))}${frame} | ${cell(f.message)} | ${cell(code(valueText(f.expected)))} | ${cell(code(valueText(f.actual)))} |`,
    );
  }
  out.push('');
  return out;
}

/** The line that opens the distinct changes: how many, from how many findings. */
function changesHeading(report: CanaryReport, entries: readonly DriftEntry[]): string[] {
  if (entries.length === 0) return [];
  const n = driftCounts(entries);
  const counts = SEVERITIES.filter((sev) => n.bySeverity[sev] > 0).map(
    (sev) => `${n.bySeverity[sev]} ${sev}`,
  );
  if (n.accepted > 0) counts.push(`${n.accepted} accepted`);
  return [
    `### Distinct changes: ${entries.length}`,
    '',
    `${n.findings} finding(s) in ${report.scenarios.length} scenario(s) are ${entries.length} distinct change(s): ${counts.join(', ')}. ` +
      'Each is listed once, with the scenarios it appears in; the scenarios below have the details.',
    '',
  ];
}

/**
 * Scenarios of an entry: all of them up to three, else how many (`all 63 scenarios` when every
 * one), with the first three named where `examples` (breaking and changed).
 */
function scenarioList(entry: DriftEntry, total: number, examples: boolean): string {
  const ids = entry.scenarios;
  if (ids.length <= 3) return ids.map(code).join(', ');
  const count = `${ids.length === total ? 'all ' : ''}${ids.length} scenarios`;
  return examples ? `${count}: ${ids.slice(0, 3).map(code).join(', ')} +${ids.length - 3}` : count;
}

function changeRow(entry: DriftEntry, total: number, examples: boolean): string {
  const codes = entry.codes.map(code).join(' + ');
  const note = entry.accepted ? ` — accepted: ${entry.accepted}` : '';
  return (
    `| ${codes} | ${cell(code(driftWhere(entry)))} | ${cell(code(valueText(entry.expected, 80)))} | ` +
    `${cell(code(valueText(entry.actual, 80)))} | ${cell(scenarioList(entry, total, examples))}${cell(note)} |`
  );
}

/** One table of distinct changes per severity (and one for the accepted ones); additive and below folded. */
function changeSections(report: CanaryReport, entries: readonly DriftEntry[]): Section[] {
  const total = report.scenarios.length;
  const groups: Array<{ title: string; label: string; items: DriftEntry[]; serious: boolean }> = [
    ...SEVERITIES.map((sev) => ({
      title: `${sev} changes`,
      label: `${sev[0]!.toUpperCase()}${sev.slice(1)}`,
      items: entries.filter((e) => e.severity === sev && e.accepted === undefined),
      serious: sev === 'breaking' || sev === 'changed',
    })),
    {
      title: 'accepted changes',
      label: 'Accepted',
      items: entries.filter((e) => e.accepted !== undefined),
      serious: false,
    },
  ];
  return groups.map(({ title, label, items, serious }) => {
    if (items.length === 0) return { title, lines: [], serious };
    const findings = items.reduce((n, e) => n + e.findings, 0);
    const heading = `${label}: ${items.length} change(s), ${findings} finding(s)`;
    const head = serious ? [`#### ${heading}`, ''] : [`<details><summary><b>${heading}</b></summary>`, ''];
    head.push('| Change | Where | Was | Now | Scenarios |', '|:--|:--|:--|:--|:--|');
    const rows = items.map((e) => changeRow(e, total, serious));
    const tail = serious ? [''] : ['', '</details>', ''];
    return { title, lines: [...head, ...rows, ...tail], rows: { head, rows, tail }, serious };
  });
}
