/**
 * Flattens a zod 4 schema into its field tree: one entry per JSON path, with the type a value may
 * have there, whether the field may be left out, and its allowed values when it is a literal or an
 * enum. Paths are rendered `$.a.b`, `$.list[*]`, `$.map{*}` and, below a discriminated union,
 * `$.content[*]<type=text>.text` (one branch per discriminator value).
 */
import type { z } from 'zod';
import {
  type AnySchema,
  type DefOf,
  defOf,
  optinOf,
  propValues,
  type Recurse,
  unwrap,
  zodWalker,
} from '../../schemas/zod-walk.js';

export type Literal = string | number | boolean | null;

export interface FieldInfo {
  /** What a value may be here: `string`, `number | null`, `"a" | "b"`, `object`, `array`, `record`. */
  type: string;
  /** `type` with literal values replaced by their JSON type (`"a" | "b"` → `string`). */
  base: string;
  /** True when the field may be left out of its parent object. */
  optional: boolean;
  /** The allowed values, when the value is one of a finite set of literals (sorted). */
  values?: Literal[];
  /** Set on a discriminated union: the key its branches are told apart by. */
  discriminator?: string;
}

/** JSON path → field, in insertion order (render sorted). */
export type FieldMap = Map<string, FieldInfo>;

/** Pins a discriminated union at a path to one branch (used to split a message union into kinds). */
export interface BranchPick {
  /** Path of the union, as rendered in a FieldMap (`$.request`). */
  path: string;
  /** The discriminator value of the branch to keep. */
  value: Literal;
}

const MAX_DEPTH = 24;

/** The discriminator values of a union branch (`propValues`, also for nested unions and enums). */
export function branchValues(option: AnySchema, key: string): Literal[] {
  const values = propValues(option, key);
  return values ? sortLiterals([...values] as Literal[]) : [];
}

