/**
 * Amendments applied in runs (amend-run.ts) give exactly what the rebuild per amendment gave:
 * the same schemas (compared as JSON Schema, names as `$defs`), the same names following the same
 * nodes, the same errors. The rebuild per amendment is kept below as the reference, as it was.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaSet as set150 } from './2.1.150/index.js';
import { sdkAmendments as sdk150, sdkNamed as sdkNamed150 } from './2.1.150/sdk-amendments.js';
import { amendments as corpus332 } from './2.1.332/amendments.js';
import { schemaSet as set332 } from './2.1.332/index.js';
import { sdkAmendments as sdk332, sdkNamed as sdkNamed332 } from './2.1.332/sdk-amendments.js';
import {
  type Amendment,
  addField,
  addValues,
  addVariant,
  amendSchema,
  amendSchemaSet,
  formatRoute,
  makeOptional,
  parseRoute,
  type RouteSegment,
  widen,
} from './amend.js';
import { applyAmendments, type RunReport } from './amend-run.js';
import type { SchemaSet } from './schema-set.js';
import { type AnyDef, defOf, propValues, type Recurse, zodWalker } from './zod-walk.js';

type Schema = z.ZodType;
type RootAmendment = Exclude<Amendment, { op: 'add-payload' }>;

// ---- the reference: one rebuild per amendment ----------------------------------------------------

function refSelects(option: z.core.$ZodType, key: string, value: string): boolean {
  const values = propValues(option, key);
  if (!values) return false;
  const wanted = new Set(value.split('|'));
  for (const v of values) if (wanted.has(String(v))) return true;
  return false;
}

function refClone(schema: z.core.$ZodType, def: AnyDef): Schema {
  const next = (schema as Schema).clone(def as never) as Schema;
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(next, meta);
  return next;
}

function refRebuild(
  schema: Schema,
  route: readonly RouteSegment[],
  edit: (node: Schema) => Schema,
  replaced: Map<Schema, Schema>,
  where: string,
): Schema {
  const done = (old: z.core.$ZodType, next: Schema) => {
    replaced.set(old as Schema, next);
    return next;
  };
  const go: Recurse<readonly RouteSegment[], Schema> = zodWalker<readonly RouteSegment[], Schema>({
    wrapper: (def, rest, node) => done(node, refClone(node, { ...def, innerType: go(def.innerType, rest) })),
    lazy: (def, rest, node) => {
      const inner = go(def.getter(), rest);
      return done(node, refClone(node, { ...def, getter: () => inner }));
    },
    pipe: (def, rest, node) => done(node, refClone(node, { ...def, in: go(def.in, rest) })),
    other: (def, [head, ...rest], node) => {
      if (head === undefined) return done(node, edit(node as Schema));
      const fail = (what: string): never => {
        throw new Error(`${where}: ${what} (at a ${def.type} node)`);
      };
      switch (head.kind) {
        case 'field': {
          if (def.type !== 'object') return fail(`field "${head.key}" asked of a non-object`);
          const child = def.shape[head.key];
          if (!child) return fail(`no field "${head.key}"`);
          return done(node, refClone(node, { ...def, shape: { ...def.shape, [head.key]: go(child, rest) } }));
        }
        case 'element':
          if (def.type !== 'array') return fail('element asked of a non-array');
          return done(node, refClone(node, { ...def, element: go(def.element, rest) }));
        case 'value':
          if (def.type !== 'record') return fail('record value asked of a non-record');
          return done(node, refClone(node, { ...def, valueType: go(def.valueType, rest) }));
        case 'variant':
        case 'member': {
          if (def.type !== 'union') return fail('union member asked of a non-union');
          const options = def.options as Schema[];
          const hit = options.map((o, i) =>
            head.kind === 'member' ? i === head.index : refSelects(o, head.key, head.value),
          );
          if (!hit.some(Boolean)) return fail(`no member ${formatRoute([head])}`);
          return done(
            node,
            refClone(node, { ...def, options: options.map((o, i) => (hit[i] ? go(o, rest) : o)) }),
          );
        }
      }
    },
  });
  return go(schema, route);
}

function refCore(schema: Schema, edit: (node: Schema) => Schema): Schema {
  const editNode = (_def: unknown, _ctx: undefined, node: z.core.$ZodType) => edit(node as Schema);
  const go: Recurse<undefined, Schema> = zodWalker<undefined, Schema>({
    wrapper: (def, ctx, node) => refClone(node, { ...def, innerType: go(def.innerType, ctx) }),
    lazy: editNode,
    pipe: editNode,
    other: editNode,
  });
  return go(schema, undefined);
}

function refEditFor(amendment: RootAmendment, where: string) {
  return (node: Schema): Schema => {
    const def = defOf(node);
    switch (amendment.op) {
      case 'add-field': {
        if (def.type !== 'object') throw new Error(`${where}: add-field needs an object, found ${def.type}`);
        return refClone(node, { ...def, shape: { ...def.shape, [amendment.key]: amendment.schema } });
      }
      case 'optional': {
        if (def.type !== 'object') throw new Error(`${where}: optional needs an object, found ${def.type}`);
        const shape = def.shape as Record<string, Schema>;
        const field = shape[amendment.key];
        if (!field) throw new Error(`${where}: no field "${amendment.key}" to make optional`);
        return refClone(node, { ...def, shape: { ...shape, [amendment.key]: field.optional() } });
      }
      case 'add-values':
        return refCore(node, (inner) => {
          const d = defOf(inner);
          if (d.type === 'enum') {
            const entries: Record<string, unknown> = { ...d.entries };
            for (const v of amendment.values) entries[String(v)] = v;
            return refClone(inner, { ...d, entries } as AnyDef);
          }
          if (d.type === 'literal') {
            return refClone(inner, { ...d, values: [...new Set([...d.values, ...amendment.values])] });
          }
          throw new Error(`${where}: add-values needs a literal or enum, found ${d.type}`);
        });
      case 'widen':
        return z.union([node, amendment.schema]);
      case 'add-variant':
        return refCore(node, (inner) => {
          const d = defOf(inner);
          if (d.type !== 'union') throw new Error(`${where}: add-variant needs a union, found ${d.type}`);
          return refClone(inner, { ...d, options: [...d.options, amendment.schema] });
        });
    }
  };
}

function refAmendSchema(
  schema: Schema,
  amendments: readonly RootAmendment[],
  replaced: Map<Schema, Schema> = new Map(),
  version = '',
): Schema {
  let current = schema;
  for (const a of amendments) {
    const where = `${version ? `schemas/${version}/amendments.ts: ` : ''}${a.op} ${a.root} ${a.at}${'key' in a ? ` "${a.key}"` : ''}`;
    current = refRebuild(current, parseRoute(a.at), refEditFor(a, where), replaced, where);
  }
  return current;
}

// ---- comparing -----------------------------------------------------------------------------------

function latest(replaced: ReadonlyMap<Schema, Schema>, schema: Schema): Schema {
  const seen = new Set<Schema>();
  let node = schema;
  for (let next = replaced.get(node); next && !seen.has(next); next = replaced.get(node)) {
    seen.add(node);
    node = next;
  }
  return node;
}

/** The JSON Schema of `schema` with `named` as `$defs`, as the generator writes it. */
function json(schema: Schema, named: ReadonlyArray<readonly [Schema, string]>): unknown {
  const registry = z.registry<{ id: string }>();
  const taken = new Set<string>();
  for (const [node, id] of named) {
    if (taken.has(id) || registry.has(node)) continue;
    taken.add(id);
    registry.add(node, { id });
  }
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    metadata: registry,
  });
}

