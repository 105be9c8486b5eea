import { type JsonPath, SEVERITIES, type Severity, severityRank } from '../findings/index.js';
import { type ChangeSite, isSchemaSideOfAChange, reportsSameChange } from '../findings/same-change.js';
import { normalizeText } from '../util/normalize-text.js';
import { pathText } from './format.js';
import type { ReportFinding, ScenarioReport } from './model.js';

/**
 * One distinct change between the two versions, however many scenarios show it: the report
 * leads with these (`groupDrifts`), the per-scenario findings stay below for detail.
 */
export interface DriftEntry {
  /** The code of the first finding. */
  code: string;
  /** Every code that reported the change: `code`, then the ones merged into it (`schema/unknown-field`). */
  codes: string[];
  severity: Severity;
  /** The kind of message it is about (`system/init`, `control_response/success (initialize)`), null when none is named. */
  kind: string | null;
  /** Where in the message, every list index as `[*]`: `$.tools[*]`. */
  path: string;
  /** What it was: the baseline's value, types or keys, when the finding says. */
  expected?: unknown;
  /** What it is now. */
  actual?: unknown;
  /** The first finding's message. */
  message: string;
  /** The scenarios it appears in, in report order. */
  scenarios: string[];
  /** How many findings it stands for. */
  findings: number;
  /** Why `conformance.expected.json` accepts it, when it does. */
  accepted?: string;
}

/** Distinct changes per severity that count (not accepted), and how many are accepted. */
export interface DriftCounts {
  bySeverity: Record<Severity, number>;
  accepted: number;
  /** The findings the entries stand for. */
  findings: number;
}

/** A list index is the same place in every message: `commands[3].builtin` is `commands[*].builtin`. */
function anyIndex(path: JsonPath): JsonPath {
  return path.map((part) => (typeof part === 'number' ? '*' : part));
}

/** A payload is compared by its keys (what `drift/reply-payload-changed` says), a value as it is. */
function signature(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return { keys: Object.keys(value).sort() };
}

/**
 * What makes two findings the same change: severity, code, message kind, path (any index), what
 * it was and what it is (a payload by its keys) and whether it is accepted. An unknown field is
 * the field, whatever its value; a finding that gives no values is told by its words. Ids, times
 * and sandbox paths are normalised away, as the comparison does.
 */
function changeKey(f: ReportFinding): string {
  const values =
    f.code === 'schema/unknown-field' ? null : [signature(f.expected) ?? null, signature(f.actual) ?? null];
  const words = f.expected === undefined && f.actual === undefined ? f.message : null;
  return normalizeText(
    JSON.stringify([
      f.severity,
      f.code,
      f.location?.kind ?? null,
      pathText(anyIndex(f.path)),
      values,
      words,
      f.accepted ?? null,
    ]),
  );
}

/**
 * The distinct changes of a run: findings that are the same change (see {@link changeKey}) in
 * any number of scenarios become one entry listing those scenarios, and a field or subtype the
 * schemas lack joins the entry of the comparison's finding for it where a scenario had no
 * comparison to merge them in (`reportsSameChange`). Most serious first, accepted ones after the
 * rest of their severity, then the most widespread, then in report order. Every renderer of
 * `report.md`, `report.html`, `report.json` and the terminal summary uses this one grouping;
 * JUnit stays per scenario.
 */
export function groupDrifts(scenarios: readonly Pick<ScenarioReport, 'id' | 'findings'>[]): DriftEntry[] {
  const built = new Map<string, { entry: DriftEntry; site: ChangeSite }>();
  for (const sc of scenarios) {
    for (const f of sc.findings) {
      const key = changeKey(f);
      const known = built.get(key);
      if (known) {
        addTo(known.entry, sc.id, 1, f.also ?? []);
        continue;
      }
      const entry: DriftEntry = {
        code: f.code,
        codes: [f.code, ...(f.also ?? []).filter((c) => c !== f.code)],
        severity: f.severity,
        kind: f.location?.kind ?? null,
        path: pathText(anyIndex(f.path)),
        ...(f.expected === undefined ? {} : { expected: f.expected }),
        ...(f.actual === undefined ? {} : { actual: f.actual }),
        message: f.message,
        scenarios: [sc.id],
        findings: 1,
        ...(f.accepted === undefined ? {} : { accepted: f.accepted }),
      };
      built.set(key, { entry, site: { code: f.code, kind: f.location?.kind, path: anyIndex(f.path) } });
    }
  }
  const all = [...built.values()];
  const folded = new Set<DriftEntry>();
  for (const schema of all) {
    if (!isSchemaSideOfAChange(schema.entry.code)) continue;
    const into = all.find(
      (drift) =>
        drift !== schema &&
        !folded.has(drift.entry) &&
        drift.entry.severity === schema.entry.severity &&
        drift.entry.accepted === schema.entry.accepted &&
        reportsSameChange(schema.site, drift.site),
    );
    if (!into) continue;
    folded.add(schema.entry);
    for (const id of schema.entry.scenarios) addTo(into.entry, id, 0, [schema.entry.code]);
    into.entry.findings += schema.entry.findings;
  }
  const order = new Map(scenarios.map((sc, i) => [sc.id, i]));
  return all
    .map(({ entry }, i) => ({ entry, i }))
    .filter(({ entry }) => !folded.has(entry))
    .map(({ entry, i }) => {
      entry.scenarios.sort((a, b) => order.get(a)! - order.get(b)!);
      return { entry, i };
    })
    .sort(
      (a, b) =>
        severityRank(a.entry.severity) - severityRank(b.entry.severity) ||
        Number(a.entry.accepted !== undefined) - Number(b.entry.accepted !== undefined) ||
        b.entry.scenarios.length - a.entry.scenarios.length ||
        a.i - b.i,
    )
    .map(({ entry }) => entry);
}

function addTo(entry: DriftEntry, scenario: string, findings: number, codes: readonly string[]): void {
  entry.findings += findings;
  if (!entry.scenarios.includes(scenario)) entry.scenarios.push(scenario);
  for (const code of codes) if (!entry.codes.includes(code)) entry.codes.push(code);
}

export function driftCounts(entries: readonly DriftEntry[]): DriftCounts {
  const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  let accepted = 0;
  let findings = 0;
  for (const e of entries) {
    findings += e.findings;
    if (e.accepted !== undefined) accepted += 1;
    else bySeverity[e.severity] += 1;
  }
  return { bySeverity, accepted, findings };
}

/** Where a change is: `system/init $.tools[*]`, or the path alone when no kind is named. */
export function driftWhere(entry: Pick<DriftEntry, 'kind' | 'path'>): string {
  return entry.kind === null ? entry.path : `${entry.kind} ${entry.path}`;
}
