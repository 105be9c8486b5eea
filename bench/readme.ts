import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { BenchReport } from './model.js';
import { machineLine, SUMMARY_COLUMNS, summaryRows } from './render.js';

/** The README's results block lies between these two lines; `npm run bench` rewrites it. */
export const README_START = '<!-- bench:results:start (written by `npm run bench`, bench/readme.ts) -->';
export const README_END = '<!-- bench:results:end -->';

/** A Markdown table with its columns padded, as the repository's formatter (biome) writes one. */
export function alignedTable(columns: string[], rows: string[][]): string {
  const esc = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const all = [columns, ...rows].map((r) => r.map(esc));
  const widths = columns.map((_, i) => Math.max(3, ...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${widths.map((w, i) => (r[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(all[0]!), line(widths.map((w) => '-'.repeat(w))), ...all.slice(1).map(line)].join('\n');
}

/** The results block: which run, on what machine, and the headline table of every section. */
export function resultsBlock(report: BenchReport, mdPath: string): string {
  return [
    README_START,
    `Results of [${report.date}](${mdPath}) on ${machineLine(report)}.`,
    '',
    alignedTable(SUMMARY_COLUMNS, summaryRows(report)),
    README_END,
  ].join('\n');
}

/**
 * Replaces the results block of `readme` with this run's; `false` (file untouched) when the README
 * has no block. A run of only some sections (`BENCH_ONLY`) is not a results table for the README,
 * so the caller only calls this after a run of every section.
 */
export function updateReadme(readme: string, report: BenchReport, mdFile: string): boolean {
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return false;
  const mdPath = relative(readme.replace(/[^/]*$/, ''), mdFile);
  const next = text.slice(0, start) + resultsBlock(report, mdPath) + text.slice(end + README_END.length);
  writeFileSync(readme, next);
  return true;
}
