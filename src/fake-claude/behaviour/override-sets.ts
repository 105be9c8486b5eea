// Generated from the <version>/overrides.ts and overrides.json files of this folder (src/fake-claude/capture/version-registries.ts): do not edit.
import { overrides as v2_1_332 } from './2.1.332/overrides.js';
import type { OverridePicks, VersionOverrides } from './overrides.js';

/** Every override set, by the version it starts at (its folder), oldest first. */
export const OVERRIDE_SETS: Readonly<Record<string, VersionOverrides>> = {
  '2.1.332': v2_1_332,
};

/** Every version folder's members taken from a later set, by the folder, oldest first. */
export const OVERRIDE_PICKS: Readonly<Record<string, OverridePicks>> = {};
