import { expect, it } from 'vitest';
import { defaultBaseline } from './run-canary.js';

it('a run compares a pinned version with itself, another with the nearest pinned one below it', () => {
  expect(defaultBaseline('2.1.150', '2.1.332')).toBe('2.1.150');
  expect(defaultBaseline('2.1.332', '2.1.150')).toBe('2.1.332');
  expect(defaultBaseline('2.1.210', '2.1.332')).toBe('2.1.150');
  expect(defaultBaseline('2.1.400', '2.1.150')).toBe('2.1.332');
  expect(defaultBaseline('not a version', '2.1.332')).toBe('2.1.332');
});
