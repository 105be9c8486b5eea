export type { OpenRequest } from './control-tracker.js';
export { ControlTracker } from './control-tracker.js';
export type { FixtureAdapter, FixtureFrameMapping } from './fixture-seam.js';
export { defaultFixtureAdapter, fixtureHeaderVersion, isFixtureHeader } from './fixture-seam.js';
export { describeSchema, walkSchema } from './schema-walker.js';
export type { ValidateFileOptions, ValidateFileResult } from './validate-jsonl-file.js';
export { validateJsonlFile } from './validate-jsonl-file.js';
export type { Direction, ValidateMessageOptions } from './validate-message.js';
export { validateMessage } from './validate-message.js';
