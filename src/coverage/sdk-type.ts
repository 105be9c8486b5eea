/**
 * The SDK's declared types as the kit reads them: a JSON Schema (as the inventory stores it, refs
 * into the inventory's `definitions`) seen as one small closed set of kinds, so the agreement
 * check and the value generator each switch over kinds instead of over JSON Schema keywords.
 */

import type { JsonSchema } from '../sdk-inventory/inventory.js';

export type { JsonSchema };

export type SdkType =
  | { kind: 'unknown' }
  | { kind: 'never' }
  | { kind: 'null' }
  | { kind: 'literal'; values: ReadonlyArray<string | number | boolean> }
  | { kind: 'string' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | {
      kind: 'object';
      properties: ReadonlyArray<{ key: string; type: JsonSchema; required: boolean }>;
      /** The value type of keys not listed (`Record<string, X>`, an index signature), if declared. */
      rest?: JsonSchema;
    }
  | { kind: 'array'; element: JsonSchema }
  | { kind: 'tuple'; elements: readonly JsonSchema[]; rest?: JsonSchema }
  | { kind: 'union'; members: readonly JsonSchema[] };

export type Definitions = Readonly<Record<string, JsonSchema>>;

const REF = '#/definitions/';

/** Follows `$ref`s (and one-member `allOf`s) to the schema that says something. */
export function resolve(schema: JsonSchema, definitions: Definitions): JsonSchema {
  let node = schema;
  for (let hops = 0; hops < 64; hops += 1) {
    if (typeof node !== 'object') return node;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith(REF)) {
      const name = decodeURIComponent(ref.slice(REF.length));
      const target = definitions[name];
      if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
      node = target;
      continue;
    }
    const allOf = node.allOf;
    if (Array.isArray(allOf) && allOf.length === 1 && Object.keys(node).every((k) => ALLOF_ONLY.has(k))) {
      node = allOf[0] as JsonSchema;
      continue;
    }
    return node;
  }
  throw new Error('$ref chain too long');
}

const ALLOF_ONLY = new Set(['allOf', 'description', 'title', '$comment']);

/** The name a schema refers to (`$ref: #/definitions/Name`), for messages. */
export function refName(schema: JsonSchema): string | undefined {
  if (typeof schema !== 'object') return undefined;
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith(REF)
    ? decodeURIComponent(ref.slice(REF.length))
    : undefined;
}

/** One JSON Schema node as one kind. */
export function sdkType(schema: JsonSchema, definitions: Definitions): SdkType {
  const node = resolve(schema, definitions);
  if (node === true) return { kind: 'unknown' };
  if (node === false) return { kind: 'never' };
  if ('const' in node) return literalOrNull([node.const]);
  if (Array.isArray(node.enum)) return literalOrNull(node.enum);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = node[key];
    if (Array.isArray(members)) return { kind: 'union', members: members as JsonSchema[] };
  }
  if (Array.isArray(node.allOf)) return mergeAllOf(node.allOf as JsonSchema[], definitions);
  const type = node.type;
  if (Array.isArray(type)) {
    if (type.length === 1) return sdkType({ ...node, type: type[0] }, definitions);
    return { kind: 'union', members: type.map((t) => ({ ...node, type: t })) };
  }
  switch (type) {
    case 'null':
      return { kind: 'null' };
    case 'string':
      return { kind: 'string' };
    case 'number':
    case 'integer':
      return { kind: 'number', integer: type === 'integer' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return arrayType(node);
    case 'object':
      return objectType(node);
    case undefined:
      if (node.properties !== undefined || node.additionalProperties !== undefined) return objectType(node);
      return { kind: 'unknown' };
    default:
      throw new Error(`unsupported JSON Schema type ${JSON.stringify(type)}`);
  }
}

function literalOrNull(values: readonly unknown[]): SdkType {
  const literals: Array<string | number | boolean> = [];
  let nullable = false;
  for (const v of values) {
    if (v === null) nullable = true;
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') literals.push(v);
    else throw new Error(`unsupported literal ${JSON.stringify(v)}`);
  }
  if (!nullable) return { kind: 'literal', values: literals };
  if (literals.length === 0) return { kind: 'null' };
  return { kind: 'union', members: [{ type: 'null' }, { enum: literals }] };
}

function arrayType(node: Record<string, unknown>): SdkType {
  const items = node.items;
  if (Array.isArray(items)) {
    const rest = node.additionalItems;
    return {
      kind: 'tuple',
      elements: items as JsonSchema[],
      ...(rest !== undefined && rest !== false ? { rest: rest as JsonSchema } : {}),
    };
  }
  return { kind: 'array', element: (items as JsonSchema | undefined) ?? true };
}

function objectType(node: Record<string, unknown>): SdkType {
  const props = (node.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const extra = node.additionalProperties;
  const rest = extra === undefined || extra === false ? undefined : (extra as JsonSchema);
  return {
    kind: 'object',
    properties: Object.entries(props).map(([key, type]) => ({ key, type, required: required.has(key) })),
    // An open object with no declared value type says nothing about its other keys.
    ...(rest !== undefined && !(rest === true && Object.keys(props).length > 0) ? { rest } : {}),
  };
}

/** An intersection of object types, as typescript-json-schema writes what it could not merge. */
function mergeAllOf(parts: readonly JsonSchema[], definitions: Definitions): SdkType {
  const properties = new Map<string, { key: string; type: JsonSchema; required: boolean }>();
  for (const part of parts) {
    const t = sdkType(part, definitions);
    if (t.kind === 'unknown') continue;
    if (t.kind !== 'object') return t;
    for (const p of t.properties) {
      const had = properties.get(p.key);
      properties.set(p.key, had ? { ...had, required: had.required || p.required } : p);
    }
  }
  return { kind: 'object', properties: [...properties.values()] };
}

/** Whether `null` is among the values a type allows. */
export function allowsNull(schema: JsonSchema, definitions: Definitions, seen = 0): boolean {
  const t = sdkType(schema, definitions);
  if (t.kind === 'null' || t.kind === 'unknown') return true;
  if (t.kind === 'union' && seen < 8) return t.members.some((m) => allowsNull(m, definitions, seen + 1));
  return false;
}

/** The union's members with `null` taken out (a nullable type's other side). */
export function withoutNull(schema: JsonSchema, definitions: Definitions): JsonSchema[] {
  const t = sdkType(schema, definitions);
  if (t.kind === 'null') return [];
  if (t.kind !== 'union') return [schema];
  return t.members.flatMap((m) => withoutNull(m, definitions));
}

/** The constant value of `key` on an object type, where it has one (a discriminator). */
export function constOf(schema: JsonSchema, key: string, definitions: Definitions): unknown[] | undefined {
  const t = sdkType(schema, definitions);
  if (t.kind !== 'object') return undefined;
  const prop = t.properties.find((p) => p.key === key);
  if (!prop) return undefined;
  const v = sdkType(prop.type, definitions);
  return v.kind === 'literal' ? [...v.values] : undefined;
}