type Outcome = { ok: true; json: unknown; named: unknown[] } | { ok: false; error: string };

function outcome(run: () => { schema: Schema; named: ReadonlyArray<readonly [Schema, string]> }): Outcome {
  try {
    const result = run();
    // Each name on the same schema too, in the tree or not.
    return {
      ok: true,
      json: json(result.schema, result.named),
      named: result.named.map(([s]) => json(s, [])),
    };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** Both ways, with the names of `named` following what `replaced` says each became. */
function bothWays(
  schema: Schema,
  amendments: readonly RootAmendment[],
  named: ReadonlyArray<readonly [Schema, string]>,
) {
  const way = (apply: typeof amendSchema) => () => {
    const replaced = new Map<Schema, Schema>();
    const out = apply(schema, amendments, replaced);
    return { schema: out, named: named.map(([n, id]) => [latest(replaced, n), id] as const) };
  };
  return { runs: outcome(way(amendSchema)), oneByOne: outcome(way(refAmendSchema)) };
}

// ---- the pinned sets -----------------------------------------------------------------------------

/** The reference's amendSchemaSet for the roots and names (parts derive from the roots). */
function refAmendSet(previous: SchemaSet, version: string, amendments: readonly Amendment[]) {
  const replaced = new Map<Schema, Schema>();
  const byRoot = new Map<string, RootAmendment[]>();
  const payloads: Record<string, Schema> = { ...previous.controlResponsePayloads };
  for (const a of amendments) {
    if (a.op === 'add-payload') payloads[a.subtype] = a.schema;
    else byRoot.set(a.root, [...(byRoot.get(a.root) ?? []), a]);
  }
  const apply = (root: string, schema: Schema) =>
    refAmendSchema(schema, byRoot.get(root) ?? [], replaced, version);
  const record = (prefix: string, r: Readonly<Record<string, Schema>>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, apply(`${prefix}:${k}`, v)]));
  const roots: Record<string, Schema> = {
    out: apply('out', previous.cliOutputMessage),
    in: apply('in', previous.clientInputMessage),
    ...prefixed('payload', record('payload', payloads)),
    ...prefixed('toolInput', record('toolInput', previous.toolInputs)),
    ...prefixed('toolAnswer', record('toolAnswer', previous.toolAnswers)),
  };
  return { roots, named: (previous.named ?? []).map(([s, n]) => [latest(replaced, s), n] as const) };
}

