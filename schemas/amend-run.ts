/**
 * Applies one root's amendments in order, in as few rebuilds as it can: a run of amendments is
 * applied to drafts (a node's definition with the children the routes changed), and each draft
 * becomes a zod schema once, when the run ends. A node on the shared prefix of many routes (the
 * output union, its `system` member, the `init` object 40 fields are added to) is cloned once per
 * run instead of once per amendment, and zod's constructors (and the garbage of every
 * intermediate clone) were most of what building the amended sets cost.
 *
 * The result is the one an amendment-by-amendment rebuild gives (`amendSchema` in `amend.ts`
 * documents it), because each amendment walks the drafts as the earlier ones left them:
 * - a field added, a node widened into a union or a member added earlier in the run is there
 *   for the routes after it; routes that select the same member by different segments
 *   (`<subtype=a|b>`, `<subtype=a>`, `<#1>`) reach the same draft, so it carries both edits;
 * - a discriminator look-up (`<k=v>`) on a member that is a draft reads what zod would compute for
 *   the member as it now stands (an object: its field `k`; a discriminated union: its members).
 *   Where that is not plain to read (the field `k` itself rebuilt, a kind the look-up does not
 *   follow), the run ends before that amendment and the next run starts from real schemas;
 * - `replaced` learns, for every schema a route rebuilt, what it ended as (the rebuild per
 *   amendment records every intermediate copy; the last of them is what it leaves): a schema
 *   rebuilt at several places, what the place first rebuilt last became; a widened node, its union;
 * - a run that throws (a route that leads nowhere, an edit of the wrong kind, a zod check when
 *   the drafts are built) is redone one amendment at a time, so the error is exactly the one of
 *   the amendment that causes it. A run of one amendment is the rebuild per amendment.
 */
import { z } from 'zod';
import type { Amendment } from './amend.js';
import {
  fieldPropValues,
  formatRoute,
  hasPropValues,
  parseRoute,
  propValuesAt,
  type RouteSegment,
  selects,
  takesValue,
} from './amend-route.js';
import {
  type AnyDef,
  type AnySchema,
  type DefOf,
  defOf,
  innerOf,
  type Kind,
  kindOf,
  valuesOf,
  WRAPPERS,
} from './zod-walk.js';

export type RootAmendment = Exclude<Amendment, { op: 'add-payload' }>;

/** An amendment with the prefix its errors start with (`schemas/<v>/amendments.ts: add-field out …`). */
export interface PlacedAmendment {
  amendment: RootAmendment;
  where: string;
}

type Schema = z.ZodType;

/** A node a route of the current run went through (or an edit made): built into a schema when the run ends. */
class Draft {
  shape?: Record<string, Slot>;
  options?: Slot[];
  /** The one child: a wrapper's inner type, what a lazy's getter gave, a pipe's input, an element, a record value. */
  child?: Slot;
  entries?: Record<string, unknown>;
  values?: readonly unknown[];
  built?: Schema;
  /** What zod's propValues will be, per key, as far as read since the last rebuild. */
  propValues?: Map<string, Set<unknown> | undefined | Split>;
  hasPropValues?: boolean | Split;
  /** A union's answers to each `<k=v>` segment: per member, the members selected, how much of `changes` they know. */
  hits?: Map<RouteSegment, { hit: boolean[]; found: number[] | undefined; read: number }>;
  /** A union's members the run changed (rebuilt, replaced, added), by index, in order. */
  readonly changes: number[] = [];
  constructor(
    /** The schema at this place when the run first rebuilt it; undefined for the union a widen makes, or the optional wrapper of an edited field. */
    readonly src: Schema | undefined,
    readonly kind: Kind,
    /** `src`'s definition. */
    readonly def: AnyDef | undefined,
  ) {}
  /** When the run first rebuilt this place (its clock; 0: not yet), to order the places of a shared schema. */
  first = 0;
  /** The union a widening put this node into, since its last rebuild (`replaced` points it there). */
  widened?: Draft;
}

type Slot = Schema | Draft;

/** The look-up of a member that is a draft cannot be read plainly: end the run before the amendment. */
const SPLIT = Symbol('split');
type Split = typeof SPLIT;

