import { existsSync } from 'node:fs';
import { arch, availableParallelism, platform } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseVersion, schemaSetFor } from '../../schemas/registry.js';
import { packageInfo } from '../config/package-info.js';
import { emptyTranscript } from '../driver/index.js';
import { ClideError, interruptionOf } from '../errors/index.js';
import type { Finding, Severity } from '../findings/index.js';
import {
  type CanaryReport,
  REPORT_FORMAT,
  type ReportFinding,
  type ScenarioReport,
  scenarioStatus,
  summarize,
} from '../report/model.js';
import { writeReports } from '../report/write-reports.js';
import {
  checkFinding,
  type RunScenarioOptions,
  runScenario,
  SCENARIOS,
  type Scenario,
  type ScenarioRun,
} from '../scenarios/index.js';
import { selectByPrefixes } from '../scenarios/select-by-prefixes.js';
import { noScenarioSelected } from './catalogue.js';
import { checkScenarioRun } from './check-run.js';
import { resolveCliTarget } from './cli-target.js';
import { type ExpectedFindings, loadExpectedFindings } from './expected-findings.js';
import { LIVE_WARNING, liveEnvironment } from './live.js';
import { mapPool } from './pool.js';
import { createProgress } from './progress.js';
import { schemaChoice } from './schema-check.js';
import { checkShard, recordedDurations, type Shard, shardItems, shardText } from './shard.js';
import { unscriptedRequests } from './side-requests.js';
import type { WireLog } from './wire-log.js';
import { baselineFixturePath, fixtureFileName, readWireLog, writeWireLog } from './wire-log-files.js';

export interface CanaryOptions {
  /** CLI version to install and run (exact or a dist-tag); default: the pinned version. */
  ccVersion?: string;
  /** A claude binary to run instead of an installed version. */
  claudePath?: string;
  /** Baseline CLI version (schemas + fixtures); default: the pinned version. */
  baseline?: string;
  /** Folder of baseline fixtures; default `fixtures/<baseline>/` of the kit. */
  baselineDir?: string;
  /** Scenario id prefixes; default: the whole catalogue. */
  only?: string[];
  /** Exact scenario ids to run, in catalogue order (e.g. one share of a sharded matrix); applied after `only`. */
  ids?: readonly string[];
  /**
   * Run only this part of the selection (`--shard i/n`): the split balances the baseline fixtures'
   * recorded durations; the report records the shard and the whole selection for `merge-reports`.
   */
  shard?: Shard;
  /** Where reports go; default `reports/<cli-version>/` (relative to the working directory). */
  reportDir?: string;
  /** False: no files at all (the report is only returned). Default true. */
  writeFiles?: boolean;
  /** Lowest severity that fails the run (default `breaking`). */
  failOn?: Severity;
  /** Scenarios run at once (default 2). */
  jobs?: number;
  /** Against the real API with the user's credentials: costs money. */
  live?: boolean;
  /** The explicit confirmation `--live` needs (or CLIDE_LIVE_CONFIRM=1). */
  liveConfirmed?: boolean;
  /** conformance.expected.json to apply; `null`: none; default: the kit's own file when it exists. */
  expectedFile?: string | null;
  /** The catalogue to select from (default: every scenario). */
  catalogue?: readonly Scenario[];
  /**
   * Runs one scenario against the CLI (default: `runScenario`). Another runner must behave as
   * `runScenario` does: e.g. one that hands back a run of the same binary and scenario made
   * elsewhere in the same process tree (the kit's own tests share their real-CLI runs so).
   */
  runScenario?: (scenario: Scenario, options: RunScenarioOptions) => Promise<ScenarioRun>;
  /** Progress lines (stderr in the CLI); default: silent. */
  onProgress?: (line: string) => void;
  /**
   * Aborting it interrupts the run: no further scenario starts, the running ones are stopped (their
   * CLIs killed, their sandboxes removed), and the report of what had finished is written, marked
   * `interrupted`. The reason, an `interrupted` ClideError, gives the exit code (130 or 143).
   */
  signal?: AbortSignal;
}

export interface CanaryResult {
  report: CanaryReport;
  /**
   * 0: nothing at or above failOn; 1: drift at or above it (or an untestable scenario); an
   * interrupted run: the interruption's code (130 SIGINT, 143 SIGTERM), whatever was found.
   */
  exitCode: number;
  /** Where the files were written (null with `writeFiles: false`). */
  reportDir: string | null;
}

const DEFAULT_JOBS = 2;

/**
 * `clide-conformance run`: installs the CLI if needed, runs the selected scenarios against it in
 * parallel sandboxes with the scripted model API, checks every run (schemas, behaviour, structural
 * comparison with the baseline fixture), applies the accepted findings, writes the reports.
 * Usage and harness problems throw a `ClideError` (exit 2); drift is data (exit 0/1).
 */