function prefixed(prefix: string, r: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [`${prefix}:${k}`, v]));
}

function rootsOf(s: SchemaSet): Record<string, Schema> {
  return {
    out: s.cliOutputMessage,
    in: s.clientInputMessage,
    ...prefixed('payload', { ...s.controlResponsePayloads }),
    ...prefixed('toolInput', { ...s.toolInputs }),
    ...prefixed('toolAnswer', { ...s.toolAnswers }),
  };
}

const withNames = (s: SchemaSet, named: ReadonlyArray<readonly [Schema, string]>): SchemaSet => ({
  ...s,
  named: [...named, ...(s.named ?? [])],
});

const PASSES: ReadonlyArray<readonly [string, () => SchemaSet, string, readonly Amendment[]]> = [
  ['2.1.150 SDK amendments', () => withNames(set150.observed!, sdkNamed150), '2.1.150', sdk150],
  ['2.1.332 corpus amendments', () => set150, '2.1.332', corpus332],
  ['2.1.332 SDK amendments', () => withNames(set332.observed!, sdkNamed332), '2.1.332', sdk332],
];

/** Each root's schema with its amendments, as amendSchemaSet groups them. */
function byRoot(previous: SchemaSet, amendments: readonly Amendment[]): Array<[Schema, RootAmendment[]]> {
  const roots = rootsOf(previous);
  const lists = new Map<string, RootAmendment[]>();
  for (const a of amendments) {
    if (a.op === 'add-payload') roots[`payload:${a.subtype}`] = a.schema;
    else lists.set(a.root, [...(lists.get(a.root) ?? []), a]);
  }
  return [...lists].map(([root, list]) => [roots[root]!, list]);
}

/** The runs `list` is applied in (up to the amendment that fails, if one does). */
function runsOf(schema: Schema, list: readonly RootAmendment[]): RunReport[] {
  const runs: RunReport[] = [];
  try {
    applyAmendments(
      schema,
      list.map((amendment) => ({ amendment, where: '' })),
      new Map(),
      (r) => runs.push(r),
    );
  } catch {
    // the runs so far are the answer
  }
  return runs;
}

