/**
 * The one place the kit reads zod 4's internals (`schema._zod`): a schema's definition, typed per
 * kind, and a visitor with one processor per kind, built the way zod's own `toJSONSchema` is (a
 * table of processors keyed by `def.type`). Everything that walks a schema tree — the validator,
 * its yes/no fit, the amendment routes, the changelog's field map — goes through here.
 *
 *   const count: Recurse<undefined, number> = zodWalker<undefined, number>({
 *     object: (def) => Object.values(def.shape).reduce((n, field) => n + count(field, undefined), 1),
 *     other: () => 1,
 *   });
 *
 * A kind without a processor of its own takes, in this order: `wrapper` (for the kinds in
 * `WRAPPERS`), passing through to the schema it stands for (wrappers, `lazy`, `pipe`), `other`;
 * with none of these the walk throws.
 */
import type { z } from 'zod';

export type AnySchema = z.core.$ZodType;

type Kinded<D, K extends string> = Omit<D, 'type'> & { type: K };

/** Each zod kind (`def.type`) with its definition. */
export interface DefByKind {
  string: z.core.$ZodStringDef;
  number: z.core.$ZodNumberDef;
  int: Kinded<z.core.$ZodNumberDef, 'int'>;
  boolean: z.core.$ZodBooleanDef;
  bigint: z.core.$ZodBigIntDef;
  symbol: z.core.$ZodSymbolDef;
  null: z.core.$ZodNullDef;
  undefined: z.core.$ZodUndefinedDef;
  void: z.core.$ZodVoidDef;
  never: z.core.$ZodNeverDef;
  any: z.core.$ZodAnyDef;
  unknown: z.core.$ZodUnknownDef;
  date: z.core.$ZodDateDef;
  nan: z.core.$ZodNaNDef;
  file: z.core.$ZodFileDef;
  object: z.core.$ZodObjectDef;
  record: z.core.$ZodRecordDef;
  array: z.core.$ZodArrayDef;
  tuple: z.core.$ZodTupleDef;
  /** Plain and discriminated (`discriminator` set) unions alike. */
  union: z.core.$ZodUnionDef & { discriminator?: string };
  intersection: z.core.$ZodIntersectionDef;
  map: z.core.$ZodMapDef;
  set: z.core.$ZodSetDef;
  enum: z.core.$ZodEnumDef;
  literal: z.core.$ZodLiteralDef<z.core.util.Literal>;
  template_literal: z.core.$ZodTemplateLiteralDef;
  optional: z.core.$ZodOptionalDef;
  nullable: z.core.$ZodNullableDef;
  default: z.core.$ZodDefaultDef;
  prefault: z.core.$ZodPrefaultDef;
  catch: z.core.$ZodCatchDef;
  readonly: z.core.$ZodReadonlyDef;
  nonoptional: z.core.$ZodNonOptionalDef;
  success: z.core.$ZodSuccessDef;
  promise: z.core.$ZodPromiseDef;
  lazy: z.core.$ZodLazyDef;
  pipe: z.core.$ZodPipeDef;
  transform: z.core.$ZodTransformDef;
  function: z.core.$ZodFunctionDef;
  custom: z.core.$ZodCustomDef;
}

/** A zod kind: the `type` of a schema's definition. */
export type Kind = keyof DefByKind;
export type DefOf<K extends Kind> = DefByKind[K];
/** Any definition; narrows on `type` (`if (def.type === 'object') def.shape`). */
export type AnyDef = DefByKind[Kind];

/** The kinds that only wrap another schema (`innerType`): walks and routes pass through them. */
export type WrapperKind =
  | 'optional'
  | 'nullable'
  | 'default'
  | 'prefault'
  | 'catch'
  | 'readonly'
  | 'nonoptional';
export const WRAPPERS: ReadonlySet<string> = new Set<WrapperKind>([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
]);

/** Every kind zod 4 defines (`z.core.$ZodTypeDef['type']`; the type check below keeps them equal). */
export const KINDS = [
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'nan',
  'file',
  'object',
  'record',
  'array',
  'tuple',
  'union',
  'intersection',
  'map',
  'set',
  'enum',
  'literal',
  'template_literal',
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'success',
  'promise',
  'lazy',
  'pipe',
  'transform',
  'function',
  'custom',
] as const satisfies readonly Kind[];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Compile-time: DefByKind and KINDS name exactly zod's kinds (else `true` is no `true & false`).
true satisfies Same<Kind, z.core.$ZodTypeDef['type']> & Same<Kind, (typeof KINDS)[number]>;

/** The definition of `schema`, typed by its kind. */
export function defOf(schema: AnySchema): AnyDef {
  return schema._zod.def as AnyDef;
}

export function kindOf(schema: AnySchema): Kind {
  return schema._zod.def.type;
}

/** The schema a wrapper, a lazy or a pipe (its input side) stands for; undefined for any other kind. */
export function innerOf(schema: AnySchema): AnySchema | undefined {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return (def as DefOf<WrapperKind>).innerType;
  if (def.type === 'lazy') return def.getter();
  if (def.type === 'pipe') return def.in;
  return undefined;
}

/** Strips wrappers, lazies and pipes. */
export function unwrap<S extends AnySchema>(schema: S): S {
  let node: AnySchema = schema;
  for (let inner = innerOf(node); inner !== undefined; inner = innerOf(node)) node = inner;
  return node as S;
}

/** The discriminator values a schema takes for `key` (objects, unions of them, nested unions). */
export function propValues(schema: AnySchema, key: string): Set<unknown> | undefined {
  return schema._zod.propValues?.[key] as Set<unknown> | undefined;
}

