/**
 * Does a kit schema accept every value the SDK declares? Walks an SDK-declared type (JSON Schema
 * from the inventory) beside the kit's zod node and lists each place where it would not, as a
 * structured issue with the amendment that settles it (the draft `schemas:reconcile` writes).
 *
 * The rules (issue 27): a value the SDK's type allows — an enum value, `null`, a left-out optional
 * field — must validate; a field is required only where the SDK requires it (a field the SDK does
 * not declare on a kind it declares is optional); a field the SDK declares is typed (else the
 * validator calls it unknown). Where the SDK says `unknown`, it says nothing, and the kit's
 * narrower type stands. Discriminated unions are matched member by member on their tag
 * (`type`, `subtype`, `hook_event_name`, …), so a missing member is one issue, not many.
 */
import { formatRoute, type RouteSegment, unwrap } from '../../schemas/amend.js';
import {
  allowsNull,
  constOf,
  type Definitions,
  type JsonSchema,
  refName,
  type SdkType,
  sdkType,
  withoutNull,
} from './sdk-type.js';
import type { ZodSourcePrinter } from './zod-source.js';
import {
  arrayElement,
  coreKind,
  isOptionalField,
  literalValues,
  objectShape,
  recordValue,
  tagValues,
  takesNull,
  unionOptions,
  type ZodNode,
} from './zod-view.js';

export type AgreementCode =
  /** A literal or enum value the SDK declares that the schema rejects. */
  | 'sdk/value-rejected'
  /** `null` where the SDK allows it and the schema does not. */
  | 'sdk/null-rejected'
  /** A field the SDK marks optional that the schema requires. */
  | 'sdk/required-optional'
  /** A field the SDK does not declare, on a kind it declares, that the schema requires. */
  | 'sdk/required-undeclared'
  /** A value of a type the schema rejects altogether (string where it takes a literal, …). */
  | 'sdk/type-rejected'
  /** A member of a declared union (a message subtype, a block type) the schema has no member for. */
  | 'sdk/member-missing'
  /** A field the SDK declares that the schema does not type (the validator calls it unknown). */
  | 'sdk/field-untyped';

/** Contradictions reject SDK-declared values; `sdk/field-untyped` only makes them findings. */
export const CONTRADICTIONS: ReadonlySet<AgreementCode> = new Set([
  'sdk/value-rejected',
  'sdk/null-rejected',
  'sdk/required-optional',
  'sdk/required-undeclared',
  'sdk/type-rejected',
  'sdk/member-missing',
]);

/** An amendment as source text (`schemas/amend.ts` helpers), drafted for review. */
export type AmendmentDraft =
  | { op: 'add-field'; at: string; key: string; source: string }
  | { op: 'add-values'; at: string; values: Array<string | number | boolean | null> }
  | { op: 'optional'; at: string; key: string }
  | { op: 'widen'; at: string; source: string }
  | { op: 'add-variant'; at: string; source: string }
  | { op: 'add-payload'; subtype: string; source: string };

export interface AgreementIssue {
  code: AgreementCode;
  /** The route of the schema node (`schemas/amend.ts` syntax), below the item's root. */
  at: string;
  /** The field concerned, for field-level issues. */
  key?: string;
  /** What the SDK declares. */
  expected: string;
  /** What the schema takes. */
  actual: string;
  /** For a missing member of a discriminated union: `key=value`, the member it adds. */
  member?: string;
  fix: AmendmentDraft;
}

interface Walk {
  definitions: Definitions;
  printer: ZodSourcePrinter;
  issues: AgreementIssue[];
  /** (SDK type name, zod node) pairs already compared: recursive types end here. */
  seen: Map<string, Set<ZodNode>>;
}

const DISCRIMINATORS = ['type', 'subtype', 'hook_event_name', 'behavior', 'role', 'status', 'kind', 'method'];

/**
 * What makes two drafts the same amendment: one missing member is added once, whichever declared
 * type (a request's nested union, or the member's own item) found it.
 */
