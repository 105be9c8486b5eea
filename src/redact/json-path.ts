import { isRecord } from '../util/json.js';
/**
 * A small JSON-path subset for redaction rules: `$`, `.key`, `['key']` / `["key"]`, `[n]`, `[*]`,
 * `.*`, and `..` (any depth, e.g. `$..email`). Paths address values inside one message.
 */
export type PathSegment =
  | { type: 'key'; name: string }
  | { type: 'index'; index: number }
  | { type: 'wildcard' }
  | { type: 'descend' };

export class JsonPathError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const IDENT = /^[A-Za-z_$][\w$-]*/;

export function parseJsonPath(path: string): PathSegment[] {
  if (!path.startsWith('$')) throw new JsonPathError('a path starts with "$"', 0);
  const segments: PathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    const rest = path.slice(i);
    if (rest.startsWith('..')) {
      segments.push({ type: 'descend' });
      i += 2;
      if (path[i] === '[') continue;
      const name = path.slice(i).match(IDENT)?.[0] ?? (path[i] === '*' ? '*' : undefined);
      if (name === undefined) throw new JsonPathError('expected a key or "*" after ".."', i);
      segments.push(name === '*' ? { type: 'wildcard' } : { type: 'key', name });
      i += name.length;
    } else if (rest.startsWith('.')) {
      i += 1;
      if (path[i] === '*') {
        segments.push({ type: 'wildcard' });
        i += 1;
        continue;
      }
      const name = path.slice(i).match(IDENT)?.[0];
      if (name === undefined) throw new JsonPathError('expected a key after "."', i);
      segments.push({ type: 'key', name });
      i += name.length;
    } else if (rest.startsWith('[*]')) {
      segments.push({ type: 'wildcard' });
      i += 3;
    } else if (/^\[\d+\]/.test(rest)) {
      const digits = rest.slice(1, rest.indexOf(']'));
      segments.push({ type: 'index', index: Number(digits) });
      i += digits.length + 2;
    } else if (rest.startsWith('["') || rest.startsWith("['")) {
      const quote = rest[1]!;
      let j = 2;
      let name = '';
      while (j < rest.length && rest[j] !== quote) {
        if (rest[j] === '\\' && j + 1 < rest.length) j += 1;
        name += rest[j];
        j += 1;
      }
      if (rest[j] !== quote || rest[j + 1] !== ']')
        throw new JsonPathError(`unterminated [${quote}…${quote}]`, i);
      segments.push({ type: 'key', name });
      i += j + 2;
    } else {
      throw new JsonPathError(`unexpected "${rest[0]}"`, i);
    }
  }
  return segments;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function mapChildren(value: unknown, fn: (child: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map(fn);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) setOwn(out, key, fn(child));
    return out;
  }
  return value;
}

/**
 * Returns a copy of `value` where every node `path` matches is replaced by `fn(node)`; nodes the
 * path does not reach are shared, not copied. With `..`, deeper matches are handled first.
 */
export function mapAtPath(
  value: unknown,
  path: readonly PathSegment[],
  fn: (node: unknown) => unknown,
): unknown {
  const visit = (node: unknown, i: number): unknown => {
    if (i === path.length) return fn(node);
    const segment = path[i]!;
    switch (segment.type) {
      case 'key': {
        if (!isRecord(node) || !Object.hasOwn(node, segment.name)) return node;
        const out: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(node))
          setOwn(out, key, key === segment.name ? visit(child, i + 1) : child);
        return out;
      }
      case 'index': {
        if (!Array.isArray(node) || segment.index >= node.length) return node;
        return node.map((child, n) => (n === segment.index ? visit(child, i + 1) : child));
      }
      case 'wildcard':
        return mapChildren(node, (child) => visit(child, i + 1));
      case 'descend': {
        const deeper = mapChildren(node, (child) => visit(child, i));
        return visit(deeper, i + 1);
      }
    }
  };
  return visit(value, 0);
}