/** Where an amendment's route goes, worked out before anything is changed (so a split changes nothing). */
type Step =
  | { at: 'end' }
  | { at: 'inner'; inner: Slot; next: Step }
  | { at: 'field'; key: string; next: Step }
  | { at: 'child'; next: Step }
  /** The members selected (their indices, in order) and where the route goes in each. */
  | { at: 'members'; next: ReadonlyArray<readonly [number, Step]> };

const END: Step = { at: 'end' };

const kindOfSlot = (slot: Slot): Kind => (slot instanceof Draft ? slot.kind : kindOf(slot));
const passesThrough = (kind: Kind) => WRAPPERS.has(kind) || kind === 'lazy' || kind === 'pipe';
const hasOwn = (o: object, key: string) => Object.hasOwn(o, key);

/** Sets `key` as an object literal's `[key]: value` would: in place when present, else last. */
function put(shape: Record<string, Slot>, key: string, value: Slot): void {
  // An assignment would call Object.prototype's `__proto__` setter; every other key is a plain data property.
  if (key === '__proto__')
    Object.defineProperty(shape, key, { value, writable: true, enumerable: true, configurable: true });
  else shape[key] = value;
}

function clone(schema: AnySchema, def: AnyDef): Schema {
  const next = (schema as Schema).clone(def as never) as Schema;
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(next, meta);
  return next;
}

/** What zod's `values` of a field is, as far as a draft tells it; SPLIT where it could have changed. */
function fieldValues(field: Slot): ReadonlySet<unknown> | undefined | Split {
  if (!(field instanceof Draft)) return valuesOf(field);
  // Objects, arrays and records have no values, rebuilt or not.
  return field.src !== undefined &&
    (field.kind === 'object' || field.kind === 'array' || field.kind === 'record')
    ? undefined
    : SPLIT;
}

/**
 * `propValues[key]` of the schema a draft will become, computed as zod computes it (objects:
 * the field's values, and `undefined` when it may be left out; discriminated unions: their
 * members' values; plain unions, wrappers made by an edit, arrays, records: none).
 */
function draftPropValues(d: Draft, key: string): Set<unknown> | undefined | Split {
  d.propValues ??= new Map();
  if (d.propValues.has(key)) return d.propValues.get(key);
  const values = readPropValues(d, key);
  d.propValues.set(key, values);
  return values;
}

function readPropValues(d: Draft, key: string): Set<unknown> | undefined | Split {
  if (key in Object.prototype) return SPLIT;
  if (d.src === undefined) return undefined;
  switch (d.kind) {
    case 'object': {
      const shape = d.shape!;
      if (!hasOwn(shape, key)) return undefined;
      const field = shape[key]!;
      return field instanceof Draft
        ? fieldValues(field) === undefined
          ? undefined
          : SPLIT
        : fieldPropValues(field);
    }
    case 'union':
      return unionPropValues(d, key);
    case 'array':
    case 'record':
      return undefined;
    default:
      return SPLIT;
  }
}

/** Whether zod finds `propValues` with at least one key on the schema a draft will become. */
function draftHasPropValues(d: Draft): boolean | Split {
  d.hasPropValues ??= readHasPropValues(d);
  return d.hasPropValues;
}

function readHasPropValues(d: Draft): boolean | Split {
  if (d.src === undefined) return false;
  switch (d.kind) {
    case 'object':
      for (const key in d.shape) {
        const values = fieldValues(d.shape[key]!);
        if (values === SPLIT) return SPLIT;
        if (values) return true;
      }
      return false;
    case 'union': {
      const disc = (d.def as DefOfUnion).discriminator;
      if (disc === undefined) return false;
      for (const option of d.options!)
        if (option instanceof Draft ? draftHasPropValues(option) !== true : !hasPropValues(option))
          return SPLIT;
      return d.options!.length > 0;
    }
    case 'array':
    case 'record':
      return false;
    default:
      return SPLIT;
  }
}

type DefOfUnion = AnyDef & { discriminator?: string };

/**
 * zod's discriminated union `propValues[key]`: its members' values. Where zod would drop
 * `undefined` from the discriminator's (several members may leave it out), it is left to zod.
 */