export async function runCanary(options: CanaryOptions = {}): Promise<CanaryResult> {
  const progress = options.onProgress ?? (() => {});
  const pkg = packageInfo();
  const failOn = options.failOn ?? 'breaking';
  const jobs = options.jobs ?? DEFAULT_JOBS;
  if (!Number.isInteger(jobs) || jobs < 1) {
    throw new ClideError('usage', `--jobs must be a positive integer, not ${jobs}`, { where: '--jobs' });
  }
  const catalogue = options.catalogue ?? SCENARIOS;
  const only = options.only ?? [];
  const prefixed = selectByPrefixes(catalogue, only);
  const selected = options.ids ? prefixed.filter((s) => options.ids?.includes(s.id)) : prefixed;
  if (selected.length === 0) throw noScenarioSelected(only);

  if (options.shard) checkShard(options.shard);
  if (options.baseline !== undefined) schemaChoice(options.baseline); // a malformed version fails first
  const expected = resolveExpected(options.expectedFile, pkg.root, catalogue);
  const liveEnv = options.live ? liveEnvironment(options.liveConfirmed ?? false) : undefined;
  if (liveEnv) progress(LIVE_WARNING);

  const target = await resolveCliTarget({
    ccVersion: options.ccVersion,
    claudePath: options.claudePath,
    onProgress: progress,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // Default baseline: the pinned version itself, else the nearest pinned one below it.
  const baselineVersion = options.baseline ?? defaultBaseline(target.version, pkg.pinned);
  const schema = schemaChoice(baselineVersion);
  const fixturesDir = resolveFixturesDir(options, baselineVersion, pkg.root);
  const reportDir =
    options.writeFiles === false ? null : resolve(options.reportDir ?? join('reports', target.version));
  // A shard's part: the same on every machine (durations of the baseline, else of the pinned corpus).
  const toRun = options.shard
    ? shardItems(
        selected,
        options.shard,
        recordedDurations(
          fixturesDir ?? join(pkg.root, 'fixtures', pkg.pinned),
          selected.map((s) => s.id),
        ),
      )
    : selected;
  progress(
    `clide-conformance run: claude ${target.version}${liveEnv ? ' (LIVE)' : ''}, baseline ${baselineVersion} ` +
      `(schemas ${schema.version}${fixturesDir ? `, fixtures ${relative(process.cwd(), fixturesDir) || '.'}` : ', no fixtures'}), ` +
      `${options.shard ? `shard ${shardText(options.shard)}: ${toRun.length} of ${selected.length}` : selected.length} scenario(s), ${jobs} job(s)`,
  );
  if (schema.note) progress(`note: ${schema.note}`);

  const startedAt = new Date();
  const started = performance.now();
  const tracker = createProgress(toRun.length, progress);
  let withFixture = 0;
  const signal = options.signal;
  const results = await mapPool(
    toRun,
    jobs,
    async (scenario) => {
      const run = await runSafely(options.runScenario ?? runScenario, scenario, target, liveEnv, signal);
      // A run cut short says nothing about the CLI: it is not reported as a result.
      if (run.interrupted || signal?.aborted) return undefined;
      const fixturePath = fixturesDir ? baselineFixturePath(fixturesDir, scenario.id) : undefined;
      let baseline: WireLog | undefined;
      if (fixturePath) {
        withFixture += 1;
        try {
          baseline = await readWireLog(fixturePath);
        } catch (error) {
          run.findings.push(
            checkFinding(
              scenario.id,
              'scenario/untestable',
              `the baseline fixture cannot be read: ${(error as Error).message}`,
              {
                actual: fixturePath,
              },
            ),
          );
        }
      }
      const findings = checkScenarioRun(run, {
        baseline,
        schemaVersion: schema.version,
        cliVersion: target.version,
        expected,
      });
      let wireLog: string | null = null;
      if (reportDir) {
        wireLog = join('wire', fixtureFileName(scenario.id));
        writeWireLog(join(reportDir, wireLog), run.transcript, {
          scenario: scenario.id,
          cliVersion: target.version,
          sideRequests: unscriptedRequests(run.modelRequests),
        });
      }
      const report = scenarioReport(scenario, run, findings, failOn, fixturePath ?? null, wireLog);
      tracker.scenarioDone(
        scenario.id,
        report.status,
        run.durationMs,
        findings.filter((f) => !f.accepted).length,
      );
      return report;
    },
    signal,
  );
  const scenarios = results.filter((r): r is ScenarioReport => r !== undefined);
  const interruption = interruptionOf(signal);
  const notRun = interruption ? toRun.filter((_, i) => results[i] === undefined).map((s) => s.id) : [];
  if (interruption) {
    progress(
      `interrupted by ${interruption.where}: ${scenarios.length} of ${toRun.length} scenario(s) finished, ` +
        `${notRun.length} not run; the report holds the finished ones`,
    );
  }

  const finishedAt = new Date();
  const summary = summarize(scenarios);
  const report: CanaryReport = {
    format: REPORT_FORMAT,
    tool: { name: pkg.name, version: pkg.version },
    cli: { version: target.version, binary: target.binary, live: Boolean(liveEnv) },
    baseline: {
      version: baselineVersion,
      schemaVersion: schema.version,
      ...(schema.note ? { schemaNote: schema.note } : {}),
      fixturesDir: fixturesDir ? relative(process.cwd(), fixturesDir) || '.' : null,
      fixtures: withFixture,
    },
    expectedFile: expected.file ? relative(process.cwd(), expected.file) : null,
    failOn,
    selection: only,
    ...(options.shard ? { shard: { ...options.shard, selected: selected.map((s) => s.id) } } : {}),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    machine: { platform: platform(), arch: arch(), node: process.version, cpus: availableParallelism() },
    summary,
    scenarios,
    ...(interruption
      ? { interrupted: true as const, interruption: { signal: interruption.where ?? 'SIGINT', notRun } }
      : {}),
  };
  if (reportDir) {
    // Where they went is said once, by the summary (`reports: <dir>`): not again as progress.
    writeReports(report, reportDir);
  }
  return { report, exitCode: interruption ? interruption.exitCode : summary.exitCode, reportDir };
}

function resolveFixturesDir(options: CanaryOptions, version: string, root: string): string | null {
  if (options.baselineDir !== undefined) {
    const dir = resolve(options.baselineDir);
    if (!existsSync(dir)) {
      throw new ClideError('usage', 'the baseline fixture folder does not exist', {
        where: dir,
        hint: 'check --baseline-dir',
      });
    }
    return dir;
  }
  const dir = join(root, 'fixtures', version);
  if (existsSync(dir)) return dir;
  if (options.baseline !== undefined && options.baseline !== packageInfo().pinned) {
    throw new ClideError('usage', `there are no baseline fixtures for CLI ${version}`, {
      where: dir,
      hint: 'record them first (clide-record), or point --baseline-dir at a folder of fixtures or wire logs',
    });
  }
  return null;
}

function resolveExpected(
  file: string | null | undefined,
  root: string,
  catalogue: readonly Scenario[],
): ExpectedFindings {
  const ids = catalogue.map((s) => s.id);
  if (file === null) return { file: null, scenarios: {} };
  if (file !== undefined) return loadExpectedFindings(resolve(file), ids);
  return loadExpectedFindings(join(root, 'conformance.expected.json'), ids, { required: false });
}

/** The pinned version a run of `version` compares with when no baseline is given. */
export function defaultBaseline(version: string, pinned: string): string {
  if (!parseVersion(version)) return pinned;
  return schemaSetFor(version).set.version;
}

/** runScenario never throws for what the CLI does; a harness failure still becomes an untestable run. */
async function runSafely(
  runner: (scenario: Scenario, options: RunScenarioOptions) => Promise<ScenarioRun>,
  scenario: Scenario,
  target: { binary: string; version: string },
  env: Record<string, string | undefined> | undefined,
  signal: AbortSignal | undefined,
): Promise<ScenarioRun> {
  const started = performance.now();
  const { binary } = target;
  try {
    return await runner(scenario, {
      binary,
      cliVersion: target.version,
      ...(env ? { env } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    const finding: Finding = checkFinding(
      scenario.id,
      'scenario/untestable',
      `the harness failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return {
      scenario: scenario.id,
      transcript: emptyTranscript(binary),
      modelRequests: [],
      findings: [finding],
      passed: false,
      durationMs: Math.round(performance.now() - started),
    };
  }
}

function scenarioReport(
  scenario: Scenario,
  run: ScenarioRun,
  findings: ReportFinding[],
  failOn: Severity,
  fixturePath: string | null,
  wireLog: string | null,
): ScenarioReport {
  return {
    id: scenario.id,
    requirement: scenario.requirement,
    spec: scenario.spec,
    tier: scenario.tier,
    status: scenarioStatus(findings, failOn),
    durationMs: run.durationMs,
    exitCode: run.transcript.exitCode,
    signal: run.transcript.signal,
    baselineFixture: fixturePath ? relative(process.cwd(), fixturePath) : null,
    wireLog,
    findings,
  };
}
