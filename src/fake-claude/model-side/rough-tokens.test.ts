import { describe, expect, test } from 'vitest';
import { roughContentTokens, roughSystemTokens, roughTokens } from './rough-tokens.js';

describe('rough tokens, as the real CLI counts a compaction’s post_tokens', () => {
  test('a text: its length over four, rounded half up', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => roughTokens('x'.repeat(n)))).toEqual([0, 0, 1, 1, 1, 1, 2]);
  });

  test('a message’s blocks each rounded on their own, then added', () => {
    // Two blocks of 2 characters: a token each; rounded as one text of 4 they would be one.
    expect(
      roughContentTokens([
        { type: 'text', text: 'ab' },
        { type: 'text', text: 'cd' },
      ]),
    ).toBe(2);
    expect(roughContentTokens('abcd')).toBe(1);
    expect(roughContentTokens([{ type: 'image' }, null])).toBe(0);
  });

  test('a system-role message by the parts it was joined from, each with its newline', () => {
    // 'abcde' + '\n' = 6 → 2; 'ab' + '\n' = 3 → 1. The joined text (9 characters) would be 2.
    expect(roughSystemTokens('abcde\n\nab')).toBe(3);
    expect(roughSystemTokens('')).toBe(0);
  });
});
