import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type CanaryResult, defaultBaseline, runCanary } from '../canary/run-canary.js';
import { schemaChoice } from '../canary/schema-check.js';
import { checkShard, recordedDurations, type Shard, shardItems } from '../canary/shard.js';
import { packageInfo } from '../config/package-info.js';
import { ClideError, interruptionOf } from '../errors/index.js';
import type { Severity } from '../findings/index.js';
import { ensureInstalled, type InstalledCli } from '../install/index.js';
import { SCENARIOS, type Scenario } from '../scenarios/index.js';
import { selectByPrefixes } from '../scenarios/select-by-prefixes.js';
import {
  loadPublishedVersions,
  needsPublishedList,
  parseVersionsSpec,
  resolveVersionsSpec,
} from '../versions/index.js';
import {
  cellOf,
  MATRIX_FORMAT,
  type MatrixCell,
  type MatrixColumn,
  type MatrixReport,
  summarizeMatrix,
  untestableCell,
} from './model.js';
import { writeMatrix } from './write-matrix.js';

export interface MatrixOptions {
  /** `2.1.150,2.1.210,2.1.332`, `2.1.150..2.1.332` (every published stable version between) or `last:N`. */
  versions: string;
  /** At most this many versions, spread evenly, both ends kept. */
  max?: number;
  /** Scenario id prefixes; default: the whole catalogue. */
  only?: string[];
  /** The baseline of every version; default: each version's own default baseline, as `run` picks it. */
  baseline?: string;
  /** This machine's share of the scenarios (the same on every version). */
  shard?: Shard;
  /** Where matrix.{json,md,html} and the per-version run reports (`<out>/<version>/`) go; default reports/matrix. */
  outDir?: string;
  failOn?: Severity;
  /** Scenarios run at once within a version (default 2). */
  jobs?: number;
  expectedFile?: string | null;
  /** npm's version list (for ranges and last:N); default: `versionsFile`, else the registry. */
  published?: readonly string[];
  versionsFile?: string;
  onProgress?: (line: string) => void;
  /**
   * Aborting it interrupts the matrix: the running version's run stops as `run` stops, no further
   * version starts, and the matrix of what finished is written, marked interrupted.
   */
  signal?: AbortSignal;
}

export interface MatrixResult {
  report: MatrixReport;
  /** 0 / 1 as the summary says; an interrupted matrix: the interruption's code (130, 143). */
  exitCode: number;
  outDir: string;
}

/**
 * `clide-conformance matrix`: the catalogue (or `--only`) on each version, each against its
 * baseline, one version after the other while the next version installs, then one matrix of
 * scenario × version. Usage errors come before anything is installed.
 */
