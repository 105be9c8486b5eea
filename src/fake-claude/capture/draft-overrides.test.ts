import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { versionOrder } from '../../../schemas/version.js';
import { tempDirs } from '../../../test/support/temp-dirs.js';
import { SCENARIOS } from '../../scenarios/index.js';
import { OVERRIDE_SETS } from '../behaviour/override-sets.js';
import { draftOverrides, firstDifference, nextOverrideSet } from './draft-overrides.js';

const temp = tempDirs();

describe('firstDifference', () => {
  it('names the first path where two values differ, with both values', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe('$.a[1].b: real 2, fake 3');
    expect(firstDifference({ a: 1 }, { a: 1, c: 'x' })).toBe('$.c: real (none), fake "x"');
    expect(firstDifference([1], [1])).toBeUndefined();
  });
});

describe('draftOverrides', () => {
  it('the next override set above a version is the one compared', () => {
    const sets = Object.keys(OVERRIDE_SETS).sort(versionOrder);
    expect(nextOverrideSet('0.0.1')).toBe(sets[0]);
    for (const [i, set] of sets.entries()) expect(nextOverrideSet(set)).toBe(sets[i + 1]);
  });

  it("compares with and without the next set's members, and takes none when they make the fake differ more", async () => {
    // The "real" side: bin/fake-claude emulating 2.1.150 itself, so the fake without picks matches
    // it and 2.1.332's members (its stdin parse error, its probes) make it differ.
    const dir = temp('clide-draft-');
    const draft = await draftOverrides({
      version: '2.1.150',
      binaryPath: resolve('bin/fake-claude'),
      realEnv: { CLIDE_FAKE_VERSION: '2.1.150' },
      candidate: '2.1.332',
      scenarios: SCENARIOS.filter((s) => s.id === 'input/non-json-line'),
      overridesDir: dir,
    });
    expect(draft.candidate).toBe('2.1.332');
    expect(draft.compared).toBe(1);
    expect(draft.without).toEqual([]);
    expect(draft.with?.map((d) => d.scenario)).toEqual(['input/non-json-line']);
    expect(draft.picks).toBeUndefined();
    expect(draft.differing).toEqual([]);
    expect(existsSync(join(dir, '2.1.150', 'overrides.json'))).toBe(false);
  }, 60_000);

  it('keeps the overrides.json a person narrowed when it does as well as the alternatives', async () => {
    const dir = temp('clide-draft-');
    const filed = { from: '2.1.332', members: ['missingContentPrompt'] };
    mkdirSync(join(dir, '2.1.150'));
    writeFileSync(join(dir, '2.1.150', 'overrides.json'), JSON.stringify(filed));
    const draft = await draftOverrides({
      version: '2.1.150',
      binaryPath: resolve('bin/fake-claude'),
      realEnv: { CLIDE_FAKE_VERSION: '2.1.150' },
      candidate: '2.1.332',
      scenarios: SCENARIOS.filter((s) => s.id === 'input/non-json-line'),
      overridesDir: dir,
    });
    expect(draft.without).toEqual([]);
    expect(draft.withFiled).toEqual([]);
    expect(draft.with?.length).toBe(1);
    expect(draft.picks).toEqual(filed);
    expect(draft.wrote).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, '2.1.150', 'overrides.json'), 'utf8'))).toEqual(filed);
  }, 60_000);
});
