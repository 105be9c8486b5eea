import { ClideError } from '../errors/index.js';
import { type CanaryReport, type ScenarioReport, summarize } from './model.js';

/** One shard's report and the folder it was read from (for messages). */
export interface ShardReport {
  dir: string;
  report: CanaryReport;
}

/**
 * Merges the reports of the shards of one run (`run --shard i/n` on n machines) into the report a
 * single run over the same selection writes: the scenarios in the selection's order, the summary
 * recomputed, the earliest start and the latest end. Refuses, naming the folder, shards that are
 * not of the same run — another CLI or baseline version, another selection, fail-on, accepted
 * findings or shard count — and a set of shards that is not exactly 1..n with every selected
 * scenario in exactly one of them.
 */
export function mergeShardReports(shards: readonly ShardReport[]): CanaryReport {
  if (shards.length === 0) {
    throw new ClideError('usage', 'no shard report folder given', {
      where: 'merge-reports',
      hint: 'pass the report folder of every shard: merge-reports reports/shard-1 reports/shard-2 …',
    });
  }
  for (const { dir, report } of shards) {
    if (!report.shard) {
      throw new ClideError('usage', 'this report is not a shard of a run (it was written without --shard)', {
        where: dir,
        hint: 'run each part with `run --shard <i>/<n>`, then merge their report folders',
      });
    }
    const interrupted = (report as { interrupted?: unknown }).interrupted;
    if (interrupted) {
      throw new ClideError('usage', 'this shard was interrupted: its report is partial', {
        where: dir,
        hint: `run shard ${report.shard.index}/${report.shard.count} again`,
      });
    }
  }
  const first = shards[0]!;
  const same: Array<[string, (r: CanaryReport) => unknown]> = [
    ['report format', (r) => r.format],
    ['kit version', (r) => `${r.tool.name} ${r.tool.version}`],
    ['CLI version', (r) => r.cli.version],
    ['live or offline', (r) => (r.cli.live ? 'live' : 'offline')],
    ['baseline version', (r) => r.baseline.version],
    ['baseline schemas', (r) => r.baseline.schemaVersion],
    ['baseline fixture folder', (r) => r.baseline.fixturesDir],
    ['accepted findings file', (r) => r.expectedFile],
    ['fail-on', (r) => r.failOn],
    ['--only selection', (r) => r.selection],
    ['shard count', (r) => r.shard?.count],
    ['selected scenarios', (r) => r.shard?.selected],
  ];
  for (const { dir, report } of shards.slice(1)) {
    for (const [what, get] of same) {
      const a = JSON.stringify(get(first.report));
      const b = JSON.stringify(get(report));
      if (a !== b) {
        throw new ClideError(
          'usage',
          `the shards are not of the same run: ${what} ${short(b)} here, ${short(a)} in ${first.dir}`,
          {
            where: dir,
            hint: 'merge only the shards of one run (same version, baseline, selection and --shard n)',
          },
        );
      }
    }
  }

  const count = first.report.shard!.count;
  const byIndex = new Map<number, string>();
  for (const { dir, report } of shards) {
    const index = report.shard!.index;
    if (!Number.isSafeInteger(index) || index < 1 || index > count) {
      throw new ClideError('usage', `shard ${index}/${count}: its index is not between 1 and its count`, {
        where: dir,
        hint: 'the shard report was edited, or is not one that `run --shard <i>/<n>` wrote',
      });
    }
    const seen = byIndex.get(index);
    if (seen !== undefined) {
      throw new ClideError('usage', `shard ${index}/${count} is given twice (also ${seen})`, {
        where: dir,
        hint: 'pass each shard folder once',
      });
    }
    byIndex.set(index, dir);
  }
  // Checked against the folders given, never counted out: a shard count is whatever the file says.
  if (byIndex.size < count) {
    const missing = firstMissing(byIndex, count, MISSING_SHOWN);
    const all = count - byIndex.size;
    const listed = missing.map((i) => `${i}/${count}`).join(', ');
    throw new ClideError(
      'usage',
      `shard(s) ${listed}${all > missing.length ? `, … (${all} in all)` : ''} missing: ${shards.length} of ${count} given`,
      { where: 'merge-reports', hint: 'pass the report folder of every shard of the run' },
    );
  }

  const selected = first.report.shard!.selected;
  const wanted = new Set(selected);
  const found = new Map<string, { dir: string; scenario: ScenarioReport }>();
  for (const { dir, report } of shards) {
    for (const scenario of report.scenarios) {
      if (!wanted.has(scenario.id)) {
        throw new ClideError('usage', `scenario ${scenario.id} is not in the run's selection`, {
          where: dir,
          hint: 'the shard reports were edited, or are not of the same run',
        });
      }
      const twice = found.get(scenario.id);
      if (twice) {
        throw new ClideError('usage', `scenario ${scenario.id} is in two shards (also ${twice.dir})`, {
          where: dir,
          hint: 'the shards overlap: run every shard with the same kit version, selection and baseline',
        });
      }
      found.set(scenario.id, { dir, scenario });
    }
  }
  const absent = selected.filter((id) => !found.has(id));
  if (absent.length > 0) {
    throw new ClideError(
      'usage',
      `${absent.length} selected scenario(s) are in no shard: ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ', …' : ''}`,
      { where: 'merge-reports', hint: 'the shards do not cover the selection: are they of the same run?' },
    );
  }

  const scenarios = selected.map((id) => found.get(id)!.scenario);
  const startedAt = shards.map((s) => s.report.startedAt).sort()[0]!;
  const finishedAt = shards
    .map((s) => s.report.finishedAt)
    .sort()
    .at(-1)!;
  const { shard: _shard, ...rest } = first.report;
  return {
    ...rest,
    baseline: {
      ...first.report.baseline,
      fixtures: shards.reduce((n, s) => n + s.report.baseline.fixtures, 0),
    },
    startedAt,
    finishedAt,
    durationMs: Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt)),
    summary: summarize(scenarios),
    scenarios,
  };
}

/** Missing shards named in a refusal. */
const MISSING_SHOWN = 5;

/** The first `n` indices of 1..count that `given` lacks (in time of `given`'s size, whatever `count`). */
export function firstMissing(given: ReadonlyMap<number, unknown>, count: number, n: number): number[] {
  const missing: number[] = [];
  for (let i = 1; i <= count && missing.length < n; i++) if (!given.has(i)) missing.push(i);
  return missing;
}

function short(json: string): string {
  return json.length > 80 ? `${json.slice(0, 79)}…` : json;
}
