/**
 * Walks a JSON value against a zod 4 schema and lists findings, instead of failing on the first
 * issue as `parse` does. The rules of the kit:
 *   - a key the schema does not know        → `schema/unknown-field`  (additive)
 *   - an unknown discriminator value         → `schema/unknown-type` / `schema/unknown-subtype` /
 *     (`type`, `subtype`, any other key)        `schema/unknown-variant` (additive), not descended into
 *   - a missing required field               → `schema/missing-field` (breaking)
 *   - a value of the wrong JSON type         → `schema/wrong-type`    (breaking)
 *   - a literal / enum value not allowed     → `schema/invalid-value` (breaking)
 *   - a refinement failing (int, positive…)  → `schema/constraint`    (breaking)
 * Plain (non-discriminated) unions: the first member without breaking findings wins; when none
 * fits, the findings of the closest member (fewest breaking) are reported.
 * Apart from unknown discriminator values, "no breaking finding" ⇔ `schema.safeParse` succeeds.
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
import type { Finding, JsonPath } from '../findings/index.js';
import { formatPath } from '../findings/index.js';
import { isRecord } from '../util/json.js';

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A short, JSON-friendly rendering of an actual value for a finding. */
export function summarizeValue(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 117)}...` : value;
  if (Array.isArray(value)) return `array(${value.length})`;
  if (isRecord(value)) return 'object';
  return value;
}

/** Wrappers other than nullable, and pipes, are passed through; `depth` bounds the nesting. */
const describe: Recurse<number, string> = zodWalker<number, string>({
  nullable: (def, depth) => `${describe(def.innerType, depth)} | null`,
  lazy: (def, depth) => (depth > 3 ? 'value' : describe(def.getter(), depth + 1)),
  literal: (def) => def.values.map((v) => JSON.stringify(v)).join(' | '),
  enum: (def) =>
    Object.values(def.entries)
      .map((v) => JSON.stringify(v))
      .join(' | '),
  object: () => 'object',
  array: (def, depth) => (depth > 2 ? 'array' : `array<${describe(def.element, depth + 1)}>`),
  record: (def, depth) => (depth > 2 ? 'record' : `record<string, ${describe(def.valueType, depth + 1)}>`),
  union: (def, depth) => {
    if (def.discriminator) return `object (by "${def.discriminator}")`;
    const parts = def.options.map((o) => describe(o, depth + 1));
    return [...new Set(parts)].join(' | ');
  },
  unknown: () => 'any value',
  any: () => 'any value',
  other: (def) => def.type,
});

/** A short human description of what a schema expects: `string`, `"allow" | "deny"`, `object`… */
export function describeSchema(schema: AnySchema, depth = 0): string {
  return describe(schema, depth);
}

function isOptional(schema: AnySchema): boolean {
  return optinOf(schema) === 'optional';
}

function unknownVariantCode(key: string): string {
  if (key === 'type') return 'schema/unknown-type';
  if (key === 'subtype') return 'schema/unknown-subtype';
  return 'schema/unknown-variant';
}

function countBreaking(findings: Finding[]): number {
  let n = 0;
  for (const f of findings) if (f.severity === 'breaking') n++;
  return n;
}

function closer(a: Finding[], b: Finding[]): boolean {
  const da = countBreaking(a) - countBreaking(b);
  if (da !== 0) return da < 0;
  return a.length < b.length;
}

/** Lists every finding for `value` against `schema`; `path` locates `value` inside its message. */
export function walkSchema(schema: AnySchema, value: unknown, path: JsonPath = []): Finding[] {
  const out: Finding[] = [];
  walk(schema, value, [...path], out);
  return out;
}

/** Where the walk is: the value, its path inside the message, and the list findings go to. */
interface Cursor {
  value: unknown;
  path: (string | number)[];
  out: Finding[];
}

function walk(schema: AnySchema, value: unknown, path: (string | number)[], out: Finding[]): void {
  visit(schema, { value, path, out });
}

/** A JSON type the schema shares with `typeof` (string, number, boolean, bigint). */
function walkPrimitive(def: AnyDef, { value, path, out }: Cursor, schema: AnySchema): void {
  if (typeof value !== def.type) {
    wrongType(schema, value, path, out);
    return;
  }
  checkLeaf(schema, value, path, out);
}

/** Wrappers other than optional and nullable, lazies and pipes are passed through. */
const visit: Recurse<Cursor, void> = zodWalker<Cursor, void>({
  optional: (def, c) => {
    if (c.value !== undefined) visit(def.innerType, c);
  },
  nullable: (def, c) => {
    if (c.value !== null) visit(def.innerType, c);
  },
  unknown: () => {},
  any: () => {},
  object: (def, { value, path, out }, schema) => walkObject(schema, def, value, path, out),
  array: (def, { value, path, out }, schema) => {
    if (!Array.isArray(value)) {
      wrongType(schema, value, path, out);
      return;
    }
    value.forEach((item, i) => {
      walk(def.element, item, [...path, i], out);
    });
    checkLeaf(schema, value, path, out);
  },
  record: (def, { value, path, out }, schema) => {
    if (!isRecord(value)) {
      wrongType(schema, value, path, out);
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      const keyFindings: Finding[] = [];
      walk(def.keyType, k, [...path, k], keyFindings);
      if (countBreaking(keyFindings) > 0) {
        out.push({
          code: 'schema/unknown-field',
          severity: 'additive',
          message: `unknown key "${k}" at ${formatPath(path)}`,
          path: [...path, k],
          expected: describeSchema(def.keyType),
          actual: k,
        });
        continue;
      }
      walk(def.valueType, v, [...path, k], out);
    }
  },
  union: (def, { value, path, out }, schema) => walkUnion(schema, def, value, path, out),
  literal: (def, { value, path, out }, schema) => {
    const allowed = def.values as unknown[];
    if (allowed.includes(value)) return;
    if (value === undefined) {
      missing(schema, path, out);
      return;
    }
    out.push({
      code: 'schema/invalid-value',
      severity: 'breaking',
      message: `${formatPath(path)} must be ${describeSchema(schema)}, got ${JSON.stringify(summarizeValue(value))}`,
      path: [...path],
      expected: allowed.length === 1 ? allowed[0] : allowed,
      actual: summarizeValue(value),
    });
  },
  enum: (def, { value, path, out }, schema) => {
    const allowed: unknown[] = Object.values(def.entries);
    if (allowed.includes(value)) return;
    if (typeof value !== typeof allowed[0]) {
      wrongType(schema, value, path, out);
      return;
    }
    out.push({
      code: 'schema/invalid-value',
      severity: 'breaking',
      message: `${formatPath(path)} must be one of ${describeSchema(schema)}, got ${JSON.stringify(summarizeValue(value))}`,
      path: [...path],
      expected: allowed,
      actual: summarizeValue(value),
    });
  },
  string: walkPrimitive,
  number: walkPrimitive,
  boolean: walkPrimitive,
  bigint: walkPrimitive,
  null: (_def, { value, path, out }, schema) => {
    if (value !== null) wrongType(schema, value, path, out);
  },
  never: (_def, { value, path, out }) => {
    out.push({
      code: 'schema/unexpected-field',
      severity: 'breaking',
      message: `${formatPath(path)} must not be present`,
      path: [...path],
      actual: summarizeValue(value),
    });
  },
  other: (_def, { value, path, out }, schema) => checkLeaf(schema, value, path, out, true),
});

function walkObject(
  schema: AnySchema,
  def: DefOf<'object'>,
  value: unknown,
  path: (string | number)[],
  out: Finding[],
): void {
  if (!isRecord(value)) {
    wrongType(schema, value, path, out);
    return;
  }
  const shape = def.shape;
  for (const [key, child] of Object.entries(shape)) {
    const v = Object.hasOwn(value, key) ? value[key] : undefined;
    if (v === undefined) {
      if (!isOptional(child)) missing(child, [...path, key], out);
      continue;
    }
    walk(child, v, [...path, key], out);
  }
  const catchall = def.catchall;
  const strict = catchall !== undefined && defOf(catchall).type === 'never';
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(shape, key)) continue;
    if (
      catchall !== undefined &&
      !strict &&
      defOf(catchall).type !== 'unknown' &&
      defOf(catchall).type !== 'any'
    ) {
      walk(catchall, value[key], [...path, key], out);
      continue;
    }
    out.push({
      code: strict ? 'schema/unexpected-field' : 'schema/unknown-field',
      severity: strict ? 'breaking' : 'additive',
      message: strict
        ? `field "${key}" is not allowed at ${formatPath(path)}`
        : `unknown field "${key}" at ${formatPath(path)} (not in the pinned schema)`,
      path: [...path, key],
      actual: summarizeValue(value[key]),
    });
  }
}

function walkUnion(
  schema: AnySchema,
  def: DefOf<'union'>,
  value: unknown,
  path: (string | number)[],
  out: Finding[],
): void {
  const options = def.options;
  const key = def.discriminator;
  let candidates = options;
  if (key !== undefined) {
    if (!isRecord(value)) {
      wrongType(schema, value, path, out);
      return;
    }
    const tag = value[key];
    const known = new Set<unknown>();
    for (const option of options) for (const v of propValues(option, key) ?? []) known.add(v);
    if (tag === undefined) {
      out.push({
        code: 'schema/missing-field',
        severity: 'breaking',
        message: `missing required field "${key}" at ${formatPath(path)}`,
        path: [...path, key],
        expected: [...known],
      });
      return;
    }
    candidates = options.filter((o) => propValues(o, key)?.has(tag));
    if (candidates.length === 0) {
      if (![...known].some((k) => typeof k === typeof tag)) {
        out.push({
          code: 'schema/wrong-type',
          severity: 'breaking',
          message: `${formatPath([...path, key])} must be a ${typeof [...known][0]}, got ${jsonTypeOf(tag)}`,
          path: [...path, key],
          expected: typeof [...known][0],
          actual: summarizeValue(tag),
        });
        return;
      }
      out.push({
        code: unknownVariantCode(key),
        severity: 'additive',
        message: `unknown ${key} "${String(tag)}" at ${formatPath(path)} (not in the pinned schema; not checked further)`,
        path: [...path, key],
        expected: [...known],
        actual: tag,
      });
      return;
    }
  }
  if (candidates.length === 1) {
    walk(candidates[0]!, value, path, out);
    return;
  }
  // Closest member: fewest breaking findings, then fewest unknown fields (it "explains" more keys).
  let best: Finding[] | undefined;
  for (const option of candidates) {
    const findings: Finding[] = [];
    walk(option, value, path, findings);
    if (countBreaking(findings) === 0) {
      out.push(...findings);
      return;
    }
    if (best === undefined || closer(findings, best)) best = findings;
  }
  out.push(...(best ?? []));
}

function missing(schema: AnySchema, path: (string | number)[], out: Finding[]): void {
  const key = path.at(-1);
  out.push({
    code: 'schema/missing-field',
    severity: 'breaking',
    message: `missing required field ${JSON.stringify(key)} at ${formatPath(path.slice(0, -1))} (expected ${describeSchema(schema)})`,
    path: [...path],
    expected: describeSchema(schema),
  });
}

function wrongType(schema: AnySchema, value: unknown, path: (string | number)[], out: Finding[]): void {
  if (value === undefined) {
    missing(schema, path, out);
    return;
  }
  out.push({
    code: 'schema/wrong-type',
    severity: 'breaking',
    message: `${formatPath(path)} must be ${describeSchema(schema)}, got ${jsonTypeOf(value)}`,
    path: [...path],
    expected: describeSchema(schema),
    actual: summarizeValue(value),
  });
}

/**
 * Runs the schema's own checks (int, positive, min…) on a value whose JSON type already fits;
 * with `always`, runs a full parse (schema kinds the walker does not descend into).
 */
function checkLeaf(
  schema: AnySchema,
  value: unknown,
  path: (string | number)[],
  out: Finding[],
  always = false,
): void {
  const checks = defOf(schema).checks ?? [];
  if (!always && checks.length === 0) return;
  const result = (schema as z.ZodType).safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) {
    const at = [...path, ...(issue.path as (string | number)[])];
    out.push({
      code: 'schema/constraint',
      severity: 'breaking',
      message: `${formatPath(at)}: ${issue.message}`,
      path: at,
      expected: describeSchema(schema),
      actual: summarizeValue(value),
    });
  }
}
