/** One result model (`CanaryReport`) → report.json, report.md, junit.xml, terminal text. */

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
  type CanaryReport,
  REPORT_FORMAT,
  type ReportFinding,
  type ReportSummary,
  type ScenarioReport,
  type ScenarioStatus,
  scenarioStatus,
  sortFindings,
  summarize,
} from './model.js';
export { renderCatalogueText } from './render-catalogue.js';
export { renderJunit, xmlEscape } from './render-junit.js';
export { renderMarkdown } from './render-markdown.js';
export { findingText, renderText } from './render-text.js';
export { REPORT_FILES, renderJson, writeReports } from './write-reports.js';
