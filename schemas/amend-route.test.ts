import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatRoute, hasPropValues, parseRoute, propValuesAt, selects } from './amend-route.js';
import { propValues, propValuesOf } from './zod-walk.js';

/** What zod says, or the error it throws. */
function zodSays<T>(read: () => T): { ok: T } | { error: string } {
  try {
    return { ok: read() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const sorted = (values: ReadonlySet<unknown> | undefined) =>
  values ? [...values].map(String).sort() : undefined;

/**
 * A member: an object with a `kind` (one or two tags; required, optional or defaulted; or any
 * string: no values, which zod refuses) and a field `v`, a readonly one, or a union of such.
 */
const tag = fc.constantFrom('a', 'b', 'c');
const member: fc.Arbitrary<z.ZodType> = fc.oneof(
  fc
    .record({
      tags: fc.uniqueArray(tag, { minLength: 1, maxLength: 2 }),
      wrap: fc.constantFrom('none', 'optional', 'default'),
    })
    .map(({ tags, wrap }) => {
      const kind = z.literal(tags);
      const field =
        wrap === 'optional' ? kind.optional() : wrap === 'default' ? kind.default(tags[0]!) : kind;
      return z.looseObject({ kind: field, v: z.enum(['v1', 'v2']) });
    }),
  fc.constant(z.looseObject({ kind: z.string() })),
  fc.constant(z.looseObject({ kind: z.literal('r') }).readonly()),
  fc
    .uniqueArray(fc.constantFrom('x', 'y'), { minLength: 1, maxLength: 2 })
    .map((subs) =>
      z.discriminatedUnion(
        'sub',
        subs.map((sub) => z.looseObject({ sub: z.literal(sub), kind: z.literal('n') })) as never,
      ),
    ),
);
const union = fc
  .record({ members: fc.array(member, { minLength: 1, maxLength: 4 }), fallback: fc.boolean() })
  .map(({ members, fallback }) =>
    z.discriminatedUnion('kind', members as never, fallback ? { unionFallback: true } : undefined),
  );

describe('propValuesAt', () => {
  test.prop([union, fc.constantFrom('kind', 'sub', 'v', 'x')], { numRuns: 300 })(
    "is zod's own propValues[key] (or zod's error), for a discriminated union and each of its members",
    (schema, key) => {
      for (const s of [schema, ...((schema as unknown as { options: z.ZodType[] }).options ?? [])]) {
        const expected = zodSays(() => sorted(propValues(s, key)));
        expect(zodSays(() => sorted(propValuesAt(s, key)))).toEqual(expected);
      }
    },
  );

  test.prop([union], { numRuns: 200 })("hasPropValues says whether zod's propValues has a key", (schema) => {
    for (const s of [schema, ...((schema as unknown as { options: z.ZodType[] }).options ?? [])]) {
      const expected = zodSays(() => Object.keys(propValuesOf(s) ?? {}).length > 0);
      expect(zodSays(() => hasPropValues(s))).toEqual(expected);
    }
  });

  it('reads an object field without zod computing the other fields', () => {
    const other = z.enum(['x']);
    const object = z.looseObject({ kind: z.literal('a'), other });
    expect(sorted(propValuesAt(object, 'kind'))).toEqual(['a']);
    expect(propValuesAt(object, 'missing')).toBeUndefined();
    expect(propValuesAt(z.looseObject({ s: z.string() }), 's')).toBeUndefined();
    expect(sorted(propValuesAt(z.looseObject({ kind: z.literal('a').optional() }), 'kind'))).toEqual([
      'a',
      'undefined',
    ]);
  });
});

describe('selects', () => {
  it('selects a member by any of the tags written, as `v1|v2`', () => {
    const m = z.looseObject({ kind: z.literal(['a', 'b']) });
    expect(selects(m, 'kind', 'a')).toBe(true);
    expect(selects(m, 'kind', 'b|c')).toBe(true);
    expect(selects(m, 'kind', 'c')).toBe(false);
    expect(selects(z.string(), 'kind', 'a')).toBe(false);
  });

  it('routes read and write back the same', () => {
    const route = '<type=system><subtype=a|b>.x["odd key"][]{}<#2>';
    expect(formatRoute(parseRoute(route))).toBe(route);
  });
});
