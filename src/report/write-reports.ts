import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClideError } from '../errors/index.js';
import { groupDrifts } from './group-drifts.js';
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

/** `report.json`: the report, with the distinct changes (`changes`, see `groupDrifts`) before the scenarios. */
export function renderJson(report: CanaryReport): string {
  const { scenarios, ...rest } = report;
  return `${JSON.stringify({ ...rest, changes: groupDrifts(scenarios), scenarios }, null, 2)}\n`;
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
    writeWhole(join(dir, REPORT_FILES.json), renderJson(report));
    writeWhole(join(dir, REPORT_FILES.markdown), renderMarkdown(report));
    writeWhole(join(dir, REPORT_FILES.junit), renderJunit(report));
    writeWhole(join(dir, REPORT_FILES.html), renderHtmlReport(report, dir));
  } catch (error) {
    throw new ClideError('io', `cannot write the reports: ${(error as Error).message}`, {
      where: dir,
      hint: 'check --report-dir',
      cause: error,
    });
  }
}

/**
 * Writes `text` as the whole of `path` in one step: under a temporary name of this process alone,
 * then renamed over it. A reader (or another run writing the same folder) sees the old file or the
 * new one, never a mix or a half.
 */
export function writeWhole(path: string, text: string): void {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
