import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { packageInfo } from '../src/config/package-info.js';
import {
  type AnySchema,
  defOf,
  innerOf,
  KINDS,
  type Kind,
  kindOf,
  optinOf,
  type Processors,
  propValues,
  type Recurse,
  unwrap,
  WRAPPERS,
  zodWalker,
} from './zod-walk.js';

/** A schema of each kind zod's API builds (`int` has no schema of its own: `z.int()` is a number). */
const SAMPLES: Record<Exclude<Kind, 'int'>, () => z.core.$ZodType> = {
  string: () => z.string(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  bigint: () => z.bigint(),
  symbol: () => z.symbol(),
  null: () => z.null(),
  undefined: () => z.undefined(),
  void: () => z.void(),
  never: () => z.never(),
  any: () => z.any(),
  unknown: () => z.unknown(),
  date: () => z.date(),
  nan: () => z.nan(),
  file: () => z.file(),
  object: () => z.object({ a: z.string() }),
  record: () => z.record(z.string(), z.number()),
  array: () => z.array(z.string()),
  tuple: () => z.tuple([z.string(), z.number()]),
  union: () => z.discriminatedUnion('type', [z.object({ type: z.literal('a') })]),
  intersection: () => z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })),
  map: () => z.map(z.string(), z.number()),
  set: () => z.set(z.string()),
  enum: () => z.enum(['a', 'b']),
  literal: () => z.literal(['a', 1, null]),
  template_literal: () => z.templateLiteral(['id-', z.number()]),
  optional: () => z.string().optional(),
  nullable: () => z.string().nullable(),
  default: () => z.string().default('x'),
  prefault: () => z.string().prefault('x'),
  catch: () => z.string().catch('x'),
  readonly: () => z.object({}).readonly(),
  nonoptional: () => z.string().optional().nonoptional(),
  success: () => z.success(z.string()),
  promise: () => z.promise(z.string()),
  lazy: () => z.lazy(() => z.string()),
  pipe: () => z.string().pipe(z.string()),
  transform: () => z.transform((v: unknown) => v),
  function: () => z.function(),
  custom: () => z.custom<string>(),
};

/** A walker with a processor for every kind, each answering its kind's name. */
const naming = zodWalker<undefined, Kind>(
  Object.fromEntries(KINDS.map((k) => [k, () => k])) as Processors<undefined, Kind>,
);

