export { SCENARIOS, selectScenarios } from './catalogue/index.js';
export { get, toolResults, toolResultText } from './expect.js';
export { script, text, thinking, toolUse } from './model.js';
export type { RunScenarioOptions, ScenarioRun } from './run-scenario.js';
export { runScenario } from './run-scenario.js';
export type {
  CheckDetails,
  DeliberateMistakes,
  PrepareContext,
  ReplayGaps,
  Scenario,
  ScenarioContext,
} from './scenario.js';
export { checkFinding, deliberateMistakes, REPLAY_GAP, replayGaps } from './scenario.js';
export { byVersion, inRange, parseRange, type VersionRange } from './version-range.js';
