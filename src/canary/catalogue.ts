import { SCENARIOS, type Scenario, selectScenarios } from '../scenarios/index.js';

export interface CatalogueEntry {
  id: string;
  tier: Scenario['tier'];
  requirement: string;
  spec: string;
}

/** The scenario catalogue as data (`clide-conformance list`), optionally filtered by id prefixes. */
export function catalogueEntries(only: string[] = []): CatalogueEntry[] {
  const list = only.length === 0 ? SCENARIOS : selectScenarios(only);
  return list.map(({ id, tier, requirement, spec }) => ({ id, tier, requirement, spec }));
}