/** Every key a schema can be told apart by, with its values (zod's `propValues`; undefined for most kinds). */
export function propValuesOf(schema: AnySchema): Readonly<Record<string, Set<unknown>>> | undefined {
  return schema._zod.propValues as Readonly<Record<string, Set<unknown>>> | undefined;
}

/** The fixed set of values a schema takes (literals, enums, null and wrappers of them), else undefined. */
export function valuesOf(schema: AnySchema): ReadonlySet<unknown> | undefined {
  return schema._zod.values;
}

/** Whether an object may leave the field out: `optional`, `defaulted`, or undefined (required). */
export function optinOf(schema: AnySchema): 'optional' | 'defaulted' | undefined {
  return schema._zod.optin;
}

// ---- the visitor -------------------------------------------------------------------------------

/** Walks `schema` with the walker's processors; `ctx` is whatever the walk carries down. */
export type Recurse<C, R> = (schema: AnySchema, ctx: C) => R;

/** Handles one kind: its definition, the walk's context, the schema itself, and the walk. */
export type Processor<K extends Kind, C, R> = (
  def: DefOf<K>,
  ctx: C,
  schema: AnySchema,
  recurse: Recurse<C, R>,
) => R;

export type Processors<C, R> = { [K in Kind]?: Processor<K, C, R> } & {
  /** Every kind of `WRAPPERS` without a processor of its own. */
  wrapper?: Processor<WrapperKind, C, R>;
  /** Every other kind without a processor (and not passed through). */
  other?: Processor<Kind, C, R>;
};

export interface WalkerOptions<C, R> {
  /**
   * Called instead of the processor when the walk reaches a schema it is already inside (a lazy
   * that refers back to itself): the walk of a recursive schema ends. Without it, the walk of a
   * recursive schema ends only where the processors stop (at the end of the value they walk).
   */
  cycle?: (schema: AnySchema, ctx: C) => R;
}

type AnyProcessor<C, R> = (def: AnyDef, ctx: C, schema: AnySchema, recurse: Recurse<C, R>) => R;

function passThrough<C, R>(kind: Kind): AnyProcessor<C, R> | undefined {
  if (WRAPPERS.has(kind))
    return (def, ctx, _s, recurse) => recurse((def as DefOf<WrapperKind>).innerType, ctx);
  if (kind === 'lazy') return (def, ctx, _s, recurse) => recurse((def as DefOf<'lazy'>).getter(), ctx);
  if (kind === 'pipe') return (def, ctx, _s, recurse) => recurse((def as DefOf<'pipe'>).in, ctx);
  return undefined;
}

/**
 * A walk of zod schemas with one processor per kind (see the top of this file for which
 * processor a kind without one of its own gets). Build it once and call it for each schema.
 */
export function zodWalker<C, R>(
  processors: Processors<C, R>,
  options: WalkerOptions<C, R> = {},
): Recurse<C, R> {
  const own = processors as Partial<Record<Kind, AnyProcessor<C, R>>>;
  const wrapper = processors.wrapper as AnyProcessor<C, R> | undefined;
  const other: AnyProcessor<C, R> =
    processors.other ??
    ((def) => {
      throw new Error(`zodWalker: no processor for zod kind "${def.type}"`);
    });
  const p = {} as Record<Kind, AnyProcessor<C, R>>;
  for (const kind of KINDS) {
    p[kind] = own[kind] ?? (WRAPPERS.has(kind) ? wrapper : undefined) ?? passThrough<C, R>(kind) ?? other;
  }
  // The kinds the kit's schemas are made of each have a call site of their own: V8 keeps what a
  // call site has called, so the processor of a kind can be inlined there (one `p[def.type](…)`
  // for all would see every processor and inline none: the walk was a few per cent slower).
  const {
    object: onObject,
    array: onArray,
    record: onRecord,
    union: onUnion,
    literal: onLiteral,
    enum: onEnum,
    string: onString,
    number: onNumber,
    boolean: onBoolean,
    null: onNull,
    unknown: onUnknown,
    any: onAny,
    optional: onOptional,
    nullable: onNullable,
    lazy: onLazy,
  } = p;
  const dispatch = (schema: AnySchema, ctx: C): R => {
    const def = schema._zod.def as AnyDef;
    switch (def.type) {
      case 'object':
        return onObject(def, ctx, schema, recurse);
      case 'array':
        return onArray(def, ctx, schema, recurse);
      case 'record':
        return onRecord(def, ctx, schema, recurse);
      case 'union':
        return onUnion(def, ctx, schema, recurse);
      case 'literal':
        return onLiteral(def, ctx, schema, recurse);
      case 'enum':
        return onEnum(def, ctx, schema, recurse);
      case 'string':
        return onString(def, ctx, schema, recurse);
      case 'number':
        return onNumber(def, ctx, schema, recurse);
      case 'boolean':
        return onBoolean(def, ctx, schema, recurse);
      case 'null':
        return onNull(def, ctx, schema, recurse);
      case 'unknown':
        return onUnknown(def, ctx, schema, recurse);
      case 'any':
        return onAny(def, ctx, schema, recurse);
      case 'optional':
        return onOptional(def, ctx, schema, recurse);
      case 'nullable':
        return onNullable(def, ctx, schema, recurse);
      case 'lazy':
        return onLazy(def, ctx, schema, recurse);
      default:
        return (p[def.type] ?? other)(def, ctx, schema, recurse);
    }
  };
  const cycle = options.cycle;
  const inside: AnySchema[] = [];
  const guarded = (schema: AnySchema, ctx: C): R => {
    if (inside.includes(schema)) return cycle!(schema, ctx);
    inside.push(schema);
    try {
      return dispatch(schema, ctx);
    } finally {
      inside.pop();
    }
  };
  const recurse: Recurse<C, R> = cycle ? guarded : dispatch;
  return recurse;
}
