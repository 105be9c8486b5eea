import { createHash } from 'node:crypto';
import type { JsonSchema } from '../../src/sdk-inventory/inventory.js';

/**
 * Turns the JSON Schemas typescript-json-schema derives from the SDK's declarations into the
 * inventory's stored form: no documentation keywords, and one table of shared definitions whose
 * names are the SDK's own type names. The generator also names anonymous object types (`__type_3`),
 * instantiations of generic helpers (`Record_2`, `Partial`) and some types by their printed text
 * (`{taskId:string;}`); those names depend on the order of generation, so such definitions are
 * inlined where they are used (one that refers to itself keeps a name derived from its content).
 */

type SchemaObject = { [keyword: string]: unknown };

const REF_PREFIX = '#/definitions/';

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'additionalItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
] as const;
/** Keywords whose value is an array of schemas. */
const SCHEMA_ARRAY_KEYWORDS = ['anyOf', 'allOf', 'oneOf'] as const;
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions'] as const;
/** Documentation only: dropped from the stored schemas (`default` holds the doc comment's text). */
const DOC_KEYWORDS = new Set(['description', '$schema', 'default', 'title', 'examples', '$comment']);

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `schema` with `visit` applied bottom-up to every subschema (data under const/enum untouched). */
export function mapSchema(schema: JsonSchema, visit: (node: SchemaObject) => JsonSchema): JsonSchema {
  if (!isObject(schema)) return schema;
  const out: SchemaObject = { ...schema };
  for (const key of SCHEMA_KEYWORDS) {
    if (key in out) out[key] = mapSchema(out[key] as JsonSchema, visit);
  }
  for (const key of SCHEMA_ARRAY_KEYWORDS) {
    if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map((s) => mapSchema(s, visit));
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    if (isObject(out[key])) {
      out[key] = Object.fromEntries(
        Object.entries(out[key]).map(([name, s]) => [name, mapSchema(s as JsonSchema, visit)]),
      );
    }
  }
  if (Array.isArray(out.items)) out.items = out.items.map((s: JsonSchema) => mapSchema(s, visit));
  else if (out.items !== undefined) out.items = mapSchema(out.items as JsonSchema, visit);
  if (isObject(out.dependencies)) {
    out.dependencies = Object.fromEntries(
      Object.entries(out.dependencies).map(([name, d]) => [
        name,
        Array.isArray(d) ? d : mapSchema(d as JsonSchema, visit),
      ]),
    );
  }
  return visit(out);
}

/** The name a `$ref` into `#/definitions/` points at, if `node` is one. */
export function refName(node: JsonSchema): string | undefined {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith(REF_PREFIX)) return undefined;
  return decodeURIComponent(node.$ref.slice(REF_PREFIX.length));
}

export function refTo(name: string): JsonSchema {
  return { $ref: `${REF_PREFIX}${name}` };
}

/** The schema without documentation keywords. */
export function stripDocs(schema: JsonSchema): JsonSchema {
  return mapSchema(schema, (node) => {
    const out: SchemaObject = {};
    for (const [key, value] of Object.entries(node)) if (!DOC_KEYWORDS.has(key)) out[key] = value;
    return out;
  });
}

/** The first sentence of a doc comment, on one line. */
export function firstSentence(description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  const text = description.replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  const end = /[.!?](?=\s+[A-Z`"'([])/.exec(text);
  return end === null ? text : text.slice(0, end.index + 1);
}

/** Whether the generator's name for a definition is the SDK's own, stable type name. */
export function isStableName(name: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  if (/^__type(_\d+)?$/.test(name)) return false;
  if (/_\d+$/.test(name)) return false;
  return !/^(Record|Partial|Required|Pick|Omit|Readonly|NonNullable|Exclude|Extract|Array|ReturnType|Parameters|Awaited|Promise|Map|Set|Zod[A-Z]\w*)$/.test(
    name,
  );
}

export interface TidySchemas {
  /** Each input schema, documentation stripped, its unstable references inlined. */
  schemas: JsonSchema[];
  /** The definitions they reference (transitively), by stable name. */
  definitions: Record<string, JsonSchema>;
}

/**
 * Tidies `schemas` (which reference `rawDefinitions` by the generator's names) into the stored form.
 * A definition with a stable name is kept once and referenced; any other is inlined at each use,
 * except where it refers to itself: then it is kept under `anonymous_<hash of its content>`.
 */
export function tidySchemas(
  schemas: readonly JsonSchema[],
  rawDefinitions: Readonly<Record<string, JsonSchema>>,
): TidySchemas {
  const stripped = new Map<string, JsonSchema>();
  const strippedDef = (name: string): JsonSchema => {
    let def = stripped.get(name);
    if (def === undefined) {
      const raw = rawDefinitions[name];
      if (raw === undefined) throw new Error(`the generated schemas reference ${name}, which is not defined`);
      def = stripDocs(raw);
      stripped.set(name, def);
    }
    return def;
  };

  const kept = new Map<string, JsonSchema>(); // stored name -> tidied schema
  const storedName = new Map<string, string>(); // raw name -> stored name
  const pending: string[] = [];

  const keep = (raw: string, name: string): JsonSchema => {
    if (!storedName.has(raw)) {
      storedName.set(raw, name);
      pending.push(raw);
    }
    return refTo(storedName.get(raw)!);
  };

  /** The unstable names a definition refers to, directly. */
  const unstableRefs = (name: string): string[] => {
    const out: string[] = [];
    mapSchema(strippedDef(name), (node) => {
      const target = refName(node);
      if (target !== undefined && !isStableName(target)) out.push(target);
      return node;
    });
    return out;
  };
  const recursive = new Map<string, boolean>();
  /** Whether a definition reaches itself through unstable names only (it cannot be inlined). */
  const isRecursive = (name: string): boolean => {
    let known = recursive.get(name);
    if (known === undefined) {
      const seen = new Set<string>();
      const queue = unstableRefs(name);
      known = false;
      while (queue.length > 0 && !known) {
        const next = queue.shift()!;
        if (next === name) known = true;
        else if (!seen.has(next)) {
          seen.add(next);
          queue.push(...unstableRefs(next));
        }
      }
      recursive.set(name, known);
    }
    return known;
  };

  const resolve = (schema: JsonSchema, inlining: readonly string[]): JsonSchema =>
    mapSchema(schema, (node) => {
      const name = refName(node);
      if (name === undefined) return node;
      if (isStableName(name)) return keep(name, name);
      if (inlining.includes(name) || isRecursive(name)) {
        const hash = createHash('sha256')
          .update(JSON.stringify(strippedDef(name)))
          .digest('hex')
          .slice(0, 10);
        return keep(name, `anonymous_${hash}`);
      }
      if (storedName.has(name)) return refTo(storedName.get(name)!);
      const { $ref: _ref, ...siblings } = node;
      const inlined = resolve(strippedDef(name), [...inlining, name]);
      return Object.keys(siblings).length === 0 || !isObject(inlined) ? inlined : { ...inlined, ...siblings };
    });

  const out = schemas.map((s) => resolve(stripDocs(s), []));
  while (pending.length > 0) {
    const raw = pending.shift()!;
    kept.set(storedName.get(raw)!, resolve(strippedDef(raw), [raw]));
  }
  const definitions: Record<string, JsonSchema> = {};
  for (const name of [...kept.keys()].sort()) definitions[name] = kept.get(name)!;
  return { schemas: out, definitions };
}