describe.each(PASSES)('the pinned set: %s', (_name, previous, version, amendments) => {
  it('applies in runs, none of which fails (a failed run is redone one amendment at a time)', () => {
    const runs = byRoot(previous(), amendments).flatMap(([schema, list]) => runsOf(schema, list));
    expect(runs.filter((r) => r.redone)).toEqual([]);
    expect(runs.reduce((n, r) => n + r.amendments, 0)).toBe(
      amendments.filter((a) => a.op !== 'add-payload').length,
    );
  });

  it('amendSchemaSet gives every root, with its names, as the rebuild per amendment does', () => {
    const amended = amendSchemaSet(previous(), version, amendments);
    const reference = refAmendSet(previous(), version, amendments);
    const roots = rootsOf(amended);
    expect(Object.keys(roots).sort()).toEqual(Object.keys(reference.roots).sort());
    expect(amended.named?.map(([, n]) => n)).toEqual(reference.named.map(([, n]) => n));
    // Each name is on the same schema, in the tree or not.
    expect(amended.named?.map(([s]) => json(s, []))).toEqual(reference.named.map(([s]) => json(s, [])));
    for (const [root, schema] of Object.entries(roots)) {
      expect(json(schema, amended.named ?? []), root).toEqual(json(reference.roots[root]!, reference.named));
    }
  });
});

// ---- what a run must see -------------------------------------------------------------------------

/** Amendments of one root (the constructors type them as any amendment). */
const rooted = (...list: Amendment[]): RootAmendment[] => list as RootAmendment[];
const optionsOf = (schema: Schema): Schema[] => {
  const def = defOf(schema);
  return def.type === 'union' ? (def.options as Schema[]) : [];
};
const shapeOf = (schema: Schema): Record<string, Schema> => {
  const def = defOf(schema);
  return def.type === 'object' ? (def.shape as Record<string, Schema>) : {};
};

const member = (kind: string | string[], fields: Record<string, Schema> = {}) =>
  z.looseObject({ kind: typeof kind === 'string' ? z.literal(kind) : z.literal(kind), ...fields });

