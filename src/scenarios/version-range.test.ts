import { describe, expect, it } from 'vitest';
import { byVersion, inRange, parseRange } from './version-range.js';

describe('parseRange', () => {
  it('reads one or more comparators; a bare version means =', () => {
    expect(parseRange('>=2.1.151 <2.1.200')).toEqual([
      { operator: '>=', version: [2, 1, 151] },
      { operator: '<', version: [2, 1, 200] },
    ]);
    expect(parseRange('2.1.150')).toEqual([{ operator: '=', version: [2, 1, 150] }]);
    expect(parseRange('  <=v2.1.150  ')).toEqual([{ operator: '<=', version: [2, 1, 150] }]);
  });

  it('refuses what is not a range', () => {
    for (const bad of ['', '   ', '>=2.1', '~2.1.150', '>=2.1.150-beta.1', '2.1.150 || 2.1.332', '=>2.1.1']) {
      expect(() => parseRange(bad), bad).toThrow(/is not a version range/);
    }
  });
});

describe('inRange', () => {
  it('compares numerically, not as text', () => {
    expect(inRange('2.1.99', '<2.1.150')).toBe(true);
    expect(inRange('2.1.1000', '>2.1.332')).toBe(true);
    expect(inRange('2.10.0', '>2.9.999')).toBe(true);
  });

  it('is exact at each boundary', () => {
    expect(inRange('2.1.150', '<2.1.150')).toBe(false);
    expect(inRange('2.1.150', '<=2.1.150')).toBe(true);
    expect(inRange('2.1.150', '>2.1.150')).toBe(false);
    expect(inRange('2.1.150', '>=2.1.150')).toBe(true);
    expect(inRange('2.1.150', '=2.1.150')).toBe(true);
    expect(inRange('2.1.151', '2.1.150')).toBe(false);
  });

  it('needs every comparator of a range to hold', () => {
    expect(inRange('2.1.199', '>=2.1.151 <2.1.200')).toBe(true);
    expect(inRange('2.1.200', '>=2.1.151 <2.1.200')).toBe(false);
    expect(inRange('2.1.150', '>=2.1.151 <2.1.200')).toBe(false);
  });

  it('reads CLI version strings as the schema registry does (suffixes ignored)', () => {
    expect(inRange('2.1.332 (Claude Code)', '>=2.1.332')).toBe(true);
    expect(inRange('v2.1.150', '=2.1.150')).toBe(true);
    expect(() => inRange('latest', '>=2.1.150')).toThrow(/not a CLI version/);
  });
});

describe('byVersion', () => {
  const cases = { '<2.1.200': 'old', '>=2.1.200': 'new' } as const;

  it('picks the one range the version is in', () => {
    expect(byVersion('2.1.150', cases)).toBe('old');
    expect(byVersion('2.1.199', cases)).toBe('old');
    expect(byVersion('2.1.200', cases)).toBe('new');
    expect(byVersion({ cliVersion: '2.1.332' }, cases)).toBe('new');
  });

  it('returns check functions as they are', () => {
    const checks = { '<2.1.200': () => 'checked old', '>=2.1.200': () => 'checked new' };
    expect(byVersion({ cliVersion: '2.1.150' }, checks)()).toBe('checked old');
  });

  it('throws on a gap, so a version is never left without an expectation', () => {
    expect(() => byVersion('2.1.200', { '<2.1.200': 1, '>2.1.200': 2 })).toThrow(
      /no expectation covers CLI 2.1.200/,
    );
  });

  it('throws on an overlap', () => {
    expect(() => byVersion('2.1.200', { '<=2.1.200': 1, '>=2.1.200': 2 })).toThrow(/more than one range/);
  });

  it('throws on a malformed range even when another one matches', () => {
    expect(() => byVersion('2.1.150', { '<2.1.200': 1, '>=2.1.2OO': 2 })).toThrow(/is not a version range/);
  });
});
