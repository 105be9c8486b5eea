import type { Severity } from '../findings/index.js';
import { differenceOf, isSame, type ScenarioOutcome, withCode } from './outcome.js';
import type { Verdict } from './search.js';

/**
 * What makes a version bad in a bisection:
 * - `failure` (the default): the scenario fails against the baseline at `failOn`, as `run --only
 *   <scenario>` judges it: the answer is the first failing release;
 * - `change` (`--on change`): its status or findings differ from the good version's;
 * - `code` (`--code`): it has a finding with the code (at the path).
 */
export type Looking =
  | { for: 'failure'; failOn: Severity }
  | { for: 'change' }
  | { for: 'code'; code: string; path?: string };

/** What a bisection looks for, in words (progress and the text report). */
export function lookingText(looking: Looking): string {
  if (looking.for === 'code') return `finding ${looking.code}${looking.path ? ` at ${looking.path}` : ''}`;
  if (looking.for === 'change') return 'a change';
  return `a failure at ${looking.failOn}`;
}

/**
 * A version's verdict: bad when it fails (an untestable run is skipped), differs from the
 * reference (the good end), or shows the code (an untestable run without it is skipped).
 */
export function verdictOf(outcome: ScenarioOutcome, reference: ScenarioOutcome, looking: Looking): Verdict {
  if (looking.for === 'failure') {
    if (outcome.status === 'untestable') return 'skip';
    return outcome.status === 'failed' ? 'bad' : 'good';
  }
  if (looking.for === 'code') {
    if (withCode(outcome, looking.code, looking.path).length > 0) return 'bad';
    return outcome.status === 'untestable' ? 'skip' : 'good';
  }
  return isSame(differenceOf(reference, outcome)) ? 'good' : 'bad';
}
