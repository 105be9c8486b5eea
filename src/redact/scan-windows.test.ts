import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { owns, SCAN_OVERLAP, SCAN_WINDOW, scanWindows } from './scan-windows.js';

describe('scanWindows', () => {
  it('is the whole text when it is not longer than a window', () => {
    expect([...scanWindows('abc')]).toEqual([{ text: 'abc', at: 0, from: 0, to: Number.POSITIVE_INFINITY }]);
    expect([...scanWindows('x'.repeat(SCAN_WINDOW))]).toHaveLength(1);
  });

  it('cuts a long text in windows that overlap by SCAN_OVERLAP and cover it', () => {
    const text = 'y'.repeat(3 * SCAN_WINDOW + 17);
    const windows = [...scanWindows(text)];
    expect(windows.length).toBeGreaterThan(3);
    for (const [i, w] of windows.entries()) {
      expect(w.text).toBe(text.slice(w.at, w.at + w.text.length));
      if (i > 0) expect(windows[i - 1]!.at + windows[i - 1]!.text.length - w.at).toBe(SCAN_OVERLAP);
    }
    expect(windows.at(-1)!.at + windows.at(-1)!.text.length).toBe(text.length);
  });

  test.prop([
    fc.integer({ min: 40, max: 400 }),
    fc.integer({ min: 0, max: 399 }),
    fc.integer({ min: 1, max: 10 }),
  ])(
    'every find of up to overlap − context characters is whole in exactly one window that owns it',
    (n, start, len) => {
      fc.pre(start + len <= n);
      // Small windows: 20 characters, 12 of overlap, 2 of context.
      const text = 'z'.repeat(n);
      const owners = [...scanWindows(text, 20, 12, 2)].filter(
        (w) => start >= w.at && start + len <= w.at + w.text.length && owns(w, start - w.at),
      );
      expect(owners).toHaveLength(1);
    },
  );
});
