/** The canary: run scenarios against a CLI, compare with the baseline, classify drift. */
export { type CatalogueEntry, catalogueEntries } from './catalogue.js';
export { type CheckRunOptions, checkScenarioRun, isUntestable } from './check-run.js';
export { type CliTarget, type CliTargetOptions, resolveCliTarget } from './cli-target.js';
export { type CompareOptions, compareWireLogs, renderPath, textsOf } from './compare.js';
export { type DiffOptions, diffFixtures } from './diff-fixtures.js';
export { DRIFT_CODES, type DriftCode, driftSeverity } from './drift-codes.js';
export {
  applyExpectedFindings,
  type ExpectedEntry,
  type ExpectedFindings,
  loadExpectedFindings,
  NO_EXPECTED_FINDINGS,
} from './expected-findings.js';
export { LIVE_CONFIRM_ENV, LIVE_WARNING, liveEnvironment } from './live.js';
export { type KindedMessage, kindedMessages } from './message-kinds.js';
export { type CanaryOptions, type CanaryResult, runCanary } from './run-canary.js';
export { type SchemaChoice, schemaChoice, validateWireLog } from './schema-check.js';
export {
  checkShard,
  DEFAULT_SCENARIO_MS,
  parseShard,
  recordedDurations,
  type Shard,
  shardItems,
  shardText,
  splitItems,
} from './shard.js';
export {
  readSideRequestsFile,
  SIDE_REQUESTS_FILE,
  SIDE_REQUESTS_FORMAT,
  type SideRequestChange,
  sideRequestChanges,
  sideRequestFindings,
  unscriptedRequests,
  updateSideRequestsFile,
} from './side-requests.js';
export {
  fromCliMessages,
  stderrOf,
  type WireFrame,
  type WireLog,
  wireLogFromTranscript,
} from './wire-log.js';
export {
  baselineFixturePath,
  fixtureFileName,
  readWireLog,
  wireLogFromFixture,
  writeWireLog,
} from './wire-log-files.js';
