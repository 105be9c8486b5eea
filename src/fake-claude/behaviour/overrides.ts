import { overrides2_1_332 } from './2.1.332/overrides.js';
import type { CapturedData } from './data/types.js';
import type { CliBehaviour } from './types.js';

/**
 * A set of named per-version overrides: what a CLI version does differently from the behaviour
 * before it (texts, shapes, gating rules, ordering), where captured data cannot say it. Each set
 * applies from `since` on, on top of the base and of every earlier set.
 */
export interface VersionOverrides {
  /** The first version that behaves this way (the pinned version it was observed on). */
  since: string;
  /**
   * The overridden members of the behaviour, each one named after what changed. `previous` is the
   * behaviour so far (call it to extend rather than replace); `data` is the emulated version's data.
   */
  apply(previous: CliBehaviour, data: CapturedData): Partial<CliBehaviour> & ThisType<CliBehaviour>;
}

/** Every override set, by the version it starts at. 2.1.150 is the base (`base/`) and has none. */
export const OVERRIDES: readonly VersionOverrides[] = [overrides2_1_332];