describe('a run of amendments', () => {
  it('sees a field an earlier amendment added, and routes through it', () => {
    const root = z.object({ a: z.object({ b: z.string() }) });
    const list = rooted(
      addField('out', '.a', 'n', z.object({ p: z.enum(['x']) })),
      addValues('out', '.a.n.p', ['y']),
      addField('out', '.a.n', 'q', z.number()),
    );
    const out = amendSchema(root, list);
    expect(out.safeParse({ a: { b: '', n: { p: 'y', q: 1 } } }).success).toBe(true);
    expect(json(out, [])).toEqual(json(refAmendSchema(root, list), []));
  });

  it('makes one member of the routes that select it by different segments, with every edit', () => {
    const union = z.discriminatedUnion('kind', [member(['a', 'b'], { f: z.string() }), member('c')]);
    const list = rooted(
      addField('out', '<kind=a|b>', 'x', z.string()),
      addField('out', '<kind=a>', 'y', z.string()),
      addField('out', '<#0>', 'z', z.string()),
      makeOptional('out', '<kind=b>', 'f'),
    );
    const out = amendSchema(union, list);
    const members = optionsOf(out);
    expect(members).toHaveLength(2);
    const shape = Object.keys(shapeOf(members[0]!));
    expect(shape).toEqual(['kind', 'f', 'x', 'y', 'z']);
    expect(out.safeParse({ kind: 'b', x: '', y: '', z: '' }).success).toBe(true);
    expect(json(out, [])).toEqual(json(refAmendSchema(union, list), []));
  });

  it('selects a member an earlier amendment added, and a member whose discriminator it widened', () => {
    const union = z.discriminatedUnion('kind', [member('a'), member('b')]);
    const list = rooted(
      addVariant('out', '', member('n')),
      addField('out', '<kind=n>', 'x', z.string()),
      addValues('out', '<kind=a>.kind', ['a2']),
      addField('out', '<kind=a2>', 'y', z.number()),
    );
    const out = amendSchema(union, list);
    expect(out.safeParse({ kind: 'n', x: '' }).success).toBe(true);
    expect(out.safeParse({ kind: 'a2', y: 1 }).success).toBe(true);
    expect(out.safeParse({ kind: 'a2', y: '' }).success).toBe(false);
    expect(json(out, [])).toEqual(json(refAmendSchema(union, list), []));
  });

  it('selects a member that is a union itself after a run rebuilt it', () => {
    const nested = z.discriminatedUnion('sub', [
      z.looseObject({ kind: z.literal('d'), sub: z.literal('x') }),
      z.looseObject({ kind: z.literal('d'), sub: z.literal('y') }),
    ]);
    const union = z.discriminatedUnion('kind', [member('a'), nested]);
    const list = rooted(
      addField('out', '<kind=d><sub=x>', 'p', z.string()),
      addField('out', '<kind=d><sub=y>', 'q', z.string()),
      addVariant('out', '<kind=d>', z.looseObject({ kind: z.literal('e'), sub: z.literal('z') })),
      addField('out', '<kind=e><sub=z>', 'r', z.string()),
    );
    const out = amendSchema(union, list);
    expect(out.safeParse({ kind: 'd', sub: 'y', q: '' }).success).toBe(true);
    expect(out.safeParse({ kind: 'e', sub: 'z', r: '' }).success).toBe(true);
    expect(json(out, [])).toEqual(json(refAmendSchema(union, list), []));
  });

  it('reads a member union that may leave the discriminator out as zod does (without `undefined` when several may)', () => {
    const nested = z.discriminatedUnion('kind', [
      z.looseObject({ kind: z.literal('x').optional(), sub: z.literal('p') }),
      z.looseObject({ kind: z.literal('y').optional(), sub: z.literal('q') }),
    ]);
    const union = z.discriminatedUnion('kind', [member('a'), nested]);
    const list = rooted(
      addField('out', '<kind=x><kind=x>', 'f', z.string()),
      addField('out', '<kind=undefined>', 'g', z.string()),
    );
    const { runs, oneByOne } = bothWays(union, list, []);
    expect(oneByOne).toEqual({
      ok: false,
      error: 'add-field out <kind=undefined> "g": no member <kind=undefined> (at a union node)',
    });
    expect(runs).toEqual(oneByOne);
    // The look-up is left to zod: the run ends before the second amendment, which then fails alone.
    expect(runsOf(union, list)).toEqual([
      { amendments: 1, redone: false },
      { amendments: 1, redone: true },
    ]);
  });

  it('routes into what a widening added, and the widened node stays where it was', () => {
    const root = z.object({ a: z.object({ b: z.string() }) });
    const list = rooted(
      addField('out', '.a', 'c', z.string()),
      widen('out', '.a', z.object({ d: z.object({ e: z.string() }) })),
      addField('out', '.a<#1>.d', 'f', z.string()),
      addField('out', '.a<#0>', 'g', z.string()),
    );
    const out = amendSchema(root, list);
    expect(out.safeParse({ a: { d: { e: '', f: '' } } }).success).toBe(true);
    expect(out.safeParse({ a: { b: '', c: '', g: '' } }).success).toBe(true);
    expect(json(out, [])).toEqual(json(refAmendSchema(root, list), []));
  });

  it('fails with the error of the amendment that fails, after the ones before it', () => {
    const root = z.object({ a: z.object({ b: z.string() }) });
    const list = rooted(
      addField('out', '.a', 'c', z.string()),
      widen('out', '.a', z.string()),
      addField('out', '.a', 'd', z.string()),
    );
    expect(() => amendSchema(root, list, new Map(), '9.9.9')).toThrow(
      'schemas/9.9.9/amendments.ts: add-field out .a "d": add-field needs an object, found union',
    );
    expect(() => refAmendSchema(root, list, new Map(), '9.9.9')).toThrow(
      'schemas/9.9.9/amendments.ts: add-field out .a "d": add-field needs an object, found union',
    );
  });

  it("fails with zod's own error for a member without the discriminator, though a later amendment adds it", () => {
    const union = z.discriminatedUnion('kind', [member('a')]);
    const list = rooted(
      addVariant('out', '', z.looseObject({ x: z.string() })),
      addField('out', '<#1>', 'kind', z.literal('b')),
    );
    const { runs, oneByOne } = bothWays(union, list, []);
    expect(oneByOne.ok).toBe(false);
    expect(runs).toEqual(oneByOne);
  });

  it('names: a name follows its schema through every rebuild, and a shared schema is named where it was rebuilt last', () => {
    const shared = z.object({ s: z.string() });
    const root = z.object({ a: z.object({ one: shared }), b: z.object({ two: shared }) });
    const list = rooted(
      addField('out', '.b.two', 'x', z.string()),
      addField('out', '.a.one', 'y', z.string()),
      addField('out', '.b.two', 'z', z.string()),
    );
    const replaced = new Map<Schema, Schema>();
    const out = amendSchema(root, list, replaced);
    const a = shapeOf(out).a!;
    expect(latest(replaced, shared)).toBe(shapeOf(a).one);
    const { runs, oneByOne } = bothWays(root, list, [[shared, 'Shared']]);
    expect(runs).toEqual(oneByOne);
  });

  it('builds each node on the shared prefix of its routes once', () => {
    const union = z.discriminatedUnion('kind', [member('init', { a: z.string() }), member('other')]);
    const list = rooted(
      ...Array.from({ length: 40 }, (_, i) => addField('out', '<kind=init>', `f${i}`, z.string())),
    );
    const built = countBuilt(() => amendSchema(union, list));
    const reference = countBuilt(() => refAmendSchema(union, list));
    // The union and its `init` member, once each (the reference builds both per amendment).
    expect(built).toBe(2);
    expect(reference).toBe(80);
  });
});

