import { inRange, type VersionRange } from './version-range.js';

/**
 * What changed between CLI versions, by name, at the boundary `bisect` found: the catalogue's
 * expectations and the tests read these, so a version nobody pinned falls on the right side of
 * each, and no test compares version numbers of its own.
 */
export const VERSION_FACTS = {
  /**
   * A session in a fresh sandbox starts in auto mode (`system/init` `permissionMode: "auto"`): a
   * tool that would ask runs after the auto-mode classifier, and no `can_use_tool` prompt, MCP or
   * stdio permission tool call, `requires_action` state or pending prompt to interrupt happens
   * (every release run one by one: 2.1.284 and 2.1.302 start in `default`, 2.1.285 to 2.1.301 in `auto`).
   */
  autoModeByDefault: '>=2.1.285 <2.1.302',
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
  /**
   * `get_context_usage` takes `detail: 'summary'` and estimates the answer locally (no token-count
   * request); before, the request has no `detail` and a summary is the full answer (the cached
   * releases around it: 2.1.250 answers in full, 2.1.258 estimates; none between was tried).
   */
  contextUsageSummary: '>=2.1.258',
} as const satisfies Record<string, VersionRange>;

export type VersionFact = keyof typeof VERSION_FACTS;

/** Whether `fact` holds for CLI `version`. */
export function hasFact(version: string, fact: VersionFact): boolean {
  return inRange(version, VERSION_FACTS[fact]);
}
