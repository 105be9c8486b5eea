import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { isClideError } from '../errors/index.js';
import { groupDrifts } from './group-drifts.js';
import { mergeReportDirs } from './merge-report-dirs.js';
import { mergeShardReports, type ShardReport } from './merge-reports.js';
import { type CanaryReport, type ScenarioReport, summarize } from './model.js';

const scenario = (id: string, status: ScenarioReport['status'] = 'passed'): ScenarioReport => ({
  id,
  requirement: `requirement of ${id}`,
  spec: '§1',
  tier: 'offline',
  status,
  durationMs: 100,
  exitCode: 0,
  signal: null,
  baselineFixture: null,
  wireLog: null,
  findings:
    status === 'failed'
      ? [{ code: 'drift/subtype-gone', severity: 'breaking', message: 'gone', path: ['subtype'] }]
      : [],
});

const SELECTED = ['a/one', 'a/two', 'b/three', 'b/four'];

function report(scenarios: ScenarioReport[], shard?: { index: number; count: number }): CanaryReport {
  return {
    format: 'clide-canary-report/1',
    tool: { name: 'clide-conformance', version: '0.1.0' },
    cli: { version: '2.1.332', binary: '/c/claude', live: false },
    baseline: {
      version: '2.1.150',
      schemaVersion: '2.1.150',
      fixturesDir: 'fixtures/2.1.150',
      fixtures: scenarios.length,
    },
    expectedFile: null,
    failOn: 'breaking',
    selection: ['a/', 'b/'],
    ...(shard ? { shard: { ...shard, selected: SELECTED } } : {}),
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    durationMs: 1000,
    machine: { platform: 'linux', arch: 'x64', node: 'v20', cpus: 2 },
    summary: summarize(scenarios),
    scenarios,
  };
}

/** The run split in three the way shards report it, out of order on purpose. */
function threeShards(): ShardReport[] {
  return [
    { dir: 'r/2', report: report([scenario('a/two', 'failed')], { index: 2, count: 3 }) },
    { dir: 'r/1', report: report([scenario('a/one'), scenario('b/four')], { index: 1, count: 3 }) },
    { dir: 'r/3', report: report([scenario('b/three')], { index: 3, count: 3 }) },
  ];
}

function refusal(shards: ShardReport[]): string {
  try {
    mergeShardReports(shards);
  } catch (error) {
    if (isClideError(error)) return error.render();
    throw error;
  }
  throw new Error('the merge was not refused');
}