function unionPropValues(d: Draft, key: string): Set<unknown> | undefined | Split {
  const disc = (d.def as DefOfUnion).discriminator;
  if (disc === undefined) return undefined;
  let out: Set<unknown> | undefined;
  let omitting = 0;
  for (const option of d.options!) {
    let values: ReadonlySet<unknown> | undefined;
    if (option instanceof Draft) {
      if (draftHasPropValues(option) !== true) return SPLIT;
      const read = draftPropValues(option, key);
      if (read === SPLIT) return SPLIT;
      values = read;
    } else {
      // zod refuses a member without propValues: where the draft has one, the schema will throw.
      if (!hasPropValues(option)) return SPLIT;
      values = propValuesAt(option, key);
    }
    if (!values) continue;
    if (key === disc && values.has(undefined) && ++omitting > 1) return SPLIT;
    out ??= new Set();
    for (const v of values) out.add(v);
  }
  return out;
}

// The members a `<k=v>` segment selects in a union schema, per union and segment: a schema does not
// change, and the same segment is looked up in the same union by every amendment routed through it.
const HITS = new WeakMap<AnySchema, Map<RouteSegment, readonly number[]>>();
function schemaHits(union: Schema, seg: Extract<RouteSegment, { kind: 'variant' }>): readonly number[] {
  let bySegment = HITS.get(union);
  if (!bySegment) {
    bySegment = new Map();
    HITS.set(union, bySegment);
  }
  let hit = bySegment.get(seg);
  if (!hit) {
    const options = (defOf(union) as DefOf<'union'>).options;
    const found: number[] = [];
    for (let n = 0; n < options.length; n++) if (selects(options[n]!, seg.key, seg.value)) found.push(n);
    hit = found;
    bySegment.set(seg, hit);
  }
  return hit;
}

/**
 * The members `seg` selects at a union (their indices), as they stand. A draft keeps what each
 * member answered and reads again only the members changed since (`changes`); at first, a member
 * the run has not changed answers as in the schema the draft was made from.
 */
function hits(union: Slot, seg: Extract<RouteSegment, { kind: 'variant' }>): readonly number[] | Split {
  if (!(union instanceof Draft)) return schemaHits(union, seg);
  const options = union.options!;
  union.hits ??= new Map();
  let known = union.hits.get(seg);
  if (!known) {
    const hit: boolean[] = [];
    if (union.src) for (const n of schemaHits(union.src, seg)) hit[n] = true;
    else
      for (let n = 0; n < options.length; n++) {
        const h = selectsSlot(options[n]!, seg.key, seg.value);
        if (h === SPLIT) return SPLIT;
        hit[n] = h;
      }
    known = { hit, found: undefined, read: union.src ? 0 : union.changes.length };
    union.hits.set(seg, known);
  }
  for (; known.read < union.changes.length; known.read++) {
    const n = union.changes[known.read]!;
    const h = selectsSlot(options[n]!, seg.key, seg.value);
    if (h === SPLIT) return SPLIT;
    if (known.hit[n] !== h) {
      known.hit[n] = h;
      known.found = undefined;
    }
  }
  if (!known.found) {
    known.found = [];
    for (let n = 0; n < options.length; n++) if (known.hit[n]) known.found.push(n);
  }
  return known.found;
}

function selectsSlot(option: Slot, key: string, value: string): boolean | Split {
  if (!(option instanceof Draft)) return selects(option, key, value);
  const values = draftPropValues(option, key);
  return values === SPLIT ? SPLIT : takesValue(values, value);
}

// Routes read once per distinct text (the same route is shared by many amendments), and each
// `<k=v>` segment one object whatever route it is in: the look-ups above are kept per segment.
const ROUTES = new Map<string, readonly RouteSegment[]>();
const VARIANTS = new Map<string, RouteSegment>();
function routeOf(at: string): readonly RouteSegment[] {
  let route = ROUTES.get(at);
  if (!route) {
    route = parseRoute(at).map((seg) => {
      if (seg.kind !== 'variant') return seg;
      const text = `${seg.key}=${seg.value}`;
      const known = VARIANTS.get(text);
      if (known) return known;
      VARIANTS.set(text, seg);
      return seg;
    });
    ROUTES.set(at, route);
  }
  return route;
}

function routeError(where: string, what: string, kind: Kind): never {
  throw new Error(`${where}: ${what} (at a ${kind} node)`);
}

