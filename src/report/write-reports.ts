import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClideError } from '../errors/index.js';
import type { CanaryReport } from './model.js';
import { renderHtml } from './render-html.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';
import { loadReportSessions } from './report-sessions.js';

export const REPORT_FILES = {
  json: 'report.json',
  markdown: 'report.md',
  junit: 'junit.xml',
  html: 'report.html',
} as const;

export function renderJson(report: CanaryReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The HTML report of a report folder: the report with the wire logs in `dir` and their baseline fixtures. */
export function renderHtmlReport(report: CanaryReport, dir: string): string {
  return renderHtml(report, loadReportSessions(report, dir));
}

/**
 * Writes `report.json`, `report.md`, `junit.xml` and `report.html` into `dir` (the wire logs,
 * which the HTML shows, are written there as the run goes).
 */
export function writeReports(report: CanaryReport, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, REPORT_FILES.json), renderJson(report));
    writeFileSync(join(dir, REPORT_FILES.markdown), renderMarkdown(report));
    writeFileSync(join(dir, REPORT_FILES.junit), renderJunit(report));
    writeFileSync(join(dir, REPORT_FILES.html), renderHtmlReport(report, dir));
  } catch (error) {
    throw new ClideError('io', `cannot write the reports: ${(error as Error).message}`, {
      where: dir,
      hint: 'check --report-dir',
      cause: error,
    });
  }
}
