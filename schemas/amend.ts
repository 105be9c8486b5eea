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
import type { z } from 'zod';
import { parseRoute, selects } from './amend-route.js';
import { applyAmendments } from './amend-run.js';
import { familyParts } from './parts.js';
import type { SchemaSet } from './schema-set.js';
import { defOf, propValues, unwrap, WRAPPERS } from './zod-walk.js';

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

// ---- routes (amend-route.ts) and their rebuild (amend-run.ts) ----------------------------------

export { formatRoute, parseRoute, type RouteSegment } from './amend-route.js';

type AnySchema = z.ZodType;

/**
 * Applies the amendments of one root to its schema, in order: each rebuilds the tree along its
 * route, the node there replaced by the edit, every node on the way by a copy with the new child,
 * and what no route touches stays the very same schema object. `replaced` learns every rebuilt
 * node (old → new), so names given to shared schemas can follow them. (The amendments are applied
 * in runs that build each node once, `amend-run.ts`; the result is the one just described.)
 */
export function amendSchema(
  schema: AnySchema,
  amendments: readonly Exclude<Amendment, { op: 'add-payload' }>[],
  replaced: Map<AnySchema, AnySchema> = new Map(),
  version = '',
): AnySchema {
  const prefix = version ? `schemas/${version}/amendments.ts: ` : '';
  return applyAmendments(
    schema,
    amendments.map((a) => ({
      amendment: a,
      where: `${prefix}${a.op} ${a.root} ${a.at}${'key' in a ? ` "${a.key}"` : ''}`,
    })),
    replaced,
  );
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
    const list = byRoot.get(a.root);
    if (list) list.push(a);
    else byRoot.set(a.root, [a]);
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

/** The schema a route of `root` starts at in `set` (own keys only), or undefined. */
export function rootSchemaOf(set: SchemaSet, root: AmendRoot): AnySchema | undefined {
  if (root === 'out') return set.cliOutputMessage;
  if (root === 'in') return set.clientInputMessage;
  const [kind, name = ''] = root.split(/:(.*)/s) as [string, string];
  const table =
    kind === 'payload'
      ? set.controlResponsePayloads
      : kind === 'toolInput'
        ? set.toolInputs
        : kind === 'toolAnswer'
          ? set.toolAnswers
          : undefined;
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
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