/** The amendments of one run: the drafts, and what `replaced` will learn. */
class Run {
  private root: Slot;
  private readonly drafts: Draft[] = [];
  /** The run's clock: a tick per first rebuild of a place and per widening of a schema, in order. */
  private clock = 0;
  /** Schemas widened where the run had not rebuilt them: [schema, the union, when]. */
  private readonly widened: Array<readonly [Schema, Schema, number]> = [];

  constructor(root: Schema) {
    this.root = root;
  }

  /** Applies `a` to the drafts; false (nothing changed) when it has to start a run of its own. */
  add({ amendment, where }: PlacedAmendment): boolean {
    const step = this.plan(this.root, routeOf(amendment.at), 0, amendment, where);
    if (step === SPLIT) return false;
    this.root = this.apply(this.root, step, amendment);
    return true;
  }

  /** Builds every draft and records in `replaced` what each rebuilt schema ended as. */
  finish(replaced: Map<Schema, Schema>): Schema {
    const out = this.build(this.root);
    // Drafts an edit dropped (a field replaced) are what a rebuilt schema became all the same.
    for (const d of this.drafts) this.build(d);
    // What a schema became, as the last write of the rebuild per amendment leaves it: a schema
    // rebuilt at several places (a shared one) by the place whose first rebuild came last.
    const last = new Map<Schema, readonly [Schema, number]>();
    const learn = (from: Schema, to: Schema, when: number) => {
      const known = last.get(from);
      if (!known || known[1] < when) last.set(from, [to, when]);
    };
    for (const d of this.drafts) {
      if (d.src && d.first > 0) learn(d.src, d.built!, d.first);
      if (d.widened) learn(d.built!, this.build(d.widened), 0);
    }
    for (const [from, to, when] of this.widened) learn(from, to, when);
    for (const [from, [to]] of last) replaced.set(from, to);
    return out;
  }

  private plan(
    slot: Slot,
    route: readonly RouteSegment[],
    i: number,
    amendment: RootAmendment,
    where: string,
  ): Step | Split {
    const kind = kindOfSlot(slot);
    if (passesThrough(kind)) {
      const inner = slot instanceof Draft ? slot.child! : (innerOf(slot) as Schema);
      const next = this.plan(inner, route, i, amendment, where);
      return next === SPLIT ? SPLIT : { at: 'inner', inner, next };
    }
    const head = route[i];
    if (head === undefined) {
      this.check(slot, amendment, where);
      return END;
    }
    const fail = (what: string) => routeError(where, what, kind);
    const draft = slot instanceof Draft ? slot : undefined;
    const def = draft ? undefined : defOf(slot as Schema);
    switch (head.kind) {
      case 'field': {
        if (kind !== 'object') return fail(`field "${head.key}" asked of a non-object`);
        const shape = draft ? draft.shape! : (def as DefOf<'object'>).shape;
        const child = shape[head.key] as Slot | undefined;
        if (!child) return fail(`no field "${head.key}"`);
        const next = this.plan(child, route, i + 1, amendment, where);
        return next === SPLIT ? SPLIT : { at: 'field', key: head.key, next };
      }
      case 'element':
      case 'value': {
        const wanted = head.kind === 'element' ? 'array' : 'record';
        if (kind !== wanted)
          return fail(
            head.kind === 'element' ? 'element asked of a non-array' : 'record value asked of a non-record',
          );
        const child = draft
          ? draft.child!
          : def!.type === 'array'
            ? def!.element
            : (def as DefOf<'record'>).valueType;
        const next = this.plan(child as Slot, route, i + 1, amendment, where);
        return next === SPLIT ? SPLIT : { at: 'child', next };
      }
      case 'variant':
      case 'member': {
        if (kind !== 'union') return fail('union member asked of a non-union');
        const options = (draft ? draft.options! : (def as DefOf<'union'>).options) as Slot[];
        const found =
          head.kind === 'member' ? (head.index < options.length ? [head.index] : []) : hits(slot, head);
        if (found === SPLIT) return SPLIT;
        if (found.length === 0) return fail(`no member ${formatRoute([head])}`);
        const next: Array<readonly [number, Step]> = [];
        for (const n of found) {
          const s = this.plan(options[n]!, route, i + 1, amendment, where);
          if (s === SPLIT) return SPLIT;
          next.push([n, s]);
        }
        return { at: 'members', next };
      }
    }
  }

