/** The protocol changelog between two pinned CLI versions: schema sets and corpora, compared. */
export { buildChangelog, type ChangelogOptions, changelogOf } from './build-changelog.js';
export { type CorpusEntry, readCorpus, scenarioFromFileName } from './corpus.js';
export { diffCorpora, diffScenario } from './corpus-diff.js';
export { diffFields, type FieldChange, type NestedField } from './field-diff.js';
export { type FieldInfo, type FieldMap, fieldMap, type Literal } from './field-map.js';
export {
  CHANGELOG_FORMAT,
  type Changelog,
  type ChangelogSummary,
  type ControlReplies,
  type KindDiff,
  type KindSummary,
  type ScenarioChange,
  type ScenariosDiff,
  summarizeChangelog,
} from './model.js';
export { pinnedPair, pinnedSchemaSet } from './pinned-version.js';
export { renderChangelogJson } from './render-json.js';
export { changeText, renderChangelogMarkdown } from './render-markdown.js';
export { diffKinds, diffSchemaSets, type SchemaChanges } from './schema-diff.js';
export { type SchemaKind, schemaKinds } from './schema-kinds.js';
export {
  type ChangelogFormat,
  changelogFileStem,
  renderChangelog,
  writeChangelogDir,
  writeChangelogFile,
} from './write-changelog.js';
