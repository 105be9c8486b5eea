import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { cloneJson, jsonDepth, MAX_WALKED_DEPTH, stringifyJson, textNestsDeeperThan } from './deep-json.js';

const nested = (depth: number): string => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

describe('deep JSON helpers', () => {
  test.prop([fc.jsonValue()], { numRuns: 300 })(
    'stringifyJson and cloneJson agree with JSON.stringify on any JSON value',
    (value) => {
      expect(stringifyJson(value)).toBe(JSON.stringify(value));
      expect(JSON.stringify(cloneJson(value))).toBe(JSON.stringify(value));
    },
  );

  it.each([['{"__proto__":0}'], ['{"a":{"__proto__":{"polluted":true}},"b":[{"__proto__":null}]}']])(
    'cloneJson keeps a "__proto__" member as a member, not a prototype: %s',
    (text) => {
      const value = JSON.parse(text) as unknown;
      const copy = cloneJson(value);
      expect(JSON.stringify(copy)).toBe(text);
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    },
  );

  test.prop([fc.jsonValue()], { numRuns: 300 })(
    'textNestsDeeperThan agrees with jsonDepth on the encoded value',
    (value) => {
      const text = JSON.stringify(value);
      const depth = jsonDepth(value);
      for (const limit of [0, 1, 2, 3]) expect(textNestsDeeperThan(text, limit)).toBe(depth > limit);
    },
  );

  it('encodes, copies and measures a value nested 200,000 levels deep (JSON.stringify overflows)', () => {
    const text = nested(100_000);
    const value = JSON.parse(text) as unknown;
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    expect(stringifyJson(value)).toBe(text);
    expect(stringifyJson(cloneJson(value))).toBe(text);
    expect(jsonDepth(value)).toBe(200_000);
    expect(jsonDepth(value, 10)).toBe(11);
    expect(textNestsDeeperThan(text, MAX_WALKED_DEPTH)).toBe(true);
  });

  it('leaves out undefined members and writes null for undefined items, as JSON.stringify does', () => {
    const value = JSON.parse(nested(10_000)) as { a: unknown[] };
    const probe = { x: undefined, y: [undefined, 1], z: value };
    expect(stringifyJson(probe)).toBe(`{"y":[null,1],"z":${nested(10_000)}}`);
  });

  it('does not count brackets inside strings', () => {
    const text = JSON.stringify({ s: '['.repeat(5000) });
    expect(textNestsDeeperThan(text, MAX_WALKED_DEPTH)).toBe(false);
  });
});