/** How many schemas zod constructs while `run` runs. */
function countBuilt(run: () => unknown): number {
  let count = 0;
  z.config({ postProcessor: () => count++ });
  try {
    run();
  } finally {
    z.config({ postProcessor: undefined });
  }
  return count;
}

// ---- randomized: small schemas, amendment lists ------------------------------------------------

/**
 * A small discriminated union (on `kind`) of the kinds routes go through: a member taking two tags
 * (sharing one with the next member, as a broken union may), an optional field, a nested union, an
 * array, a record, a member that is a union itself, and one object shared at two places.
 */
function tree(shape: {
  members: number;
  twoTags: boolean;
  optionalField: boolean;
  extras: boolean;
  nestedMember: boolean;
}) {
  const shared = z.looseObject({ s: z.enum(['s1']), t: z.string() });
  const leaf = z.looseObject({ l: z.literal('l1'), shared });
  const tags = (i: number): string[] => (i === 0 && shape.twoTags ? ['a', 'b'] : [['a', 'b', 'c'][i]!]);
  const members: z.ZodObject[] = [];
  for (let i = 0; i < shape.members; i++) {
    const fields: Record<string, Schema> = { v: z.enum(['v1', 'v2']) };
    if (i === 0) fields.o = shape.optionalField ? leaf.optional() : leaf;
    if (i === 1 && shape.extras) {
      fields.inner = z.discriminatedUnion('sub', [
        z.looseObject({ sub: z.literal('x'), shared }),
        z.looseObject({ sub: z.literal('y') }),
      ]);
      fields.list = z.array(z.looseObject({ e: z.literal('e1') }));
    }
    if (i === 2 && shape.extras) fields.map = z.record(z.string(), z.looseObject({ r: z.string() }));
    members.push(z.looseObject({ kind: z.literal(tags(i)), ...fields }));
  }
  // A member that is itself a union (as `system` is in the output union, one per subtype).
  const nested = z.discriminatedUnion('sub', [
    z.looseObject({ kind: z.literal('d'), sub: z.literal('x'), shared }),
    z.looseObject({ kind: z.literal('d'), sub: z.literal('y'), v: z.enum(['v1']) }),
  ]);
  const root = z.discriminatedUnion('kind', [...members, ...(shape.nestedMember ? [nested] : [])] as [
    z.ZodObject,
    ...z.ZodObject[],
  ]);
  const named: Array<readonly [Schema, string]> = [
    [shared, 'Shared'],
    [leaf, 'Leaf'],
    [members[0]!, 'First'],
  ];
  return { root, named };
}

