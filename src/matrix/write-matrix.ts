import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClideError } from '../errors/index.js';
import { type CanaryReport, type ReportFinding, writeWhole } from '../report/index.js';
import type { MatrixCell, MatrixReport } from './model.js';
import { renderMatrixHtml } from './render-html.js';
import { renderMatrixMarkdown } from './render-markdown.js';

export const MATRIX_FILES = { json: 'matrix.json', markdown: 'matrix.md', html: 'matrix.html' } as const;

export function renderMatrixJson(report: MatrixReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The findings of each cell, read from the run reports under `outDir` (a cell without one has none). */
export function findingsFromRunReports(outDir: string): (cell: MatrixCell) => readonly ReportFinding[] {
  const runs = new Map<string, CanaryReport | null>();
  return (cell) => {
    if (!cell.report) return [];
    const file = join(outDir, cell.report.replace(/report\.md$/, 'report.json'));
    if (!runs.has(file)) {
      try {
        runs.set(file, JSON.parse(readFileSync(file, 'utf8')) as CanaryReport);
      } catch {
        runs.set(file, null);
      }
    }
    return runs.get(file)?.scenarios.find((s) => s.id === cell.scenario)?.findings ?? [];
  };
}

/** Writes matrix.json, matrix.md and matrix.html into `dir` (the run reports are already there). */
export function writeMatrix(report: MatrixReport, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    writeWhole(join(dir, MATRIX_FILES.json), renderMatrixJson(report));
    writeWhole(join(dir, MATRIX_FILES.markdown), renderMatrixMarkdown(report));
    writeWhole(join(dir, MATRIX_FILES.html), renderMatrixHtml(report, findingsFromRunReports(dir), dir));
  } catch (error) {
    throw new ClideError('io', `cannot write the matrix: ${(error as Error).message}`, {
      where: dir,
      hint: 'check --report-dir',
      cause: error,
    });
  }
}
