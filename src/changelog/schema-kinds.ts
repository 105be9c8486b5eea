/**
 * Splits a message union of a schema set into its message kinds, named as the kit names them on
 * the wire (src/protocol/classify.ts `describe`): `assistant`, `system/init`, `result/success`,
 * `control_request/can_use_tool`, `control_response/error`, `stream_event/message_start`. Each kind
 * comes with its own field tree.
 */
import type { z } from 'zod';
import { defOf, unwrap } from '../../schemas/zod-walk.js';
import {
  type BranchPick,
  branchValues,
  type FieldMap,
  fieldMap,
  keyPath,
  type Literal,
  sortLiterals,
} from './field-map.js';

type AnySchema = z.core.$ZodType;

export interface SchemaKind {
  /** `type` or `type/subtype` (for envelopes, `type/<inner subtype>`). */
  kind: string;
  type: string;
  /** The second part of the kind, when there is one. */
  subtype?: string;
  /** Where the kind's own fields sit: `$`, or the inner object of an envelope (`$.request`). */
  body: string;
  fields: FieldMap;
}

/**
 * Envelopes whose kind is told by a field inside them, as `describe` does: a control request by
 * `request.subtype`, a control response by `response.subtype`, a stream event by `event.type`.
 */
const INNER_DISCRIMINATOR: Readonly<Record<string, { field: string; key: string }>> = {
  control_request: { field: 'request', key: 'subtype' },
  control_response: { field: 'response', key: 'subtype' },
  stream_event: { field: 'event', key: 'type' },
};

function literalEntry(value: Literal) {
  return {
    type: JSON.stringify(value),
    base: value === null ? 'null' : typeof value,
    optional: false,
    values: [value],
  };
}

/** Every message kind of a union such as `cliOutputMessage`, sorted by kind. */
export function schemaKinds(union: z.ZodType): SchemaKind[] {
  const out: SchemaKind[] = [];
  for (const { value: type, schema } of branches(union as unknown as AnySchema, 'type')) {
    if (typeof type !== 'string') continue;
    out.push(...kindsOf(type, schema));
  }
  const byKind = new Map<string, SchemaKind>();
  for (const k of out) {
    const seen = byKind.get(k.kind);
    byKind.set(k.kind, seen ? { ...seen, fields: mergeFields(seen.fields, k.fields) } : k);
  }
  return [...byKind.values()].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

/** The branches of a discriminated union, one per discriminator value; a lone schema is one branch. */
function branches(schema: AnySchema, key: string): Array<{ value: Literal; schema: AnySchema }> {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'union' && def.discriminator === key) {
    return (def.options as AnySchema[]).flatMap((option) =>
      branchValues(option, key).map((value) => ({ value, schema: option })),
    );
  }
  if (def.type === 'union') {
    return (def.options as AnySchema[]).flatMap((option) => branches(option, key));
  }
  return branchValues(s, key).map((value) => ({ value, schema: s }));
}

function kindsOf(type: string, schema: AnySchema): SchemaKind[] {
  const typeEntry = literalEntry(type);
  const inner = INNER_DISCRIMINATOR[type];
  if (inner) {
    const s = unwrap(schema);
    const def = defOf(s);
    const field = def.type === 'object' ? (def.shape as Record<string, AnySchema>)[inner.field] : undefined;
    if (field) {
      const fieldPath = keyPath('$', inner.field);
      return branches(field, inner.key)
        .filter((b): b is { value: string; schema: AnySchema } => typeof b.value === 'string')
        .map(({ value }) => {
          const pick: BranchPick = { path: fieldPath, value };
          const fields = fieldMap(s as unknown as z.ZodType, [pick]);
          fields.set('$.type', typeEntry);
          fields.set(keyPath(fieldPath, inner.key), literalEntry(value));
          return { kind: `${type}/${value}`, type, subtype: value, body: fieldPath, fields };
        });
    }
  }
  const subtypes = branches(schema, 'subtype').filter(
    (b): b is { value: string; schema: AnySchema } => typeof b.value === 'string',
  );
  if (subtypes.length === 0) {
    const fields = fieldMap(unwrap(schema) as unknown as z.ZodType);
    fields.set('$.type', typeEntry);
    return [{ kind: type, type, body: '$', fields }];
  }
  return subtypes.map(({ value, schema: branch }) => {
    const fields = fieldMap(branch as unknown as z.ZodType);
    fields.set('$.type', typeEntry);
    fields.set('$.subtype', literalEntry(value));
    return { kind: `${type}/${value}`, type, subtype: value, body: '$', fields };
  });
}

/** Two branches that make the same kind: a field either declares, optional unless both require it. */
function mergeFields(a: FieldMap, b: FieldMap): FieldMap {
  const out: FieldMap = new Map();
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(path);
    const y = b.get(path);
    if (!x || !y) {
      // Only a field of an object both branches have is left out by one of them.
      const parent = parentPath(path);
      const shared = parent === '$' || (a.has(parent) && b.has(parent));
      out.set(path, { ...(x ?? y)!, ...(shared ? { optional: true } : {}) });
      continue;
    }
    const values = x.values && y.values ? sortLiterals([...x.values, ...y.values]) : undefined;
    const join = (p: string, q: string) =>
      [...new Set([...p.split(' | '), ...q.split(' | ')])].sort().join(' | ');
    out.set(path, {
      type: values ? values.map((v) => JSON.stringify(v)).join(' | ') : join(x.type, y.type),
      base: join(x.base, y.base),
      optional: x.optional || y.optional,
      ...(values ? { values } : {}),
      ...(x.discriminator !== undefined && x.discriminator === y.discriminator
        ? { discriminator: x.discriminator }
        : {}),
    });
  }
  return out;
}

function parentPath(path: string): string {
  return path.replace(/(\.[A-Za-z_$][\w$]*|\[[^\]]*\]|\{\*\}|<[^>]*>)$/, '');
}
