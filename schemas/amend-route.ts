/**
 * Amendment routes: how an amendment names a node from its root, one segment at a time, and which
 * union members a `<k=v>` segment selects. The grammar is in `amend.ts`.
 */
import type { z } from 'zod';
import { defOf, optinOf, propValues, propValuesOf, valuesOf } from './zod-walk.js';

export type RouteSegment =
  | { kind: 'field'; key: string }
  | { kind: 'element' }
  | { kind: 'value' }
  | { kind: 'variant'; key: string; value: string }
  | { kind: 'member'; index: number };

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

export function formatRoute(segments: readonly RouteSegment[]): string {
  return segments.map(formatSegment).join('');
}

function formatSegment(s: RouteSegment): string {
  if (s.kind === 'field') return IDENT.test(s.key) ? `.${s.key}` : `[${JSON.stringify(s.key)}]`;
  if (s.kind === 'element') return '[]';
  if (s.kind === 'value') return '{}';
  if (s.kind === 'variant') return `<${s.key}=${s.value}>`;
  return `<#${s.index}>`;
}

const TOKENS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => RouteSegment]> = [
  [/^\.([A-Za-z_$][A-Za-z0-9_$-]*)/, (m) => ({ kind: 'field', key: m[1]! })],
  [/^\[("(?:[^"\\]|\\.)*")\]/, (m) => ({ kind: 'field', key: JSON.parse(m[1]!) as string })],
  [/^\[\]/, () => ({ kind: 'element' })],
  [/^\{\}/, () => ({ kind: 'value' })],
  [/^<#(\d+)>/, (m) => ({ kind: 'member', index: Number(m[1]) })],
  [/^<([A-Za-z_$][A-Za-z0-9_$-]*)=([^>]*)>/, (m) => ({ kind: 'variant', key: m[1]!, value: m[2]! })],
];

/** Parses a route string; throws an Error naming the offset of what it could not read. */
export function parseRoute(route: string): RouteSegment[] {
  const out: RouteSegment[] = [];
  let i = 0;
  while (i < route.length) {
    const rest = route.slice(i);
    let matched = false;
    for (const [pattern, segment] of TOKENS) {
      const m = pattern.exec(rest);
      if (!m) continue;
      out.push(segment(m));
      i += m[0].length;
      matched = true;
      break;
    }
    if (!matched) throw new Error(`route "${route}": cannot read "${rest.slice(0, 20)}" at offset ${i}`);
  }
  return out;
}

/**
 * Whether discriminator values `values` (what zod's `propValues` has for the key) take a value as
 * written in a route: `v`, or `v1|v2|…` for a member that takes several (all of them are written,
 * so the route names that member exactly).
 */
export function takesValue(values: Iterable<unknown> | undefined, value: string): boolean {
  if (!values) return false;
  const wanted = wantedValues(value);
  for (const v of values) if (wanted.has(String(v))) return true;
  return false;
}

// The values of a `<k=v1|v2>` segment, read once per distinct text: building a set has a cost,
// and the same segment is looked up against every member of a union, for every amendment.
const WANTED = new Map<string, ReadonlySet<string>>();
function wantedValues(value: string): ReadonlySet<string> {
  let wanted = WANTED.get(value);
  if (!wanted) {
    wanted = new Set(value.split('|'));
    WANTED.set(value, wanted);
  }
  return wanted;
}

/** Whether `<key=value>` selects the union member `option`. */
export function selects(option: z.core.$ZodType, key: string, value: string): boolean {
  return takesValue(propValuesAt(option, key), value);
}

// ---- one key of zod's propValues ----------------------------------------------------------------

type AnySchema = z.core.$ZodType;
type Values = ReadonlySet<unknown> | undefined;

const hasOwn = (o: object, key: string) => Object.hasOwn(o, key);
const AT = new WeakMap<AnySchema, Map<string, Values>>();

/**
 * `propValues[key]` of a schema, exactly as zod computes it, without computing the other keys:
 * zod's own computation reads the values of every field of every member, which for the unions an
 * amendment route selects from (every member of the output union, every control request) is most
 * of what a look-up costs. An object's entry depends on its field `key` only (its values, and
 * `undefined` when it may be left out); a discriminated union's on its members' entries. Other
 * kinds, and a union with a member zod would refuse, are left to zod.
 */
export function propValuesAt(schema: AnySchema, key: string): Values {
  if (key in Object.prototype) return propValues(schema, key);
  let byKey = AT.get(schema);
  if (!byKey) {
    byKey = new Map();
    AT.set(schema, byKey);
  } else if (byKey.has(key)) return byKey.get(key);
  const values = readPropValuesAt(schema, key);
  byKey.set(key, values);
  return values;
}

function readPropValuesAt(schema: AnySchema, key: string): Values {
  const def = defOf(schema);
  if (def.type === 'object') {
    const shape = def.shape as Record<string, AnySchema>;
    return hasOwn(shape, key) ? fieldPropValues(shape[key]!) : undefined;
  }
  if (def.type !== 'union') return propValues(schema, key);
  const disc = (def as { discriminator?: string }).discriminator;
  if (disc === undefined) return undefined;
  if (disc in Object.prototype || !def.options.every(hasPropValues)) return propValues(schema, key);
  let out: Set<unknown> | undefined;
  let omitting = 0;
  for (const option of def.options) {
    if (propValuesAt(option, disc)?.has(undefined)) omitting++;
    const values = propValuesAt(option, key);
    if (values) {
      out ??= new Set();
      for (const v of values) out.add(v);
    }
  }
  if (!(def as { unionFallback?: boolean }).unionFallback && omitting > 1 && key === disc)
    out?.delete(undefined);
  return out;
}

/** An object's `propValues` entry for a field: the field's values, with `undefined` when it may be left out. */
export function fieldPropValues(field: AnySchema): Set<unknown> | undefined {
  const values = valuesOf(field);
  if (!values) return undefined;
  const out = new Set<unknown>(values);
  if (optinOf(field) !== undefined) out.add(undefined);
  return out;
}

const HAS = new WeakMap<AnySchema, boolean>();

/** Whether zod's `propValues` of a schema has a key (what a discriminated union requires of each member). */
export function hasPropValues(schema: AnySchema): boolean {
  let has = HAS.get(schema);
  if (has === undefined) {
    has = readHasPropValues(schema);
    HAS.set(schema, has);
  }
  return has;
}

function readHasPropValues(schema: AnySchema): boolean {
  const def = defOf(schema);
  if (def.type === 'object') {
    const shape = def.shape as Record<string, AnySchema>;
    for (const key in shape) if (valuesOf(shape[key]!)) return true;
    return false;
  }
  // A discriminated union's keys are its members' (zod's own throws where a member has none).
  if (def.type === 'union' && (def as { discriminator?: string }).discriminator !== undefined)
    if (def.options.every(hasPropValues)) return def.options.length > 0;
  const pv = propValuesOf(schema);
  if (pv) for (const _ in pv) return true;
  return false;
}
