import { afterEach, describe, expect, it } from 'vitest';
import { readCapturedData } from '../capture/data-dir.js';
import { behaviourFor, behaviourOf, overridesFor, useOverridePicks } from './index.js';
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
    expect(() => behaviourFor('2.1.333')).toThrow(/cannot emulate claude 2.1.333/);
    const data = readCapturedData('2.1.332');
    // 2.1.332's override set applies from 2.1.332 on: 2.1.333 has it, 2.1.331 has the base only.
    expect(behaviourOf('2.1.333', data).missingContentPrompt).toBe('(no content)');
    expect(behaviourOf('2.1.331', data).missingContentPrompt).not.toBe('(no content)');
  });
});

describe('override picks: a version takes a later set’s members (overrides.json)', () => {
  afterEach(() => useOverridePicks('2.1.300', undefined));

  it('apply from their folder up to the later set, which applies itself from its own version on', () => {
    const data = readCapturedData('2.1.332');
    useOverridePicks('2.1.300', { from: '2.1.332' });
    expect(overridesFor('2.1.299')).toEqual([]);
    expect(overridesFor('2.1.310')).toHaveLength(1);
    expect(behaviourOf('2.1.310', data).missingContentPrompt).toBe('(no content)');
    expect(behaviourOf('2.1.310', data).countsInterruptedUsage).toBe(true);
    // 2.1.332 has its own set once, not the picks too.
    expect(overridesFor('2.1.332')).toEqual([OVERRIDE_SETS['2.1.332']]);
  });

  it('take only the members named', () => {
    const data = readCapturedData('2.1.332');
    useOverridePicks('2.1.300', { from: '2.1.332', members: ['missingContentPrompt'] });
    const behaviour = behaviourOf('2.1.310', data);
    expect(behaviour.missingContentPrompt).toBe('(no content)');
    expect(behaviour.countsInterruptedUsage).toBe(behaviourOf('2.1.299', data).countsInterruptedUsage);
    useOverridePicks('2.1.300', { from: '2.1.332', members: ['noSuchMember'] });
    expect(() => behaviourOf('2.1.310', data)).toThrow(/has no member noSuchMember/);
  });

  it('leave out the members named in except: there the version behaves as before the later set', () => {
    const data = readCapturedData('2.1.332');
    useOverridePicks('2.1.300', { from: '2.1.332', except: ['countsInterruptedUsage'] });
    const behaviour = behaviourOf('2.1.310', data);
    expect(behaviour.missingContentPrompt).toBe('(no content)');
    expect(behaviour.countsInterruptedUsage).toBe(behaviourOf('2.1.299', data).countsInterruptedUsage);
    useOverridePicks('2.1.300', { from: '2.1.332', except: ['noSuchMember'] });
    expect(() => behaviourOf('2.1.310', data)).toThrow(/has no member noSuchMember/);
  });

  it('name a later set that exists', () => {
    useOverridePicks('2.1.300', { from: '2.1.299' });
    expect(() => overridesFor('2.1.310')).toThrow(/name no later override set/);
  });
});
