import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import { recordedDurations, splitItems } from '../src/canary/index.js';
import { main } from '../src/cli/main.js';
import { packageInfo } from '../src/config/package-info.js';
import { type CanaryReport, renderJson, summarize } from '../src/report/index.js';
import { SCENARIOS } from '../src/scenarios/index.js';
import { normalizeText } from '../src/util/normalize-text.js';

/**
 * `run --shard i/3` three times against the real pinned CLI, then `merge-reports`: the merged
 * folder says what one `run` over the same selection says (compared with such a run, timings and
 * machine details aside), in every format.
 */

const ONLY = [
  'control/get-binary-version',
  'control/initialize',
  'control/set-model',
  'permission/deny',
  'turn/plain',
  'session/resume',
];
/** An older baseline, so the runs have drift findings to agree on. */
const BASELINE = '2.1.150';

let binary: string;
let dir: string;
const outputs: Record<string, { code: number; stdout: string }> = {};

/** Runs the CLI in-process; returns its exit code and what it printed on stdout. */
async function cli(argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  process.exitCode = undefined;
  try {
    return { code: await main(argv), stdout };
  } finally {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  }
}

const runArgs = (reportDir: string, ...more: string[]) => [
  'run',
  '--claude',
  binary,
  '--baseline',
  BASELINE,
  '--only',
  ...ONLY,
  '--report-dir',
  reportDir,
  '--format',
  'json',
  ...more,
];

beforeAll(async () => {
  binary = inject('claudeBinary');
  dir = mkdtempSync(join(tmpdir(), 'clide-shard-merge-'));
  outputs.single = await cli(runArgs(join(dir, 'single')));
  for (const i of [1, 2, 3])
    outputs[`shard-${i}`] = await cli(runArgs(join(dir, `shard-${i}`), '--shard', `${i}/3`));
  outputs.merged = await cli([
    'merge-reports',
    join(dir, 'shard-2'),
    join(dir, 'shard-1'),
    join(dir, 'shard-3'),
    '--out',
    join(dir, 'merged'),
    '--format',
    'json',
  ]);
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (name: string, file: string) => readFileSync(join(dir, name, file), 'utf8');
const json = (name: string) => JSON.parse(read(name, 'report.json')) as CanaryReport;

/** A value as two runs of the same scenario agree on it: sandbox paths, ids and times masked, numbers 0. */
function steady(value: unknown): unknown {
  if (typeof value === 'string') return normalizeText(value);
  if (typeof value === 'number') return 0;
  if (Array.isArray(value)) return value.map(steady);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, steady(v)]));
  }
  return value;
}

/**
 * A report without what differs between any two runs of the same thing: times, machine, binary
 * path, and in the findings the observed values that change from run to run (a finding's code,
 * severity, path, message and frame are kept as they are).
 */
function normalised(report: CanaryReport): unknown {
  const { startedAt: _s, finishedAt: _f, durationMs: _d, machine: _m, cli, ...rest } = report;
  return {
    ...rest,
    cli: { ...cli, binary: '<binary>' },
    // The distinct changes (report.json): their example values vary as the findings' do.
    ...(report.changes
      ? {
          changes: report.changes.map(({ actual, expected, ...e }) => ({
            ...e,
            actual: steady(actual),
            expected: steady(expected),
          })),
        }
      : {}),
    scenarios: report.scenarios.map(({ durationMs: _t, findings, ...sc }) => ({
      ...sc,
      findings: findings.map(({ actual, expected, ...f }) => ({
        ...f,
        actual: steady(actual),
        expected: steady(expected),
      })),
    })),
  };
}

const timeless = (text: string) =>
  text
    .replace(/\d+\.\d s\b/g, '<s>')
    .replace(/time="[\d.]+"/g, 'time="<s>"')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
    .replace(/linux\/\w+, node v[\d.]+/g, '<machine>');