export function draftKey(issue: AgreementIssue & { root?: string }): string {
  if (issue.fix.op === 'add-variant' && issue.member !== undefined)
    return JSON.stringify([issue.root, 'add-variant', issue.at, issue.member]);
  return JSON.stringify([issue.root, issue.code, issue.at, issue.key, issue.fix]);
}

/** Every place `node` rejects a value the SDK type `schema` allows, with its fix. */
export function checkAgreement(
  schema: JsonSchema,
  node: ZodNode,
  at: readonly RouteSegment[],
  definitions: Definitions,
  printer: ZodSourcePrinter,
): AgreementIssue[] {
  const walk: Walk = { definitions, printer, issues: [], seen: new Map() };
  compare(walk, schema, node, at, 0);
  // Two declared types reaching one node (a user message and its replay) say the same thing once.
  const unique = new Map<string, AgreementIssue>();
  for (const issue of walk.issues) unique.set(draftKey(issue), issue);
  return [...unique.values()];
}

function compare(
  w: Walk,
  schema: JsonSchema,
  node: ZodNode,
  at: readonly RouteSegment[],
  depth: number,
): void {
  if (depth > 48) return;
  const name = refName(schema);
  if (name !== undefined) {
    const nodes = w.seen.get(name) ?? new Set();
    const core = unwrap(node);
    if (nodes.has(core)) return;
    nodes.add(core);
    w.seen.set(name, nodes);
  }
  const kind = coreKind(node);
  if (kind === 'unknown' || kind === 'any') return;
  const t = sdkType(schema, w.definitions);
  if (t.kind === 'unknown' || t.kind === 'never') return;
  if (allowsNull(schema, w.definitions) && !takesNull(node)) {
    w.issues.push({
      code: 'sdk/null-rejected',
      at: formatRoute(at),
      expected: 'null allowed',
      actual: `${kind} without null`,
      fix: { op: 'widen', at: formatRoute(at), source: 'z.null()' },
    });
  }
  const members = withoutNull(schema, w.definitions).flatMap((m) => flatten(w, m));
  if (members.length === 0) return;
  if (members.length === 1) compareOne(w, members[0]!, node, at, depth);
  else compareUnion(w, members, node, at, depth);
}

/** A union's members, nested unions spread (a type alias of a union of aliases). */
function flatten(w: Walk, schema: JsonSchema, depth = 0): JsonSchema[] {
  const t = sdkType(schema, w.definitions);
  if (t.kind !== 'union' || depth > 8) return [schema];
  return t.members.flatMap((m) => withoutNull(m, w.definitions)).flatMap((m) => flatten(w, m, depth + 1));
}

function compareUnion(
  w: Walk,
  members: readonly JsonSchema[],
  node: ZodNode,
  at: readonly RouteSegment[],
  depth: number,
): void {
  // Literals of one union become one literal set (`'a' | 'b'` is a union of consts).
  const literals: Array<string | number | boolean> = [];
  const rest: JsonSchema[] = [];
  for (const m of members) {
    const t = sdkType(m, w.definitions);
    if (t.kind === 'literal') literals.push(...t.values);
    else rest.push(m);
  }
  if (literals.length > 0) compareLiterals(w, literals, node, at);
  if (rest.length === 0) return;
  const options = unionOptions(node);
  const rejected: JsonSchema[] = [];
  for (const m of rest) {
    if (options.length === 0) {
      if (compatible(sdkType(m, w.definitions), coreKind(node))) compareOne(w, m, node, at, depth);
      else rejected.push(m);
      continue;
    }
    if (!compareAgainstOptions(w, m, node, at, depth)) rejected.push(m);
  }
  if (rejected.length > 0) {
    const source = w.printer.expression(rejected.length === 1 ? rejected[0]! : { anyOf: rejected });
    const isUnion = options.length > 0;
    w.issues.push({
      code: isUnion ? 'sdk/member-missing' : 'sdk/type-rejected',
      at: formatRoute(at),
      expected: rejected.map((m) => describe(w, m)).join(' | '),
      actual: coreKind(node),
      fix: isUnion
        ? { op: 'add-variant', at: formatRoute(at), source }
        : { op: 'widen', at: formatRoute(at), source },
    });
  }
}

