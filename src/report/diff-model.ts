import { atLeast, type Finding, SEVERITIES, type Severity } from '../findings/index.js';
import { findingText } from './render-text.js';

export const DIFF_REPORT_FORMAT = 'clide-diff-report/1';

/** One compared pair of fixtures (matched by file name when two folders are diffed). */
export interface DiffPair {
  name: string;
  /** Paths of the two sides; null on the side where the file does not exist. */
  a: string | null;
  b: string | null;
  findings: Finding[];
}

export interface DiffReport {
  format: typeof DIFF_REPORT_FORMAT;
  a: string;
  b: string;
  failOn: Severity;
  pairs: DiffPair[];
  summary: { pairs: number; differing: number; bySeverity: Record<Severity, number>; exitCode: 0 | 1 };
}

export function diffSummary(pairs: readonly DiffPair[], failOn: Severity): DiffReport['summary'] {
  const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  for (const p of pairs) for (const f of p.findings) bySeverity[f.severity] += 1;
  const failing = pairs.some((p) => p.findings.some((f) => atLeast(f.severity, failOn)));
  return {
    pairs: pairs.length,
    differing: pairs.filter((p) => p.findings.length > 0).length,
    bySeverity,
    exitCode: failing ? 1 : 0,
  };
}

export function renderDiffText(report: DiffReport): string {
  const s = report.summary;
  const out = [
    `diff ${report.a} → ${report.b}: ${s.differing} of ${s.pairs} differ; ` +
      `${SEVERITIES.map((v) => `${s.bySeverity[v]} ${v}`).join(', ')} (fail on ${report.failOn})`,
  ];
  for (const p of report.pairs) {
    if (p.findings.length === 0) continue;
    out.push(`${p.name}`);
    for (const f of p.findings) out.push(findingText(f));
  }
  return `${out.join('\n')}\n`;
}

export function renderDiffJson(report: DiffReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
