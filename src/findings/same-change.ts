import type { Finding, JsonPath } from './finding.js';

/**
 * Pairs of codes that report one change twice: the schema check sees a field or a subtype the
 * baseline's schemas lack (once per occurrence, at indexed paths), the structural comparison sees
 * it new against the baseline fixture (once per message kind, `*` for every element). The
 * comparison's finding stands for both.
 */
const SAME_CHANGE: ReadonlyArray<{ schema: string; drift: readonly string[]; byPath: boolean }> = [
  { schema: 'schema/unknown-field', drift: ['drift/field-new'], byPath: true },
  { schema: 'schema/unknown-subtype', drift: ['drift/subtype-new', 'drift/message-new'], byPath: false },
];

/** True when the comparison's path (`*` for any element or map entry) names the schema's place. */
function covers(pattern: JsonPath, path: JsonPath): boolean {
  return pattern.length === path.length && pattern.every((part, i) => part === '*' || part === path[i]);
}

/** A finding as far as its identity goes: code, message kind, path. */
export interface ChangeSite {
  code: string;
  kind: string | undefined;
  path: JsonPath;
}

/**
 * True when `schema` (a schema check's finding) reports the change `drift` (the comparison's)
 * reports: a field new to the schemas where the comparison has the field new, in the same kind of
 * message and at a place the comparison's path names; a subtype unknown to the schemas where the
 * comparison has that kind of message new.
 */
export function reportsSameChange(schema: ChangeSite, drift: ChangeSite): boolean {
  if (schema.kind === undefined || schema.kind !== drift.kind) return false;
  const pair = SAME_CHANGE.find((p) => p.schema === schema.code);
  if (pair === undefined || !pair.drift.includes(drift.code)) return false;
  return !pair.byPath || covers(drift.path, schema.path);
}

/** True for a schema check's code that may report a change the comparison reports too. */
export function isSchemaSideOfAChange(code: string): boolean {
  return SAME_CHANGE.some((p) => p.schema === code);
}

const site = (f: Finding): ChangeSite => ({ code: f.code, kind: f.location?.kind, path: f.path });

/**
 * One change, one finding: a field new to the baseline's schemas and new against the baseline is
 * the comparison's `drift/field-new` alone, which names `schema/unknown-field` in `also`; a
 * message kind new to both alike (`schema/unknown-subtype` into `drift/subtype-new` or
 * `drift/message-new`). Findings are matched by message kind (their location's `kind`) and path
 * ({@link reportsSameChange}); the rest is returned as it came, in its order.
 */
export function mergeSameChanges(findings: readonly Finding[]): Finding[] {
  const drifts = findings.filter((f) => SAME_CHANGE.some((p) => p.drift.includes(f.code)));
  if (drifts.length === 0) return [...findings];
  const merged = new Map<Finding, Set<string>>();
  const dropped = new Set<Finding>();
  for (const f of findings) {
    if (!isSchemaSideOfAChange(f.code)) continue;
    const into = drifts.find((d) => reportsSameChange(site(f), site(d)));
    if (!into) continue;
    dropped.add(f);
    merged.set(into, (merged.get(into) ?? new Set()).add(f.code));
  }
  if (dropped.size === 0) return [...findings];
  return findings
    .filter((f) => !dropped.has(f))
    .map((f) => {
      const codes = merged.get(f);
      return codes ? { ...f, also: [...new Set([...(f.also ?? []), ...codes])] } : f;
    });
}
