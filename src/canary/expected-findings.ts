import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { z } from 'zod';
import { parseVersion } from '../../schemas/version.js';
import { ClideError } from '../errors/index.js';
import { type Finding, formatPath } from '../findings/index.js';
import type { ReportFinding } from '../report/model.js';
import { inRange, parseRange } from '../scenarios/index.js';
import { suggestionHint } from '../scenarios/select-by-prefixes.js';
import { renderPath } from './compare.js';

/**
 * `conformance.expected.json`: findings known and accepted per scenario, each with a reason.
 * An accepted finding is still reported but does not fail the run; an entry that matches nothing
 * any more (stale) is itself reported, with severity `changed`, so the file never rots.
 */
const entrySchema = z.strictObject({
  /** The finding code, e.g. `schema/unknown-field`. */
  code: z.string().min(1),
  /** The finding's JSON path as `$.a.b[0]` (either notation of the report); omitted: any path. */
  path: z.string().min(1).optional(),
  /** Why it is accepted. Required: an accepted finding without a reason is a hidden failure. */
  reason: z.string().min(1),
  /**
   * CLI versions the entry applies to, each an exact version or a range (`<2.1.207`,
   * `>=2.1.151 <2.1.200`); omitted: every version.
   */
  versions: z.array(z.string().min(1)).optional(),
});

const fileSchema = z.strictObject({
  $schema: z.string().optional(),
  $comment: z.string().optional(),
  version: z.literal(1),
  scenarios: z.record(z.string().min(1), z.array(entrySchema)),
});

export type ExpectedEntry = z.infer<typeof entrySchema>;
export type ExpectedFindingsFile = z.infer<typeof fileSchema>;

export interface ExpectedFindings {
  /** Where it was loaded from (null: no file). */
  file: string | null;
  scenarios: Record<string, ExpectedEntry[]>;
}

export const NO_EXPECTED_FINDINGS: ExpectedFindings = { file: null, scenarios: {} };

/**
 * Loads and checks the file. Unknown scenario ids are a usage error (a typo would silently accept
 * nothing). `required: false` returns an empty baseline when the file does not exist.
 */
export function loadExpectedFindings(
  file: string,
  knownScenarios: readonly string[],
  options: { required?: boolean } = {},
): ExpectedFindings {
  if (!existsSync(file)) {
    if (options.required === false) return { file: null, scenarios: {} };
    throw new ClideError('usage', 'the expected-findings file does not exist', {
      where: file,
      hint: 'pass --expected <file> with an existing file, or leave the option out',
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ClideError('parse', `not valid JSON: ${(error as Error).message}`, { where: file });
  }
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ClideError('parse', `${formatPath(issue.path as (string | number)[])}: ${issue.message}`, {
      where: file,
      hint: 'each scenario id maps to a list of {"code", "path"?, "reason", "versions"?} (see docs/drift-report.md)',
    });
  }
  for (const [id, entries] of Object.entries(parsed.data.scenarios)) {
    for (const [i, entry] of entries.entries()) {
      for (const range of entry.versions ?? []) {
        try {
          parseRange(range);
        } catch (error) {
          throw new ClideError('parse', (error as Error).message, {
            where: `${file}: scenarios["${id}"][${i}].versions`,
            hint: 'give an exact version such as 2.1.150 or a range such as <2.1.207',
          });
        }
      }
    }
  }
  const known = new Set(knownScenarios);
  const unknown = Object.keys(parsed.data.scenarios).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ClideError('usage', `unknown scenario id(s): ${unknown.join(', ')}`, {
      where: file,
      hint: suggestionHint(unknown, knownScenarios),
    });
  }
  return { file, scenarios: parsed.data.scenarios };
}

function samePath(finding: Finding, path: string | undefined): boolean {
  if (path === undefined) return true;
  return renderPath(finding.path) === path || formatPath(finding.path) === path;
}

function applies(entry: ExpectedEntry, cliVersion: string): boolean {
  if (entry.versions === undefined) return true;
  if (!parseVersion(cliVersion)) return entry.versions.includes(cliVersion);
  return entry.versions.some((range) => inRange(cliVersion, range));
}

/**
 * Marks the findings of one scenario the file accepts (by code, or a code merged into the finding,
 * `also`), and adds an `expected/stale-entry` finding (severity `changed`) for every applicable
 * entry that matched nothing.
 */
export function applyExpectedFindings(
  scenario: string,
  findings: readonly Finding[],
  expected: ExpectedFindings,
  cliVersion: string,
): ReportFinding[] {
  const entries = (expected.scenarios[scenario] ?? []).filter((e) => applies(e, cliVersion));
  const used = new Set<ExpectedEntry>();
  const out: ReportFinding[] = findings.map((finding) => {
    const entry = entries.find(
      (e) => (e.code === finding.code || finding.also?.includes(e.code)) && samePath(finding, e.path),
    );
    if (!entry) return finding;
    used.add(entry);
    return { ...finding, accepted: entry.reason };
  });
  for (const entry of entries) {
    if (used.has(entry)) continue;
    out.push({
      code: 'expected/stale-entry',
      severity: 'changed',
      message: `${expected.file ? relative(process.cwd(), expected.file) : 'conformance.expected.json'} accepts ${entry.code}${entry.path ? ` at ${entry.path}` : ''}, which was not observed: remove the entry`,
      path: [],
      expected: { code: entry.code, ...(entry.path ? { path: entry.path } : {}), reason: entry.reason },
      location: { scenario, ...(expected.file ? { file: expected.file } : {}) },
    });
  }
  return out;
}
