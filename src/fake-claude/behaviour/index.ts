import { ClideError } from '../../errors/index.js';
import { behaviour2_1_150 } from './2.1.150/index.js';
import type { CliBehaviour } from './types.js';

export type {
  ApiTool,
  CallUsage,
  CliBehaviour,
  HookCommon,
  Json,
  PermissionPolicy,
  ResultTotals,
  SessionFacts,
  ToolContext,
  ToolOutcome,
} from './types.js';

/** Behaviour models by CLI version. Add a folder per newly pinned version. */
const BEHAVIOURS: Readonly<Record<string, CliBehaviour>> = {
  '2.1.150': behaviour2_1_150,
};

/** The versions the fake can emulate. */
export function emulatedVersions(): string[] {
  return Object.keys(BEHAVIOURS);
}

/** The behaviour model of `version`; a ClideError naming the known ones otherwise. */
export function behaviourFor(version: string): CliBehaviour {
  const behaviour = BEHAVIOURS[version];
  if (!behaviour) {
    throw new ClideError('usage', `fake-claude cannot emulate claude ${version}`, {
      where: 'CLIDE_FAKE_VERSION',
      hint: `emulated versions: ${emulatedVersions().join(', ')}`,
    });
  }
  return behaviour;
}
