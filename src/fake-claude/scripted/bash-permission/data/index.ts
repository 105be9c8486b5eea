// Generated from the <version>.json files of this folder (src/fake-claude/capture/version-registries.ts): do not edit.
import v2_1_150 from './2.1.150.json' with { type: 'json' };
import v2_1_332 from './2.1.332.json' with { type: 'json' };

/** This folder's data by version, oldest first. */
export const DATA_BY_VERSION: Readonly<Record<string, unknown>> = {
  '2.1.150': v2_1_150,
  '2.1.332': v2_1_332,
};
