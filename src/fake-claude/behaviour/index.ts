import { versionOrder } from '../../../schemas/version.js';
import { ClideError } from '../../errors/index.js';
import { baseBehaviour } from './base/index.js';
import type { CapturedData } from './data/types.js';
import { CAPTURED_DATA, CAPTURED_VERSIONS } from './data/versions.js';
import { OVERRIDE_SETS } from './override-sets.js';
import type { VersionOverrides } from './overrides.js';
import type { CliBehaviour } from './types.js';

export type { CapturedData } from './data/types.js';
export type { VersionOverrides } from './overrides.js';
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
 * `override-sets.ts`) whose version is at or below it, applied oldest
 * first on top of the base behaviour (`base/`). No version needs code of its own unless the real
 * CLI demands an override.
 */

/** The versions the fake can emulate (the ones it has captured data for), oldest first. */
export function emulatedVersions(): string[] {
  return [...CAPTURED_VERSIONS];
}

/** The override sets that apply to `version` (those of its version and every earlier one), oldest first. */
export function overridesFor(version: string): VersionOverrides[] {
  return Object.keys(OVERRIDE_SETS)
    .filter((since) => versionOrder(since, version) <= 0)
    .sort(versionOrder)
    .map((since) => OVERRIDE_SETS[since]!);
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
