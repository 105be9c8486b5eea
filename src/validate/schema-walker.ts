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
import type { Finding, JsonPath } from '../findings/index.js';
import { formatPath } from '../findings/index.js';
import { isRecord } from '../util/json.js';

type AnySchema = z.core.$ZodType;

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: AnySchema): Def {
  return schema._zod.def as unknown as Def;
}

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

/** A short human description of what a schema expects: `string`, `"allow" | "deny"`, `object`… */
export function describeSchema(schema: AnySchema, depth = 0): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return describeSchema(def.innerType as AnySchema, depth);
    case 'nullable':
      return `${describeSchema(def.innerType as AnySchema, depth)} | null`;
    case 'lazy':
      return depth > 3 ? 'value' : describeSchema((def.getter as () => AnySchema)(), depth + 1);
    case 'pipe':
      return describeSchema(def.in as AnySchema, depth);
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)
        .map((v) => JSON.stringify(v))
        .join(' | ');
    case 'object':
      return 'object';
    case 'array':
      return depth > 2 ? 'array' : `array<${describeSchema(def.element as AnySchema, depth + 1)}>`;
    case 'record':
      return depth > 2
        ? 'record'
        : `record<string, ${describeSchema(def.valueType as AnySchema, depth + 1)}>`;
    case 'union': {
      if (def.discriminator) return `object (by "${def.discriminator as string}")`;
      const parts = (def.options as AnySchema[]).map((o) => describeSchema(o, depth + 1));
      return [...new Set(parts)].join(' | ');
    }
    case 'unknown':
    case 'any':
      return 'any value';
    default:
      return def.type;
  }
}

function isOptional(schema: AnySchema): boolean {
  return schema._zod.optin === 'optional';
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

/** Known discriminator values of a union member (nested discriminated unions included). */
function discriminatorValues(option: AnySchema, key: string): Set<unknown> | undefined {
  const values = (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues?.[key];
  return values;
}

/** Lists every finding for `value` against `schema`; `path` locates `value` inside its message. */
export function walkSchema(schema: AnySchema, value: unknown, path: JsonPath = []): Finding[] {
  const out: Finding[] = [];
  walk(schema, value, [...path], out);
  return out;
}

function walk(schema: AnySchema, value: unknown, path: (string | number)[], out: Finding[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      if (value === undefined) return;
      walk(def.innerType as AnySchema, value, path, out);
      return;
    case 'nullable':
      if (value === null) return;
      walk(def.innerType as AnySchema, value, path, out);
      return;
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional': {
      walk(def.innerType as AnySchema, value, path, out);
      return;
    }
    case 'lazy': {
      walk((def.getter as () => AnySchema)(), value, path, out);
      return;
    }
    case 'pipe': {
      walk(def.in as AnySchema, value, path, out);
      return;
    }
    case 'unknown':
    case 'any':
      return;
    case 'object': {
      walkObject(schema, def, value, path, out);
      return;
    }
    case 'array':
      if (!Array.isArray(value)) {
        wrongType(schema, value, path, out);
        return;
      }
      value.forEach((item, i) => {
        walk(def.element as AnySchema, item, [...path, i], out);
      });
      checkLeaf(schema, value, path, out);
      return;
    case 'record':
      if (!isRecord(value)) {
        wrongType(schema, value, path, out);
        return;
      }
      for (const [k, v] of Object.entries(value)) {
        const keyFindings: Finding[] = [];
        walk(def.keyType as AnySchema, k, [...path, k], keyFindings);
        if (countBreaking(keyFindings) > 0) {
          out.push({
            code: 'schema/unknown-field',
            severity: 'additive',
            message: `unknown key "${k}" at ${formatPath(path)}`,
            path: [...path, k],
            expected: describeSchema(def.keyType as AnySchema),
            actual: k,
          });
          continue;
        }
        walk(def.valueType as AnySchema, v, [...path, k], out);
      }
      return;
    case 'union': {
      walkUnion(schema, def, value, path, out);
      return;
    }
    case 'literal': {
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
      return;
    }
    case 'enum': {
      const allowed = Object.values(def.entries as Record<string, unknown>);
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
      return;
    }
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
      if (typeof value !== def.type) {
        wrongType(schema, value, path, out);
        return;
      }
      checkLeaf(schema, value, path, out);
      return;
    case 'null':
      if (value !== null) {
        wrongType(schema, value, path, out);
        return;
      }
      return;
    case 'never':
      out.push({
        code: 'schema/unexpected-field',
        severity: 'breaking',
        message: `${formatPath(path)} must not be present`,
        path: [...path],
        actual: summarizeValue(value),
      });
      return;
    default: {
      checkLeaf(schema, value, path, out, true);
      return;
    }
  }
}

function walkObject(
  schema: AnySchema,
  def: Def,
  value: unknown,
  path: (string | number)[],
  out: Finding[],
): void {
  if (!isRecord(value)) {
    wrongType(schema, value, path, out);
    return;
  }
  const shape = def.shape as Record<string, AnySchema>;
  for (const [key, child] of Object.entries(shape)) {
    const v = Object.hasOwn(value, key) ? value[key] : undefined;
    if (v === undefined) {
      if (!isOptional(child)) missing(child, [...path, key], out);
      continue;
    }
    walk(child, v, [...path, key], out);
  }
  const catchall = def.catchall as AnySchema | undefined;
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
  def: Def,
  value: unknown,
  path: (string | number)[],
  out: Finding[],
): void {
  const options = def.options as AnySchema[];
  const key = def.discriminator as string | undefined;
  let candidates = options;
  if (key !== undefined) {
    if (!isRecord(value)) {
      wrongType(schema, value, path, out);
      return;
    }
    const tag = value[key];
    const known = new Set<unknown>();
    for (const option of options) for (const v of discriminatorValues(option, key) ?? []) known.add(v);
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
    candidates = options.filter((o) => discriminatorValues(o, key)?.has(tag));
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
  const checks = (defOf(schema).checks as unknown[] | undefined) ?? [];
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
