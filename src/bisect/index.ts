/** `bisect`: the first published CLI version where a scenario fails (or its outcome changes). */
export {
  differenceOf,
  findingSignature,
  isSame,
  isVersionStamp,
  type OutcomeDifference,
  outcomeOf,
  type ScenarioOutcome,
} from './outcome.js';
export { renderBisectText } from './render-text.js';
export {
  BISECT_FORMAT,
  type BisectOptions,
  type BisectProbe,
  type BisectReport,
  type BisectResult,
  runBisect,
} from './run-bisect.js';
export { bisectVersions, type Probe, type SearchResult, type Verdict } from './search.js';
export { type Looking, lookingText, verdictOf } from './verdict.js';