describe('merging shard reports', () => {
  test('gives the single run: scenarios in selection order, summary recomputed, no shard, fixtures added up', () => {
    const shards = threeShards();
    shards[2]!.report.startedAt = '2025-12-31T23:59:58.000Z';
    shards[0]!.report.finishedAt = '2026-01-01T00:00:05.000Z';
    const merged = mergeShardReports(shards);
    const single = report(SELECTED.map((id) => scenario(id, id === 'a/two' ? 'failed' : 'passed')));
    expect(merged).toEqual({
      ...single,
      startedAt: '2025-12-31T23:59:58.000Z',
      finishedAt: '2026-01-01T00:00:05.000Z',
      durationMs: 7000,
    });
    expect(Object.keys(merged)).toEqual(Object.keys(single));
    expect(merged.summary).toMatchObject({ scenarios: 4, passed: 3, failed: 1, exitCode: 1 });
  });

  test('refuses shards of another CLI version, naming the folder and both values', () => {
    const shards = threeShards();
    shards[1]!.report.cli.version = '2.1.150';
    expect(refusal(shards)).toMatch(
      /^error\[usage\]: r\/1: the shards are not of the same run: CLI version "2.1.150" here, "2.1.332" in r\/2/,
    );
  });

  test.each([
    [
      'baseline version',
      (r: CanaryReport) => {
        r.baseline.version = '2.1.332';
      },
    ],
    [
      '--only selection',
      (r: CanaryReport) => {
        r.selection = ['a/'];
      },
    ],
    [
      'fail-on',
      (r: CanaryReport) => {
        r.failOn = 'changed';
      },
    ],
    [
      'shard count',
      (r: CanaryReport) => {
        r.shard!.count = 4;
      },
    ],
    [
      'selected scenarios',
      (r: CanaryReport) => {
        r.shard!.selected = ['a/one'];
      },
    ],
    [
      'kit version',
      (r: CanaryReport) => {
        r.tool.version = '0.2.0';
      },
    ],
  ])('refuses a mismatching %s', (what, edit) => {
    const shards = threeShards();
    edit(shards[2]!.report);
    expect(refusal(shards)).toContain(`not of the same run: ${what}`);
  });

  test('refuses a missing shard', () => {
    expect(refusal(threeShards().slice(0, 2))).toContain('shard(s) 3/3 missing: 2 of 3 given');
  });

  test.each([2 ** 31, 1e8])(
    'a shard count of %d is checked against the folders given at once, naming the first missing',
    (count) => {
      const shards = threeShards().map((s) => ({
        ...s,
        report: { ...s.report, shard: { ...s.report.shard!, count } },
      }));
      const started = Date.now();
      expect(refusal(shards)).toContain(
        `shard(s) 4/${count}, 5/${count}, 6/${count}, 7/${count}, 8/${count}, … (${count - 3} in all) missing: 3 of ${count} given`,
      );
      expect(Date.now() - started).toBeLessThan(1000);
    },
  );

  test('refuses a shard whose index is over its count', () => {
    const shards = threeShards();
    shards[2]!.report.shard!.index = 4;
    expect(refusal(shards)).toContain('r/3: shard 4/3: its index is not between 1 and its count');
  });

  test('refuses the same shard twice', () => {
    const shards = threeShards();
    expect(refusal([...shards, { ...shards[0]!, dir: 'r/2-again' }])).toContain(
      'r/2-again: shard 2/3 is given twice (also r/2)',
    );
  });

  test('refuses overlapping shards', () => {
    const shards = threeShards();
    shards[2]!.report.scenarios.push(scenario('a/one'));
    expect(refusal(shards)).toContain('r/3: scenario a/one is in two shards (also r/1)');
  });

  test('refuses shards that leave a selected scenario out', () => {
    const shards = threeShards();
    shards[2]!.report.scenarios = [];
    expect(refusal(shards)).toContain('1 selected scenario(s) are in no shard: b/three');
  });

  test('refuses a report written without --shard, and an interrupted shard', () => {
    const shards = threeShards();
    expect(refusal([{ dir: 'r/x', report: report([scenario('a/one')]) }, ...shards])).toContain(
      'r/x: this report is not a shard of a run',
    );
    Object.assign(shards[1]!.report, { interrupted: true });
    expect(refusal(shards)).toContain('r/1: this shard was interrupted');
  });
});

