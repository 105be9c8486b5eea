import { SEVERITIES, type Severity } from '../findings/index.js';
import { pathText, secondsText, valueText } from './format.js';
import { type DriftEntry, driftCounts, groupDrifts } from './group-drifts.js';
import type { CanaryReport, ReportFinding } from './model.js';

/** One finding as indented terminal lines. */
export function findingText(f: ReportFinding, indent = '    '): string {
  const frame = f.location?.frame === undefined ? '' : ` (frame ${f.location.frame})`;
  const lines = [`${indent}${f.severity.padEnd(8)} ${f.code} ${pathText(f.path)}${frame}: ${f.message}`];
  if (f.expected !== undefined) lines.push(`${indent}         expected: ${valueText(f.expected, 200)}`);
  if (f.actual !== undefined) lines.push(`${indent}         actual:   ${valueText(f.actual, 200)}`);
  if (f.accepted) lines.push(`${indent}         accepted: ${f.accepted}`);
  return lines.join('\n');
}

/** The one line every report shows for an interrupted run. */
export function interruptedLine(interruption: NonNullable<CanaryReport['interruption']>): string {
  const notRun = interruption.notRun;
  return (
    `INTERRUPTED by ${interruption.signal}: the report holds only the finished scenarios` +
    (notRun.length > 0 ? `; not run: ${notRun.join(', ')}` : '')
  );
}

/** The one line every report of a shard shows: which part of how many, of how big a selection. */
export function shardLine(shard: NonNullable<CanaryReport['shard']>): string {
  return (
    `Shard ${shard.index}/${shard.count} of ${shard.selected.length} selected scenario(s): ` +
    'merge the report folders of all the shards with clide-conformance merge-reports'
  );
}

/** The widest line of the terminal summary, and how many changes of each severity it names. */
const TEXT_WIDTH = 120;
const SHOWN: Record<Severity, number> = { breaking: 10, changed: 8, additive: 4, cosmetic: 2 };

function cut(line: string): string {
  return line.length > TEXT_WIDTH ? `${line.slice(0, TEXT_WIDTH - 1)}…` : line;
}

/** `a/b`, `a/b, c/d`, or `12 scenarios` (`all 12 scenarios`). */
function whereText(entry: DriftEntry, total: number): string {
  if (entry.scenarios.length <= 2) return entry.scenarios.join(', ');
  return `${entry.scenarios.length === total ? 'all ' : ''}${entry.scenarios.length} scenarios`;
}

/** `3 drift/field-new, 1 drift/subtype-new`: how many entries of each code. */
function codeCounts(entries: readonly DriftEntry[]): string {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.code, (counts.get(e.code) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `${n} ${c}`)
    .join(', ');
}

/** Scenarios as comma-separated lines of at most {@link TEXT_WIDTH} characters. */
function wrapIds(label: string, ids: readonly string[]): string[] {
  const lines: string[] = [];
  let line = label;
  for (const [i, id] of ids.entries()) {
    const part = `${id}${i < ids.length - 1 ? ',' : ''}`;
    if (line.length + 1 + part.length > TEXT_WIDTH && line.trim() !== '') {
      lines.push(line);
      line = ' '.repeat(label.length);
    }
    line += ` ${part}`;
  }
  lines.push(line);
  return lines;
}

/**
 * The terminal summary of a run, one screen: verdict and counts, then the distinct changes between
 * the two versions (see `groupDrifts`) — the most widespread of each severity one line each, the
 * rest counted by code — then the scenarios that failed, by name. report.md, report.html and
 * report.json have every change and every scenario's findings.
 */
export function renderText(report: CanaryReport, files: string | null = null): string {
  const s = report.summary;
  const entries = groupDrifts(report.scenarios);
  const n = driftCounts(entries);
  const total = report.scenarios.length;
  const out: string[] = [];
  out.push(
    `claude ${report.cli.version} vs baseline ${report.baseline.version}: ${report.interrupted ? 'INTERRUPTED' : s.exitCode === 0 ? 'PASSED' : 'FAILED'} ` +
      `(fail on ${report.failOn}) in ${secondsText(report.durationMs)}`,
  );
  if (report.interruption) out.push(interruptedLine(report.interruption));
  if (report.shard) out.push(shardLine(report.shard));
  out.push(
    `  ${s.scenarios} scenario(s): ${s.passed} passed, ${s.failed} failed, ${s.untestable} untestable`,
    `  ${entries.length} distinct change(s) from ${n.findings} finding(s): ` +
      `${SEVERITIES.map((v) => `${n.bySeverity[v]} ${v}`).join(', ')}, ${n.accepted} accepted`,
  );
  for (const severity of SEVERITIES) {
    const items = entries.filter((e) => e.severity === severity && e.accepted === undefined);
    if (items.length === 0) continue;
    const shown = items.slice(0, SHOWN[severity]);
    out.push(cut(`${severity.toUpperCase()} ${items.length}: ${codeCounts(items)}`));
    for (const e of shown) {
      const codes = e.codes.join(' + ');
      out.push(cut(`  ${codes} — ${whereText(e, total)} — ${e.message.replace(/\s+/g, ' ')}`));
    }
    if (items.length > shown.length) out.push(`  … ${items.length - shown.length} more in report.md`);
  }
  const notPassed = report.scenarios.filter((sc) => sc.status !== 'passed');
  for (const status of ['failed', 'untestable'] as const) {
    const ids = notPassed.filter((sc) => sc.status === status).map((sc) => sc.id);
    if (ids.length > 0) out.push(...wrapIds(`${status.toUpperCase()} ${ids.length}:`, ids));
  }
  if (files) out.push(`reports: ${files}`);
  return `${out.join('\n')}\n`;
}
