/**
 * The yes/no question in front of `walkSchema`: would the walk list any finding at all, and would
 * one of them be breaking? It follows the walker's rules step by step (`schema-walker.ts`) but
 * builds no finding, no path and no message, and stops at the first breaking one, so a message
 * that fits (nearly every message of a healthy stream) costs a plain traversal. The walker still
 * runs whenever this says anything but `CLEAN`, so findings are always the walker's own.
 *
 * Plain unions are why this is three-valued and not a boolean: the walker takes the first member
 * without a breaking finding, additive findings and all, so a later member that fits exactly must
 * not hide an earlier member that fits with unknown fields.
 */
import type { z } from 'zod';
import { isRecord } from '../util/json.js';

type AnySchema = z.core.$ZodType;

/** No finding at all. */
export const CLEAN = 0;
/** Findings, none of them breaking (unknown fields, unknown discriminator values). */
export const ADDITIVE = 1;
/** At least one breaking finding. */
export const BREAKING = 2;
export type Fit = typeof CLEAN | typeof ADDITIVE | typeof BREAKING;

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: AnySchema): Def {
  return schema._zod.def as unknown as Def;
}

function isOptional(schema: AnySchema): boolean {
  return schema._zod.optin === 'optional';
}

function tagged(option: AnySchema, key: string, tag: unknown): boolean {
  const values = (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues?.[key];
  return values?.has(tag) === true;
}

/** What `walkSchema(schema, value)` would report, in one of three words. */
export function schemaFit(schema: AnySchema, value: unknown): Fit {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return value === undefined ? CLEAN : schemaFit(def.innerType as AnySchema, value);
    case 'nullable':
      return value === null ? CLEAN : schemaFit(def.innerType as AnySchema, value);
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return schemaFit(def.innerType as AnySchema, value);
    case 'lazy':
      return schemaFit((def.getter as () => AnySchema)(), value);
    case 'pipe':
      return schemaFit(def.in as AnySchema, value);
    case 'unknown':
    case 'any':
      return CLEAN;
    case 'object':
      return objectFit(def, value);
    case 'array': {
      if (!Array.isArray(value)) return BREAKING;
      let fit: Fit = CLEAN;
      const element = def.element as AnySchema;
      for (let i = 0; i < value.length; i += 1) {
        const f = schemaFit(element, value[i]);
        if (f === BREAKING) return BREAKING;
        if (f > fit) fit = f;
      }
      return leafFit(schema, def, value, false) === BREAKING ? BREAKING : fit;
    }
    case 'record': {
      if (!isRecord(value)) return BREAKING;
      let fit: Fit = CLEAN;
      const keyType = def.keyType as AnySchema;
      const valueType = def.valueType as AnySchema;
      for (const k in value) {
        if (!Object.hasOwn(value, k)) continue;
        // A key the key schema rejects is an unknown field (additive), its value not descended into.
        if (schemaFit(keyType, k) === BREAKING) {
          fit = ADDITIVE;
          continue;
        }
        const f = schemaFit(valueType, value[k]);
        if (f === BREAKING) return BREAKING;
        if (f > fit) fit = f;
      }
      return fit;
    }
    case 'union':
      return unionFit(def, value);
    case 'literal':
      return (def.values as unknown[]).includes(value) ? CLEAN : BREAKING;
    case 'enum': {
      const entries = def.entries as Record<string, unknown>;
      for (const k in entries) if (entries[k] === value) return CLEAN;
      return BREAKING;
    }
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
      if (typeof value !== def.type) return BREAKING;
      return leafFit(schema, def, value, false);
    case 'null':
      return value === null ? CLEAN : BREAKING;
    case 'never':
      return BREAKING;
    default:
      return leafFit(schema, def, value, true);
  }
}

function objectFit(def: Def, value: unknown): Fit {
  if (!isRecord(value)) return BREAKING;
  let fit: Fit = CLEAN;
  const shape = def.shape as Record<string, AnySchema>;
  let known = 0;
  for (const key in shape) {
    const child = shape[key]!;
    const present = Object.hasOwn(value, key);
    const v = present ? value[key] : undefined;
    if (present) known += 1;
    if (v === undefined) {
      if (!isOptional(child)) return BREAKING;
      continue;
    }
    const f = schemaFit(child, v);
    if (f === BREAKING) return BREAKING;
    if (f > fit) fit = f;
  }
  let own = 0;
  for (const key in value) if (Object.hasOwn(value, key)) own += 1;
  if (own === known) return fit;
  // Keys outside the shape: walked by a typed catchall, refused by a strict object, else unknown.
  const catchall = def.catchall as AnySchema | undefined;
  const catchallType = catchall === undefined ? undefined : defOf(catchall).type;
  if (catchallType === 'never') return BREAKING;
  const typed = catchall !== undefined && catchallType !== 'unknown' && catchallType !== 'any';
  for (const key in value) {
    if (!Object.hasOwn(value, key) || Object.hasOwn(shape, key)) continue;
    if (!typed) return ADDITIVE;
    const f = schemaFit(catchall, value[key]);
    if (f === BREAKING) return BREAKING;
    if (f > fit) fit = f;
  }
  return fit;
}

function unionFit(def: Def, value: unknown): Fit {
  const options = def.options as AnySchema[];
  const key = def.discriminator as string | undefined;
  if (key === undefined) return firstFitting(options, value, undefined, undefined);
  if (!isRecord(value)) return BREAKING;
  const tag = value[key];
  if (tag === undefined) return BREAKING;
  let matches = 0;
  let only: AnySchema | undefined;
  for (const option of options) {
    if (tagged(option, key, tag)) {
      matches += 1;
      only = option;
    }
  }
  if (matches === 1) return schemaFit(only!, value);
  if (matches > 1) return firstFitting(options, value, key, tag);
  // No member takes this value: additive (unknown variant) when some member takes a value of its
  // JSON type, else a wrong type.
  for (const option of options) {
    const values = (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues?.[key];
    for (const v of values ?? []) if (typeof v === typeof tag) return ADDITIVE;
  }
  return BREAKING;
}

/** The walker's choice among union members: the first without a breaking finding decides. */
function firstFitting(options: AnySchema[], value: unknown, key: string | undefined, tag: unknown): Fit {
  for (const option of options) {
    if (key !== undefined && !tagged(option, key, tag)) continue;
    const f = schemaFit(option, value);
    if (f !== BREAKING) return f;
  }
  return BREAKING;
}

/** The schema's own checks (int, min…), as the walker's `checkLeaf` runs them. */
function leafFit(schema: AnySchema, def: Def, value: unknown, always: boolean): Fit {
  const checks = def.checks as unknown[] | undefined;
  if (!always && (checks === undefined || checks.length === 0)) return CLEAN;
  return (schema as z.ZodType).safeParse(value).success ? CLEAN : BREAKING;
}
