import { versionOrder } from '../../../schemas/version.js';
import { ClideError } from '../../errors/index.js';
import { baseBehaviour } from './base/index.js';
import type { CapturedData } from './data/types.js';
import { CAPTURED_DATA, CAPTURED_VERSIONS } from './data/versions.js';
import { OVERRIDE_PICKS, OVERRIDE_SETS } from './override-sets.js';
import type { OverridePicks, VersionOverrides } from './overrides.js';
import type { CliBehaviour } from './types.js';

export type { CapturedData } from './data/types.js';
export type { OverridePicks, VersionOverrides } from './overrides.js';
export type {
  ApiTool,
  CallUsage,
  CliBehaviour,
  HookCommon,
  Json,
  McpStatusServer,
  PermissionPolicy,
  PermissionRecord,
  ResultTotals,
  SessionFacts,
  ToolContext,
  ToolOutcome,
} from './types.js';

/**
 * A version is its captured data (`data/<version>/`, registered in the generated `data/versions.ts`)
 * plus the named overrides of every override set (`<version>/overrides.ts`, registered in the generated
 * `override-sets.ts`) whose version is at or below it, and those a folder at or below it takes from
 * a later set (`<version>/overrides.json`), applied oldest
 * first on top of the base behaviour (`base/`). No version needs code of its own unless the real
 * CLI demands an override.
 */

/** The versions the fake can emulate (the ones it has captured data for), oldest first. */
export function emulatedVersions(): string[] {
  return [...CAPTURED_VERSIONS];
}

/** Override picks drafted in this process (`useOverridePicks`), ahead of the registry's. */
const draftPicks = new Map<string, OverridePicks | undefined>();

/** The override picks of each version folder: the registry's, with those drafted in this process. */
function picksByVersion(): Record<string, OverridePicks> {
  const out: Record<string, OverridePicks> = { ...OVERRIDE_PICKS };
  for (const [version, picks] of draftPicks) {
    if (picks) out[version] = picks;
    else delete out[version];
  }
  return out;
}

/**
 * The override sets that apply to `version`, oldest first: the set of every version folder at or
 * below it, and the members a folder at or below it takes from a later set (`overrides.json`) that
 * does not apply to it yet; a folder's picks come before its own set. A folder that takes a later
 * set's members describes the versions from it up to that set: from there on the later set applies
 * itself, and neither the folder's picks nor its own set do (what it overrides, the later set does not
 * necessarily restate).
 */
export function overridesFor(version: string): VersionOverrides[] {
  return overrideChain(version, OVERRIDE_SETS, picksByVersion());
}

/** `overridesFor` over the given registries. */
export function overrideChain(
  version: string,
  sets: Readonly<Record<string, VersionOverrides>>,
  picks: Readonly<Record<string, OverridePicks>>,
): VersionOverrides[] {
  const folders = [...new Set([...Object.keys(sets), ...Object.keys(picks)])]
    .filter((folder) => versionOrder(folder, version) <= 0)
    .sort(versionOrder);
  const out: VersionOverrides[] = [];
  for (const folder of folders) {
    const pick = picks[folder];
    const own = sets[folder];
    if (pick) {
      const taken = picked(folder, pick, sets);
      if (versionOrder(pick.from, version) <= 0) continue;
      out.push(taken);
    }
    if (own) out.push(own);
  }
  return out;
}

/** The members `pick` takes from its later set, as an override set of their own. */
function picked(
  folder: string,
  pick: OverridePicks,
  sets: Readonly<Record<string, VersionOverrides>>,
): VersionOverrides {
  const from = sets[pick.from];
  if (!from || versionOrder(pick.from, folder) <= 0) {
    throw new ClideError('usage', `the override picks of claude ${folder} name no later override set`, {
      where: `src/fake-claude/behaviour/${folder}/overrides.json`,
      hint: `"from": one of ${
        Object.keys(sets)
          .filter((v) => versionOrder(v, folder) > 0)
          .join(', ') || '(none)'
      }`,
    });
  }
  return {
    apply(previous, data) {
      const members = from.apply(previous, data) as Record<string, unknown>;
      const named = [...(pick.members ?? []), ...(pick.except ?? [])];
      const missing = named.filter((m) => !(m in members));
      if (missing.length > 0) {
        throw new ClideError(
          'usage',
          `the override set of ${pick.from} has no member ${missing.join(', ')}`,
          {
            where: `src/fake-claude/behaviour/${folder}/overrides.json`,
          },
        );
      }
      const taken = Object.keys(members).filter(
        (m) => (pick.members?.includes(m) ?? true) && !pick.except?.includes(m),
      );
      return Object.fromEntries(taken.map((m) => [m, members[m]])) as Partial<CliBehaviour>;
    },
  };
}

/**
 * Emulates `version` with `picks` as its `overrides.json` in this process (undefined: with none),
 * whatever its folder holds: how a draft compares the fake with and without a later set's members
 * before it writes the file.
 */
export function useOverridePicks(version: string, picks: OverridePicks | undefined): void {
  draftPicks.set(version, picks);
  loaded.clear();
}

/** Emulates `version` with the picks its folder holds again (undoes `useOverridePicks`). */
export function forgetOverridePicks(version: string): void {
  draftPicks.delete(version);
  loaded.clear();
}

const loaded = new Map<string, Promise<CliBehaviour>>();

/** The behaviour model of `version`; a ClideError naming the known ones otherwise. */
export function behaviourFor(version: string): Promise<CliBehaviour> {
  const load = CAPTURED_DATA[version];
  if (!load) {
    throw new ClideError('usage', `fake-claude cannot emulate claude ${version}`, {
      where: 'CLIDE_FAKE_VERSION',
      hint: `emulated versions: ${emulatedVersions().join(', ')}`,
    });
  }
  let behaviour = loaded.get(version);
  if (!behaviour) {
    behaviour = load().then((data) => behaviourOf(version, data));
    loaded.set(version, behaviour);
  }
  return behaviour;
}

/**
 * The behaviour model of `version` from its data as given: the base, then every override set that
 * applies to it (`behaviourFor` loads the data of a registered version; a capture of a version not
 * built into the registry yet passes the files it wrote).
 */
export function behaviourOf(version: string, data: CapturedData): CliBehaviour {
  let out = baseBehaviour(data);
  for (const overrides of overridesFor(version)) out = { ...out, ...overrides.apply(out, data) };
  return out;
}
