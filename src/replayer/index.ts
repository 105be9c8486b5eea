/**
 * `src/replayer/` — replay mode of `fake-claude`: a recorded fixture played as the CLI side of a
 * session (matching of client messages, request_id rebinding, near-miss diagnostics, pacing).
 * The executable dispatches `CLIDE_FAKE_FIXTURE` / `--fixture` to `runReplay`. See docs/replay.md.
 */
export { IdBindings, REPLAY_ID_KEYS } from './bindings.js';
export { type ClientView, clientView, type ViewFrame } from './client-view.js';
export { compareMessages, type FieldDiff, formatDiff } from './compare.js';
export { type MismatchReport, renderMismatch } from './diagnostics.js';
export { type ClientLine, INBOUND_HANDLERS, type InboundHandler, matchClientLine } from './handlers.js';
export {
  type Pacing,
  parsePacing,
  parseReplayMode,
  REPLAY_ENV,
  REPLAY_MODES,
  type ReplayMode,
} from './options.js';
export { type MachinePaths, PathSubstitution } from './paths.js';
export { planReplay, type ReplayPlan, ReplaySurvey } from './plan.js';
export {
  type ReplayOutcome,
  type ReplaySessionOptions,
  replaySession,
  type SurveyedFixture,
  type TextSink,
} from './replay.js';
export { type RunReplayOptions, runReplay } from './run-replay.js';
export { applyToolEffect, type ToolEffect } from './tool-effects.js';