describe('merge-reports on folders', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clide-merge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, r: CanaryReport, wire: Record<string, string> = {}) => {
    mkdirSync(join(dir, name, 'wire'), { recursive: true });
    writeFileSync(join(dir, name, 'report.json'), JSON.stringify(r, null, 2));
    for (const [file, text] of Object.entries(wire)) writeFileSync(join(dir, name, 'wire', file), text);
    return join(dir, name);
  };

  test('a folder with no report.json, or a report.json that is not a report, is refused by path', () => {
    mkdirSync(join(dir, 'empty'), { recursive: true });
    expect(() => mergeReportDirs([join(dir, 'empty')], join(dir, 'out'))).toThrow(
      /there is no report.json here/,
    );
    expect(() => mergeReportDirs([join(dir, 'nowhere')], join(dir, 'out'))).toThrow(
      /the report folder does not exist/,
    );
    const bad = write('bad', { ...report([]), format: 'other/1' } as unknown as CanaryReport);
    try {
      mergeReportDirs([bad], join(dir, 'out'));
      expect.unreachable();
    } catch (error) {
      expect(isClideError(error) && error.render()).toMatch(
        /report.json: not a canary report \(clide-canary-report\/1\) at format/,
      );
    }
  });

  test('the wire logs of every shard end up in the merged folder, with every report format', () => {
    const fixture = (id: string) =>
      `${JSON.stringify({ kind: 'header', format: 'clide-fixture/1', cliVersion: '2.1.332', argv: [], recordedAt: '2026-01-01T00:00:00.000Z', recorder: { name: 't', version: '0' }, redaction: { enabled: false, rules: [] }, scenario: id })}\n`;
    const shards = threeShards().map(({ dir: name, report: r }) => {
      for (const sc of r.scenarios) sc.wireLog = `wire/${sc.id.replace('/', '__')}.jsonl`;
      return write(
        name.replace('/', '-'),
        r,
        Object.fromEntries(r.scenarios.map((sc) => [sc.wireLog!.slice(5), fixture(sc.id)])),
      );
    });
    const out = join(dir, 'merged');
    const { report: merged } = mergeReportDirs(shards, out);
    expect(merged.scenarios.map((s) => s.id)).toEqual(SELECTED);
    for (const id of SELECTED) {
      expect(readFileSync(join(out, 'wire', `${id.replace('/', '__')}.jsonl`), 'utf8')).toBe(fixture(id));
    }
    for (const file of ['report.json', 'report.md', 'junit.xml', 'report.html']) {
      expect(readFileSync(join(out, file), 'utf8').length).toBeGreaterThan(100);
    }
    // report.json is the merged report, with its distinct changes regrouped over every shard's scenarios.
    expect(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'))).toEqual({
      ...merged,
      changes: groupDrifts(merged.scenarios),
    });
  });

  test('never follows a symbolic link in a shard: a linked wire log, a linked wire folder, a linked report.json', () => {
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET-CONTENT\n');
    const one = (name: string) =>
      write(
        name,
        report(
          [
            { ...scenario('a/one'), wireLog: 'wire/a__one.jsonl' },
            scenario('a/two'),
            scenario('b/three'),
            scenario('b/four'),
          ],
          {
            index: 1,
            count: 1,
          },
        ),
      );
    const renderOf = (shard: string, out: string) => {
      try {
        mergeReportDirs([shard], out);
      } catch (error) {
        if (isClideError(error)) return error.render();
        throw error;
      }
      throw new Error('the merge was not refused');
    };
    const linkedFile = one('linked-file');
    symlinkSync(secret, join(linkedFile, 'wire', 'a__one.jsonl'));
    expect(renderOf(linkedFile, join(dir, 'out-file'))).toBe(
      `error[io]: ${join(linkedFile, 'wire', 'a__one.jsonl')}: the wire log of a/one is a symbolic link; merge-reports copies only regular files\n  hint: copy the shard's report folder as its run wrote it (links are never followed)`,
    );
    const linkedFolder = one('linked-folder');
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    writeFileSync(join(elsewhere, 'a__one.jsonl'), 'TOP-SECRET-CONTENT\n');
    rmSync(join(linkedFolder, 'wire'), { recursive: true });
    symlinkSync(elsewhere, join(linkedFolder, 'wire'));
    expect(renderOf(linkedFolder, join(dir, 'out-folder'))).toContain(
      `${join(linkedFolder, 'wire')}: the folder of the wire log of a/one is a symbolic link`,
    );
    const linkedReport = join(dir, 'linked-report');
    mkdirSync(linkedReport);
    symlinkSync(join(linkedFile, 'report.json'), join(linkedReport, 'report.json'));
    expect(renderOf(linkedReport, join(dir, 'out-report'))).toContain(
      `${join(linkedReport, 'report.json')}: a symbolic link, not a regular file`,
    );
    for (const out of ['out-file', 'out-folder', 'out-report']) {
      expect(existsSync(join(dir, out, 'wire', 'a__one.jsonl'))).toBe(false);
      expect(existsSync(join(dir, out, 'report.html'))).toBe(false);
    }
  });

  test('refuses a missing wire log and an output folder that is a shard', () => {
    const r = report(
      [
        { ...scenario('a/one'), wireLog: 'wire/a__one.jsonl' },
        scenario('a/two'),
        scenario('b/three'),
        scenario('b/four'),
      ],
      {
        index: 1,
        count: 1,
      },
    );
    const only = write('nowire', r);
    expect(() => mergeReportDirs([only], join(dir, 'out2'))).toThrow(/the wire log of a\/one is missing/);
    expect(() => mergeReportDirs([only], only)).toThrow(/the output folder is one of the shard folders/);
  });
});
