/**
 * The coverage map: every protocol item an Agent SDK version declares, and for a pinned CLI
 * version what the kit knows of it —
 * - schema: typed by the corpus-drafted set, typed only with the SDK's declared shape
 *   (`sdk-amendments.ts`), or untyped; and every place the set still rejects a value the SDK
 *   declares (a contradiction) or leaves a declared field untyped;
 * - exercised: the catalogue scenarios whose fixture (recorded from the real CLI) carries it;
 * - fake: what the fake does with it — answered or refused (control requests and options, asked
 *   of the fake itself); for what the CLI writes (messages, hook events), emulated where a
 *   scenario exercises it (the differential test holds the fake to the real CLI there), else not.
 */
import { schemaSetFor } from '../../schemas/registry.js';
import type { SchemaSet } from '../../schemas/schema-set.js';
import { sdkForPin } from '../sdk-inventory/for-pin.js';
import { type InventoryItem, loadSdkInventory, type SdkInventory } from '../sdk-inventory/inventory.js';
import { CONTRADICTIONS } from './agreement.js';
import { type Exercised, exercisedBy } from './exercised.js';
import { type FakeAnswer, probeFakeControls, probeFakeOption } from './fake-probe.js';
import { agreementFor, type PlacedIssue } from './item-agreement.js';
import { ZodSourcePrinter } from './zod-source.js';

export const COVERAGE_FORMAT = 'clide-coverage/1';

export type SchemaStatus = 'typed' | 'sdk-declared' | 'untyped' | 'not-applicable';
export type FakeStatus = 'emulated' | 'answered' | 'accepted' | 'refused' | 'not-emulated' | 'not-applicable';

export interface CoverageIssue {
  code: string;
  /** The root and route of the schema node (`schemas/amend.ts` syntax). */
  at: string;
  key?: string;
  expected: string;
  actual: string;
}

export interface CoverageRow {
  id: string;
  kind: InventoryItem['kind'];
  direction?: string;
  sdkType?: string;
  summary?: string;
  /** For options: the argv flags and `initialize` fields it becomes. */
  becomes?: { argv: string[]; initialize: string[]; env: string[]; probe: string };
  schema: SchemaStatus;
  contradictions: CoverageIssue[];
  untypedFields: CoverageIssue[];
  /** Narrower than the SDK on purpose: answers the CLI parses (it is the judge). */
  narrower: CoverageIssue[];
  exercisedBy: string[];
  fake: FakeStatus;
  fakeNote?: string;
}

export interface CoverageReport {
  format: typeof COVERAGE_FORMAT;
  cliVersion: string;
  sdkVersion: string;
  totals: {
    items: number;
    byKind: Record<string, number>;
    schema: Record<SchemaStatus, number>;
    contradictions: number;
    untypedFields: number;
    exercised: number;
    fake: Record<FakeStatus, number>;
  };
  rows: CoverageRow[];
}

export interface CoverageOptions {
  cliVersion: string;
  /** Default: `sdkForPin(cliVersion)`. */
  sdkVersion?: string;
  /** Skip asking the fake (the `fake` column says `not-applicable`). */
  probeFake?: boolean;
}

function issueOf(i: PlacedIssue): CoverageIssue {
  return {
    code: i.code,
    at: `${i.root}${i.at}`,
    ...(i.key === undefined ? {} : { key: i.key }),
    expected: i.expected,
    actual: i.actual,
  };
}

function exercisedKeys(item: InventoryItem): string[] {
  switch (item.kind) {
    case 'message':
      return [item.id];
    case 'control-request':
      return [`control:${item.subtype}`];
    case 'hook-event':
      return [`hook:${item.event}`];
    case 'option':
      return [...item.argv.map((f) => `argv:${f}`), ...item.initialize.map((f) => `init:${f}`)];
  }
}

function scenariosFor(item: InventoryItem, exercised: Exercised): string[] {
  const out = new Set<string>();
  for (const key of exercisedKeys(item)) for (const s of exercised.get(key) ?? []) out.add(s);
  return [...out].sort();
}

/** A request with the fields its SDK type requires, filled with plain values. */
function sampleRequest(item: Extract<InventoryItem, { kind: 'control-request' }>): Record<string, unknown> {
  const schema = item.request;
  if (typeof schema !== 'object') return {};
  const props = (schema.properties ?? {}) as Record<
    string,
    { type?: unknown; const?: unknown; enum?: unknown[] }
  >;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const out: Record<string, unknown> = {};
  for (const key of required) {
    const p = props[key] ?? {};
    if (p.const !== undefined) out[key] = p.const;
    else if (Array.isArray(p.enum)) out[key] = p.enum[0];
    else if (p.type === 'string') out[key] = 'x';
    else if (p.type === 'number' || p.type === 'integer') out[key] = 1;
    else if (p.type === 'boolean') out[key] = false;
    else if (p.type === 'array') out[key] = [];
    else out[key] = {};
  }
  return out;
}

