import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClideError } from '../errors/index.js';
import type { CanaryReport } from './model.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';

export const REPORT_FILES = { json: 'report.json', markdown: 'report.md', junit: 'junit.xml' } as const;

export function renderJson(report: CanaryReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Writes `report.json`, `report.md` and `junit.xml` into `dir` (the wire logs are written as the run goes). */
export function writeReports(report: CanaryReport, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, REPORT_FILES.json), renderJson(report));
    writeFileSync(join(dir, REPORT_FILES.markdown), renderMarkdown(report));
    writeFileSync(join(dir, REPORT_FILES.junit), renderJunit(report));
  } catch (error) {
    throw new ClideError('io', `cannot write the reports: ${(error as Error).message}`, {
      where: dir,
      hint: 'check --report-dir',
      cause: error,
    });
  }
}
