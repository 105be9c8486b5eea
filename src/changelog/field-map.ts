/**
 * Flattens a zod 4 schema into its field tree: one entry per JSON path, with the type a value may
 * have there, whether the field may be left out, and its allowed values when it is a literal or an
 * enum. Paths are rendered `$.a.b`, `$.list[*]`, `$.map{*}` and, below a discriminated union,
 * `$.content[*]<type=text>.text` (one branch per discriminator value).
 *
 * Walks the defs the way src/validate/schema-walker.ts does (`schema._zod.def`).
 */
import type { z } from 'zod';
import { unwrap as unwrapSchema } from '../../schemas/amend.js';

type AnySchema = z.core.$ZodType;

/** Wrappers, lazies and pipes stripped, as the amendment routes see a schema. */
const unwrap = (schema: AnySchema): AnySchema => unwrapSchema(schema as z.ZodType);

interface Def {
  type: string;
  [key: string]: unknown;
}

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

export function defOf(schema: AnySchema): Def {
  return schema._zod.def as unknown as Def;
}

/** The discriminator values of a union branch (`propValues`, also for nested unions and enums). */
export function branchValues(option: AnySchema, key: string): Literal[] {
  const values = (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues?.[key];
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

/**
 * The field tree of `schema`, its root at `$` (the root itself is not an entry). `picks` keep only
 * one branch of the discriminated unions at the given paths.
 */
export function fieldMap(schema: z.ZodType, picks: readonly BranchPick[] = []): FieldMap {
  const out: FieldMap = new Map();
  const walker = new Walker(out, picks);
  walker.visit(schema as unknown as AnySchema, '$', 0, []);
  out.delete('$');
  return out;
}

class Walker {
  constructor(
    private readonly out: FieldMap,
    private readonly picks: readonly BranchPick[],
  ) {}

  /** Records `schema` at `path` (merging with what is there) and descends into it. */
  visit(schema: AnySchema, path: string, depth: number, stack: AnySchema[], optional = false): Node {
    const node = this.describe(schema, path, depth, stack);
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

  private describe(schema: AnySchema, path: string, depth: number, stack: AnySchema[]): Node {
    if (depth > MAX_DEPTH || stack.includes(schema)) return { type: 'recursive', base: 'recursive' };
    const inner = [...stack, schema];
    const def = defOf(schema);
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return this.describe(def.innerType as AnySchema, path, depth, inner);
      case 'nullable': {
        const n = this.describe(def.innerType as AnySchema, path, depth, inner);
        return {
          type: joinTypes([n.type, 'null']),
          base: joinTypes([n.base, 'null']),
          ...(n.values ? { values: sortLiterals([...n.values, null]) } : {}),
          ...(n.discriminator ? { discriminator: n.discriminator } : {}),
        };
      }
      case 'lazy':
        return this.describe((def.getter as () => AnySchema)(), path, depth, inner);
      case 'pipe':
        return this.describe(def.in as AnySchema, path, depth, inner);
      case 'literal': {
        const values = sortLiterals(def.values as Literal[]);
        return {
          type: values.map(literalText).join(' | '),
          base: joinTypes(values.map(literalBase)),
          values,
        };
      }
      case 'enum': {
        const values = sortLiterals(Object.values(def.entries as Record<string, Literal>));
        return {
          type: values.map(literalText).join(' | '),
          base: joinTypes(values.map(literalBase)),
          values,
        };
      }
      case 'object': {
        const shape = def.shape as Record<string, AnySchema>;
        for (const key of Object.keys(shape)) {
          const field = shape[key]!;
          this.visit(field, keyPath(path, key), depth + 1, inner, field._zod.optin !== undefined);
        }
        return { type: 'object', base: 'object' };
      }
      case 'array':
        this.visit(def.element as AnySchema, `${path}[*]`, depth + 1, inner);
        return { type: 'array', base: 'array' };
      case 'set':
        this.visit(def.valueType as AnySchema, `${path}[*]`, depth + 1, inner);
        return { type: 'array', base: 'array' };
      case 'tuple': {
        const items = def.items as AnySchema[];
        items.forEach((item, i) => {
          this.visit(item, `${path}[${i}]`, depth + 1, inner);
        });
        return { type: 'array', base: 'array' };
      }
      case 'record':
      case 'map':
        this.visit(def.valueType as AnySchema, `${path}{*}`, depth + 1, inner);
        return { type: 'record', base: 'record' };
      case 'union':
        return this.union(def, path, depth, inner);
      case 'intersection': {
        const left = this.describe(def.left as AnySchema, path, depth, inner);
        const right = this.describe(def.right as AnySchema, path, depth, inner);
        return { type: joinTypes([left.type, right.type]), base: joinTypes([left.base, right.base]) };
      }
      case 'unknown':
      case 'any':
        return { type: 'unknown', base: 'unknown' };
      case 'int':
      case 'bigint':
        return { type: 'number', base: 'number' };
      case 'date':
        return { type: 'string', base: 'string' };
      default:
        // string, number, boolean, null, undefined, never, …: the zod type name is the JSON type.
        return { type: def.type, base: def.type };
    }
  }

  private union(def: Def, path: string, depth: number, stack: AnySchema[]): Node {
    const options = def.options as AnySchema[];
    const key = def.discriminator as string | undefined;
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
          this.describe(option, at, depth + 1, stack);
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
    const nodes = options.map((option) => this.describe(option, path, depth, stack));
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
  return def.type === 'object' ? Object.keys(def.shape as Record<string, AnySchema>) : undefined;
}
