import { describe, expect, it } from 'vitest';
import { closestNames, editDistance, prefixDistance } from './closest-names.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(editDistance('control', 'control')).toBe(0);
    expect(editDistance('contrl', 'control')).toBe(1);
    expect(editDistance('controll', 'control')).toBe(1);
    expect(editDistance('cintrol', 'control')).toBe(1);
    expect(editDistance('cnotrol', 'control')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('prefixDistance', () => {
  it('measures a typo in the start of a longer name, ignoring case', () => {
    expect(prefixDistance('permision/allow', 'permission/allow-without-updated-input')).toBe(2);
    expect(prefixDistance('Control/', 'control/')).toBe(0);
  });
});

describe('closestNames', () => {
  const names = [
    'control/',
    'turn/',
    'control/initialize',
    'control/set-model',
    'turn/plain',
    'permission/allow',
  ];

  it('names a group rather than each of its ids', () => {
    expect(closestNames('contrl/', names)).toEqual(['control/']);
  });

  it('names the nearest ids, and none more than one edit farther than the nearest', () => {
    expect(closestNames('turn/plian', names)).toEqual(['turn/plain']);
    expect(closestNames('permision/allow', names)).toEqual(['permission/allow']);
  });

  it('names nothing that is not close', () => {
    expect(closestNames('nosuch/', names)).toEqual([]);
  });
});
