/**
 * Type inference from observed JSON values: a small shape model, rendered both as a zod schema
 * (to apply it) and as readable zod source (for the drafted `amendments.ts`). It types only what
 * the values show; a reviewer tightens it (an enum for a string, a description) where that is known.
 */
import { z } from 'zod';
import { isRecord } from '../util/json.js';

export type Shape =
  | { kind: 'string' | 'number' | 'boolean' | 'null' | 'unknown' }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'array'; element: Shape }
  | { kind: 'object'; fields: Array<{ key: string; shape: Shape; optional: boolean }> }
  | { kind: 'record'; value: Shape }
  | { kind: 'nullable'; inner: Shape }
  | { kind: 'union'; options: Shape[]; discriminator?: string };

export interface InferOptions {
  /** Keys that are forced to a literal when every value agrees (union discriminators). */
  literalKeys?: ReadonlySet<string>;
}

const DEFAULT_LITERAL_KEYS = new Set(['type', 'subtype']);
/** An object with more keys than this, or with keys that are no identifiers, is a record. */
const RECORD_KEY_LIMIT = 40;
/** Keys that read as field names (model names, paths and other data keys do not). */
const IDENTIFIER_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The shape of a set of observed values (all the values one place took). */
export function inferShape(values: readonly unknown[], key?: string, options: InferOptions = {}): Shape {
  const literalKeys = options.literalKeys ?? DEFAULT_LITERAL_KEYS;
  const present = values.filter((v) => v !== undefined);
  if (present.length === 0) return { kind: 'unknown' };
  const groups = new Map<string, unknown[]>();
  for (const v of present) groups.set(jsonType(v), [...(groups.get(jsonType(v)) ?? []), v]);
  const shapes: Shape[] = [];
  let nullable = false;
  for (const [type, group] of groups) {
    switch (type) {
      case 'null':
        nullable = true;
        break;
      case 'string':
      case 'number':
      case 'boolean': {
        const distinct = new Set(group);
        if (key !== undefined && literalKeys.has(key) && distinct.size === 1) {
          shapes.push({ kind: 'literal', value: group[0] as string | number | boolean });
        } else {
          shapes.push({ kind: type });
        }
        break;
      }
      case 'array':
        shapes.push({ kind: 'array', element: inferElements((group as unknown[][]).flat(), options) });
        break;
      case 'object':
        shapes.push(inferObject(group as Record<string, unknown>[], options));
        break;
      default:
        shapes.push({ kind: 'unknown' });
    }
  }
  if (shapes.length === 0) return { kind: 'null' };
  const inner: Shape = shapes.length === 1 ? shapes[0]! : { kind: 'union', options: shapes };
  return nullable ? { kind: 'nullable', inner } : inner;
}

/** Array elements: objects told apart by a string `type` become a discriminated union. */
function inferElements(elements: unknown[], options: InferOptions): Shape {
  if (elements.length > 0 && elements.every((e) => isRecord(e) && typeof e.type === 'string')) {
    const byType = new Map<string, Record<string, unknown>[]>();
    for (const e of elements as Record<string, unknown>[]) {
      byType.set(e.type as string, [...(byType.get(e.type as string) ?? []), e]);
    }
    if (byType.size > 1) {
      return {
        kind: 'union',
        discriminator: 'type',
        options: [...byType.values()].map((group) => inferObject(group, options)),
      };
    }
  }
  return inferShape(elements, undefined, options);
}

/** Objects: one field per key seen (optional unless every object has it), or a record. */
export function inferObject(objects: readonly Record<string, unknown>[], options: InferOptions = {}): Shape {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const o of objects) {
    for (const k of Object.keys(o)) {
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(k);
      }
    }
  }
  const nonIdentifiers = keys.filter((k) => !IDENTIFIER_KEY.test(k)).length;
  if (keys.length > RECORD_KEY_LIMIT || (keys.length > 0 && nonIdentifiers === keys.length)) {
    return {
      kind: 'record',
      value: inferShape(
        objects.flatMap((o) => Object.values(o)),
        undefined,
        options,
      ),
    };
  }
  return {
    kind: 'object',
    fields: keys.map((k) => ({
      key: k,
      shape: inferShape(
        objects.map((o) => o[k]),
        k,
        options,
      ),
      optional: objects.some((o) => o[k] === undefined),
    })),
  };
}

/** The zod schema of a shape. */
export function shapeToZod(shape: Shape): z.ZodType {
  switch (shape.kind) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'null':
      return z.null();
    case 'unknown':
      return z.unknown();
    case 'literal':
      return z.literal(shape.value);
    case 'array':
      return z.array(shapeToZod(shape.element));
    case 'record':
      return z.record(z.string(), shapeToZod(shape.value));
    case 'nullable':
      return shapeToZod(shape.inner).nullable();
    case 'object':
      return z.looseObject(
        Object.fromEntries(
          shape.fields.map((f) => [f.key, f.optional ? shapeToZod(f.shape).optional() : shapeToZod(f.shape)]),
        ),
      );
    case 'union': {
      const options = shape.options.map(shapeToZod);
      return shape.discriminator
        ? z.discriminatedUnion(shape.discriminator, options as [z.ZodObject, ...z.ZodObject[]])
        : z.union(options);
    }
  }
}

const IDENT_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The zod source of a shape (`z.looseObject({ … })`), indented from `indent`. */
export function shapeToSource(shape: Shape, indent = ''): string {
  const next = `${indent}  `;
  switch (shape.kind) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'unknown':
      return `z.${shape.kind}()`;
    case 'literal':
      return `z.literal(${JSON.stringify(shape.value)})`;
    case 'array':
      return `z.array(${shapeToSource(shape.element, indent)})`;
    case 'record':
      return `z.record(z.string(), ${shapeToSource(shape.value, indent)})`;
    case 'nullable':
      return `${shapeToSource(shape.inner, indent)}.nullable()`;
    case 'object': {
      if (shape.fields.length === 0) return 'z.looseObject({})';
      const lines = shape.fields.map((f) => {
        const key = IDENT_KEY.test(f.key) ? f.key : JSON.stringify(f.key);
        return `${next}${key}: ${shapeToSource(f.shape, next)}${f.optional ? '.optional()' : ''},`;
      });
      return `z.looseObject({\n${lines.join('\n')}\n${indent}})`;
    }
    case 'union': {
      const options = shape.options.map((o) => `${next}${shapeToSource(o, next)},`).join('\n');
      return shape.discriminator
        ? `z.discriminatedUnion(${JSON.stringify(shape.discriminator)}, [\n${options}\n${indent}])`
        : `z.union([\n${options}\n${indent}])`;
    }
  }
}