export async function buildCoverage(options: CoverageOptions): Promise<CoverageReport> {
  const { set } = schemaSetFor(options.cliVersion);
  const cliVersion = set.version;
  const sdkVersion = options.sdkVersion ?? sdkForPin(cliVersion);
  const inventory = loadSdkInventory(sdkVersion);
  const exercised = await exercisedBy(cliVersion);
  const fakeControls =
    options.probeFake === false
      ? new Map<string, FakeAnswer>()
      : await probeFakeControls(
          cliVersion,
          inventory.items.flatMap((i) =>
            i.kind === 'control-request' && i.direction !== 'cli-to-client'
              ? [{ subtype: i.subtype, request: sampleRequest(i) }]
              : [],
          ),
        );
  const rows: CoverageRow[] = [];
  for (const item of inventory.items) {
    rows.push(await rowFor(item, inventory, set, exercised, fakeControls, options.probeFake !== false));
  }
  return { format: COVERAGE_FORMAT, cliVersion, sdkVersion, totals: totalsOf(rows), rows };
}

async function rowFor(
  item: InventoryItem,
  inventory: SdkInventory,
  set: SchemaSet,
  exercised: Exercised,
  fakeControls: Map<string, FakeAnswer>,
  probe: boolean,
): Promise<CoverageRow> {
  const printer = new ZodSourcePrinter(inventory.definitions);
  const final = agreementFor(item, inventory, set, printer);
  const observed = set.observed ? agreementFor(item, inventory, set.observed, printer) : final;
  const schema: SchemaStatus =
    item.kind === 'option'
      ? 'not-applicable'
      : observed.typed
        ? 'typed'
        : final.typed
          ? 'sdk-declared'
          : 'untyped';
  const scenarios = scenariosFor(item, exercised);
  const row: CoverageRow = {
    id: item.id,
    kind: item.kind,
    ...('direction' in item ? { direction: item.direction } : {}),
    ...('sdkType' in item ? { sdkType: item.sdkType } : {}),
    ...(item.summary === undefined ? {} : { summary: item.summary }),
    ...(item.kind === 'option'
      ? { becomes: { argv: item.argv, initialize: item.initialize, env: item.env, probe: item.probe } }
      : {}),
    schema,
    contradictions: final.issues.filter((i) => CONTRADICTIONS.has(i.code)).map(issueOf),
    untypedFields: final.issues.filter((i) => !CONTRADICTIONS.has(i.code)).map(issueOf),
    narrower: final.narrower.map(issueOf),
    exercisedBy: scenarios,
    fake: 'not-applicable',
  };
  if (!probe) return row;
  if (item.kind === 'control-request' && item.direction !== 'cli-to-client') {
    const answer = fakeControls.get(item.subtype);
    // A refusal the real CLI gives too (seen in the corpus) is the real answer, not a gap.
    const asReal = answer?.verdict === 'refused' && exercised.has(`refused:${item.subtype}`);
    row.fake =
      answer?.verdict === 'answered' || asReal
        ? 'answered'
        : answer?.verdict === 'refused'
          ? 'refused'
          : 'not-emulated';
    if (answer?.error !== undefined)
      row.fakeNote = asReal ? `as the real CLI: ${answer.error}` : answer.error;
  } else if (item.kind === 'option') {
    if (item.argv.length === 0) {
      row.fake = item.initialize.length > 0 || item.env.length > 0 ? 'accepted' : 'not-applicable';
    } else {
      const answers = await Promise.all(item.argv.map((flag) => probeFakeOption(set.version, flag)));
      const refused = answers.find((a) => a.verdict === 'refused');
      row.fake = refused ? 'refused' : 'accepted';
      if (refused?.error !== undefined) row.fakeNote = refused.error;
    }
  } else {
    row.fake = scenarios.length > 0 ? 'emulated' : 'not-emulated';
  }
  return row;
}

function count<T extends string>(values: readonly T[], keys: readonly T[]): Record<T, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<T, number>;
  for (const v of values) out[v] += 1;
  return out;
}

function totalsOf(rows: readonly CoverageRow[]): CoverageReport['totals'] {
  const byKind: Record<string, number> = {};
  for (const r of rows) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
  return {
    items: rows.length,
    byKind,
    schema: count(
      rows.map((r) => r.schema),
      ['typed', 'sdk-declared', 'untyped', 'not-applicable'],
    ),
    contradictions: rows.reduce((n, r) => n + r.contradictions.length, 0),
    untypedFields: rows.reduce((n, r) => n + r.untypedFields.length, 0),
    exercised: rows.filter((r) => r.exercisedBy.length > 0).length,
    fake: count(
      rows.map((r) => r.fake),
      ['emulated', 'answered', 'accepted', 'refused', 'not-emulated', 'not-applicable'],
    ),
  };
}
