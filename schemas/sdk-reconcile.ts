/**
 * A pinned set as users get it: the set drafted from the corpus (`amendments.ts`), then the
 * amendments that make it accept what the Agent SDK declares (`sdk-amendments.ts`, written by
 * `npm run schemas:reconcile`). The drafted set stays reachable as `observed`, which is what the
 * reconciliation compares with the SDK.
 */
import { type Amendment, amendSchemaSet } from './amend.js';
import type { SchemaSet } from './schema-set.js';

export function withSdkAmendments(observed: SchemaSet, sdkAmendments: readonly Amendment[]): SchemaSet {
  const { previous, ...amended } =
    sdkAmendments.length === 0 ? observed : amendSchemaSet(observed, observed.version, sdkAmendments);
  return {
    ...amended,
    ...(observed.previous === undefined ? {} : { previous: observed.previous }),
    observed,
  };
}