  /** The draft of the node at a place (made on the run's first rebuild of it). */
  private enter(slot: Slot, inner?: Slot): Draft {
    if (slot instanceof Draft) return slot;
    const def = defOf(slot);
    const d = new Draft(slot, def.type, def);
    switch (def.type) {
      case 'object':
        d.shape = { ...(def.shape as Record<string, Slot>) };
        break;
      case 'union':
        d.options = [...(def.options as Slot[])];
        break;
      case 'array':
        d.child = def.element as Slot;
        break;
      case 'record':
        d.child = def.valueType as Slot;
        break;
      case 'enum':
        d.entries = def.entries;
        break;
      case 'literal':
        d.values = def.values;
        break;
      default:
        // wrappers, lazy, pipe: what the plan passed through (a lazy's getter is called once, there)
        d.child = inner;
    }
    this.drafts.push(d);
    return d;
  }

  /** A rebuild of `d`'s place. */
  private rebuilt(d: Draft): Draft {
    if (d.first === 0) d.first = ++this.clock;
    d.widened = undefined;
    // Every change below a draft rebuilds it: what was read of it may no longer hold.
    d.propValues = undefined;
    d.hasPropValues = undefined;
    return d;
  }

  private made(kind: 'union' | 'optional'): Draft {
    const d = new Draft(undefined, kind, undefined);
    this.drafts.push(d);
    return d;
  }

  private apply(slot: Slot, step: Step, a: RootAmendment): Slot {
    switch (step.at) {
      case 'end':
        return this.edit(slot, a);
      case 'inner': {
        const d = this.enter(slot, step.inner);
        d.child = this.apply(d.child!, step.next, a);
        return this.rebuilt(d);
      }
      case 'field': {
        const d = this.enter(slot);
        put(d.shape!, step.key, this.apply(d.shape![step.key]!, step.next, a));
        return this.rebuilt(d);
      }
      case 'child': {
        const d = this.enter(slot);
        d.child = this.apply(d.child!, step.next, a);
        return this.rebuilt(d);
      }
      case 'members': {
        const d = this.enter(slot);
        const options = d.options!;
        for (const [n, s] of step.next) {
          options[n] = this.apply(options[n]!, s, a);
          d.changes.push(n);
        }
        return this.rebuilt(d);
      }
    }
  }

  /**
   * Throws what the edit of `a` at `slot` would throw, in the order the rebuild per amendment
   * meets it (an edit before the routes of the members after it), zod's own check included.
   */
  private check(slot: Slot, a: RootAmendment, where: string): void {
    const kind = kindOfSlot(slot);
    const needs = (what: string, ok: boolean) => {
      if (!ok) throw new Error(`${where}: ${a.op} needs ${what}, found ${kind}`);
    };
    switch (a.op) {
      case 'add-field':
        needs('an object', kind === 'object');
        return;
      case 'optional': {
        needs('an object', kind === 'object');
        const shape = slot instanceof Draft ? slot.shape! : (defOf(slot) as DefOf<'object'>).shape;
        if (!shape[a.key]) throw new Error(`${where}: no field "${a.key}" to make optional`);
        return;
      }
      case 'add-values':
        needs('a literal or enum', kind === 'enum' || kind === 'literal');
        return;
      case 'add-variant': {
        needs('a union', kind === 'union');
        // zod's discriminated union refuses a member without the discriminator (its message).
        const def = (slot instanceof Draft ? slot.def : defOf(slot)) as DefOfUnion | undefined;
        const disc = def?.discriminator;
        if (disc === undefined || kindOf(a.schema) !== 'object') return;
        if (!hasOwn((defOf(a.schema) as DefOf<'object'>).shape, disc)) {
          const at = slot instanceof Draft ? slot.options!.length : (def as DefOf<'union'>).options.length;
          throw new Error(`Invalid discriminated union option at index "${at}"`);
        }
        return;
      }
      case 'widen':
        return;
    }
  }

