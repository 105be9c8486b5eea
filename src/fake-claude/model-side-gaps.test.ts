import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../scenarios/index.js';
import { emulatedVersions } from './behaviour/index.js';
import { MODEL_SIDE_GAPS, modelSideGap } from './model-side-gaps.js';

describe('the model-side gaps list', () => {
  it('names only catalogue scenarios and versions the fake emulates, each once', () => {
    const ids = new Set(SCENARIOS.map((s) => s.id));
    const versions = new Set(emulatedVersions());
    for (const gap of MODEL_SIDE_GAPS) {
      expect(ids.has(gap.scenario), gap.scenario).toBe(true);
      expect(versions.has(gap.version), gap.version).toBe(true);
      expect(gap.what.length).toBeGreaterThan(20);
    }
    const keys = MODEL_SIDE_GAPS.map((g) => `${g.version} ${g.scenario}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('finds each gap by version and scenario, and nothing elsewhere (the list may be empty)', () => {
    for (const gap of MODEL_SIDE_GAPS) expect(modelSideGap(gap.version, gap.scenario)).toBe(gap);
    expect(modelSideGap('2.1.332', 'turn/plain')).toBeUndefined();
  });
});
