import { describe, expect, it } from 'vitest';
import { hasFact, VERSION_FACTS } from './version-facts.js';

describe('version facts hold on their side of the bisected boundary', () => {
  it('a bare allow runs the tool from 2.1.207', () => {
    expect(hasFact('2.1.206', 'bareAllowRunsTool')).toBe(false);
    expect(hasFact('2.1.207', 'bareAllowRunsTool')).toBe(true);
    expect(hasFact('2.1.400', 'bareAllowRunsTool')).toBe(true);
  });
  it('the budget terminal_reason from 2.1.206', () => {
    expect(hasFact('2.1.205', 'budgetTerminalReason')).toBe(false);
    expect(hasFact('2.1.206', 'budgetTerminalReason')).toBe(true);
  });
  it('every fact is a valid range', () => {
    for (const fact of Object.keys(VERSION_FACTS) as Array<keyof typeof VERSION_FACTS>) {
      expect(() => hasFact('2.1.150', fact)).not.toThrow();
    }
  });
});
