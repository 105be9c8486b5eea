import { describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import { parsePacing, parseReplayMode } from './options.js';

describe('replay options', () => {
  it('CLIDE_FAKE_MODE defaults to strict and accepts strict and lenient', () => {
    expect(parseReplayMode(undefined)).toBe('strict');
    expect(parseReplayMode('')).toBe('strict');
    expect(parseReplayMode('strict')).toBe('strict');
    expect(parseReplayMode('lenient')).toBe('lenient');
  });

  it('any other CLIDE_FAKE_MODE is a usage error naming the variable and the allowed values', () => {
    let error: unknown;
    try {
      parseReplayMode('Strict');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ClideError);
    expect((error as ClideError).code).toBe('usage');
    expect((error as ClideError).render()).toContain('CLIDE_FAKE_MODE="Strict" is not a replay mode');
    expect((error as ClideError).render()).toContain('allowed values: strict, lenient');
  });

  it('CLIDE_FAKE_PACING: instant by default, recorded = factor 1, or a scale factor', () => {
    expect(parsePacing(undefined)).toEqual({ kind: 'instant' });
    expect(parsePacing('instant')).toEqual({ kind: 'instant' });
    expect(parsePacing('recorded')).toEqual({ kind: 'scale', factor: 1 });
    expect(parsePacing('0.5')).toEqual({ kind: 'scale', factor: 0.5 });
    expect(parsePacing('2')).toEqual({ kind: 'scale', factor: 2 });
    expect(parsePacing('0')).toEqual({ kind: 'instant' });
    for (const bad of ['fast', '-1', '1e3', 'NaN', '0.5x']) {
      expect(() => parsePacing(bad)).toThrow(/CLIDE_FAKE_PACING=.* is not a pacing/);
    }
  });
});
