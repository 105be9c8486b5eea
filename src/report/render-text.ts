import { atLeast, SEVERITIES } from '../findings/index.js';
import { pathText, secondsText, valueText } from './format.js';
import type { CanaryReport, ReportFinding } from './model.js';

function countText(findings: readonly ReportFinding[]): string {
  return SEVERITIES.map((v) => [v, findings.filter((f) => f.severity === v).length] as const)
    .filter(([, n]) => n > 0)
    .map(([v, n]) => `${n} ${v}`)
    .join(', ');
}

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

/**
 * The terminal summary of a run: verdict, counts, the findings that fail each failing scenario in
 * full, one line for every other scenario that has findings (report.md / report.json have them all).
 */
export function renderText(report: CanaryReport, files: string | null = null): string {
  const s = report.summary;
  const out: string[] = [];
  out.push(
    `claude ${report.cli.version} vs baseline ${report.baseline.version}: ${report.interrupted ? 'INTERRUPTED' : s.exitCode === 0 ? 'PASSED' : 'FAILED'} ` +
      `(fail on ${report.failOn}) in ${secondsText(report.durationMs)}`,
  );
  if (report.interruption) out.push(interruptedLine(report.interruption));
  if (report.shard) out.push(shardLine(report.shard));
  out.push(
    `  ${s.scenarios} scenario(s): ${s.passed} passed, ${s.failed} failed, ${s.untestable} untestable`,
    `  findings: ${SEVERITIES.map((v) => `${s.bySeverity[v]} ${v}`).join(', ')}, ${s.accepted} accepted`,
  );
  for (const sc of report.scenarios) {
    const counted = sc.findings.filter((f) => !f.accepted);
    if (counted.length === 0 && sc.status === 'passed') continue;
    const failing =
      sc.status === 'untestable' ? counted : counted.filter((f) => atLeast(f.severity, report.failOn));
    const rest = counted.length - failing.length;
    const more =
      rest > 0
        ? ` (+${rest} below ${report.failOn}: ${countText(counted.filter((f) => !failing.includes(f)))})`
        : '';
    out.push(
      `${sc.status.toUpperCase().padEnd(10)} ${sc.id}${sc.status === 'passed' ? '' : ` — ${sc.requirement}`}${more}`,
    );
    for (const f of failing) out.push(findingText(f));
  }
  if (files) out.push(`reports: ${files}`);
  return `${out.join('\n')}\n`;
}
