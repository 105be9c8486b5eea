import { ClideError } from '../errors/index.js';
import { SCENARIOS } from '../scenarios/catalogue/index.js';
import type { Scenario } from '../scenarios/scenario.js';
import { selectByPrefixes } from '../scenarios/select-by-prefixes.js';

export interface CatalogueEntry {
  id: string;
  tier: Scenario['tier'];
  requirement: string;
  spec: string;
}

/** The usage error of an `--only` that selects no scenario (exit 2, for `run` and `list` alike). */
export function noScenarioSelected(only: readonly string[]): ClideError {
  return new ClideError(
    'usage',
    `no scenario id starts with ${only.map((p) => JSON.stringify(p)).join(' or ')}`,
    {
      where: '--only',
      hint: 'list the ids with `clide-conformance list`',
    },
  );
}

/**
 * The scenario catalogue as data (`clide-conformance list`), optionally filtered by id prefixes;
 * a prefix that selects nothing is a usage error naming the closest ids, as in `run`.
 */
export function catalogueEntries(only: string[] = []): CatalogueEntry[] {
  const list = selectByPrefixes(SCENARIOS, only);
  return list.map(({ id, tier, requirement, spec }) => ({ id, tier, requirement, spec }));
}