/** A member's tags; none where zod cannot tell (a member union with a member it refuses). */
function tagsOf(option: Schema, key: string): Iterable<unknown> {
  try {
    return propValues(option, key) ?? [];
  } catch {
    return [];
  }
}

interface Target {
  at: string;
  kind: string;
  /** An object's fields. */
  keys: string[];
}

/** Every place a route can name in `schema` (a member by each of its spellings), to a small depth. */
function targets(schema: Schema, at = '', depth = 0, out: Target[] = []): Target[] {
  let node = schema;
  for (let def = defOf(node); ; def = defOf(node)) {
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'readonly')
      node = def.innerType as Schema;
    else break;
  }
  const def = defOf(node);
  out.push({ at, kind: def.type, keys: def.type === 'object' ? Object.keys(def.shape) : [] });
  if (depth >= 5) return out;
  if (def.type === 'object')
    for (const [k, v] of Object.entries(def.shape as Record<string, Schema>))
      targets(v, `${at}.${k}`, depth + 1, out);
  if (def.type === 'array') targets(def.element as Schema, `${at}[]`, depth + 1, out);
  if (def.type === 'record') targets(def.valueType as Schema, `${at}{}`, depth + 1, out);
  if (def.type === 'union') {
    const disc = (def as { discriminator?: string }).discriminator;
    (def.options as Schema[]).forEach((o, i) => {
      targets(o, `${at}<#${i}>`, depth + 1, out);
      const values = [...(disc ? tagsOf(o, disc) : [])].filter((v) => typeof v === 'string');
      if (values.length > 0) targets(o, `${at}<${disc}=${values.join('|')}>`, depth + 1, out);
      if (values.length > 1) targets(o, `${at}<${disc}=${values[0]}>`, depth + 1, out);
    });
  }
  return out;
}

/** Schemas amendments add: a plain field, members with a new tag or a taken one, objects to route into later. */
const added = (n: number): Schema[] => [
  z.string(),
  z.looseObject({ kind: z.literal(`n${n}`), p: z.looseObject({ q: z.string() }) }),
  z.looseObject({ kind: z.literal('a'), dup: z.string() }),
  z.looseObject({ p: z.looseObject({ q: z.enum(['q1']) }) }),
  z.looseObject({ sub: z.literal('z'), shared: z.looseObject({ s: z.enum(['s9']) }) }),
  z.literal(['v3', 'n0']),
];

const choice = fc.record({
  /** Now and then an amendment that cannot apply (any op at any place). */
  wrong: fc.integer({ min: 0, max: 39 }).map((n) => n === 0),
  place: fc.nat(),
  op: fc.nat(),
  key: fc.nat(),
  schema: fc.nat(),
  values: fc.subarray(['v3', 'a', 'c', 'n0', 'x', 'z', 's9', 'e2'], { minLength: 1 }),
});
type Choice = typeof choice extends fc.Arbitrary<infer T> ? T : never;

/** What can be done at a place of that kind (widening works anywhere). */
const OPS: Record<string, ReadonlyArray<RootAmendment['op']>> = {
  object: ['add-field', 'add-field', 'optional', 'widen'],
  union: ['add-variant', 'add-variant', 'widen'],
  enum: ['add-values', 'widen'],
  literal: ['add-values', 'add-values', 'widen'],
};
const ALL_OPS: ReadonlyArray<RootAmendment['op']> = [
  'add-field',
  'optional',
  'add-values',
  'add-variant',
  'widen',
];

