import { describe, expect, it } from 'vitest';
import {
  fmt,
  interleave,
  linearFit,
  median,
  pairedRatios,
  quantile,
  roundOrder,
  summarize,
} from './stats.js';

describe('stats', () => {
  it('takes quantiles by linear interpolation between order statistics', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.99)).toBeCloseTo(10.9);
    expect(median([7])).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('summarises without the missing values (NaN from failed runs)', () => {
    const s = summarize([3, Number.NaN, 1, 2]);
    expect(s).toEqual({ n: 3, median: 2, p25: 1.5, p75: 2.5, min: 1, max: 3 });
  });

  it('pairs ratios round by round and refuses series of different lengths', () => {
    expect(pairedRatios([2, 9], [1, 3])).toEqual([2, 3]);
    expect(() => pairedRatios([1], [1, 2])).toThrow(/differ in length/);
  });

  it('rotates the order of the variants every round so none is always first', () => {
    expect(roundOrder(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(roundOrder(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(roundOrder(['a', 'b', 'c'], 3)).toEqual(['a', 'b', 'c']);
  });

  it('interleaves the variants and files each result under its variant and round', async () => {
    const order: string[] = [];
    const out = await interleave(
      [
        {
          name: 'x',
          run: async (r) => {
            order.push(`x${r}`);
            return r * 10;
          },
        },
        {
          name: 'y',
          run: async (r) => {
            order.push(`y${r}`);
            return r * 100;
          },
        },
      ],
      3,
    );
    expect(order).toEqual(['x0', 'y0', 'y1', 'x1', 'x2', 'y2']);
    expect(out).toEqual({ x: [0, 10, 20], y: [0, 100, 200] });
  });

  it('fits a line exactly through collinear points', () => {
    const fit = linearFit([
      { x: 1, y: 5 },
      { x: 2, y: 7 },
      { x: 4, y: 11 },
    ]);
    expect(fit.slope).toBeCloseTo(2);
    expect(fit.intercept).toBeCloseTo(3);
    expect(fit.r2).toBeCloseTo(1);
  });

  it('formats small ratios with two significant digits and large numbers with separators', () => {
    expect(fmt(0.0084)).toBe('0.0084');
    expect(fmt(1.234)).toBe('1.23');
    expect(fmt(12345.6)).toBe('12,346');
    expect(fmt(Number.NaN)).toBe('n/a');
  });
});