describe('a run sharded over three machines, merged', () => {
  test('each shard ran its own part, recorded its shard and the whole selection', () => {
    const ids = SCENARIOS.filter((s) => ONLY.some((p) => s.id.startsWith(p))).map((s) => s.id);
    const parts = [1, 2, 3].map((i) => json(`shard-${i}`));
    const codes = [1, 2, 3].map((i) => outputs[`shard-${i}`]!.code);
    expect(Math.max(...codes)).toBe(outputs.single!.code);
    for (const [i, part] of parts.entries()) {
      expect(JSON.parse(outputs[`shard-${i + 1}`]!.stdout)).toEqual(part);
      expect(part.shard).toEqual({ index: i + 1, count: 3, selected: ids });
      expect(part.selection).toEqual(ONLY);
    }
    // Together the parts are the selection, once each: the split the baseline's durations give.
    const { root } = packageInfo();
    const duration = recordedDurations(join(root, 'fixtures', BASELINE), ids);
    const expected = splitItems(
      ids.map((id) => ({ id })),
      3,
      duration,
    ).map((p) => p.map((s) => s.id));
    expect(parts.map((p) => p.scenarios.map((s) => s.id))).toEqual(expected);
    expect(expected.every((p) => p.length > 0)).toBe(true);
  });

  test('merge-reports gives the same scenario results and findings as the single run', () => {
    const single = json('single');
    const merged = json('merged');
    expect(single.shard).toBeUndefined();
    expect(merged.shard).toBeUndefined();
    expect(single.scenarios.some((s) => s.findings.length > 0)).toBe(true);
    expect(normalised(merged)).toEqual(normalised(single));
    expect(JSON.parse(outputs.merged!.stdout)).toEqual(merged);
    expect(outputs.merged!.code).toBe(outputs.single!.code);
  });

  test("split into shards, the single run's own results merge back into its files, timings aside", async () => {
    // The single run's folder cut the way --shard cuts it, each part written as a shard writes it.
    const single = json('single');
    const duration = recordedDurations(
      join(packageInfo().root, 'fixtures', BASELINE),
      single.scenarios.map((sc) => sc.id),
    );
    const parts = splitItems(single.scenarios, 3, duration);
    const dirs = parts.map((scenarios, i) => {
      const part = join(dir, `cut-${i + 1}`);
      mkdirSync(join(part, 'wire'), { recursive: true });
      for (const sc of scenarios) cpSync(join(dir, 'single', sc.wireLog!), join(part, sc.wireLog!));
      const shard: CanaryReport = {
        ...single,
        baseline: { ...single.baseline, fixtures: scenarios.filter((sc) => sc.baselineFixture).length },
        shard: { index: i + 1, count: 3, selected: single.scenarios.map((sc) => sc.id) },
        summary: summarize(scenarios),
        scenarios,
      };
      writeFileSync(join(part, 'report.json'), renderJson(shard));
      return part;
    });
    const { code } = await cli(['merge-reports', ...dirs.reverse(), '--out', join(dir, 'cut-merged')]);
    expect(code).toBe(outputs.single!.code);
    for (const file of ['report.md', 'junit.xml', 'report.html']) {
      expect(timeless(read('cut-merged', file)), file).toBe(timeless(read('single', file)));
    }
    const { durationMs: _a, ...merged } = json('cut-merged');
    const { durationMs: _b, ...original } = single;
    expect(merged).toEqual(original);
  });

  test('the merged HTML shows every scenario with its wire session from its shard', () => {
    const html = read('merged', 'report.html');
    for (const sc of json('single').scenarios) {
      expect(html).toContain(`data-scenario="${sc.id}" data-status="${sc.status}"`);
      const frames = read('merged', sc.wireLog!).trimEnd().split('\n').length - 2;
      expect(html).toContain(`<code>${sc.id}</code> — ${frames} frame(s)`);
    }
  });

  test('--format html prints the page merge-reports writes', async () => {
    const out = join(dir, 'merged-html');
    const shards = [1, 2, 3].map((i) => join(dir, `shard-${i}`));
    const { code, stdout } = await cli(['merge-reports', ...shards, '--out', out, '--format', 'html']);
    expect(code).toBe(outputs.single!.code);
    expect(stdout).toMatch(/^<!doctype html>/);
    expect(stdout).toBe(read('merged-html', 'report.html'));
  });

  test('merging an incomplete set of shards is refused with exit 2, naming what is missing', async () => {
    let stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    });
    try {
      const code = await main([
        'merge-reports',
        join(dir, 'shard-1'),
        join(dir, 'shard-3'),
        '--out',
        join(dir, 'm2'),
      ]);
      expect(code).toBe(2);
      expect(stderr).toContain('error[usage]: merge-reports: shard(s) 2/3 missing: 2 of 3 given');
    } finally {
      vi.restoreAllMocks();
      process.exitCode = undefined;
    }
  });
});