describe('zodWalker', () => {
  it('reaches the processor of each kind zod builds, kindOf naming the same kind', () => {
    for (const [kind, make] of Object.entries(SAMPLES)) {
      const schema = make();
      expect(kindOf(schema), kind).toBe(kind);
      expect(naming(schema, undefined), kind).toBe(kind);
    }
    expect(kindOf(z.int())).toBe('number');
    // Every kind but `int` has a sample, so a kind zod adds fails the build of SAMPLES.
    expect(new Set([...Object.keys(SAMPLES), 'int'])).toEqual(new Set(KINDS));
  });

  it('hands each processor the typed definition of its kind', () => {
    const seen: string[] = [];
    const walk: Recurse<string, void> = zodWalker<string, void>({
      object: (def, at) => {
        for (const [key, child] of Object.entries(def.shape)) walk(child, `${at}.${key}`);
      },
      array: (def, at) => walk(def.element, `${at}[]`),
      record: (def, at) => walk(def.valueType, `${at}{}`),
      tuple: (def, at) => {
        def.items.forEach((item, i) => {
          walk(item, `${at}[${i}]`);
        });
      },
      union: (def, at) => {
        for (const [i, option] of def.options.entries())
          walk(option, `${at}<${def.discriminator ?? '#'}${i}>`);
      },
      intersection: (def, at) => {
        walk(def.left, `${at}&l`);
        walk(def.right, `${at}&r`);
      },
      literal: (def, at) => {
        seen.push(`${at}=${def.values.map(String).join('|')}`);
      },
      enum: (def, at) => {
        seen.push(`${at}=${Object.values(def.entries).join('|')}`);
      },
      other: (def, at) => {
        seen.push(`${at}:${def.type}`);
      },
    });
    const schema = z.object({
      kind: z.discriminatedUnion('type', [
        z.object({ type: z.literal('a'), n: z.number() }),
        z.object({ type: z.literal('b'), tags: z.array(z.enum(['x', 'y'])) }),
      ]),
      plain: z.union([z.string(), z.null()]),
      both: z.intersection(z.object({ l: z.boolean() }), z.object({ r: z.bigint() })),
      map: z.record(z.string(), z.tuple([z.string(), z.literal(1)])),
    });
    walk(schema, '$');
    expect(seen).toEqual([
      '$.kind<type0>.type=a',
      '$.kind<type0>.n:number',
      '$.kind<type1>.type=b',
      '$.kind<type1>.tags[]=x|y',
      '$.plain<#0>:string',
      '$.plain<#1>:null',
      '$.both&l.l:boolean',
      '$.both&r.r:bigint',
      '$.map{}[0]:string',
      '$.map{}[1]=1',
    ]);
  });

  it('passes wrappers, lazies and pipes through to what they wrap when no processor takes them', () => {
    const walk = zodWalker<undefined, string>({
      string: () => 'string',
      other: (def) => `other ${def.type}`,
    });
    const wrapped = z.lazy(() =>
      z
        .string()
        .optional()
        .nullable()
        .default('x')
        .prefault('y')
        .catch('z')
        .readonly()
        .nonoptional()
        .pipe(z.any()),
    );
    expect(walk(wrapped, undefined)).toBe('string');
    // Kinds that wrap nothing reach `other`, `promise` (an `innerType` too) among them.
    expect(walk(z.promise(z.string()), undefined)).toBe('other promise');
  });

  it('takes a wrapper kind to its own processor, else to `wrapper`, before passing it through', () => {
    const walk: Recurse<undefined, string> = zodWalker<undefined, string>({
      nullable: (def) => `nullable(${walk(def.innerType, undefined)})`,
      wrapper: (def) => `${def.type}(${walk(def.innerType, undefined)})`,
      lazy: (def) => `lazy(${walk(def.getter(), undefined)})`,
      other: (def) => def.type,
    });
    const schema = z.lazy(() => z.string().nullable().optional().readonly().catch(null).pipe(z.any()));
    expect(walk(schema, undefined)).toBe('lazy(catch(readonly(optional(nullable(string)))))');
    for (const kind of WRAPPERS) expect(KINDS).toContain(kind);
  });

  it('throws naming the kind when no processor takes it', () => {
    const walk = zodWalker<undefined, number>({ string: () => 1 });
    expect(walk(z.string().optional(), undefined)).toBe(1);
    expect(() => walk(z.number(), undefined)).toThrow('no processor for zod kind "number"');
  });

  it('ends the walk of a recursive lazy at the schema it is already inside', () => {
    interface Tree {
      name: string;
      children: Tree[];
      parent?: Tree | null;
    }
    const tree: z.ZodType<Tree> = z.object({
      name: z.string(),
      children: z.array(z.lazy(() => tree)),
      parent: z.lazy(() => tree.nullable()).optional(),
    });
    const cycles: AnySchema[] = [];
    const walk: Recurse<number, number> = zodWalker<number, number>(
      {
        object: (def, depth) => 1 + Object.values(def.shape).reduce((n, s) => n + walk(s, depth + 1), 0),
        array: (def, depth) => 1 + walk(def.element, depth + 1),
        other: () => 1,
      },
      {
        cycle: (schema) => {
          cycles.push(schema);
          return 0;
        },
      },
    );
    // object + name + array + (lazy → object: a cycle) + (lazy → nullable → object: a cycle)
    expect(walk(tree, 0)).toBe(3);
    expect(cycles).toEqual([tree, tree]);
    // The walk is reusable: what it is inside is cleared when a walk ends.
    expect(walk(tree, 0)).toBe(3);
  });
});

describe('zod tree access', () => {
  it('innerOf and unwrap strip wrappers, lazies and pipes, and nothing else', () => {
    const object = z.object({ a: z.string() });
    expect(innerOf(object)).toBeUndefined();
    expect(innerOf(object.optional())).toBe(object);
    expect(innerOf(z.lazy(() => object))).toBe(object);
    expect(innerOf(object.pipe(z.any()))).toBe(object);
    expect(unwrap(z.lazy(() => object.nullable().readonly()).optional())).toBe(object);
    expect(unwrap(object)).toBe(object);
  });

  it('defOf narrows on the kind', () => {
    const def = defOf(z.object({ a: z.string() }));
    expect(def.type === 'object' ? Object.keys(def.shape) : []).toEqual(['a']);
  });

  it('propValues and optinOf read what zod computed', () => {
    const member = z.object({ type: z.literal(['a', 'b']), n: z.number() });
    expect(propValues(member, 'type')).toEqual(new Set(['a', 'b']));
    expect(propValues(member, 'n')).toBeUndefined();
    expect(optinOf(z.string())).toBeUndefined();
    expect(optinOf(z.string().optional())).toBe('optional');
    expect(optinOf(z.string().default('x'))).toBe('defaulted');
  });
});

describe("zod's internals", () => {
  const root = packageInfo().root;
  const VISITOR = 'schemas/zod-walk.ts';

  function sources(dir: string): string[] {
    const out: string[] = [];
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'generated') out.push(...sources(path));
      } else if (/\.(ts|mts|js|mjs)$/.test(entry.name)) out.push(relative(root, path));
    }
    return out;
  }
  const files = ['src', 'schemas', 'test', 'scripts', 'bench'].flatMap((d) => sources(join(root, d)));

  it(`are read in ${VISITOR} only: no other source reads a schema's _zod.def`, () => {
    const readers = files.filter((f) =>
      /\._zod\s*\.\s*def\b|\._zod\s*\[\s*['"]def['"]/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(readers).toEqual([VISITOR]);
  });

  it(`define defOf once, in ${VISITOR}`, () => {
    const definers = files.filter((f) =>
      /\bfunction\s+defOf\b|\b(?:const|let)\s+defOf\s*=/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(definers).toEqual([VISITOR]);
  });
});
