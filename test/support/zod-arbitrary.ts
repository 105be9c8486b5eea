/**
 * fast-check arbitraries derived from zod 4 schemas (the subset the kit's schemas use), plus a
 * mutator that turns a valid value into an invalid one. Test support only.
 */
import fc from 'fast-check';
import { type AnySchema, defOf } from '../../schemas/zod-walk.js';

const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__' && k !== 'constructor');
const smallJson: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 2 })
  .map((v) => JSON.parse(JSON.stringify(v)));

/** An arbitrary producing JSON values that `schema` accepts. `extraKeys` adds unknown keys to objects. */
export function arbitraryFor(
  schema: AnySchema,
  options: { extraKeys?: boolean } = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return fc.option(arbitraryFor(def.innerType as AnySchema, options, depth), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType as AnySchema, options, depth), { nil: null });
    case 'default':
    case 'catch':
    case 'readonly':
      return arbitraryFor(def.innerType as AnySchema, options, depth);
    case 'lazy':
      return arbitraryFor((def.getter as () => AnySchema)(), options, depth + 1);
    case 'string':
      return fc.string({ maxLength: 12 });
    case 'number': {
      const checks = (def.checks as unknown[] | undefined) ?? [];
      return checks.length > 0
        ? fc.integer({ min: 1, max: 1000 })
        : fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
    case 'any':
      return smallJson;
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(arbitraryFor(def.element as AnySchema, options, depth + 1), { maxLength: 2 });
    case 'record':
      return depth > 4
        ? fc.constant({})
        : fc.dictionary(key, arbitraryFor(def.valueType as AnySchema, options, depth + 1), { maxKeys: 2 });
    case 'union':
      return fc.oneof(...(def.options as AnySchema[]).map((o) => arbitraryFor(o, options, depth)));
    case 'object': {
      const shape = def.shape as Record<string, AnySchema>;
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(shape)) fields[k] = arbitraryFor(s, options, depth + 1);
      const base = fc.record(fields);
      const withExtra = options.extraKeys
        ? fc
            .tuple(
              base,
              fc.dictionary(
                key.map((k) => `x_${k}`),
                smallJson,
                { maxKeys: 2 },
              ),
            )
            .map(([b, e]) => ({ ...e, ...b }))
        : base;
      return withExtra.map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    }
    default:
      throw new Error(`arbitraryFor: unsupported zod type ${def.type}`);
  }
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value inside `value` (objects and arrays), root excluded. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([...prefix, i], ...pathsOf(v, [...prefix, i]));
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function wrongTypeFor(value: unknown): Json {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number') return 'not-a-number';
  if (typeof value === 'boolean') return 'not-a-boolean';
  if (value === null) return 7;
  if (Array.isArray(value)) return 3;
  return 'not-an-object';
}

/** A copy of `value` with the node at `path` deleted (`delete`) or replaced by a wrong JSON type. */
export function mutate(value: unknown, path: (string | number)[], how: 'delete' | 'retype'): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Json;
  let parent: Json = copy;
  for (const part of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[part] as Json;
  const last = path.at(-1)!;
  if (how === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete (parent as Record<string, Json>)[last as string];
  } else {
    (parent as Record<string | number, Json>)[last] = wrongTypeFor(
      (parent as Record<string | number, Json>)[last],
    );
  }
  return copy;
}