/**
 * Compares one SDK member with the union `node`: by its discriminator where it has one (each of
 * its tag values to the options carrying it), else with the option of the same kind that
 * disagrees least. False when no option can take it (the caller adds it as a member).
 */
function compareAgainstOptions(
  w: Walk,
  member: JsonSchema,
  node: ZodNode,
  at: readonly RouteSegment[],
  depth: number,
): boolean {
  const options = unionOptions(node);
  for (const key of DISCRIMINATORS) {
    const values = constOf(member, key, w.definitions);
    if (!values || values.length === 0) continue;
    if (!discriminates(options, key)) continue;
    for (const value of values) {
      if (options.some((o) => tagValues(o, key).has(value))) continue;
      const narrowed = values.length === 1 ? member : narrowTag(w, member, key, value);
      w.issues.push({
        code: 'sdk/member-missing',
        at: formatRoute(at),
        member: `${key}=${String(value)}`,
        expected: `${key} "${String(value)}" (${describe(w, member)})`,
        actual: `members ${[...new Set(options.flatMap((o) => [...tagValues(o, key)]))].map(String).join(', ')}`,
        fix: { op: 'add-variant', at: formatRoute(at), source: w.printer.expression(narrowed) },
      });
    }
    // Each option is compared once, whatever number of the member's tag values it carries (one
    // option taking several subtypes is one node: amending it once per subtype would repeat).
    options.forEach((option, index) => {
      const carried = values.filter((v) => tagValues(option, key).has(v));
      if (carried.length === 0) return;
      const taken = [...tagValues(option, key)].map(String);
      // A route names a member by every value it takes; where that would not name this one alone,
      // by its position.
      const byTag: RouteSegment = { kind: 'variant', key, value: taken.join('|') };
      const alone =
        options.filter((o) => [...tagValues(o, key)].some((v) => taken.includes(String(v)))).length === 1;
      compare(w, member, option, [...at, alone ? byTag : { kind: 'member', index }], depth + 1);
    });
    return true;
  }
  const t = sdkType(member, w.definitions);
  const candidates = options.map((o, index) => ({ o, index })).filter(({ o }) => compatible(t, coreKind(o)));
  if (candidates.length === 0) return false;
  // The candidate with the fewest disagreements takes the member.
  let best: { index: number; issues: AgreementIssue[] } | undefined;
  for (const { o, index } of candidates) {
    const trial: Walk = { ...w, issues: [], seen: new Map() };
    compare(trial, member, o, [...at, { kind: 'member', index }], depth + 1);
    if (!best || trial.issues.length < best.issues.length) best = { index, issues: trial.issues };
    if (trial.issues.length === 0) break;
  }
  w.issues.push(...best!.issues);
  return true;
}

/** A map type: an object with no declared keys and a value type for all keys. */
function isRecordType(w: Walk, schema: JsonSchema): boolean {
  const t = sdkType(schema, w.definitions);
  return t.kind === 'object' && t.properties.length === 0 && t.rest !== undefined && t.rest !== true;
}

/** Whether `key` tells the options apart: every option carries it, and not all the same value. */
function discriminates(options: readonly ZodNode[], key: string): boolean {
  const seen = new Set<unknown>();
  for (const o of options) {
    const values = tagValues(o, key);
    if (values.size === 0) return false;
    for (const v of values) seen.add(v);
  }
  return options.length === 1 || seen.size > 1;
}

/** An object member whose tag takes several values, narrowed to one of them. */
function narrowTag(w: Walk, member: JsonSchema, key: string, value: unknown): JsonSchema {
  const t = sdkType(member, w.definitions);
  if (t.kind !== 'object') return member;
  const properties: Record<string, JsonSchema> = {};
  for (const p of t.properties) properties[p.key] = p.key === key ? { const: value } : p.type;
  return {
    type: 'object',
    properties,
    required: t.properties.filter((p) => p.required).map((p) => p.key),
  };
}

