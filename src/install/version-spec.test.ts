import { describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import { assertExactVersion, assertVersionSpec, isDistTag, isExactVersion } from './version-spec.js';

describe('version specs', () => {
  it('accepts exact versions, prereleases included, and nothing range-like', () => {
    for (const v of ['2.1.150', '0.0.1', '10.20.30', '2.2.0-beta.1', '1.0.0+build.5'])
      expect(isExactVersion(v)).toBe(true);
    for (const v of [
      '2.1',
      '2.1.x',
      '^2.1.150',
      '2.1.x.y',
      '02.1.1',
      'latest',
      '',
      '2.1.150 ',
      '../2.1.150',
    ]) {
      expect(isExactVersion(v)).toBe(false);
    }
  });

  it('accepts dist-tag names, which start with a letter', () => {
    for (const t of ['latest', 'next', 'stable', 'beta-2']) expect(isDistTag(t)).toBe(true);
    for (const t of ['2.1.x.y', '../x', 'a/b', '', '-x']) expect(isDistTag(t)).toBe(false);
  });

  it('rejects malformed input with a usage error naming it and saying what to give', () => {
    const error = (() => {
      try {
        assertVersionSpec('2.1.x.y');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ClideError);
    expect((error as ClideError).code).toBe('usage');
    expect((error as ClideError).message).toContain('"2.1.x.y"');
    expect((error as ClideError).hint).toMatch(/2\.1\.150.*latest/);
  });

  it('requires an exact version where the cache is looked up', () => {
    expect(() => assertExactVersion('latest')).toThrow(/dist-tag, not an exact version/);
    expect(() => assertExactVersion('2.1.150')).not.toThrow();
  });
});
