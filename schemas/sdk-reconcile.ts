/**
 * A pinned set as users get it: the set drafted from the corpus (`amendments.ts`), then the
 * amendments that make it accept what the Agent SDK declares (`sdk-amendments.ts`, written by
 * `npm run schemas:reconcile`). The drafted set stays reachable as `observed`, which is what the
 * reconciliation compares with the SDK.
 */

import type { z } from 'zod';
import { type Amendment, amendSchemaSet } from './amend.js';
import type { SchemaSet } from './schema-set.js';

/**
 * `sdkNamed` names the SDK's types the amendments use (their `$defs` in the generated files); they
 * come first, so where an older set already used a name the newer SDK's type takes it.
 */
export function withSdkAmendments(
  observed: SchemaSet,
  sdkAmendments: readonly Amendment[],
  sdkNamed: ReadonlyArray<readonly [z.ZodType, string]> = [],
  corpusOnly: () => SchemaSet = () => observed,
): SchemaSet {
  const base: SchemaSet = { ...observed, named: [...sdkNamed, ...(observed.named ?? [])] };
  const { previous, ...amended } =
    sdkAmendments.length === 0 ? base : amendSchemaSet(base, observed.version, sdkAmendments);
  return {
    ...amended,
    ...(observed.previous === undefined ? {} : { previous: observed.previous }),
    observed,
    corpusOnly: once(corpusOnly),
  };
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * The corpus-only set of a set amended from `previous` (see `SchemaSet.corpusOnly`): `previous`'s
 * own corpus-only set with this version's corpus amendments.
 */
export function corpusOnlyOf(
  previous: SchemaSet,
  version: string,
  amendments: readonly Amendment[],
): () => SchemaSet {
  return () => amendSchemaSet(previous.corpusOnly?.() ?? previous, version, amendments);
}
