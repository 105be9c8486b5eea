import { ClideError } from '../errors/index.js';
import { SCENARIOS, selectScenarios } from '../scenarios/catalogue/index.js';
import type { Scenario } from '../scenarios/scenario.js';

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
 * prefixes that select nothing are a usage error, as in `run`.
 */
export function catalogueEntries(only: string[] = []): CatalogueEntry[] {
  const list = only.length === 0 ? SCENARIOS : selectScenarios(only);
  if (list.length === 0) throw noScenarioSelected(only);
  return list.map(({ id, tier, requirement, spec }) => ({ id, tier, requirement, spec }));
}
