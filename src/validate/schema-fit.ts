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
import {
  type AnyDef,
  type AnySchema,
  type DefOf,
  defOf,
  optinOf,
  propValues,
  type Recurse,
  zodWalker,
} from '../../schemas/zod-walk.js';
import { isRecord } from '../util/json.js';

/** No finding at all. */
export const CLEAN = 0;
/** Findings, none of them breaking (unknown fields, unknown discriminator values). */
export const ADDITIVE = 1;
/** At least one breaking finding. */
export const BREAKING = 2;
export type Fit = typeof CLEAN | typeof ADDITIVE | typeof BREAKING;

function isOptional(schema: AnySchema): boolean {
  return optinOf(schema) === 'optional';
}

function tagged(option: AnySchema, key: string, tag: unknown): boolean {
  return propValues(option, key)?.has(tag) === true;
}

/** The fit of a JSON type the schema shares with `typeof` (string, number, boolean, bigint). */
const primitiveFit = (def: AnyDef, value: unknown, schema: AnySchema): Fit =>
  typeof value !== def.type ? BREAKING : leafFit(schema, def, value, false);

/** Wrappers other than optional and nullable, lazies and pipes are passed through. */
const fitOf: Recurse<unknown, Fit> = zodWalker<unknown, Fit>({
  optional: (def, value) => (value === undefined ? CLEAN : fitOf(def.innerType, value)),
  nullable: (def, value) => (value === null ? CLEAN : fitOf(def.innerType, value)),
  unknown: () => CLEAN,
  any: () => CLEAN,
  object: (def, value) => objectFit(def, value),
  array: (def, value, schema) => {
    if (!Array.isArray(value)) return BREAKING;
    let result: Fit = CLEAN;
    const element = def.element;
    for (let i = 0; i < value.length; i += 1) {
      const f = fitOf(element, value[i]);
      if (f === BREAKING) return BREAKING;
      if (f > result) result = f;
    }
    return leafFit(schema, def, value, false) === BREAKING ? BREAKING : result;
  },
  record: (def, value) => {
    if (!isRecord(value)) return BREAKING;
    let result: Fit = CLEAN;
    const { keyType, valueType } = def;
    for (const k in value) {
      if (!Object.hasOwn(value, k)) continue;
      // A key the key schema rejects is an unknown field (additive), its value not descended into.
      if (fitOf(keyType, k) === BREAKING) {
        result = ADDITIVE;
        continue;
      }
      const f = fitOf(valueType, value[k]);
      if (f === BREAKING) return BREAKING;
      if (f > result) result = f;
    }
    return result;
  },
  union: (def, value) => unionFit(def, value),
  literal: (def, value) => ((def.values as unknown[]).includes(value) ? CLEAN : BREAKING),
  enum: (def, value) => {
    const entries = def.entries;
    for (const k in entries) if (entries[k] === value) return CLEAN;
    return BREAKING;
  },
  string: primitiveFit,
  number: primitiveFit,
  boolean: primitiveFit,
  bigint: primitiveFit,
  null: (_def, value) => (value === null ? CLEAN : BREAKING),
  never: () => BREAKING,
  other: (def, value, schema) => leafFit(schema, def, value, true),
});

/** What `walkSchema(schema, value)` would report, in one of three words. */
export function schemaFit(schema: AnySchema, value: unknown): Fit {
  return fitOf(schema, value);
}

function objectFit(def: DefOf<'object'>, value: unknown): Fit {
  if (!isRecord(value)) return BREAKING;
  let result: Fit = CLEAN;
  const shape = def.shape;
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
    const f = fitOf(child, v);
    if (f === BREAKING) return BREAKING;
    if (f > result) result = f;
  }
  let own = 0;
  for (const key in value) if (Object.hasOwn(value, key)) own += 1;
  if (own === known) return result;
  // Keys outside the shape: walked by a typed catchall, refused by a strict object, else unknown.
  const catchall = def.catchall;
  const catchallType = catchall === undefined ? undefined : defOf(catchall).type;
  if (catchallType === 'never') return BREAKING;
  const typed = catchall !== undefined && catchallType !== 'unknown' && catchallType !== 'any';
  for (const key in value) {
    if (!Object.hasOwn(value, key) || Object.hasOwn(shape, key)) continue;
    if (!typed) return ADDITIVE;
    const f = fitOf(catchall, value[key]);
    if (f === BREAKING) return BREAKING;
    if (f > result) result = f;
  }
  return result;
}

function unionFit(def: DefOf<'union'>, value: unknown): Fit {
  const options = def.options;
  const key = def.discriminator;
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
  if (matches === 1) return fitOf(only!, value);
  if (matches > 1) return firstFitting(options, value, key, tag);
  // No member takes this value: additive (unknown variant) when some member takes a value of its
  // JSON type, else a wrong type.
  for (const option of options) {
    for (const v of propValues(option, key) ?? []) if (typeof v === typeof tag) return ADDITIVE;
  }
  return BREAKING;
}

/** The walker's choice among union members: the first without a breaking finding decides. */
function firstFitting(
  options: readonly AnySchema[],
  value: unknown,
  key: string | undefined,
  tag: unknown,
): Fit {
  for (const option of options) {
    if (key !== undefined && !tagged(option, key, tag)) continue;
    const f = fitOf(option, value);
    if (f !== BREAKING) return f;
  }
  return BREAKING;
}

/** The schema's own checks (int, min…), as the walker's `checkLeaf` runs them. */
function leafFit(schema: AnySchema, def: AnyDef, value: unknown, always: boolean): Fit {
  const checks = def.checks;
  if (!always && (checks === undefined || checks.length === 0)) return CLEAN;
  return (schema as z.ZodType).safeParse(value).success ? CLEAN : BREAKING;
}