/**
 * A list of amendments each made for the tree the ones before it left (so most apply, and routes
 * go into fields, members and widenings earlier amendments added), the rebuild per amendment
 * telling what the tree has become.
 */
function amendmentsFor(root: Schema, choices: readonly Choice[]): RootAmendment[] {
  const list: RootAmendment[] = [];
  let current: Schema = root;
  choices.forEach((c, n) => {
    const places = targets(current);
    const place = places[c.place % places.length]!;
    const ops = c.wrong ? ALL_OPS : (OPS[place.kind] ?? ['widen']);
    const op = ops[c.op % ops.length]!;
    const schemas = added(n);
    const schema = schemas[c.schema % schemas.length]!;
    const keys = c.wrong || place.keys.length === 0 ? ['n', 'kind', 'o', 'x'] : place.keys;
    const newKey = ['n', 'kind', 'x', ...place.keys][c.key % (3 + place.keys.length)]!;
    const a = (
      op === 'add-field'
        ? addField('out', place.at, newKey, schema)
        : op === 'optional'
          ? makeOptional('out', place.at, keys[c.key % keys.length]!)
          : op === 'add-values'
            ? addValues('out', place.at, c.values)
            : op === 'add-variant'
              ? addVariant('out', place.at, schema)
              : widen('out', place.at, schema)
    ) as RootAmendment;
    list.push(a);
    try {
      current = refAmendSchema(current, [a]);
    } catch {
      // it does not apply: the tree stays as it was for the next choice
    }
  });
  return list;
}

const treeShape = fc.record({
  members: fc.integer({ min: 1, max: 3 }),
  nestedMember: fc.boolean(),
  twoTags: fc.boolean(),
  optionalField: fc.boolean(),
  extras: fc.boolean(),
});

describe('randomized amendment lists over small schemas', () => {
  test.prop([treeShape, fc.array(choice, { minLength: 1, maxLength: 16 })], { numRuns: 300 })(
    'give what the rebuild per amendment gives: the schema, the names, or the error',
    (shape, choices) => {
      const t = tree(shape);
      const list = amendmentsFor(t.root, choices);
      const named = [
        ...t.named,
        ...list.flatMap((a, n) => ('schema' in a ? [[a.schema, `Added${n}`] as const] : [])),
      ];
      const { runs, oneByOne } = bothWays(t.root, list, named);
      expect(runs).toEqual(oneByOne);
    },
  );

  test.prop([treeShape, fc.array(choice, { minLength: 1, maxLength: 16 })], { numRuns: 200 })(
    'a list that applies is applied in runs none of which fails (the runs read the drafts as zod would)',
    (shape, choices) => {
      const t = tree(shape);
      const list = amendmentsFor(t.root, choices);
      try {
        refAmendSchema(t.root, list);
      } catch {
        return;
      }
      expect(runsOf(t.root, list).filter((r) => r.redone)).toEqual([]);
    },
  );

  test.prop([treeShape, fc.array(choice, { minLength: 1, maxLength: 16 })], { numRuns: 100 })(
    'applied all at once or one at a time through amendSchema, the same',
    (shape, choices) => {
      const t = tree(shape);
      const list = amendmentsFor(t.root, choices);
      const oneAtATime = () => {
        const replaced = new Map<Schema, Schema>();
        let schema: Schema = t.root;
        for (const a of list) schema = amendSchema(schema, [a], replaced);
        return { schema, named: t.named.map(([n, id]) => [latest(replaced, n), id] as const) };
      };
      const allAtOnce = () => {
        const replaced = new Map<Schema, Schema>();
        const schema = amendSchema(t.root, list, replaced);
        return { schema, named: t.named.map(([n, id]) => [latest(replaced, n), id] as const) };
      };
      expect(outcome(allAtOnce)).toEqual(outcome(oneAtATime));
    },
  );
});
