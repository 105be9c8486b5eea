import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { ClideError } from '../errors/index.js';
import type { Finding } from '../findings/index.js';
import type { Fixture } from '../fixture/index.js';
import { type RecordedRequest, requestKey } from '../model-api/index.js';
import { type DriftCode, driftSeverity } from './drift-codes.js';

/**
 * The side requests a run made that the model script does not cover (`HEAD /api/hello`, a route a
 * newer CLI calls): the scripted model API answers them as the real API does, and the canary
 * compares them with the baseline's. Each one the baseline did not make is one finding: new
 * (`additive`), or replacing one the baseline made (`changed`, same method or same path); one the
 * baseline made and the run did not is `changed`. Never a failure of the scenario itself.
 *
 * Where a baseline's side requests are known:
 * - a wire log the canary wrote (`reports/<v>/wire/`): its header's `meta.sideRequests`;
 * - a corpus (`fixtures/<v>/`): `side-requests.json` beside the fixtures, written when the corpus
 *   is recorded (fixtures are written by the recorder, which never sees the model API);
 * - neither: none. The kit's corpora were recorded by a model API that failed every run making an
 *   unscripted request, so a corpus without the file made none.
 */

/** Written beside a corpus' fixtures when one of its scenarios made an unscripted side request. */
export const SIDE_REQUESTS_FILE = 'side-requests.json';
export const SIDE_REQUESTS_FORMAT = 'clide-side-requests/1';

const fileSchema = z.strictObject({
  format: z.literal(SIDE_REQUESTS_FORMAT),
  /** Scenario id → its unscripted side requests as `METHOD /path`, sorted. */
  scenarios: z.record(z.string().min(1), z.array(z.string().min(1))),
});

/** The unscripted side requests of a run, as sorted unique `METHOD /path` keys. */
export function unscriptedRequests(requests: readonly RecordedRequest[]): string[] {
  return unique(requests.filter((r) => r.kind === 'unscripted').map(requestKey));
}

/** One side request new, replaced or gone against the baseline: what becomes one finding. */
export interface SideRequestChange {
  code: Extract<DriftCode, `drift/side-request-${string}`>;
  message: string;
  /** `[key]`: the request the finding is about, as `METHOD /path`. */
  path: [string];
  expected?: string;
  actual?: string;
}

/** A run's unscripted side requests against its baseline's, one change per request. */
export function sideRequestChanges(
  baseline: readonly string[],
  current: readonly string[],
): SideRequestChange[] {
  const before = new Set(baseline);
  const now = new Set(current);
  const fresh = unique(current.filter((k) => !before.has(k)));
  const gone = unique(baseline.filter((k) => !now.has(k)));
  const changes: SideRequestChange[] = [];
  for (const key of fresh) {
    const replaced = gone.findIndex((old) => related(old, key));
    const old = replaced >= 0 ? gone.splice(replaced, 1)[0] : undefined;
    changes.push(
      old !== undefined
        ? {
            code: 'drift/side-request-changed',
            message: `the side request ${key} replaces the baseline's ${old} (answered as the real API does)`,
            path: [key],
            expected: old,
            actual: key,
          }
        : {
            code: 'drift/side-request-new',
            message: `a side request the baseline did not make: ${key} (not in the model script; answered as the real API does)`,
            path: [key],
            actual: key,
          },
    );
  }
  for (const key of gone) {
    changes.push({
      code: 'drift/side-request-gone',
      message: `the side request ${key} the baseline made is not made any more`,
      path: [key],
      expected: key,
    });
  }
  return changes;
}

/** The changes as findings (for a run with no baseline log to compare with). */
export function sideRequestFindings(
  baseline: readonly string[],
  current: readonly string[],
  scenario?: string,
): Finding[] {
  return sideRequestChanges(baseline, current).map(({ code, ...change }) => ({
    code,
    severity: driftSeverity(code),
    ...change,
    ...(scenario === undefined ? {} : { location: { scenario } }),
  }));
}

/** Same method or same path: the one request takes the other's place. */
function related(a: string, b: string): boolean {
  const [methodA, pathA] = a.split(' ');
  const [methodB, pathB] = b.split(' ');
  return methodA === methodB || pathA === pathB;
}

function unique(keys: readonly string[]): string[] {
  return [...new Set(keys)].sort();
}

/** The side requests a fixture's header records (`meta.sideRequests`, written with a wire log). */
export function headerSideRequests(fixture: Pick<Fixture, 'header'>): string[] | undefined {
  const recorded = fixture.header.meta?.sideRequests;
  if (!Array.isArray(recorded) || !recorded.every((k) => typeof k === 'string')) return undefined;
  return unique(recorded);
}

/**
 * The side requests of the fixture at `path`: its header's, else its corpus' `side-requests.json`
 * (the scenario's entry, none when it has no entry), else undefined (not recorded).
 */
export function fixtureSideRequests(fixture: Pick<Fixture, 'header'>, path: string): string[] | undefined {
  const fromHeader = headerSideRequests(fixture);
  if (fromHeader) return fromHeader;
  const corpus = readSideRequestsFile(dirname(path));
  if (!corpus) return undefined;
  const scenario =
    fixture.header.scenario ??
    basename(path)
      .replace(/\.jsonl$/, '')
      .replaceAll('__', '/');
  return corpus[scenario] ?? [];
}

/** The scenarios' side requests recorded beside a corpus; undefined when the folder has no file. */
export function readSideRequestsFile(dir: string): Record<string, string[]> | undefined {
  const file = join(dir, SIDE_REQUESTS_FILE);
  if (!existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ClideError('fixture', `not valid JSON: ${(error as Error).message}`, { where: file });
  }
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) {
    throw new ClideError(
      'fixture',
      `not a ${SIDE_REQUESTS_FORMAT} file: ${parsed.error.issues[0]?.message}`,
      {
        where: file,
        hint: `{"format": "${SIDE_REQUESTS_FORMAT}", "scenarios": {"<scenario id>": ["HEAD /api/hello"]}}`,
      },
    );
  }
  return parsed.data.scenarios;
}

/**
 * Records the side requests of scenarios just recorded into `dir` (an empty list removes the
 * scenario's entry). The file is written only when an entry remains or it existed already.
 */
export function updateSideRequestsFile(
  dir: string,
  recorded: Readonly<Record<string, readonly string[]>>,
): void {
  const existing = readSideRequestsFile(dir);
  const scenarios: Record<string, string[]> = { ...existing };
  for (const [id, keys] of Object.entries(recorded)) {
    if (keys.length > 0) scenarios[id] = unique(keys);
    else delete scenarios[id];
  }
  if (!existing && Object.keys(scenarios).length === 0) return;
  const sorted = Object.fromEntries(Object.entries(scenarios).sort(([a], [b]) => a.localeCompare(b)));
  const file = join(dir, SIDE_REQUESTS_FILE);
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, `${JSON.stringify({ format: SIDE_REQUESTS_FORMAT, scenarios: sorted }, null, 2)}\n`);
  renameSync(temp, file);
}
