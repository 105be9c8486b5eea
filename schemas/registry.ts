/**
 * Version registry: maps any CLI version string to the nearest pinned schema set at or below it.
 * The sets are listed in `pinned.ts` (written by `clide-conformance pin`).
 */
import { ClideError } from '../src/errors/index.js';
import { PINNED_SETS as PINNED } from './pinned.js';
import type { SchemaSet } from './schema-set.js';
import { compareVersions, parseVersion } from './version.js';

export type { SchemaSet } from './schema-set.js';
export { compareVersions, parseVersion } from './version.js';

export interface SchemaSelection {
  /** The pinned set chosen. */
  set: SchemaSet;
  /** The version asked for (normalised). */
  requested: string;
  /** True when `requested` is exactly a pinned version. */
  exact: boolean;
  /** Why a different version was chosen; absent on an exact match. */
  note?: string;
}

/** Pinned versions, lowest first. */
export function pinnedVersions(): string[] {
  return sortedPinned().map((s) => s.version);
}

function sortedPinned(): SchemaSet[] {
  return [...PINNED].sort((a, b) => compareVersions(parseVersion(a.version)!, parseVersion(b.version)!));
}

/**
 * The schema set for `version`: the highest pinned version at or below it; below every pinned
 * version, the lowest (with a note). Throws a `usage` ClideError for a string that is no version.
 */
export function schemaSetFor(version: string): SchemaSelection {
  const wanted = parseVersion(version);
  if (!wanted) {
    throw new ClideError('usage', `"${version}" is not a CLI version`, {
      where: '--cc-version',
      hint: `give a version such as ${pinnedVersions().at(-1)} (pinned: ${pinnedVersions().join(', ')})`,
    });
  }
  const requested = wanted.join('.');
  const sets = sortedPinned();
  let chosen: SchemaSet | undefined;
  for (const set of sets) if (compareVersions(parseVersion(set.version)!, wanted) <= 0) chosen = set;
  if (!chosen) {
    const lowest = sets[0]!;
    return {
      set: lowest,
      requested,
      exact: false,
      note: `CLI ${requested} is older than every pinned schema set; using the lowest, ${lowest.version}`,
    };
  }
  if (chosen.version === requested) return { set: chosen, requested, exact: true };
  return {
    set: chosen,
    requested,
    exact: false,
    note: `no schema set pinned for CLI ${requested}; using the nearest below it, ${chosen.version}`,
  };
}
