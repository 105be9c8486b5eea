import { afterEach, describe, expect, it } from 'vitest';
import { readCapturedData } from '../capture/data-dir.js';
import { baseBehaviour } from './base/index.js';
import {
  behaviourFor,
  behaviourOf,
  type OverridePicks,
  overrideChain,
  overridesFor,
  useOverridePicks,
  type VersionOverrides,
} from './index.js';
import { OVERRIDE_SETS } from './override-sets.js';

describe('behaviourOf: a version from its data files, registered or not', () => {
  it('is what behaviourFor gives for a registered version', async () => {
    const registered = await behaviourFor('2.1.332');
    const fromFiles = behaviourOf('2.1.332', readCapturedData('2.1.332'));
    expect(fromFiles.defaultModelFor('api-key')).toBe(registered.defaultModelFor('api-key'));
    expect(fromFiles.apiModelFor(fromFiles.defaultModelFor('api-key'))).toBe(
      registered.apiModelFor(registered.defaultModelFor('api-key')),
    );
  });

  it('builds a version the registry does not know yet (a capture under way), with the override sets up to it', () => {
    // Versions below and above every pin (whatever is pinned): the base only, and every set.
    expect(() => behaviourFor('99.0.0')).toThrow(/cannot emulate claude 99.0.0/);
    const data = readCapturedData('2.1.332');
    expect(behaviourOf('99.0.0', data).missingContentPrompt).toBe('(no content)');
    expect(behaviourOf('0.0.1', data).missingContentPrompt).toBe(baseBehaviour(data).missingContentPrompt);
  });
});

describe('override picks: a version takes a later set’s members (overrides.json)', () => {
  afterEach(() => useOverridePicks('0.0.100', undefined));

  it('apply from their folder up to the later set, which applies itself from its own version on', () => {
    const data = readCapturedData('2.1.332');
    const at332 = overridesFor('2.1.332');
    useOverridePicks('0.0.100', { from: '2.1.332' });
    expect(overridesFor('0.0.99')).toEqual([]);
    expect(overridesFor('0.0.110')).toHaveLength(1);
    expect(behaviourOf('0.0.110', data).missingContentPrompt).toBe('(no content)');
    expect(behaviourOf('0.0.110', data).countsInterruptedUsage).toBe(true);
    // 2.1.332 has its own set once, not the picks too.
    expect(overridesFor('2.1.332')).toEqual(at332);
    expect(at332).toContain(OVERRIDE_SETS['2.1.332']);
  });

  it('take only the members named', () => {
    const data = readCapturedData('2.1.332');
    useOverridePicks('0.0.100', { from: '2.1.332', members: ['missingContentPrompt'] });
    const behaviour = behaviourOf('0.0.110', data);
    expect(behaviour.missingContentPrompt).toBe('(no content)');
    expect(behaviour.countsInterruptedUsage).toBe(behaviourOf('0.0.99', data).countsInterruptedUsage);
    useOverridePicks('0.0.100', { from: '2.1.332', members: ['noSuchMember'] });
    expect(() => behaviourOf('0.0.110', data)).toThrow(/has no member noSuchMember/);
  });

  it('leave out the members named in except: there the version behaves as before the later set', () => {
    const data = readCapturedData('2.1.332');
    useOverridePicks('0.0.100', { from: '2.1.332', except: ['countsInterruptedUsage'] });
    const behaviour = behaviourOf('0.0.110', data);
    expect(behaviour.missingContentPrompt).toBe('(no content)');
    expect(behaviour.countsInterruptedUsage).toBe(behaviourOf('0.0.99', data).countsInterruptedUsage);
    useOverridePicks('0.0.100', { from: '2.1.332', except: ['noSuchMember'] });
    expect(() => behaviourOf('0.0.110', data)).toThrow(/has no member noSuchMember/);
  });

  it('name a later set that exists', () => {
    useOverridePicks('0.0.100', { from: '0.0.99' });
    expect(() => overridesFor('0.0.110')).toThrow(/name no later override set/);
  });
});

describe('overrideChain: which sets a version gets', () => {
  const set = (name: string): VersionOverrides => ({ apply: () => ({ [name]: true }) as never });
  const sets = { '2.1.300': set('own300'), '2.1.400': set('own400') };
  const names = (version: string, picks: Record<string, OverridePicks> = {}) =>
    overrideChain(version, sets, picks).map((o) => Object.keys(o.apply({} as never, {} as never)));

  it('a folder without picks: its set applies from its version on', () => {
    expect(names('2.1.299')).toEqual([]);
    expect(names('2.1.350')).toEqual([['own300']]);
    expect(names('2.1.450')).toEqual([['own300'], ['own400']]);
  });

  it('a folder taking a later set’s members describes the versions up to that set: its picks and its own set apply there, not from the later set on', () => {
    const picks = { '2.1.300': { from: '2.1.400' } };
    expect(names('2.1.350', picks)).toEqual([['own400'], ['own300']]);
    expect(names('2.1.400', picks)).toEqual([['own400']]);
    expect(names('2.1.450', picks)).toEqual([['own400']]);
  });
});
