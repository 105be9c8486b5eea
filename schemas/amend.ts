/**
 * Amendments: how a pinned schema set is written as the reviewable diff on the set before it.
 * `schemas/<version>/amendments.ts` lists them (drafted by `clide-conformance pin`, then reviewed);
 * `amendSchemaSet` rebuilds the previous set's zod trees along each amendment's route, so every
 * part no amendment touches stays the very same schema object.
 *
 * A route names a node from a root, one segment at a time:
 *   `.key` or `["key"]`  an object's field        `[]`  an array's element
 *   `{}`                 a record's value          `<k=v>`  the union member(s) whose
 *   `<#n>`               a plain union's n-th member        discriminator `k` is `v` (`v1|v2`
 *                                                            for a member that takes several)
 * Wrappers (optional, nullable, default, readonly, lazy, pipe) are passed through.
 * Example: `<type=system><subtype=init>.memory_paths`.
 */
import { z } from 'zod';
import { familyParts } from './parts.js';
import type { SchemaSet } from './schema-set.js';
import { type AnyDef, defOf, propValues, type Recurse, unwrap, WRAPPERS, zodWalker } from './zod-walk.js';

export { defOf, propValues, unwrap, WRAPPERS };

/**
 * Where a route starts: `out` (cliOutputMessage), `in` (clientInputMessage), `payload:<subtype>`
 * (controlResponsePayloads), `toolInput:<tool>` / `toolAnswer:<tool>` (toolInputs / toolAnswers).
 */
export type AmendRoot = 'out' | 'in' | `payload:${string}` | `toolInput:${string}` | `toolAnswer:${string}`;

export type Amendment =
  /** A field the previous set did not know, on the object at `at`. */
  | { op: 'add-field'; root: AmendRoot; at: string; key: string; schema: z.ZodType }
  /** Values a literal or enum at `at` now also takes. */
  | { op: 'add-values'; root: AmendRoot; at: string; values: Array<string | number | boolean | null> }
  /** A required field `key` of the object at `at` that is no longer always sent. */
  | { op: 'optional'; root: AmendRoot; at: string; key: string }
  /** The node at `at` now also takes `schema` (a union of both). */
  | { op: 'widen'; root: AmendRoot; at: string; schema: z.ZodType }
  /** A new member of the union at `at` (a new message kind, subtype or block type). */
  | { op: 'add-variant'; root: AmendRoot; at: string; schema: z.ZodType }
  /** A success payload schema for a control request subtype the previous set had none for. */
  | { op: 'add-payload'; subtype: string; schema: z.ZodType };

export const addField = (root: AmendRoot, at: string, key: string, schema: z.ZodType): Amendment => ({
  op: 'add-field',
  root,
  at,
  key,
  schema,
});
export const addValues = (
  root: AmendRoot,
  at: string,
  values: Array<string | number | boolean | null>,
): Amendment => ({ op: 'add-values', root, at, values });
export const makeOptional = (root: AmendRoot, at: string, key: string): Amendment => ({
  op: 'optional',
  root,
  at,
  key,
});
export const widen = (root: AmendRoot, at: string, schema: z.ZodType): Amendment => ({
  op: 'widen',
  root,
  at,
  schema,
});
export const addVariant = (root: AmendRoot, at: string, schema: z.ZodType): Amendment => ({
  op: 'add-variant',
  root,
  at,
  schema,
});
export const addPayload = (subtype: string, schema: z.ZodType): Amendment => ({
  op: 'add-payload',
  subtype,
  schema,
});

// ---- routes ------------------------------------------------------------------------------------

export type RouteSegment =
  | { kind: 'field'; key: string }
  | { kind: 'element' }
  | { kind: 'value' }
  | { kind: 'variant'; key: string; value: string }
  | { kind: 'member'; index: number };

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

export function formatRoute(segments: readonly RouteSegment[]): string {
  return segments.map(formatSegment).join('');
}

