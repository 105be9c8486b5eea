/** One result model (`CanaryReport`) → report.json, report.md, junit.xml, report.html, terminal text. */

export {
  DIFF_REPORT_FORMAT,
  type DiffPair,
  type DiffReport,
  diffSummary,
  renderDiffJson,
  renderDiffText,
} from './diff-model.js';
export { pathText, secondsText, valueText } from './format.js';
export {
  alignFrames,
  frameKey,
  frameKind,
  type RowDiff,
  type SessionFrame,
  type TimelineRow,
} from './frame-diff.js';
export {
  type DriftCounts,
  type DriftEntry,
  driftCounts,
  driftWhere,
  groupDrifts,
} from './group-drifts.js';
export {
  escapeHtml,
  type HtmlPage,
  htmlId,
  htmlPage,
  REPORT_STYLES,
  severityBadge,
  statusBadge,
} from './html-page.js';
export { type MergeResult, mergeReportDirs, readReportDir } from './merge-report-dirs.js';
export { mergeShardReports, type ShardReport } from './merge-reports.js';
export {
  type CanaryReport,
  REPORT_FORMAT,
  type ReportFinding,
  type ReportShard,
  type ReportSummary,
  type ScenarioReport,
  type ScenarioStatus,
  scenarioStatus,
  sortFindings,
  summarize,
} from './model.js';
export { renderCatalogueText } from './render-catalogue.js';
export { renderHtml } from './render-html.js';
export { renderJunit, xmlEscape } from './render-junit.js';
export { renderMarkdown } from './render-markdown.js';
export { findingText, renderText } from './render-text.js';
export {
  type LoadedSession,
  loadReportSessions,
  loadSession,
  type ScenarioSessions,
} from './report-sessions.js';
export { REPORT_FILES, renderHtmlReport, renderJson, writeReports, writeWhole } from './write-reports.js';
