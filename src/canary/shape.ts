import { CATALOGUE_LISTS, DISCRIMINATOR_KEYS } from '../protocol/contract-keys.js';
import { normalizeText } from '../util/normalize-text.js';

/**
 * The structure of a group of messages, merged: which keys appear (and how often), the JSON types
 * of every value, the element structure of arrays, and the values of discriminator fields. Values
 * themselves (ids, times, durations, costs, paths, texts) are deliberately not part of a shape.
 */

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export interface Shape {
  /** How many values were observed here. */
  seen: number;
  types: Map<JsonType, number>;
  /** Objects: how many, and the shape of each key (its `seen` = how many objects had it). */
  objects: number;
  keys: Map<string, Shape>;
  /** True when the objects here are maps keyed by data (model names, question texts…). */
  map: boolean;
  /** Arrays: how many, how many were empty, and the merged shape of their elements. */
  arrays: number;
  emptyArrays: number;
  items: Shape | undefined;
  /**
   * Scalar values other than numbers (`JSON.stringify` of the value, strings normalised: ids,
   * sandbox paths, times): how often each was seen. Every distinct value is kept for discriminator
   * keys and catalogue lists; for any other key only whether it is constant (one value) or `varied`.
   */
  values: Map<string, number> | undefined;
  /** True when a non-discriminator key had more than one value (its values are then not kept). */
  varied: boolean;
}

/** Keys whose string values are ids the CLI generates in a shape no pattern tells (a task's, a subagent's, a run's). */
const GENERATED_ID_KEYS: ReadonlySet<string> = new Set([
  'task_id',
  'agent_id',
  'agentId',
  'run_id',
  'parent_task_id',
]);

/**
 * Objects under these keys are maps keyed by data, whatever their keys look like. Elsewhere an
 * object is a map when the *baseline* has a key that is not an identifier; the comparison follows
 * the baseline's view, so a new odd key never hides a field that is gone.
 */
const MAP_KEYS: ReadonlySet<string> = new Set(['modelUsage', 'answers', 'env']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function emptyShape(): Shape {
  return {
    seen: 0,
    types: new Map(),
    objects: 0,
    keys: new Map(),
    map: false,
    arrays: 0,
    emptyArrays: 0,
    items: undefined,
    values: undefined,
    varied: false,
  };
}

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean' || t === 'object') return t;
  return 'null';
}

/** Adds one value to `shape`; `key` is the name it sits under (for discriminators and maps). */
export function observe(shape: Shape, value: unknown, key?: string): void {
  shape.seen += 1;
  const type = jsonType(value);
  shape.types.set(type, (shape.types.get(type) ?? 0) + 1);
  if (type === 'string' || type === 'boolean' || type === 'null') {
    const v = JSON.stringify(
      typeof value === 'string'
        ? key !== undefined && GENERATED_ID_KEYS.has(key)
          ? '<id>'
          : normalizeText(value)
        : value,
    );
    const keepAll = key !== undefined && (DISCRIMINATOR_KEYS.has(key) || CATALOGUE_LISTS.has(key));
    if (keepAll || !shape.varied) {
      shape.values ??= new Map();
      shape.values.set(v, (shape.values.get(v) ?? 0) + 1);
      if (!keepAll && shape.values.size > 1) {
        shape.varied = true;
        shape.values = undefined;
      }
    }
  }
  if (type === 'object') {
    const obj = value as Record<string, unknown>;
    shape.objects += 1;
    const names = Object.keys(obj);
    if ((key !== undefined && MAP_KEYS.has(key)) || names.some((name) => !IDENTIFIER.test(name))) {
      shape.map = true;
    }
    for (const name of names) {
      observe(childShape(shape.keys, name), obj[name], name);
    }
  } else if (type === 'array') {
    const arr = value as unknown[];
    shape.arrays += 1;
    if (arr.length === 0) shape.emptyArrays += 1;
    for (const item of arr) {
      shape.items ??= emptyShape();
      // Elements of an array sit under the array's key (so `content[].type` is a discriminator).
      observe(shape.items, item, key);
    }
  }
}

/** The entries of a map folded into one shape (`undefined` when the map was always empty). */
export function mapEntries(shape: Shape): Shape | undefined {
  if (shape.keys.size === 0) return undefined;
  const folded = emptyShape();
  for (const child of shape.keys.values()) mergeInto(folded, child);
  return folded;
}

function childShape(keys: Map<string, Shape>, name: string): Shape {
  const found = keys.get(name);
  if (found) return found;
  const made = emptyShape();
  keys.set(name, made);
  return made;
}

/** Merges `source` into `target` (the entries of a map). */
function mergeInto(target: Shape, source: Shape): void {
  target.seen += source.seen;
  for (const [t, n] of source.types) target.types.set(t, (target.types.get(t) ?? 0) + n);
  target.objects += source.objects;
  target.arrays += source.arrays;
  target.emptyArrays += source.emptyArrays;
  target.map ||= source.map;
  for (const [name, child] of source.keys) {
    mergeInto(childShape(target.keys, name), child);
  }
  if (source.items) {
    target.items ??= emptyShape();
    mergeInto(target.items, source.items);
  }
  target.varied ||= source.varied;
  if (source.values && !target.varied) {
    target.values ??= new Map();
    for (const [v, n] of source.values) target.values.set(v, (target.values.get(v) ?? 0) + n);
  }
}

/** The merged shape of a group of messages. */
export function shapeOf(messages: readonly unknown[]): Shape {
  const shape = emptyShape();
  for (const msg of messages) observe(shape, msg);
  return shape;
}
