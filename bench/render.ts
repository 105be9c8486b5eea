import type { BenchReport, Measure, SectionResult } from './model.js';
import type { ProfileSummary } from './profile.js';
import { fmt } from './stats.js';

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function table(columns: string[], rows: string[][]): string {
  const head = `| ${columns.map(cell).join(' | ')} |`;
  const rule = `| ${columns.map(() => '---').join(' | ')} |`;
  return [head, rule, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

function unitText(value: number, unit: string, digits = 2): string {
  if (unit === '×') return `${fmt(value, digits)}×`;
  if (unit === '%') return `${fmt(value, digits)}%`;
  return unit === '' ? fmt(value, digits) : `${fmt(value, digits)} ${unit}`;
}

function targetText(m: Measure): string {
  if (!m.target) return '—';
  return `${m.target.op === '<=' ? '≤' : '≥'} ${unitText(m.target.value, m.unit)}`;
}

function status(m: Measure): string {
  if (m.met === undefined) return m.target ? 'not measured' : '';
  return m.met ? 'met' : '**missed**';
}

function spread(m: Measure): string {
  const v = m.value;
  if (v.n <= 1) return `n=${v.n}`;
  return `IQR ${fmt(v.p25)}–${fmt(v.p75)}, range ${fmt(v.min)}–${fmt(v.max)}, n=${v.n}`;
}

export const SUMMARY_COLUMNS = ['measure', 'median', 'spread', 'target', ''];

/** The headline table: one row per measure of every section. */
export function summaryTable(report: Pick<BenchReport, 'sections'>): string {
  return table(SUMMARY_COLUMNS, summaryRows(report));
}

/** The headline table's rows (raw cell texts; `table` escapes them). */
export function summaryRows(report: Pick<BenchReport, 'sections'>): string[][] {
  return report.sections.flatMap((s) =>
    s.error
      ? [[s.title, 'not run', cell(s.error.slice(0, 160)), '—', '']]
      : s.measures.map((m) => [
          m.label,
          unitText(m.value.median, m.unit),
          spread(m),
          targetText(m),
          status(m),
        ]),
  );
}

export function machineLine(report: Pick<BenchReport, 'machine'>): string {
  const m = report.machine;
  const end = m.loadAtEnd ? m.loadAtEnd.join(' / ') : 'n/a';
  return (
    `${m.cpuModel}, ${m.cores} cores, ${fmt(m.memoryMiB / 1024, 1)} GiB RAM, Node ${m.node}, ${m.os}; ` +
    `load average (1/5/15 min) ${m.loadAtStart.join(' / ')} at start, ${end} at end`
  );
}

function profileBlock(p: ProfileSummary): string {
  const fns = p.topFunctions.map((f) => [f.name, `${fmt(f.selfMs, 1)} ms`, `${fmt(f.pct, 1)}%`]);
  const groups = p.topGroups.map((g) => [g.name, `${fmt(g.selfMs, 1)} ms`, `${fmt(g.pct, 1)}%`]);
  return [
    `**Profile: ${p.subject}** — ${fmt(p.busyMs, 0)} ms busy CPU; code from ${p.files.kit} kit files and ${p.files.dependencies} dependency files.`,
    '',
    table(['where (self time)', 'ms', 'share'], groups),
    '',
    table(['top functions (self time)', 'ms', 'share'], fns),
  ].join('\n');
}

function sectionBlock(s: SectionResult): string {
  const parts = [`## ${s.title}`, ''];
  if (s.error) {
    parts.push(`Not run: ${s.error}`, '');
    return parts.join('\n');
  }
  if (s.measures.length > 0) {
    parts.push(
      table(
        ['measure', 'median', 'spread', 'target', '', 'absolute'],
        s.measures.map((m) => [
          m.label,
          unitText(m.value.median, m.unit),
          spread(m),
          targetText(m),
          status(m),
          m.detail ?? '',
        ]),
      ),
      '',
    );
  }
  for (const t of s.tables) parts.push(`${t.title}:`, '', table(t.columns, t.rows), '');
  for (const note of s.notes) parts.push(`- ${note}`);
  if (s.notes.length > 0) parts.push('');
  const explanations = s.explanations.filter((e) => e.trim() !== '');
  if (explanations.length > 0) {
    parts.push('### Why the missed targets are missed', '');
    for (const e of explanations) parts.push(e, '');
  }
  for (const p of s.profiles) parts.push(profileBlock(p), '');
  parts.push(`_Section time: ${fmt(s.durationMs / 1000, 0)} s._`, '');
  return parts.join('\n');
}

/** The Markdown report `reports/bench/<date>.md`. */
export function renderMarkdown(report: BenchReport): string {
  const missed = report.sections.flatMap((s) => s.measures).filter((m) => m.met === false).length;
  const met = report.sections.flatMap((s) => s.measures).filter((m) => m.met === true).length;
  return [
    `# clide-conformance benchmarks — ${report.date}`,
    '',
    `Machine: ${machineLine(report)}.`,
    '',
    `Run: \`npm run bench\`, ${fmt(report.durationMs / 1000, 0)} s, ${report.startedAt} → ${report.finishedAt}. ` +
      `Every ratio is measured side by side in this run: the compared variants alternate round by round and each round gives one ratio; the table shows the median over rounds with its spread. Targets: ${met} met, ${missed} missed.`,
    '',
    summaryTable(report),
    '',
    ...report.sections.map(sectionBlock),
    '## Configuration',
    '',
    '```json',
    JSON.stringify(report.config, null, 2),
    '```',
    '',
  ].join('\n');
}
