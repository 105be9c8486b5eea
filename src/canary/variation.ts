import { parseVersion } from '../../schemas/version.js';
import type { JsonPath } from '../findings/index.js';
import { inRange } from '../scenarios/version-range.js';
import { renderPath } from './render-path.js';
import { VARIATION_DATA } from './variation-data.js';

/**
 * Flakiness as data: what varies between runs of the same CLI in one scenario, observed by
 * recording it more than once (`variation-data.ts`). The comparison ignores exactly that.
 *
 * - `{ kind }`: whether the kind is sent at all, and how often, depends on timing;
 * - `{ kind, path }`: the field's presence, type and value vary;
 * - `{ kind, path, values }`: these values of the field (catalogue entries, enum values) come and go.
 */
export interface VariationEntry {
  kind: string;
  /** As `renderPath` prints it: `$.tools[*]`. */
  path?: string;
  /** `JSON.stringify` of each value. */
  values?: string[];
}

export type Variation = readonly VariationEntry[];

/** The variation of a scenario of a CLI version (none when nothing was observed to vary). */
export function variationFor(cliVersion: string | null, scenario: string | undefined): Variation {
  if (cliVersion === null || scenario === undefined || parseVersion(cliVersion) === undefined) return [];
  return VARIATION_DATA.filter((r) => r.scenario === scenario && inRange(cliVersion, r.versions)).flatMap(
    (r) => r.entries,
  );
}

/** True when a finding about `kind` (and `path`) is entirely explained by the variation. */
export function variationMatches(variation: Variation, kind: string, path?: JsonPath): boolean {
  const rendered = path === undefined || path.length === 0 ? undefined : renderPath(path);
  return variation.some(
    (v) =>
      v.kind === kind &&
      v.values === undefined &&
      (v.path === undefined || (rendered !== undefined && within(rendered, v.path))),
  );
}

/** The values of a field that come and go in this scenario. */
export function varyingValues(variation: Variation, kind: string, path: JsonPath): Set<string> {
  const rendered = renderPath(path);
  const out = new Set<string>();
  for (const v of variation) {
    if (v.kind === kind && v.path === rendered) for (const value of v.values ?? []) out.add(value);
  }
  return out;
}

function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}
