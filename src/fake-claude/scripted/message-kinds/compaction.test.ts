import { describe, expect, it } from 'vitest';
import { formatSummary, isCompactCommand } from './compaction.js';

describe('a manual compaction', () => {
  it('is asked for by /compact alone, as a string or a single text block', () => {
    expect(isCompactCommand('/compact')).toBe(true);
    expect(isCompactCommand(' /compact\n')).toBe(true);
    expect(isCompactCommand([{ type: 'text', text: '/compact' }])).toBe(true);
    expect(isCompactCommand('/compact focus on tests')).toBe(false);
    expect(isCompactCommand('compact')).toBe(false);
    expect(
      isCompactCommand([
        { type: 'text', text: '/compact' },
        { type: 'text', text: 'more' },
      ]),
    ).toBe(false);
  });
  it("keeps the model's summary without its analysis, as `Summary:` and the text", () => {
    expect(
      formatSummary('<analysis>\nThinking.\n</analysis>\n\n<summary>\n  The user said hi.\n</summary>\n'),
    ).toBe('Summary:\nThe user said hi.');
    expect(formatSummary('Before.\n\n\n\n<summary>Short.</summary>')).toBe('Before.\n\nSummary:\nShort.');
    expect(formatSummary('No tags at all.')).toBe('No tags at all.');
  });
});