export function keyPath(parent: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

export function branchPath(parent: string, key: string, value: Literal): string {
  return `${parent}<${key}=${typeof value === 'string' ? value : JSON.stringify(value)}>`;
}

export function sortLiterals(values: Literal[]): Literal[] {
  return [...new Set(values)].sort((a, b) => {
    const ka = `${typeof a}:${String(a)}`;
    const kb = `${typeof b}:${String(b)}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

function literalText(value: Literal): string {
  return JSON.stringify(value);
}

function literalBase(value: Literal): string {
  return value === null ? 'null' : typeof value;
}

function joinTypes(parts: string[]): string {
  return [...new Set(parts.flatMap((p) => p.split(' | ')))].sort().join(' | ');
}

interface Node {
  type: string;
  base: string;
  values?: Literal[];
  discriminator?: string;
}

/** Where the walk is: the field's path and how deep it lies. */
interface At {
  path: string;
  depth: number;
}

const recursive = (): Node => ({ type: 'recursive', base: 'recursive' });

/**
 * The field tree of `schema`, its root at `$` (the root itself is not an entry). `picks` keep only
 * one branch of the discriminated unions at the given paths.
 */
export function fieldMap(schema: z.ZodType, picks: readonly BranchPick[] = []): FieldMap {
  const out: FieldMap = new Map();
  const walker = new Walker(out, picks);
  walker.visit(schema, '$', 0);
  out.delete('$');
  return out;
}

class Walker {
  /** The node at a path; a schema inside itself (a recursive lazy) is `recursive`. */
  private readonly describe: Recurse<At, Node>;

  constructor(
    private readonly out: FieldMap,
    private readonly picks: readonly BranchPick[],
  ) {
    // Wrappers other than nullable, lazies and pipes are passed through.
    this.describe = zodWalker<At, Node>(
      {
        nullable: (def, at) => {
          const n = this.describe(def.innerType, at);
          return {
            type: joinTypes([n.type, 'null']),
            base: joinTypes([n.base, 'null']),
            ...(n.values ? { values: sortLiterals([...n.values, null]) } : {}),
            ...(n.discriminator ? { discriminator: n.discriminator } : {}),
          };
        },
        literal: (def) => {
          const values = sortLiterals(def.values as Literal[]);
          return {
            type: values.map(literalText).join(' | '),
            base: joinTypes(values.map(literalBase)),
            values,
          };
        },
        enum: (def) => {
          const values = sortLiterals(Object.values(def.entries));
          return {
            type: values.map(literalText).join(' | '),
            base: joinTypes(values.map(literalBase)),
            values,
          };
        },
        object: (def, { path, depth }) => {
          const shape = def.shape;
          for (const key of Object.keys(shape)) {
            const field = shape[key]!;
            this.visit(field, keyPath(path, key), depth + 1, optinOf(field) !== undefined);
          }
          return { type: 'object', base: 'object' };
        },
        array: (def, { path, depth }) => {
          this.visit(def.element, `${path}[*]`, depth + 1);
          return { type: 'array', base: 'array' };
        },
        set: (def, { path, depth }) => {
          this.visit(def.valueType, `${path}[*]`, depth + 1);
          return { type: 'array', base: 'array' };
        },
        tuple: (def, { path, depth }) => {
          def.items.forEach((item, i) => {
            this.visit(item, `${path}[${i}]`, depth + 1);
          });
          return { type: 'array', base: 'array' };
        },
        record: (def, { path, depth }) => {
          this.visit(def.valueType, `${path}{*}`, depth + 1);
          return { type: 'record', base: 'record' };
        },
        map: (def, { path, depth }) => {
          this.visit(def.valueType, `${path}{*}`, depth + 1);
          return { type: 'record', base: 'record' };
        },
        union: (def, at) => this.union(def, at),
        intersection: (def, at) => {
          const left = this.describe(def.left, at);
          const right = this.describe(def.right, at);
          return { type: joinTypes([left.type, right.type]), base: joinTypes([left.base, right.base]) };
        },
        unknown: () => ({ type: 'unknown', base: 'unknown' }),
        any: () => ({ type: 'unknown', base: 'unknown' }),
        int: () => ({ type: 'number', base: 'number' }),
        bigint: () => ({ type: 'number', base: 'number' }),
        date: () => ({ type: 'string', base: 'string' }),
        // string, number, boolean, null, undefined, never, …: the zod type name is the JSON type.
        other: (def) => ({ type: def.type, base: def.type }),
      },
      { cycle: recursive },
    );
  }

  /** The node of `schema` at a new depth: `recursive` too once deeper than MAX_DEPTH. */
  private describeAt(schema: AnySchema, path: string, depth: number): Node {
    return depth > MAX_DEPTH ? recursive() : this.describe(schema, { path, depth });
  }

  /** Records `schema` at `path` (merging with what is there) and descends into it. */
  visit(schema: AnySchema, path: string, depth: number, optional = false): Node {
    const node = this.describeAt(schema, path, depth);
    const previous = this.out.get(path);
    if (previous) {
      // A plain union reached the same path through two branches: a value may be either.
      const values =
        previous.values && node.values ? sortLiterals([...previous.values, ...node.values]) : undefined;
      this.out.set(path, {
        type: values ? values.map(literalText).join(' | ') : joinTypes([previous.type, node.type]),
        base: joinTypes([previous.base, node.base]),
        optional: previous.optional || optional,
        ...(values ? { values } : {}),
        ...(previous.discriminator ? { discriminator: previous.discriminator } : {}),
      });
    } else {
      this.out.set(path, {
        type: node.type,
        base: node.base,
        optional,
        ...(node.values ? { values: node.values } : {}),
        ...(node.discriminator ? { discriminator: node.discriminator } : {}),
      });
    }
    return node;
  }

  private union(def: DefOf<'union'>, { path, depth }: At): Node {
    const options = def.options;
    const key = def.discriminator;
    if (key !== undefined) {
      const pick = this.picks.find((p) => p.path === path);
      const all: Literal[] = [];
      for (const option of options) {
        const values = branchValues(option, key);
        all.push(...values);
        for (const value of values) {
          if (pick && pick.value !== value) continue;
          // A branch: `$.x<type=text>`, its fields below it. A picked branch is the value itself.
          const at = pick ? path : branchPath(path, key, value);
          if (!pick) this.out.set(at, { type: 'object', base: 'object', optional: false });
          this.describeAt(option, at, depth + 1);
          // The discriminator of a branch holds exactly that branch's value.
          this.out.set(keyPath(at, key), {
            type: literalText(value),
            base: literalBase(value),
            optional: false,
            values: [value],
          });
        }
      }
      if (pick) return { type: 'object', base: 'object' };
      return { type: 'object', base: 'object', values: sortLiterals(all), discriminator: key };
    }
    const nodes = options.map((option) => this.describe(option, { path, depth }));
    // A key that only some object branches declare may be left out.
    const shapes = options.map(objectKeys).filter((k): k is string[] => k !== undefined);
    if (shapes.length > 1) {
      for (const key of new Set(shapes.flat())) {
        if (shapes.every((keys) => keys.includes(key))) continue;
        const entry = this.out.get(keyPath(path, key));
        if (entry) entry.optional = true;
      }
    }
    const finite = nodes.every((n) => n.values !== undefined);
    const values = finite ? sortLiterals(nodes.flatMap((n) => n.values ?? [])) : undefined;
    return {
      type: values ? values.map(literalText).join(' | ') : joinTypes(nodes.map((n) => n.type)),
      base: joinTypes(nodes.map((n) => n.base)),
      ...(values ? { values } : {}),
    };
  }
}

/** The keys of an object schema (through wrappers), or undefined for anything else. */
function objectKeys(schema: AnySchema): string[] | undefined {
  const def = defOf(unwrap(schema));
  return def.type === 'object' ? Object.keys(def.shape) : undefined;
}