function compatible(t: SdkType, zodKind: string): boolean {
  switch (t.kind) {
    case 'object':
      return (
        zodKind === 'object' || zodKind === 'record' || zodKind === 'union' || zodKind === 'intersection'
      );
    case 'array':
    case 'tuple':
      return zodKind === 'array' || zodKind === 'tuple';
    case 'string':
      return zodKind === 'string' || zodKind === 'template_literal';
    case 'number':
      return zodKind === 'number' || zodKind === 'int' || zodKind === 'bigint';
    case 'boolean':
      return zodKind === 'boolean';
    case 'literal':
      return zodKind === 'literal' || zodKind === 'enum' || t.values.every((v) => typeof v === zodKind);
    default:
      return true;
  }
}

function compareOne(
  w: Walk,
  schema: JsonSchema,
  node: ZodNode,
  at: readonly RouteSegment[],
  depth: number,
): void {
  const t = sdkType(schema, w.definitions);
  const kind = coreKind(node);
  if (kind === 'unknown' || kind === 'any') return;
  if (t.kind === 'literal') {
    compareLiterals(w, t.values, node, at);
    return;
  }
  if (kind === 'union' && t.kind !== 'union') {
    if (!compareAgainstOptions(w, schema, node, at, depth))
      rejectType(w, schema, node, at, 'sdk/member-missing');
    return;
  }
  if (kind === 'intersection' || kind === 'custom' || kind === 'transform') return;
  switch (t.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      if (!compatible(t, kind)) rejectType(w, schema, node, at, 'sdk/type-rejected');
      return;
    case 'array': {
      const element = arrayElement(node);
      if (element) compare(w, t.element, element, [...at, { kind: 'element' }], depth + 1);
      else if (kind !== 'tuple') rejectType(w, schema, node, at, 'sdk/type-rejected');
      return;
    }
    case 'tuple': {
      const element = arrayElement(node);
      if (element)
        for (const e of [...t.elements, ...(t.rest ? [t.rest] : [])])
          compare(w, e, element, [...at, { kind: 'element' }], depth + 1);
      else if (kind !== 'tuple') rejectType(w, schema, node, at, 'sdk/type-rejected');
      return;
    }
    case 'object':
      compareObject(w, t, node, at, depth);
      return;
    default:
      return;
  }
}

function compareObject(
  w: Walk,
  t: Extract<SdkType, { kind: 'object' }>,
  node: ZodNode,
  at: readonly RouteSegment[],
  depth: number,
): void {
  const value = recordValue(node);
  if (value) {
    for (const p of t.properties) compare(w, p.type, value, [...at, { kind: 'value' }], depth + 1);
    if (t.rest !== undefined) compare(w, t.rest, value, [...at, { kind: 'value' }], depth + 1);
    return;
  }
  const shape = objectShape(node);
  if (!shape) {
    rejectType(w, { type: 'object' }, node, at, 'sdk/type-rejected');
    return;
  }
  const route = formatRoute(at);
  const declared = new Set(t.properties.map((p) => p.key));
  for (const p of t.properties) {
    const field = shape[p.key];
    if (!field) {
      w.issues.push({
        code: 'sdk/field-untyped',
        at: route,
        key: p.key,
        expected: describe(w, p.type),
        actual: 'not typed',
        fix: { op: 'add-field', at: route, key: p.key, source: `${w.printer.expression(p.type)}.optional()` },
      });
      continue;
    }
    if (!p.required && !isOptionalField(field)) {
      w.issues.push({
        code: 'sdk/required-optional',
        at: route,
        key: p.key,
        expected: 'optional',
        actual: 'required',
        fix: { op: 'optional', at: route, key: p.key },
      });
    }
    if (isRecordType(w, p.type) && objectShape(field) !== undefined) {
      // A map the SDK declares (`Record<string, X>`) that the schema typed as an object from the
      // keys it saw: every other key would be unknown. The field is retyped as the map.
      const optional = isOptionalField(field) || !p.required;
      w.issues.push({
        code: 'sdk/field-untyped',
        at: route,
        key: p.key,
        expected: describe(w, p.type),
        actual: 'an object of fixed keys',
        fix: {
          op: 'add-field',
          at: route,
          key: p.key,
          source: `${w.printer.expression(p.type)}${optional ? '.optional()' : ''}`,
        },
      });
      continue;
    }
    compare(w, p.type, field, [...at, { kind: 'field', key: p.key }], depth + 1);
  }
  // An object type with an index signature declares every key.
  if (t.rest !== undefined) return;
  for (const [key, field] of Object.entries(shape)) {
    if (declared.has(key) || isOptionalField(field)) continue;
    w.issues.push({
      code: 'sdk/required-undeclared',
      at: route,
      key,
      expected: 'not declared',
      actual: 'required',
      fix: { op: 'optional', at: route, key },
    });
  }
}

