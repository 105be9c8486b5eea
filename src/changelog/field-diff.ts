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

function isBranch(path: string): boolean {
  return path.endsWith('>');
}

/** The paths `path` is below: each of its prefixes that a separator follows. */
function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === '.' || c === '[' || c === '{' || c === '<') out.push(path.slice(0, i));
  }
  return out;
}

/** The paths of `paths` below none of the others. */
function rootsOf(paths: readonly string[]): string[] {
  const all = new Set(paths);
  return paths.filter((p) => !ancestorsOf(p).some((q) => all.has(q)));
}

/** The fields of `map` below each of `roots`, relative to it and sorted, in one pass over the map. */
function nestedOfRoots(map: FieldMap, roots: readonly string[]): Map<string, NestedField[]> {
  const out = new Map<string, NestedField[]>(roots.map((r) => [r, []]));
  for (const [p, f] of map) {
    for (const q of ancestorsOf(p)) {
      out.get(q)?.push({ path: p.slice(q.length), type: f.type, optional: f.optional });
    }
  }
  for (const list of out.values()) list.sort((a, b) => comparePaths(a.path, b.path));
  return out;
}

function sameValues(a: readonly Literal[], b: readonly Literal[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Every change from `before` to `after`, sorted by path then kind of change. */
export function diffFields(before: FieldMap, after: FieldMap): FieldChange[] {
  const out: FieldChange[] = [];
  const gone = [...before.keys()].filter((p) => !after.has(p));
  const fresh = [...after.keys()].filter((p) => !before.has(p));
  // A path is below another when it starts with it and a separator follows: looked up by its
  // prefixes, not by a scan of every other path (a schema set has thousands).
  const goneRoots = rootsOf(gone);
  const freshRoots = rootsOf(fresh);
  const goneNested = nestedOfRoots(before, goneRoots);
  const freshNested = nestedOfRoots(after, freshRoots);

  for (const path of goneRoots) {
    const f = before.get(path)!;
    out.push(
      isBranch(path)
        ? { change: 'branch-removed', path, nested: goneNested.get(path)! }
        : {
            change: 'field-removed',
            path,
            type: f.type,
            optional: f.optional,
            nested: goneNested.get(path)!,
          },
    );
  }
  for (const path of freshRoots) {
    const f = after.get(path)!;
    out.push(
      isBranch(path)
        ? { change: 'branch-added', path, nested: freshNested.get(path)! }
        : { change: 'field-added', path, type: f.type, optional: f.optional, nested: freshNested.get(path)! },
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
