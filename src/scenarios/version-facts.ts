import { inRange, type VersionRange } from './version-range.js';

/**
 * What changed between CLI versions, by name, at the boundary `bisect` found: the catalogue's
 * expectations and the tests read these, so a version nobody pinned falls on the right side of
 * each, and no test compares version numbers of its own.
 */
export const VERSION_FACTS = {
  /**
   * A bare `{ behavior: "allow" }` (no `updatedInput`) runs the tool; before, the reply is
   * rejected with a ZodError (`bisect permission/allow-without-updated-input --good 2.1.206 --bad 2.1.217`).
   */
  bareAllowRunsTool: '>=2.1.207',
  /**
   * A budget stop's result carries `terminal_reason: "budget_exhausted"` (`bisect
   * turn/max-budget-usd --good 2.1.203 --bad 2.1.206 --code drift/field-new --path '$.terminal_reason'`).
   */
  budgetTerminalReason: '>=2.1.206',
} as const satisfies Record<string, VersionRange>;

export type VersionFact = keyof typeof VERSION_FACTS;

/** Whether `fact` holds for CLI `version`. */
export function hasFact(version: string, fact: VersionFact): boolean {
  return inRange(version, VERSION_FACTS[fact]);
}