function compareLiterals(
  w: Walk,
  values: ReadonlyArray<string | number | boolean>,
  node: ZodNode,
  at: readonly RouteSegment[],
): void {
  const kind = coreKind(node);
  const taken = literalValues(node);
  if (taken) {
    const missing = values.filter((v) => !taken.includes(v));
    if (missing.length === 0) return;
    w.issues.push({
      code: 'sdk/value-rejected',
      at: formatRoute(at),
      expected: missing.map((v) => JSON.stringify(v)).join(' | '),
      actual: taken.map((v) => JSON.stringify(v)).join(' | '),
      fix: { op: 'add-values', at: formatRoute(at), values: missing },
    });
    return;
  }
  if (kind === 'union') {
    // A union of literal members (or of objects and a literal): a value no member takes is missing.
    const options = unionOptions(node);
    const missing = values.filter(
      (v) => !options.some((o) => (literalValues(o) ?? []).includes(v) || coreKind(o) === typeof v),
    );
    if (missing.length === 0) return;
    w.issues.push({
      code: 'sdk/value-rejected',
      at: formatRoute(at),
      expected: missing.map((v) => JSON.stringify(v)).join(' | '),
      actual: 'union',
      fix: { op: 'add-variant', at: formatRoute(at), source: `z.literal(${JSON.stringify(missing)})` },
    });
    return;
  }
  const wrong = values.filter((v) => typeof v !== kind);
  if (wrong.length === 0) return;
  w.issues.push({
    code: 'sdk/type-rejected',
    at: formatRoute(at),
    expected: wrong.map((v) => JSON.stringify(v)).join(' | '),
    actual: kind,
    fix: { op: 'widen', at: formatRoute(at), source: `z.literal(${JSON.stringify(wrong)})` },
  });
}

function rejectType(
  w: Walk,
  schema: JsonSchema,
  node: ZodNode,
  at: readonly RouteSegment[],
  code: AgreementCode,
): void {
  const source = w.printer.expression(schema);
  w.issues.push({
    code,
    at: formatRoute(at),
    expected: describe(w, schema),
    actual: coreKind(node),
    fix:
      code === 'sdk/member-missing'
        ? { op: 'add-variant', at: formatRoute(at), source }
        : { op: 'widen', at: formatRoute(at), source },
  });
}

/** A short word for a declared type, for issue texts. */
export function describe(w: Pick<Walk, 'definitions'>, schema: JsonSchema): string {
  const name = refName(schema);
  if (name !== undefined) return name;
  const t = sdkType(schema, w.definitions);
  switch (t.kind) {
    case 'literal':
      return t.values.map((v) => JSON.stringify(v)).join(' | ');
    case 'object':
      return `{ ${t.properties
        .slice(0, 4)
        .map((p) => p.key)
        .join(', ')}${t.properties.length > 4 ? ', …' : ''} }`;
    case 'array':
      return `${describe(w, t.element)}[]`;
    case 'union':
      return t.members.map((m) => describe(w, m)).join(' | ');
    default:
      return t.kind;
  }
}
