export { type AgreementCode, type AgreementIssue, CONTRADICTIONS, checkAgreement } from './agreement.js';
export {
  buildCoverage,
  COVERAGE_FORMAT,
  type CoverageIssue,
  type CoverageOptions,
  type CoverageReport,
  type CoverageRow,
  type FakeStatus,
  type SchemaStatus,
} from './coverage.js';
export { renderCoverageJson, renderCoverageMarkdown } from './render-coverage.js';
