/**
 * The curated public entry of clide-conformance. Versioned schemas live on their own subpaths
 * (`clide-conformance/schemas/2.1.150`), which are never removed.
 */

// Validation against the versioned schemas.
export { pinnedVersions, schemaSetFor } from '../schemas/registry.js';
export type { BisectOptions, BisectReport, BisectResult } from './bisect/index.js';
export { runBisect } from './bisect/index.js';
export type { CanaryOptions, CanaryResult } from './canary/index.js';
export { diffFixtures, runCanary } from './canary/index.js';
export type { ControlHandlers, Sandbox, SdkMcpServer, SessionOptions, Transcript } from './driver/index.js';
export { createSandbox, NO_ANSWER, Session, startSession, withSession } from './driver/index.js';
// Errors and findings: one error base, findings as data.
export type { ClideErrorCode } from './errors/index.js';
export { ClideError, EXIT, isClideError } from './errors/index.js';
export type {
  FakeClaude,
  FakeClaudeOptions,
  FakeServer,
  FakeServerOptions,
  FakeServerProcess,
  FakeServerProcessOptions,
} from './fake-claude/index.js';
export { fakeClaude, spawnFakeServer, startFakeServer } from './fake-claude/index.js';
export type { Finding, FindingLocation, JsonPath, Severity } from './findings/index.js';
export { atLeast, formatPath, SEVERITIES } from './findings/index.js';
// Fixtures and redaction.
export type { Fixture, FixtureFrame, FixtureHeader, FixtureTrailer } from './fixture/index.js';
export { createFixtureWriter, fixtureFileName, iterateFixture, readFixture } from './fixture/index.js';
// Running the real CLI offline: installer, scripted model API, sandboxed sessions, scenarios.
export type { InstalledCli } from './install/index.js';
export { ensureInstalled, findInstalled, resolveVersion } from './install/index.js';
export type { MatrixOptions, MatrixReport, MatrixResult } from './matrix/index.js';
export { runMatrix } from './matrix/index.js';
export type { ModelApi, ModelScript, RecordedRequest } from './model-api/index.js';
export { loadModelScript, parseModelScript, startModelApi } from './model-api/index.js';
// The wire: framing, classification, envelopes, correlation, id placeholders.
export type { Direction, Frame, MessageClass } from './protocol/index.js';
export {
  ControlCorrelator,
  classify,
  controlCancel,
  controlError,
  controlRequest,
  controlSuccess,
  describe as describeMessage,
  encodeLine,
  IdPlaceholders,
  JsonlFramer,
  normalizeIds,
  userMessage,
} from './protocol/index.js';
// Recording, faking, replaying, drift.
export type { RecordClaude, RecordClaudeOptions, RecordOptions, RecordResult } from './recorder/index.js';
export { recordClaude, recordProcess } from './recorder/index.js';
export type { Redactor, RedactorOptions } from './redact/index.js';
export { createRedactor, finalizeFixture, loadRedactionRules, scanForLeaks } from './redact/index.js';
export type { Scenario, ScenarioContext, ScenarioRun } from './scenarios/index.js';
export {
  runScenario,
  SCENARIOS,
  script,
  selectScenarios,
  text,
  thinking,
  toolUse,
} from './scenarios/index.js';
export type { ValidateFileResult, ValidateMessageOptions } from './validate/index.js';
export { validateJsonlFile, validateMessage } from './validate/index.js';