function formatSegment(s: RouteSegment): string {
  if (s.kind === 'field') return IDENT.test(s.key) ? `.${s.key}` : `[${JSON.stringify(s.key)}]`;
  if (s.kind === 'element') return '[]';
  if (s.kind === 'value') return '{}';
  if (s.kind === 'variant') return `<${s.key}=${s.value}>`;
  return `<#${s.index}>`;
}

const TOKENS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => RouteSegment]> = [
  [/^\.([A-Za-z_$][A-Za-z0-9_$-]*)/, (m) => ({ kind: 'field', key: m[1]! })],
  [/^\[("(?:[^"\\]|\\.)*")\]/, (m) => ({ kind: 'field', key: JSON.parse(m[1]!) as string })],
  [/^\[\]/, () => ({ kind: 'element' })],
  [/^\{\}/, () => ({ kind: 'value' })],
  [/^<#(\d+)>/, (m) => ({ kind: 'member', index: Number(m[1]) })],
  [/^<([A-Za-z_$][A-Za-z0-9_$-]*)=([^>]*)>/, (m) => ({ kind: 'variant', key: m[1]!, value: m[2]! })],
];

/** Parses a route string; throws an Error naming the offset of what it could not read. */
export function parseRoute(route: string): RouteSegment[] {
  const out: RouteSegment[] = [];
  let i = 0;
  while (i < route.length) {
    const rest = route.slice(i);
    let matched = false;
    for (const [pattern, segment] of TOKENS) {
      const m = pattern.exec(rest);
      if (!m) continue;
      out.push(segment(m));
      i += m[0].length;
      matched = true;
      break;
    }
    if (!matched) throw new Error(`route "${route}": cannot read "${rest.slice(0, 20)}" at offset ${i}`);
  }
  return out;
}

// ---- zod tree access ---------------------------------------------------------------------------

// The zod tree is read through `./zod-walk.js` (`defOf`, `WRAPPERS`, `propValues` and `unwrap` are
// re-exported from there for the code that took them from here).
type AnySchema = z.ZodType;

/**
 * Whether a discriminator value as written in a route selects `option`: `v`, or `v1|v2|…` for a
 * member that takes several (all of them are written, so the route names that member exactly).
 */
function selects(option: z.core.$ZodType, key: string, value: string): boolean {
  const values = propValues(option, key);
  if (!values) return false;
  const wanted = new Set(value.split('|'));
  for (const v of values) if (wanted.has(String(v))) return true;
  return false;
}

function clone(schema: z.core.$ZodType, def: AnyDef): AnySchema {
  const next = (schema as AnySchema).clone(def as never) as AnySchema;
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(next, meta);
  return next;
}

/**
 * Rebuilds `schema` with the node at `route` replaced by `edit(node)`; `replaced` learns every
 * rebuilt node (old → new), so names given to shared schemas can follow them. Wrappers, lazies
 * and pipes are rebuilt around what they wrap; every other kind takes the route's next step.
 */
function rebuild(
  schema: AnySchema,
  route: readonly RouteSegment[],
  edit: (node: AnySchema) => AnySchema,
  replaced: Map<AnySchema, AnySchema>,
  where: string,
): AnySchema {
  const done = (old: z.core.$ZodType, next: AnySchema) => {
    replaced.set(old as AnySchema, next);
    return next;
  };
  const go: Recurse<readonly RouteSegment[], AnySchema> = zodWalker<readonly RouteSegment[], AnySchema>({
    wrapper: (def, rest, node) => done(node, clone(node, { ...def, innerType: go(def.innerType, rest) })),
    lazy: (def, rest, node) => {
      const inner = go(def.getter(), rest);
      return done(node, clone(node, { ...def, getter: () => inner }));
    },
    pipe: (def, rest, node) => done(node, clone(node, { ...def, in: go(def.in, rest) })),
    other: (def, [head, ...rest], node) => {
      if (head === undefined) return done(node, edit(node as AnySchema));
      const fail = (what: string): never => {
        throw new Error(`${where}: ${what} (at a ${def.type} node)`);
      };
      switch (head.kind) {
        case 'field': {
          if (def.type !== 'object') return fail(`field "${head.key}" asked of a non-object`);
          const child = def.shape[head.key];
          if (!child) return fail(`no field "${head.key}"`);
          return done(node, clone(node, { ...def, shape: { ...def.shape, [head.key]: go(child, rest) } }));
        }
        case 'element':
          if (def.type !== 'array') return fail('element asked of a non-array');
          return done(node, clone(node, { ...def, element: go(def.element, rest) }));
        case 'value':
          if (def.type !== 'record') return fail('record value asked of a non-record');
          return done(node, clone(node, { ...def, valueType: go(def.valueType, rest) }));
        case 'variant':
        case 'member': {
          if (def.type !== 'union') return fail('union member asked of a non-union');
          const options = def.options as AnySchema[];
          const hit = options.map((o, i) =>
            head.kind === 'member' ? i === head.index : selects(o, head.key, head.value),
          );
          if (!hit.some(Boolean)) return fail(`no member ${formatRoute([head])}`);
          return done(
            node,
            clone(node, { ...def, options: options.map((o, i) => (hit[i] ? go(o, rest) : o)) }),
          );
        }
      }
    },
  });
  return go(schema, route);
}

/** Strips wrappers (optional, nullable, …) down to the node that carries the shape. */
function core(schema: AnySchema, edit: (node: AnySchema) => AnySchema): AnySchema {
  const editNode = (_def: unknown, _ctx: undefined, node: z.core.$ZodType) => edit(node as AnySchema);
  const go: Recurse<undefined, AnySchema> = zodWalker<undefined, AnySchema>({
    wrapper: (def, ctx, node) => clone(node, { ...def, innerType: go(def.innerType, ctx) }),
    lazy: editNode,
    pipe: editNode,
    other: editNode,
  });
  return go(schema, undefined);
}

function editFor(amendment: Exclude<Amendment, { op: 'add-payload' }>, where: string) {
  return (node: AnySchema): AnySchema => {
    const def = defOf(node);
    switch (amendment.op) {
      case 'add-field': {
        if (def.type !== 'object') throw new Error(`${where}: add-field needs an object, found ${def.type}`);
        return clone(node, { ...def, shape: { ...def.shape, [amendment.key]: amendment.schema } });
      }
      case 'optional': {
        if (def.type !== 'object') throw new Error(`${where}: optional needs an object, found ${def.type}`);
        const shape = def.shape as Record<string, AnySchema>;
        const field = shape[amendment.key];
        if (!field) throw new Error(`${where}: no field "${amendment.key}" to make optional`);
        return clone(node, { ...def, shape: { ...shape, [amendment.key]: field.optional() } });
      }
      case 'add-values':
        return core(node, (inner) => {
          const d = defOf(inner);
          if (d.type === 'enum') {
            const entries: Record<string, unknown> = { ...d.entries };
            for (const v of amendment.values) entries[String(v)] = v;
            return clone(inner, { ...d, entries } as AnyDef);
          }
          if (d.type === 'literal') {
            return clone(inner, {
              ...d,
              values: [...new Set([...d.values, ...amendment.values])],
            });
          }
          throw new Error(`${where}: add-values needs a literal or enum, found ${d.type}`);
        });
      case 'widen':
        return z.union([node, amendment.schema]);
      case 'add-variant': {
        return core(node, (inner) => {
          const d = defOf(inner);
          if (d.type !== 'union') throw new Error(`${where}: add-variant needs a union, found ${d.type}`);
          return clone(inner, { ...d, options: [...d.options, amendment.schema] });
        });
      }
    }
  };
}

/** Applies the amendments of one root to its schema, in order. */
export function amendSchema(
  schema: AnySchema,
  amendments: readonly Exclude<Amendment, { op: 'add-payload' }>[],
  replaced: Map<AnySchema, AnySchema> = new Map(),
  version = '',
): AnySchema {
  let current = schema;
  for (const a of amendments) {
    const where = `${version ? `schemas/${version}/amendments.ts: ` : ''}${a.op} ${a.root} ${a.at}${'key' in a ? ` "${a.key}"` : ''}`;
    current = rebuild(current, parseRoute(a.at), editFor(a, where), replaced, where);
  }
  return current;
}

/** What `schema` became after every rebuild `replaced` records (itself when none). */
function latest(replaced: ReadonlyMap<AnySchema, AnySchema>, schema: AnySchema): AnySchema {
  const seen = new Set<AnySchema>();
  let node = schema;
  for (let next = replaced.get(node); next && !seen.has(next); next = replaced.get(node)) {
    seen.add(node);
    node = next;
  }
  return node;
}

/** The schema set of `version`: `previous` with `amendments` applied. */
export function amendSchemaSet(
  previous: SchemaSet,
  version: string,
  amendments: readonly Amendment[],
): SchemaSet {
  const replaced = new Map<AnySchema, AnySchema>();
  const byRoot = new Map<string, Array<Exclude<Amendment, { op: 'add-payload' }>>>();
  const payloads: Record<string, z.ZodType> = { ...previous.controlResponsePayloads };
  for (const a of amendments) {
    if (a.op === 'add-payload') {
      payloads[a.subtype] = a.schema;
      continue;
    }
    byRoot.set(a.root, [...(byRoot.get(a.root) ?? []), a]);
  }
  const apply = (root: string, schema: AnySchema) =>
    amendSchema(schema, byRoot.get(root) ?? [], replaced, version);
  const mapRecord = (prefix: string, record: Readonly<Record<string, z.ZodType>>) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, apply(`${prefix}:${k}`, v)]));
  for (const root of byRoot.keys()) {
    const [kind, name] = root.split(':') as [string, string | undefined];
    const known =
      kind === 'out' ||
      kind === 'in' ||
      (kind === 'payload' && name !== undefined && name in payloads) ||
      (kind === 'toolInput' && name !== undefined && name in previous.toolInputs) ||
      (kind === 'toolAnswer' && name !== undefined && name in previous.toolAnswers);
    if (!known) throw new Error(`schemas/${version}/amendments.ts: unknown root "${root}"`);
  }
  const cliOutputMessage = apply('out', previous.cliOutputMessage);
  const clientInputMessage = apply('in', previous.clientInputMessage);
  const controlResponsePayloads = mapRecord('payload', payloads);
  const toolInputs = mapRecord('toolInput', previous.toolInputs);
  const toolAnswers = mapRecord('toolAnswer', previous.toolAnswers);
  return {
    version,
    cliOutputMessage,
    clientInputMessage,
    controlResponsePayloads,
    payloadRequired: previous.payloadRequired,
    toolInputs,
    toolAnswers,
    // A shared schema rebuilt along a route keeps its name only where the route went through it:
    // the name follows it through every amendment that rebuilt it again.
    named: (previous.named ?? []).map(([schema, name]) => [latest(replaced, schema), name]),
    // The families are selections from the amended roots, never the previous set's parts.
    parts: familyParts({ cliOutputMessage, clientInputMessage, controlResponsePayloads, toolAnswers }),
    previous: previous.version,
  };
}

/** The node at `route` below `schema` (wrappers kept), or undefined when the route leads nowhere. */
export function nodeAt(schema: AnySchema, route: string): AnySchema | undefined {
  let node: AnySchema | undefined = schema;
  for (const seg of parseRoute(route)) {
    node = node && unwrap(node);
    if (!node) return undefined;
    const def = defOf(node);
    let next: z.core.$ZodType | undefined;
    if (seg.kind === 'field') next = def.type === 'object' ? def.shape[seg.key] : undefined;
    else if (seg.kind === 'element') next = def.type === 'array' ? def.element : undefined;
    else if (seg.kind === 'value') next = def.type === 'record' ? def.valueType : undefined;
    else if (def.type !== 'union') next = undefined;
    else {
      const options = def.options;
      const hits =
        seg.kind === 'member'
          ? options.filter((_, i) => i === seg.index)
          : options.filter((o) => selects(o, seg.key, seg.value));
      next = hits.length === 1 ? hits[0] : undefined;
    }
    node = next as AnySchema | undefined;
  }
  return node;
}
