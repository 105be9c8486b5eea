/**
 * Where the fake's Messages API requests do not yet equal the real CLI's, by version and scenario:
 * the to-do list of the model-side comparison (test/fake-claude.differential.test.ts compares every
 * other scenario's requests, and requires each listed one to still differ, so an entry goes the
 * moment the fake catches up). docs/fake-claude-differences.md explains each.
 */
export interface ModelSideGap {
  version: string;
  scenario: string;
  /** What the real CLI sends that the fake does not. */
  what: string;
}

export const MODEL_SIDE_GAPS: readonly ModelSideGap[] = [];

/** The gap of `scenario` on `version`, if the fake's requests are known to differ there. */
export function modelSideGap(version: string, scenario: string): ModelSideGap | undefined {
  return MODEL_SIDE_GAPS.find((g) => g.version === version && g.scenario === scenario);
}
