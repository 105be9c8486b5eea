import type { VariationEntry } from './variation.js';

/**
 * What varies between runs of the same CLI, per version and scenario, observed by recording the
 * corpus more than once (see docs/drift-report.md, "Flakiness is data"). Keep it small and exact:
 * every entry hides that and nothing else from the comparison.
 */
export const VARIATION_DATA: Record<string, Record<string, readonly VariationEntry[]>> = {};
