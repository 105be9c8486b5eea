/**
 * The difference between two field trees (of one message kind or one reply payload): fields added
 * and removed (a field's subtree is reported with it, not line by line), retyped, enum / literal
 * values added or removed, union branches added or removed, required ↔ optional.
 */
import type { FieldInfo, FieldMap, Literal } from './field-map.js';

export type FieldChange =
  | {
      change: 'field-added' | 'field-removed';
      path: string;
      type: string;
      optional: boolean;
      /** The fields below it, relative to it (`.a`, `[*].b`), with their types. */
      nested: NestedField[];
    }
  | {
      /** A branch of a discriminated union (`$.content[*]<type=image>`). */
      change: 'branch-added' | 'branch-removed';
      path: string;
      nested: NestedField[];
    }
  | { change: 'retyped'; path: string; from: string; to: string }
  | { change: 'values-changed'; path: string; added: Literal[]; removed: Literal[] }
  | { change: 'now-optional' | 'now-required'; path: string };

export interface NestedField {
  path: string;
  type: string;
  optional: boolean;
}

/** Paths sort in a stable order that keeps a field next to its subtree. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const CHANGE_ORDER: Record<FieldChange['change'], number> = {
  'branch-removed': 0,
  'field-removed': 1,
  retyped: 2,
  'values-changed': 3,
  'now-optional': 4,
  'now-required': 5,
  'branch-added': 6,
  'field-added': 7,
};

function isBelow(path: string, ancestor: string): boolean {
  if (!path.startsWith(ancestor) || path === ancestor) return false;
  const next = path[ancestor.length];
  return next === '.' || next === '[' || next === '{' || next === '<';
}

function isBranch(path: string): boolean {
  return path.endsWith('>');
}

function nestedOf(map: FieldMap, path: string): NestedField[] {
  return [...map]
    .filter(([p]) => isBelow(p, path))
    .map(([p, f]) => ({ path: p.slice(path.length), type: f.type, optional: f.optional }))
    .sort((a, b) => comparePaths(a.path, b.path));
}

function sameValues(a: readonly Literal[], b: readonly Literal[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Every change from `before` to `after`, sorted by path then kind of change. */
export function diffFields(before: FieldMap, after: FieldMap): FieldChange[] {
  const out: FieldChange[] = [];
  const gone = [...before.keys()].filter((p) => !after.has(p));
  const fresh = [...after.keys()].filter((p) => !before.has(p));
  const goneRoots = gone.filter((p) => !gone.some((q) => isBelow(p, q)));
  const freshRoots = fresh.filter((p) => !fresh.some((q) => isBelow(p, q)));

  for (const path of goneRoots) {
    const f = before.get(path)!;
    out.push(
      isBranch(path)
        ? { change: 'branch-removed', path, nested: nestedOf(before, path) }
        : {
            change: 'field-removed',
            path,
            type: f.type,
            optional: f.optional,
            nested: nestedOf(before, path),
          },
    );
  }
  for (const path of freshRoots) {
    const f = after.get(path)!;
    out.push(
      isBranch(path)
        ? { change: 'branch-added', path, nested: nestedOf(after, path) }
        : { change: 'field-added', path, type: f.type, optional: f.optional, nested: nestedOf(after, path) },
    );
  }
  for (const [path, b] of before) {
    const a = after.get(path);
    if (!a) continue;
    out.push(...fieldChanges(path, b, a));
  }
  return out.sort((x, y) => comparePaths(x.path, y.path) || CHANGE_ORDER[x.change] - CHANGE_ORDER[y.change]);
}

function fieldChanges(path: string, b: FieldInfo, a: FieldInfo): FieldChange[] {
  const out: FieldChange[] = [];
  if (b.discriminator !== undefined && b.discriminator === a.discriminator) {
    // A discriminated union: its branches are reported as branches, one by one.
  } else if (b.values && a.values && b.base === a.base) {
    if (!sameValues(b.values, a.values)) {
      out.push({
        change: 'values-changed',
        path,
        added: a.values.filter((v) => !b.values!.includes(v)),
        removed: b.values.filter((v) => !a.values!.includes(v)),
      });
    }
  } else if (b.type !== a.type) {
    out.push({ change: 'retyped', path, from: b.type, to: a.type });
  }
  if (b.optional !== a.optional) out.push({ change: a.optional ? 'now-optional' : 'now-required', path });
  return out;
}
