/**
 * Finds the schema node that judged a value at a JSON path, and the route (`schemas/amend.ts`) that
 * names it: the same choices the validation engine makes (discriminator first, then the first
 * union member without a breaking finding, else the closest), so an amendment lands where the
 * finding came from.
 */
import type { z } from 'zod';
import type { RouteSegment } from '../../schemas/amend.js';
import { defOf, innerOf, propValues } from '../../schemas/zod-walk.js';
import type { JsonPath } from '../findings/index.js';
import { isRecord } from '../util/json.js';
import { walkSchema } from '../validate/schema-walker.js';

type AnySchema = z.ZodType;

export interface Resolved {
  route: RouteSegment[];
  /** The node reached (wrappers stripped). */
  node: AnySchema;
  /** The value at the node. */
  value: unknown;
  /** The part of the path not followed (the node has no child there). */
  rest: JsonPath;
  /** Set when a discriminated union had no member for the value's tag. */
  unmatched?: { key: string; tag: unknown };
}

function breaking(schema: AnySchema, value: unknown): number {
  return walkSchema(schema, value).filter((f) => f.severity === 'breaking').length;
}

function pickMember(options: AnySchema[], value: unknown): number {
  let best = 0;
  let bestCount = Number.POSITIVE_INFINITY;
  for (const [i, option] of options.entries()) {
    const count = breaking(option, value);
    if (count === 0) return i;
    if (count < bestCount) {
      bestCount = count;
      best = i;
    }
  }
  return best;
}

/** Resolves `path` inside `value` against `schema`. */
export function resolveRoute(schema: AnySchema, value: unknown, path: JsonPath): Resolved {
  const route: RouteSegment[] = [];
  let node = schema;
  let current = value;
  let rest = [...path];
  for (;;) {
    // Wrappers, lazies and pipes are passed through.
    const inner = innerOf(node);
    if (inner !== undefined) {
      node = inner as AnySchema;
      continue;
    }
    const def = defOf(node);
    if (def.type === 'union') {
      const options = def.options as AnySchema[];
      const key = def.discriminator as string | undefined;
      if (key !== undefined && isRecord(current)) {
        const tag = current[key];
        const hits = options.map((o, i) => [o, i] as const).filter(([o]) => propValues(o, key)?.has(tag));
        if (hits.length === 0) return { route, node, value: current, rest, unmatched: { key, tag } };
        if (hits.length === 1) {
          const [option, index] = hits[0]!;
          // All of the member's values, so the route names this member whichever one was seen.
          const values = [...(propValues(option, key) ?? [])].map(String);
          const sharing = options.filter((o) =>
            [...(propValues(o, key) ?? [])].some((v) => values.includes(String(v))),
          ).length;
          route.push(
            sharing === 1 ? { kind: 'variant', key, value: values.join('|') } : { kind: 'member', index },
          );
          node = option;
          continue;
        }
        const chosen =
          hits[
            pickMember(
              hits.map(([o]) => o),
              current,
            )
          ]!;
        route.push({ kind: 'member', index: chosen[1] });
        node = chosen[0];
        continue;
      }
      const index = pickMember(options, current);
      route.push({ kind: 'member', index });
      node = options[index]!;
      continue;
    }
    const [head, ...tail] = rest;
    if (head === undefined) return { route, node, value: current, rest };
    if (def.type === 'object' && typeof head === 'string' && isRecord(current)) {
      const child = (def.shape as Record<string, AnySchema>)[head];
      if (!child) return { route, node, value: current, rest };
      route.push({ kind: 'field', key: head });
      node = child;
      current = current[head];
      rest = tail;
      continue;
    }
    if (def.type === 'array' && typeof head === 'number' && Array.isArray(current)) {
      route.push({ kind: 'element' });
      node = def.element as AnySchema;
      current = current[head];
      rest = tail;
      continue;
    }
    if (def.type === 'record' && isRecord(current)) {
      route.push({ kind: 'value' });
      node = def.valueType as AnySchema;
      current = current[String(head)];
      rest = tail;
      continue;
    }
    return { route, node, value: current, rest };
  }
}

/** The value at `path` inside `value`. */
export function valueAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const part of path) {
    if (Array.isArray(current) && typeof part === 'number') current = current[part];
    else if (isRecord(current)) current = current[String(part)];
    else return undefined;
  }
  return current;
}
