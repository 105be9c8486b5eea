import { describe, expect, it } from 'vitest';
import { monthYear } from './month-year.js';

describe('monthYear', () => {
  it('names each month as the date formatter does, with the year', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, 15, 12);
      expect(monthYear(date)).toBe(`${date.toLocaleString('en-US', { month: 'long' })} 2026`);
    }
  });
});
