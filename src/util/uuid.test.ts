import { describe, expect, it } from 'vitest';
import { randomUuid } from './uuid.js';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('is a version 4, variant 1 UUID in lower-case hex', () => {
    for (let i = 0; i < 2000; i++) expect(randomUuid()).toMatch(V4);
  });

  it('does not repeat over 100,000 draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(randomUuid());
    expect(seen.size).toBe(100_000);
  });

  it('uses every hex digit in every free position', () => {
    const digits = Array.from({ length: 36 }, () => new Set<string>());
    for (let i = 0; i < 4000; i++) {
      for (const [at, ch] of [...randomUuid()].entries()) digits[at]!.add(ch);
    }
    const fixed = new Map([
      [8, 1],
      [13, 1],
      [14, 1],
      [18, 1],
      [19, 4],
      [23, 1],
    ]);
    for (const [at, set] of digits.entries()) expect(set.size, `position ${at}`).toBe(fixed.get(at) ?? 16);
  });
});