  private edit(slot: Slot, a: RootAmendment): Slot {
    if (a.op === 'widen') {
      // The node itself goes into the union as it is (not rebuilt); `replaced` points it at the union.
      if (!(slot instanceof Draft)) {
        const union = z.union([slot, a.schema]);
        this.widened.push([slot, union, ++this.clock]);
        return union;
      }
      const union = this.made('union');
      union.options = [slot, a.schema];
      slot.widened = union;
      return union;
    }
    const d = this.enter(slot);
    switch (a.op) {
      case 'add-field':
        put(d.shape!, a.key, a.schema);
        break;
      case 'optional': {
        const field = d.shape![a.key]!;
        if (field instanceof Draft) {
          const optional = this.made('optional');
          optional.child = field;
          put(d.shape!, a.key, optional);
        } else put(d.shape!, a.key, field.optional());
        break;
      }
      case 'add-values':
        if (d.kind === 'enum') {
          const entries: Record<string, unknown> = { ...d.entries };
          for (const v of a.values) entries[String(v)] = v;
          d.entries = entries;
        } else d.values = [...new Set([...d.values!, ...a.values])];
        break;
      case 'add-variant':
        d.options = [...d.options!, a.schema];
        d.changes.push(d.options.length - 1);
        break;
    }
    return this.rebuilt(d);
  }

  private build(slot: Slot): Schema {
    if (!(slot instanceof Draft)) return slot;
    if (slot.built) return slot.built;
    const built = this.buildDraft(slot);
    slot.built = built;
    return built;
  }

  private buildDraft(d: Draft): Schema {
    if (d.src === undefined) {
      return d.kind === 'union'
        ? z.union(d.options!.map((o) => this.build(o)) as [Schema, ...Schema[]])
        : this.build(d.child!).optional();
    }
    const def = d.def!;
    switch (d.kind) {
      case 'object': {
        // A copy (cheap for a large object, unlike adding its keys one by one), the drafts built in place.
        const shape: Record<string, Slot> = { ...d.shape! };
        for (const key in shape) {
          const field = shape[key]!;
          if (field instanceof Draft) put(shape, key, this.build(field));
        }
        return clone(d.src, { ...def, shape } as AnyDef);
      }
      case 'union':
        return clone(d.src, { ...def, options: d.options!.map((o) => this.build(o)) } as AnyDef);
      case 'array':
        return clone(d.src, { ...def, element: this.build(d.child!) } as AnyDef);
      case 'record':
        return clone(d.src, { ...def, valueType: this.build(d.child!) } as AnyDef);
      case 'enum':
        return clone(d.src, { ...def, entries: d.entries } as AnyDef);
      case 'literal':
        return clone(d.src, { ...def, values: d.values } as AnyDef);
      case 'lazy': {
        const inner = this.build(d.child!);
        return clone(d.src, { ...def, getter: () => inner } as AnyDef);
      }
      case 'pipe':
        return clone(d.src, { ...def, in: this.build(d.child!) } as AnyDef);
      default:
        return clone(d.src, { ...def, innerType: this.build(d.child!) } as AnyDef);
    }
  }
}

/** How a run went: the amendments it took, and whether it failed and was redone one by one. */
export interface RunReport {
  amendments: number;
  redone: boolean;
}

/**
 * Applies `amendments` (all of one root) to `schema` in order; `replaced` learns every rebuilt
 * schema (old → new). `observe` hears of every run.
 */
export function applyAmendments(
  schema: Schema,
  amendments: readonly PlacedAmendment[],
  replaced: Map<Schema, Schema>,
  observe?: (run: RunReport) => void,
): Schema {
  let current = schema;
  let start = 0;
  const one = (a: PlacedAmendment) => {
    const run = new Run(current);
    if (!run.add(a)) throw new Error('amendSchema: an amendment alone could not be applied');
    current = run.finish(replaced);
  };
  while (start < amendments.length) {
    const run = new Run(current);
    let end = start;
    try {
      while (end < amendments.length && run.add(amendments[end]!)) end++;
      // The first amendment of a run reads real schemas only, so it never has to start another.
      if (end === start) throw new Error('amendSchema: a run took no amendment');
      current = run.finish(replaced);
      observe?.({ amendments: end - start, redone: false });
    } catch {
      const stop = Math.min(end + 1, amendments.length);
      observe?.({ amendments: stop - start, redone: true });
      for (let n = start; n < stop; n++) one(amendments[n]!);
      end = stop;
    }
    start = end;
  }
  return current;
}
