/**
 * JSON helpers that hold for any nesting depth. `JSON.parse` in V8 is iterative (a line nested a
 * million levels deep parses), but `JSON.stringify`, `structuredClone` and recursive walks overflow
 * the stack after a few thousand levels. Everything that handles wire data of unknown shape uses
 * these instead.
 */

/**
 * The nesting depth of a JSON value (a scalar is 0, `[]` is 1, `[[1]]` is 2), counted without
 * recursion. Stops counting once `cap` is passed and returns a value above it.
 */
export function jsonDepth(value: unknown, cap = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const here = depth + 1;
    if (here > max) {
      max = here;
      if (max > cap) return max;
    }
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, here]);
    }
  }
  return max;
}

/**
 * `JSON.stringify(value)` for JSON data of any depth: the built-in one first, and on a stack
 * overflow an iterative encoder with the same output for plain data (objects, arrays, strings,
 * finite numbers, booleans, null; `undefined` members left out, in arrays `null`).
 */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return stringifyIteratively(value);
  }
}

type Frame =
  | { kind: 'array'; items: unknown[]; index: number }
  | { kind: 'object'; entries: Array<[string, unknown]>; index: number };

function scalar(value: unknown): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      return undefined; // undefined, functions, symbols
  }
}

function stringifyIteratively(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  /** Writes `value`: a scalar at once, a container by pushing it. False when it has no JSON form. */
  const open = (value: unknown): boolean => {
    if (typeof value === 'object' && value !== null) {
      if (Array.isArray(value)) {
        out.push('[');
        stack.push({ kind: 'array', items: value, index: 0 });
      } else {
        out.push('{');
        const entries = Object.entries(value).filter(([, v]) => scalar(v) !== undefined || isContainer(v));
        stack.push({ kind: 'object', entries, index: 0 });
      }
      return true;
    }
    const text = scalar(value);
    if (text === undefined) return false;
    out.push(text);
    return true;
  };
  if (!open(root)) return undefined as unknown as string;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.kind === 'array') {
      if (top.index >= top.items.length) {
        out.push(']');
        stack.pop();
        continue;
      }
      if (top.index > 0) out.push(',');
      const item = top.items[top.index++];
      if (!open(item)) out.push('null');
    } else {
      if (top.index >= top.entries.length) {
        out.push('}');
        stack.pop();
        continue;
      }
      if (top.index > 0) out.push(',');
      const [key, item] = top.entries[top.index++]!;
      out.push(JSON.stringify(key), ':');
      open(item);
    }
  }
  return out.join('');
}

function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/**
 * A deep copy of JSON data of any depth (what `structuredClone` does for plain data), without
 * recursion.
 */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const rootCopy: unknown = Array.isArray(value) ? [] : {};
  const stack: Array<[unknown, Record<string, unknown> | unknown[]]> = [
    [value, rootCopy as Record<string, unknown>],
  ];
  while (stack.length > 0) {
    const [source, target] = stack.pop()!;
    const entries = Array.isArray(source)
      ? source.map((v, i) => [i, v] as const)
      : Object.entries(source as Record<string, unknown>);
    for (const [key, child] of entries) {
      let copy: unknown = child;
      if (typeof child === 'object' && child !== null) {
        copy = Array.isArray(child) ? [] : {};
        stack.push([child, copy as Record<string, unknown>]);
      }
      // A `__proto__` member (JSON.parse makes it an own property) would set the prototype when assigned.
      if (key === '__proto__') {
        Object.defineProperty(target, key, {
          value: copy,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else (target as Record<string | number, unknown>)[key] = copy;
    }
  }
  return rootCopy as T;
}

/**
 * How deep the kit's recursive walks of wire data (redaction, id placeholders, replay comparison,
 * fixture checks) take a JSON value. A recorded line nested deeper is stored as text (redacted by
 * the text rules), a fixture frame deeper is refused by the reader, a client line deeper is a replay
 * mismatch. Real sessions stay far below it; V8 overflows its stack a few thousand levels down.
 */
export const MAX_WALKED_DEPTH = 1000;

/**
 * True when the JSON text `text` nests deeper than `limit` (brackets counted outside strings), in
 * one pass over the characters. A text shorter than `2 * limit` cannot, and is not scanned.
 */
export function textNestsDeeperThan(text: string, limit: number): boolean {
  if (text.length < 2 * limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
