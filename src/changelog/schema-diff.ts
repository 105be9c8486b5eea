/**
 * The schema half of the changelog: two pinned schema sets compared kind by kind (both directions),
 * control request subtypes, and the success payloads of control replies.
 */
import type { SchemaSet } from '../../schemas/schema-set.js';
import { comparePaths, diffFields, type NestedField } from './field-diff.js';
import { type FieldMap, fieldMap } from './field-map.js';
import type { Changelog, ControlReplies, KindDiff, KindSummary } from './model.js';
import { type SchemaKind, schemaKinds } from './schema-kinds.js';

const CONTROL_REQUEST = 'control_request';

export type SchemaChanges = Pick<Changelog, 'messages' | 'controlRequests' | 'controlReplies'>;

export function diffSchemaSets(from: SchemaSet, to: SchemaSet): SchemaChanges {
  const fromOut = schemaKinds(from.cliOutputMessage);
  const toOut = schemaKinds(to.cliOutputMessage);
  const fromIn = schemaKinds(from.clientInputMessage);
  const toIn = schemaKinds(to.clientInputMessage);
  const isRequest = (k: SchemaKind) => k.type === CONTROL_REQUEST;
  const notRequest = (k: SchemaKind) => !isRequest(k);
  return {
    messages: {
      cliOutput: diffKinds(fromOut.filter(notRequest), toOut.filter(notRequest)),
      clientInput: diffKinds(fromIn.filter(notRequest), toIn.filter(notRequest)),
    },
    controlRequests: {
      cliOutput: diffKinds(fromOut.filter(isRequest), toOut.filter(isRequest)),
      clientInput: diffKinds(fromIn.filter(isRequest), toIn.filter(isRequest)),
    },
    controlReplies: diffPayloads(from, to),
  };
}

interface Keyed {
  kind: string;
  body: string;
  fields: FieldMap;
}

/** Its own fields one level below its body, without the discriminators that name the kind. */
function ownFields(k: Keyed): NestedField[] {
  const out: NestedField[] = [];
  for (const [path, f] of k.fields) {
    if (!path.startsWith(k.body) || path === k.body) continue;
    const rest = path.slice(k.body.length);
    if (!/^(\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\])$/.test(rest)) continue;
    if (k.body === '$' && (rest === '.type' || rest === '.subtype')) continue;
    if (k.body !== '$' && (rest === '.type' || rest === '.subtype') && f.values?.length === 1) continue;
    out.push({ path: rest, type: f.type, optional: f.optional });
  }
  return out.sort((a, b) => comparePaths(a.path, b.path));
}

function summary(k: Keyed): KindSummary {
  return { kind: k.kind, fields: ownFields(k) };
}

export function diffKinds(from: readonly Keyed[], to: readonly Keyed[]): KindDiff {
  const before = new Map(from.map((k) => [k.kind, k]));
  const after = new Map(to.map((k) => [k.kind, k]));
  const byKind = (a: { kind: string }, b: { kind: string }) => comparePaths(a.kind, b.kind);
  const diff: KindDiff = {
    added: [...after.values()]
      .filter((k) => !before.has(k.kind))
      .map(summary)
      .sort(byKind),
    removed: [...before.values()]
      .filter((k) => !after.has(k.kind))
      .map(summary)
      .sort(byKind),
    changed: [],
    unchanged: 0,
  };
  for (const [kind, b] of [...before].sort(([x], [y]) => comparePaths(x, y))) {
    const a = after.get(kind);
    if (!a) continue;
    const changes = diffFields(b.fields, a.fields);
    if (changes.length > 0) diff.changed.push({ kind, changes });
    else diff.unchanged += 1;
  }
  return diff;
}

function payloadKinds(set: SchemaSet): Keyed[] {
  return Object.entries(set.controlResponsePayloads).map(([subtype, schema]) => ({
    kind: subtype,
    body: '$',
    fields: fieldMap(schema),
  }));
}

function diffPayloads(from: SchemaSet, to: SchemaSet): ControlReplies {
  const sorted = (s: Iterable<string>) => [...s].sort(comparePaths);
  return {
    ...diffKinds(payloadKinds(from), payloadKinds(to)),
    payloadNowRequired: sorted([...to.payloadRequired].filter((s) => !from.payloadRequired.has(s))),
    payloadNoLongerRequired: sorted([...from.payloadRequired].filter((s) => !to.payloadRequired.has(s))),
  };
}
