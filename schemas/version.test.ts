import { describe, expect, it } from 'vitest';
import { parseVersion, versionOrder } from './version.js';

describe('version strings in numeric order (the one comparer the kit uses)', () => {
  it('orders by number, not by text', () => {
    expect(['2.1.332', '2.1.150', '2.1.99', '2.10.0', '10.0.0'].sort(versionOrder)).toEqual([
      '2.1.99',
      '2.1.150',
      '2.1.332',
      '2.10.0',
      '10.0.0',
    ]);
  });
  it('reads the forms a CLI prints and a tag carries', () => {
    expect(parseVersion('2.1.150 (Claude Code)')).toEqual([2, 1, 150]);
    expect(parseVersion('v2.1.150')).toEqual([2, 1, 150]);
    expect(versionOrder('2.1.150-beta.1', '2.1.150')).toBe(0);
  });
  it('puts what is not a version first', () => {
    expect(versionOrder('latest', '0.0.1')).toBeLessThan(0);
  });
});
