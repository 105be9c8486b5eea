/** `matrix`: the catalogue on several CLI versions, one compatibility matrix of scenario × version. */
export { type CellFindings, type ColumnFailures, columnFailures } from './column-failures.js';
export { type MatrixPart, mergeMatrixDirs, mergeMatrixReports, readMatrix } from './merge-matrix.js';
export {
  cellOf,
  MATRIX_FORMAT,
  type MatrixCell,
  type MatrixColumn,
  type MatrixReport,
  type MatrixSummary,
  summarizeMatrix,
} from './model.js';
export { cellId, renderMatrixHtml } from './render-html.js';
export { cellText, renderMatrixMarkdown } from './render-markdown.js';
export { renderMatrixText } from './render-text.js';
export { type MatrixOptions, type MatrixResult, runMatrix } from './run-matrix.js';
export { findingsFromRunReports, MATRIX_FILES, renderMatrixJson, writeMatrix } from './write-matrix.js';