export async function runMatrix(options: MatrixOptions): Promise<MatrixResult> {
  const progress = options.onProgress ?? (() => {});
  const pkg = packageInfo();
  const spec = parseVersionsSpec(options.versions);
  const only = options.only ?? [];
  const selected = selectByPrefixes(SCENARIOS, only);
  if (options.shard) {
    checkShard(options.shard);
    if (options.shard.count > selected.length) {
      throw new ClideError(
        'usage',
        `${options.shard.count} shards for ${selected.length} selected scenario(s): a shard would run nothing`,
        {
          where: '--shard',
          hint: 'use at most as many shards as selected scenarios',
        },
      );
    }
  }
  const published = needsPublishedList(spec)
    ? (options.published ?? (await loadPublishedVersions(options.versionsFile)))
    : undefined;
  const versions = resolveVersionsSpec(spec, published, options.max);
  if (options.baseline !== undefined) schemaChoice(options.baseline); // a malformed version fails first
  const outDir = resolve(options.outDir ?? join('reports', 'matrix'));
  const ids = selected.map((s) => s.id);
  progress(
    `clide-conformance matrix: ${versions.length} version(s) (${versions.join(', ')}) × ${ids.length} scenario(s)` +
      (options.shard ? ` (shard ${options.shard.index}/${options.shard.count} of each version's run)` : '') +
      `, baseline ${options.baseline ?? "each version's default"}`,
  );

  const startedAt = new Date();
  const started = performance.now();
  const installs = new Map<string, Promise<InstalledCli | ClideError>>();
  const install = (version: string) => {
    let pending = installs.get(version);
    if (!pending) {
      pending = ensureInstalled(version, {
        onProgress: (line) => progress(`[install ${version}] ${line}`),
        ...(options.signal ? { signal: options.signal } : {}),
      }).catch((error: unknown) => {
        if (error instanceof ClideError) return error;
        throw error;
      });
      installs.set(version, pending);
    }
    return pending;
  };

  const columns: MatrixColumn[] = [];
  const cellsByVersion = new Map<string, MatrixCell[]>();
  if (versions.length > 0) install(versions[0]!).catch(() => {});
  const signal = options.signal;
  /** The version whose run the interruption cut short, if one was. */
  let cut: string | undefined;
  for (const [i, version] of versions.entries()) {
    if (signal?.aborted) break;
    const columnStarted = performance.now();
    const installed = await install(version);
    // The pipeline: the next version downloads while this one runs.
    if (i + 1 < versions.length) install(versions[i + 1]!).catch(() => {});
    if (installed instanceof ClideError) {
      progress(`${version}: cannot be installed: ${installed.message}`);
      columns.push({
        version,
        baseline: null,
        reportDir: null,
        installedNow: false,
        durationMs: Math.round(performance.now() - columnStarted),
        error: installed.message,
      });
      const share = options.shard
        ? shareOf(selected, options.shard, pkg, options.baseline ?? defaultBaseline(version, pkg.pinned))
        : selected;
      cellsByVersion.set(
        version,
        share.map((s) => untestableCell(version, s.id)),
      );
      continue;
    }
    const reportDir = join(outDir, version);
    const run: CanaryResult = await runCanary({
      ccVersion: version,
      ids,
      ...(options.shard ? { shard: options.shard } : {}),
      ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
      reportDir,
      failOn: options.failOn,
      jobs: options.jobs,
      ...(options.expectedFile !== undefined ? { expectedFile: options.expectedFile } : {}),
      onProgress: (line) => progress(`[${version}] ${line}`),
      ...(signal ? { signal } : {}),
    });
    if (run.report.interrupted) cut = version;
    const relDir = relative(outDir, reportDir);
    columns.push({
      version,
      baseline: run.report.baseline.version,
      reportDir: relDir,
      installedNow: installed.installedNow,
      durationMs: Math.round(performance.now() - columnStarted),
    });
    cellsByVersion.set(
      version,
      run.report.scenarios.map((sc) => cellOf(version, sc, relDir)),
    );
  }

  const interruption = interruptionOf(signal);
  // A shard holds the cells its runs ran (each version's run splits the scenarios as `run --shard`
  // does); an interrupted matrix, the cells that finished.
  const cells = ids.flatMap((id) =>
    versions.flatMap((v) => {
      const cell = cellsByVersion.get(v)?.find((c) => c.scenario === id);
      return cell ? [cell] : options.shard || interruption ? [] : [untestableCell(v, id)];
    }),
  );
  const notRun = versions.filter((v) => !columns.some((c) => c.version === v) || v === cut);
  const summary = summarizeMatrix(cells);
  const report: MatrixReport = {
    format: MATRIX_FORMAT,
    tool: { name: pkg.name, version: pkg.version },
    failOn: options.failOn ?? 'breaking',
    selection: only,
    baseline: options.baseline ?? null,
    shard: options.shard ? { ...options.shard, selected: selected.length } : null,
    versions,
    scenarios: ids,
    columns,
    cells,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    summary,
    ...(interruption ? { interrupted: { signal: interruption.where ?? 'SIGINT', notRun } } : {}),
  };
  writeMatrix(report, outDir);
  progress(`matrix written to ${relative(process.cwd(), outDir) || '.'}`);
  return { report, exitCode: interruption ? interruption.exitCode : summary.exitCode, outDir };
}

/**
 * The share `run --shard` takes of `selected` for a version compared with `baseline` (its fixtures'
 * recorded durations, else the pinned corpus's): the cells a shard holds when that version could
 * not even be installed.
 */
function shareOf(
  selected: Scenario[],
  shard: Shard,
  pkg: { root: string; pinned: string },
  baseline: string,
): Scenario[] {
  const fixtures = join(pkg.root, 'fixtures', baseline);
  const durations = recordedDurations(
    existsSync(fixtures) ? fixtures : join(pkg.root, 'fixtures', pkg.pinned),
    selected.map((s) => s.id),
  );
  return shardItems(selected, shard, durations);
}
