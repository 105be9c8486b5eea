import { describe, expect, it } from 'vitest';
import { hasFact, VERSION_FACTS } from './version-facts.js';

describe('version facts hold on their side of the bisected boundary', () => {
  it('a fresh session starts in auto mode from 2.1.285 to 2.1.301 only', () => {
    expect(hasFact('2.1.284', 'autoModeByDefault')).toBe(false);
    expect(hasFact('2.1.285', 'autoModeByDefault')).toBe(true);
    expect(hasFact('2.1.301', 'autoModeByDefault')).toBe(true);
    expect(hasFact('2.1.302', 'autoModeByDefault')).toBe(false);
  });
  it('a bare allow runs the tool from 2.1.207', () => {
    expect(hasFact('2.1.206', 'bareAllowRunsTool')).toBe(false);
    expect(hasFact('2.1.207', 'bareAllowRunsTool')).toBe(true);
    expect(hasFact('2.1.400', 'bareAllowRunsTool')).toBe(true);
  });
  it('the budget terminal_reason from 2.1.206', () => {
    expect(hasFact('2.1.205', 'budgetTerminalReason')).toBe(false);
    expect(hasFact('2.1.206', 'budgetTerminalReason')).toBe(true);
  });
  it("get_context_usage's summary from 2.1.258", () => {
    expect(hasFact('2.1.250', 'contextUsageSummary')).toBe(false);
    expect(hasFact('2.1.258', 'contextUsageSummary')).toBe(true);
  });
  it('every fact is a valid range', () => {
    for (const fact of Object.keys(VERSION_FACTS) as Array<keyof typeof VERSION_FACTS>) {
      expect(() => hasFact('2.1.150', fact)).not.toThrow();
    }
  });
});
