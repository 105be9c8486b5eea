/**
 * fast-check values of an SDK-declared type (JSON Schema from an inventory): every value the
 * type allows can come out — each enum value, `null` where allowed, optional fields left out or
 * given. Recursion is cut at `maxDepth`: below it, optional fields are left out, arrays are empty
 * and a union takes its first member that needs no depth.
 */
import fc from 'fast-check';
import { type Definitions, type JsonSchema, sdkType } from '../../src/coverage/sdk-type.js';

/** Values where the SDK says `unknown`: it says nothing, so plain JSON. */
const anyJson = fc.oneof(fc.constant(null), fc.string({ maxLength: 4 }), fc.integer(), fc.boolean());

export function sdkArbitrary(
  schema: JsonSchema,
  definitions: Definitions,
  maxDepth = 4,
): fc.Arbitrary<unknown> {
  const build = (node: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const t = sdkType(node, definitions);
    const deep = depth >= maxDepth;
    switch (t.kind) {
      case 'unknown':
        return anyJson;
      case 'never':
        return fc.constant(undefined);
      case 'null':
        return fc.constant(null);
      case 'literal':
        return fc.constantFrom(...t.values);
      case 'string':
        return fc.string({ maxLength: 8 });
      case 'number':
        return t.integer
          ? fc.integer()
          : fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return deep ? fc.constant([]) : fc.array(build(t.element, depth + 1), { maxLength: 2 });
      case 'tuple':
        return fc.tuple(...t.elements.map((e) => build(e, depth + 1)));
      case 'union': {
        const members = deep ? t.members.slice(0, 1) : t.members;
        return fc.oneof(...members.map((m) => build(m, depth + 1)));
      }
      case 'object': {
        if (t.properties.length === 0 && t.rest !== undefined)
          return deep
            ? fc.constant({})
            : fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), build(t.rest, depth + 1), {
                maxKeys: 2,
              });
        const required = Object.fromEntries(
          t.properties.filter((p) => p.required).map((p) => [p.key, build(p.type, depth + 1)]),
        );
        const optional = deep
          ? {}
          : Object.fromEntries(
              t.properties.filter((p) => !p.required).map((p) => [p.key, build(p.type, depth + 1)]),
            );
        return fc.record({ ...required, ...optional }, { requiredKeys: Object.keys(required) });
      }
    }
  };
  return build(schema, 0);
}

/**
 * Whether the SDK's type says nothing (`unknown`) at `path` of a value of `schema`, or above it:
 * a finding there is the kit's narrower type standing where the SDK declares none.
 */
export function sdkUnknownAt(
  schema: JsonSchema,
  definitions: Definitions,
  path: ReadonlyArray<string | number>,
): boolean {
  const at = (node: JsonSchema, rest: ReadonlyArray<string | number>, depth: number): boolean => {
    const t = sdkType(node, definitions);
    if (t.kind === 'unknown') return true;
    if (rest.length === 0 || depth > 64) return false;
    const [head, ...tail] = rest;
    switch (t.kind) {
      case 'union':
        return t.members.some((m) => at(m, rest, depth + 1));
      case 'object': {
        const prop = t.properties.find((p) => p.key === head);
        if (prop) return at(prop.type, tail, depth + 1);
        return t.rest !== undefined && at(t.rest, tail, depth + 1);
      }
      case 'array':
        return typeof head === 'number' && at(t.element, tail, depth + 1);
      case 'tuple': {
        const element = typeof head === 'number' ? (t.elements[head] ?? t.rest) : undefined;
        return element !== undefined && at(element, tail, depth + 1);
      }
      default:
        return false;
    }
  };
  return at(schema, path, 0);
}
