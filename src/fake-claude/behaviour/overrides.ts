import type { CapturedData } from './data/types.js';
import type { CliBehaviour } from './types.js';

/**
 * A set of named per-version overrides: what a CLI version does differently from the behaviour
 * before it (texts, shapes, gating rules, ordering), where captured data cannot say it. A set is
 * the file `<version>/overrides.ts` (exporting `overrides`), registered by its folder in the
 * generated `override-sets.ts`; it applies from its folder's version on, on top of the base and of
 * every earlier set.
 */
export interface VersionOverrides {
  /**
   * The overridden members of the behaviour, each one named after what changed. `previous` is the
   * behaviour so far (call it to extend rather than replace); `data` is the emulated version's data.
   */
  apply(previous: CliBehaviour, data: CapturedData): Partial<CliBehaviour> & ThisType<CliBehaviour>;
}

/**
 * A version's override set taken from a later one, as data (`<version>/overrides.json`, written by
 * `npm run fake:draft-overrides` and `pin`): the version behaves as the set of `from` does (only
 * its members named in `members`, when given; not those in `except`). It applies, and so does the
 * folder's own set, to the versions from its folder's up to `from`'s; from there on the set of
 * `from` applies itself.
 */
export interface OverridePicks {
  /** The version of the later override set. */
  from: string;
  /** The members taken (default: all of them). */
  members?: readonly string[];
  /** The members not taken: the version behaves as the sets before it there. */
  except?: readonly string[];
}
