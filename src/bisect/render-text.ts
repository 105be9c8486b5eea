import { findingText } from '../report/index.js';
import type { BisectReport } from './run-bisect.js';
import { lookingText } from './verdict.js';

/** The terminal summary of a bisection: the answer, the findings that differ, every version run. */
export function renderBisectText(report: BisectReport): string {
  const out: string[] = [];
  const what = lookingText(report.looking);
  out.push(
    `bisect ${report.scenario} (${what}, against baseline ${report.baseline}): ` +
      `${report.versions.length} published version(s) from ${report.good} to ${report.bad}`,
  );
  if (report.result === 'found') {
    out.push(`first bad version: ${report.firstBad}`, `last good version: ${report.lastGood}`);
    if (report.skipped.length > 0) {
      out.push(`untested between them (the change may be in one of these): ${report.skipped.join(', ')}`);
    }
  } else if (report.result === 'bad-is-not-bad') {
    out.push(
      report.looking.for === 'failure'
        ? `NOT FOUND: the scenario does not fail on ${report.bad} at ${report.looking.failOn}, or could not be tested`
        : `NOT FOUND: ${report.bad} behaves like ${report.good} (${report.looking.for === 'change' ? 'no change' : `no ${what}`})`,
    );
  } else {
    out.push(
      report.looking.for === 'change'
        ? `NOT FOUND: the good version ${report.good} could not be tested`
        : report.looking.for === 'code'
          ? `NOT FOUND: the good version ${report.good} already shows ${what}, or could not be tested`
          : `NOT FOUND: the scenario already fails on the good version ${report.good} at ${report.looking.failOn}, or could not be tested`,
    );
  }
  const d = report.difference;
  if (d) {
    const [from, to] =
      report.result === 'found' ? [report.lastGood, report.firstBad] : [report.good, report.bad];
    out.push('', `${to} against ${from}:`);
    if (d.status) out.push(`  status: ${d.status.from} → ${d.status.to}`);
    if (d.appeared.length > 0)
      out.push(`  findings new in ${to}:`, ...d.appeared.map((f) => findingText(f, '    ')));
    if (d.disappeared.length > 0) {
      out.push(`  findings gone in ${to}:`, ...d.disappeared.map((f) => findingText(f, '    ')));
    }
    if (!d.status && d.appeared.length === 0 && d.disappeared.length === 0) out.push('  the same findings');
  }
  out.push(
    '',
    `versions run (${report.probes.length}; at most ${report.installBudget} = ⌈log2 N⌉ + 2 without skips):`,
  );
  for (const p of report.probes) {
    const state = p.status === null ? `not installed: ${p.error}` : `${p.status}, ${p.findings} finding(s)`;
    out.push(
      `  ${p.version.padEnd(9)} ${p.verdict.padEnd(4)} ${state}${p.installedNow ? ' (installed now)' : ''}`,
    );
  }
  out.push(
    `installs made: ${report.installs.length === 0 ? 'none (every version was in the cache)' : report.installs.join(', ')}`,
  );
  return `${out.join('\n')}\n`;
}
