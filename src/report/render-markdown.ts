import { atLeast, SEVERITIES, type Severity } from '../findings/index.js';
import { pathText, secondsText, valueText } from './format.js';
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
 * `report.md`: the summary table (fit for a PR comment or a CI job summary), the scenario table,
 * the findings of the failing scenarios in full, then every finding grouped by severity, code and
 * path across scenarios. Kept under {@link MARKDOWN_BUDGET} characters: what does not fit is
 * left to `report.json`, and the report says so.
 */
export function renderMarkdown(report: CanaryReport): string {
  const head = [...summarySection(report), ...scenarioTable(report)];
  const failing = failingSection(report);
  const groups = groupSections(report);
  const out = [...head];
  let size = out.join('\n').length;
  const omitted: string[] = [];
  for (const section of [failing, ...groups]) {
    const text = section.lines.join('\n');
    if (size + text.length > MARKDOWN_BUDGET) {
      omitted.push(section.title);
      continue;
    }
    out.push(...section.lines);
    size += text.length + 1;
  }
  if (omitted.length > 0) {
    out.push(`> Left out to fit a PR comment (see \`report.json\`): ${omitted.join('; ')}.`, '');
  }
  return `${out.join('\n')}\n`;
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

/** Every finding, grouped by severity + code + path across scenarios, one section per severity. */
function groupSections(report: CanaryReport): Section[] {
  const sections: Section[] = [];
  const accepted = report.scenarios.flatMap((sc) =>
    sc.findings.filter((f) => f.accepted).map((f) => ({ sc, f })),
  );
  for (const severity of SEVERITIES) {
    const items = report.scenarios.flatMap((sc) =>
      sc.findings.filter((f) => !f.accepted && f.severity === severity).map((f) => ({ sc, f })),
    );
    if (items.length > 0) sections.push(groupTable(`${severity} findings`, items, severity !== 'breaking'));
  }
  if (accepted.length > 0) sections.push(groupTable('accepted findings', accepted, true));
  return sections;
}

function groupTable(
  title: string,
  items: Array<{ sc: ScenarioReport; f: ReportFinding }>,
  collapsed: boolean,
): Section {
  const groups = new Map<string, { f: ReportFinding; scenarios: string[] }>();
  for (const { sc, f } of items) {
    const key = `${f.code}\u0000${pathText(f.path)}`;
    const group = groups.get(key);
    if (group) {
      if (!group.scenarios.includes(sc.id)) group.scenarios.push(sc.id);
    } else groups.set(key, { f, scenarios: [sc.id] });
  }
  const heading = `${items.length} ${title} (${groups.size} distinct)`;
  const lines = collapsed
    ? [`<details><summary><b>${heading}</b></summary>`, '']
    : [`### ${heading[0]!.toUpperCase()}${heading.slice(1)}`, ''];
  lines.push('| Code | Path | Scenarios | Example |', '|:--|:--|:--|:--|');
  for (const { f, scenarios } of groups.values()) {
    const where = scenarios.length <= 3 ? scenarios.map(code).join(', ') : `${scenarios.length} scenarios`;
    const example = f.accepted ? `${f.message} — accepted: ${f.accepted}` : f.message;
    lines.push(
      `| ${code(f.code)} | ${code(pathText(f.path))} | ${where} | ${cell(valueText(example, 200))} |`,
    );
  }
  lines.push('');
  if (collapsed) lines.push('</details>', '');
  return { title, lines };
}
