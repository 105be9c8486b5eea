import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type CanaryResult, runCanary } from '../src/canary/index.js';
import type { Finding } from '../src/findings/index.js';
import {
  type CanaryReport,
  type DriftEntry,
  driftWhere,
  groupDrifts,
  renderText,
} from '../src/report/index.js';
import { sharedRunner } from './support/shared-runs.js';

/**
 * Black-box: the drift report of the real 2.1.332 against the 2.1.150 baseline (its committed
 * fixtures), over the whole catalogue, leads with the distinct changes — each once, with the
 * scenarios it appears in — in report.json, report.md, report.html and the terminal summary, which
 * fits one screen; JUnit stays one test case per scenario; the CLI's own version string is no finding.
 */
const CURRENT = '2.1.332';
const BASELINE = '2.1.150';
/** One screen of a terminal. */
const SCREEN = { lines: 50, columns: 120 };

const dir = mkdtempSync(join(tmpdir(), 'clide-drift-report-'));
let result: CanaryResult;
let report: CanaryReport;
let json: CanaryReport & { changes: DriftEntry[] };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  result = await runCanary({
    claudePath: inject('claudeBinaries')[CURRENT]!,
    baseline: BASELINE,
    reportDir: join(dir, 'report'),
    // Its real-CLI runs are shared with the other files that run them (test/support/shared-runs.ts).
    runScenario: sharedRunner(),
  });
  report = result.report;
  json = JSON.parse(readFileSync(join(dir, 'report', 'report.json'), 'utf8'));
}, 600_000);

const findings = () => report.scenarios.flatMap((sc) => sc.findings.map((f) => ({ sc: sc.id, f })));
const file = (name: string) => readFileSync(join(dir, 'report', name), 'utf8');

describe(`the drift report of claude ${CURRENT} against ${BASELINE}`, () => {
  test('report.json lists the distinct changes, fewer than the findings, each change once', () => {
    expect(report.cli.version).toBe(CURRENT);
    expect(report.baseline.version).toBe(BASELINE);
    expect(json.changes).toEqual(groupDrifts(report.scenarios));
    const all = findings();
    expect(json.changes.reduce((n, e) => n + e.findings, 0)).toBe(all.length);
    expect(json.changes.length * 4).toBeLessThan(all.length);
    const identity = (e: DriftEntry) =>
      JSON.stringify([e.severity, e.code, e.kind, e.path, e.expected, e.actual, e.accepted, e.findings > 0]);
    const keys = json.changes.map(identity);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('a change many scenarios show is one entry naming them all: the tools gone from system/init', () => {
    // Scenarios by what they lost (a scenario with other tools loses another list: another change).
    const byLoss = new Map<string, string[]>();
    for (const { sc, f } of findings()) {
      if (f.code !== 'drift/list-item-gone' || f.location?.kind !== 'system/init' || f.path[0] !== 'tools')
        continue;
      const loss = JSON.stringify(f.expected);
      byLoss.set(loss, [...(byLoss.get(loss) ?? []), sc]);
    }
    expect(Math.max(...[...byLoss.values()].map((ids) => ids.length))).toBeGreaterThan(20);
    const entries = json.changes.filter((e) => e.code === 'drift/list-item-gone' && e.path === '$.tools[*]');
    expect(new Map(entries.map((e) => [JSON.stringify(e.expected), e.scenarios]))).toEqual(byLoss);
    expect(entries.every((e) => e.kind === 'system/init')).toBe(true);
  });

  test('a field new to the schemas and new against the baseline is one finding naming both codes', () => {
    for (const { sc, f } of findings()) {
      if (f.code !== 'drift/field-new') continue;
      const twins = report.scenarios
        .find((s) => s.id === sc)!
        .findings.filter(
          (g: Finding) =>
            g.code === 'schema/unknown-field' &&
            g.location?.kind === f.location?.kind &&
            g.path.length === f.path.length &&
            f.path.every((part, i) => part === '*' || part === g.path[i]),
        );
      expect(twins, `${sc}: ${f.message}`).toEqual([]);
    }
    const capabilities = json.changes.find((e) => e.kind === 'system/init' && e.path === '$.capabilities');
    expect(capabilities).toMatchObject({
      code: 'drift/field-new',
      codes: ['drift/field-new', 'schema/unknown-field'],
      severity: 'additive',
    });
    expect(json.changes.filter((e) => e.path === '$.capabilities' && e.kind === 'system/init')).toHaveLength(
      1,
    );
  });

  test('the CLI’s own version string is no finding', () => {
    // claude_code_version, get_binary_version's version, the MCP clientInfo.version: each names its own CLI.
    const versionChanges = findings().filter(
      ({ f }) =>
        (f.code === 'drift/value-changed' || f.code === 'drift/text-changed') &&
        JSON.stringify(f.expected)?.includes(BASELINE) &&
        JSON.stringify(f.actual)?.includes(CURRENT),
    );
    expect(versionChanges.map(({ sc, f }) => `${sc} ${f.code} ${f.message}`)).toEqual([]);
    // Of claude_code_version only what is new remains: the field in initialize's reply.
    expect(
      json.changes.filter((e) => e.path.endsWith('.claude_code_version') && e.code !== 'drift/field-new'),
    ).toEqual([]);
  });

  test('report.md and report.html lead with the distinct changes, the scenarios below', () => {
    const md = file('report.md');
    expect(md).toContain(`### Distinct changes: ${json.changes.length}`);
    expect(md.indexOf('### Distinct changes')).toBeLessThan(md.indexOf('### Scenarios'));
    // Every breaking and changed change is a row of its own.
    const rows = md.split('\n').filter((l) => l.startsWith('| `'));
    for (const e of json.changes.filter((x) => x.severity === 'breaking' || x.severity === 'changed')) {
      expect(rows.some((l) => l.startsWith(`| \`${e.code}\``) && l.includes(`\`${driftWhere(e)}\``))).toBe(
        true,
      );
    }
    const html = file('report.html');
    expect(html.indexOf('<section id="changes">')).toBeLessThan(html.indexOf('<section id="scenarios">'));
    expect(html.match(/<tr class="change"/g)).toHaveLength(json.changes.length);
  });

  test('JUnit stays one test case per scenario', () => {
    const cases = file('junit.xml').match(/<testcase /g) ?? [];
    expect(cases).toHaveLength(report.scenarios.length);
  });

  test('the terminal summary fits one screen and names every breaking change', () => {
    const text = renderText(report, join(dir, 'report'));
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(SCREEN.lines);
    for (const line of lines.slice(0, -1)) expect(line.length, line).toBeLessThanOrEqual(SCREEN.columns);
    expect(lines[2]).toMatch(
      new RegExp(
        `^  ${json.changes.length} distinct change\\(s\\) from ${findings().length} finding\\(s\\): `,
      ),
    );
    const breaking = json.changes.filter((e) => e.severity === 'breaking' && e.accepted === undefined);
    const head = lines.findIndex((l) => l.startsWith(`BREAKING ${breaking.length}: `));
    expect(head).toBeGreaterThan(0);
    const block = lines.slice(head + 1);
    const listed = block.slice(
      0,
      block.findIndex((l) => !l.startsWith('  ')),
    );
    expect(listed.filter((l) => !l.startsWith('  … ')).length).toBe(Math.min(breaking.length, 10));
  });
});
