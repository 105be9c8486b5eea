import { join } from 'node:path';
import { type CanaryOptions, defaultBaseline, runCanary } from '../canary/run-canary.js';
import { schemaChoice } from '../canary/schema-check.js';
import { packageInfo } from '../config/package-info.js';
import { ClideError, throwIfInterrupted } from '../errors/index.js';
import type { Severity } from '../findings/index.js';
import { ensureInstalled, isExactVersion } from '../install/index.js';
import { SCENARIOS } from '../scenarios/index.js';
import { unknownScenario } from '../scenarios/select-by-prefixes.js';
import { loadPublishedVersions, publishedBetween } from '../versions/index.js';
import { differenceOf, type OutcomeDifference, outcomeOf, type ScenarioOutcome } from './outcome.js';
import { bisectVersions, type Verdict } from './search.js';
import { type Looking, lookingText, verdictOf } from './verdict.js';

export const BISECT_FORMAT = 'clide-bisect-report/1';

export interface BisectOptions {
  /** The scenario id (exact). */
  scenario: string;
  /** A published version where the scenario behaves as it used to. */
  good: string;
  /** A published, newer version where it does not. */
  bad: string;
  /**
   * What makes a version bad. `fail` (default): the scenario fails against the baseline at
   * `failOn`, as `run --only <scenario>` would. `change`: its outcome differs from the good
   * version's (status, or findings by severity, code and path). `code` looks for a finding code.
   */
  on?: 'fail' | 'change';
  /** Look for the first version with a finding of this code (not with `on`). */
  code?: string;
  /** With `code`: only findings at this JSON path (`$.error`). */
  path?: string;
  /** The baseline every version is compared with; default: the good version's default baseline. */
  baseline?: string;
  /** npm's published version list; default: `versionsFile`, else the registry. */
  published?: readonly string[];
  /** A JSON file holding npm's version list (for a machine without the registry). */
  versionsFile?: string;
  /** Where each probed version's run report goes (`<dir>/<version>/`); default: none written. */
  reportDir?: string;
  /** conformance.expected.json to apply (as `run`); `null`: none. */
  expectedFile?: string | null;
  /** The severity the scenario fails at (default `breaking`), as in `run`. */
  failOn?: Severity;
  /** Runs the scenario against each probed version (default: `runScenario`), as `runCanary`'s option. */
  runScenario?: CanaryOptions['runScenario'];
  onProgress?: (line: string) => void;
  /** Aborting it stops the running version's run (as `run` stops) and the search: the interruption is thrown. */
  signal?: AbortSignal;
}

export interface BisectProbe {
  version: string;
  verdict: Verdict;
  /** Null when the version could not be installed (`error` says why). */
  status: ScenarioOutcome['status'] | null;
  /** How many findings count (version stamps left out). */
  findings: number;
  /** True when this bisection downloaded the version (false: it was in the cache). */
  installedNow: boolean;
  durationMs: number;
  reportDir: string | null;
  error?: string;
}

export interface BisectReport {
  format: typeof BISECT_FORMAT;
  scenario: string;
  good: string;
  bad: string;
  /**
   * `failure`: the scenario fails at `failOn` against the baseline; `change`: any change of status
   * or findings against the good version; `code`: a finding code appears.
   */
  looking: Looking;
  baseline: string;
  /** The published stable versions from good to bad, both included (N = their number). */
  versions: string[];
  /** ⌈log2 N⌉ + 2: the most versions a bisection without skipped versions installs. */
  installBudget: number;
  result: 'found' | 'bad-is-not-bad' | 'good-is-not-good';
  firstBad: string | null;
  lastGood: string | null;
  /** Versions between lastGood and firstBad that could not be tested. */
  skipped: string[];
  /** firstBad against lastGood (or, when the ends disagree, the bad end against the good end). */
  difference: OutcomeDifference | null;
  /** Every version run, in the order asked. */
  probes: BisectProbe[];
  /** The versions this bisection downloaded (the others were already in the cache). */
  installs: string[];
}

export interface BisectResult {
  report: BisectReport;
  /** 0: a first bad version was found; 1: the ends do not disagree as given. */
  exitCode: 0 | 1;
}

/**
 * `clide-conformance bisect`: binary search over npm's published versions between a good and a bad
 * one for the first version where one scenario fails against a fixed baseline at `failOn` (as
 * `run --only <scenario>` judges it); with `on: 'change'`, where its outcome changes (its status,
 * or the set of its findings by severity, code and path); with `code`, where a finding code first
 * appears. Installs only the versions it asks about.
 */
export async function runBisect(options: BisectOptions): Promise<BisectResult> {
  const progress = options.onProgress ?? (() => {});
  if (!SCENARIOS.some((s) => s.id === options.scenario)) {
    throw unknownScenario(
      options.scenario,
      SCENARIOS.map((s) => s.id),
      '<scenario>',
    );
  }
  for (const [flag, version] of [
    ['--good', options.good],
    ['--bad', options.bad],
  ] as const) {
    if (!isExactVersion(version)) {
      throw new ClideError('usage', `"${version}" is not an exact version such as 2.1.150`, { where: flag });
    }
  }
  if (options.path !== undefined && options.code === undefined) {
    throw new ClideError('usage', '--path narrows --code: give --code too', { where: '--path' });
  }
  if (options.on !== undefined && options.code !== undefined) {
    throw new ClideError('usage', '--code is a search of its own: give --on or --code, not both', {
      where: '--on',
    });
  }
  if (options.on !== undefined && options.on !== 'fail' && options.on !== 'change') {
    throw new ClideError('usage', `--on must be fail or change, not "${options.on}"`, { where: '--on' });
  }
  const failOn = options.failOn ?? 'breaking';
  if (options.baseline !== undefined) schemaChoice(options.baseline); // a malformed version fails first
  const published = options.published ?? (await loadPublishedVersions(options.versionsFile));
  const versions = publishedBetween(published, options.good, options.bad, '--good/--bad');
  const baseline = options.baseline ?? defaultBaseline(options.good, packageInfo().pinned);
  const looking: Looking =
    options.code !== undefined
      ? { for: 'code', code: options.code, ...(options.path ? { path: options.path } : {}) }
      : options.on === 'change'
        ? { for: 'change' }
        : { for: 'failure', failOn };
  progress(
    `bisect ${options.scenario}: ${versions.length} published version(s) from ${options.good} to ${options.bad}, ` +
      `baseline ${baseline}, looking for ${lookingText(looking)}`,
  );

  const outcomes = new Map<string, ScenarioOutcome>();
  const probes: BisectProbe[] = [];
  let reference: ScenarioOutcome | undefined;

  const probe = async (version: string): Promise<Verdict> => {
    throwIfInterrupted(options.signal);
    const started = performance.now();
    let installedNow = false;
    try {
      installedNow = (await ensureInstalled(version, { onProgress: progress })).installedNow;
    } catch (error) {
      if (!(error instanceof ClideError)) throw error;
      probes.push({
        version,
        verdict: 'skip',
        status: null,
        findings: 0,
        installedNow: false,
        durationMs: Math.round(performance.now() - started),
        reportDir: null,
        error: error.message,
      });
      progress(`${version}: cannot be installed, skipped (${error.message})`);
      return 'skip';
    }
    const reportDir = options.reportDir === undefined ? null : join(options.reportDir, version);
    const run = await runCanary({
      ccVersion: version,
      ids: [options.scenario],
      baseline,
      jobs: 1,
      failOn,
      ...(options.expectedFile !== undefined ? { expectedFile: options.expectedFile } : {}),
      ...(reportDir ? { reportDir } : { writeFiles: false }),
      ...(options.runScenario ? { runScenario: options.runScenario } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    // A run cut short says nothing about the version: the search stops.
    throwIfInterrupted(options.signal);
    const scenario = run.report.scenarios.find((s) => s.id === options.scenario);
    if (!scenario)
      throw new ClideError('internal', `the run of ${version} did not report ${options.scenario}`);
    const outcome = outcomeOf(version, scenario, failOn);
    outcomes.set(version, outcome);
    reference ??= outcome;
    const verdict = verdictOf(outcome, reference, looking);
    probes.push({
      version,
      verdict,
      status: outcome.status,
      findings: outcome.findings.length,
      installedNow,
      durationMs: Math.round(performance.now() - started),
      reportDir,
    });
    progress(`${version}: ${verdict} (${outcome.status}, ${outcome.findings.length} finding(s))`);
    return verdict;
  };

  const search = await bisectVersions(versions, probe);
  const installs = probes.filter((p) => p.installedNow).map((p) => p.version);
  const common = {
    format: BISECT_FORMAT,
    scenario: options.scenario,
    good: options.good,
    bad: options.bad,
    looking,
    baseline,
    versions,
    installBudget: Math.ceil(Math.log2(versions.length)) + 2,
    probes,
    installs,
  } as const;
  if (search.kind === 'ends-disagree') {
    const good = outcomes.get(options.good);
    const bad = outcomes.get(options.bad);
    return {
      report: {
        ...common,
        result: search.end === 'good' ? 'good-is-not-good' : 'bad-is-not-bad',
        firstBad: null,
        lastGood: null,
        skipped: [],
        difference: good && bad ? differenceOf(good, bad) : null,
      },
      exitCode: 1,
    };
  }
  const lastGood = outcomes.get(search.lastGood);
  const firstBad = outcomes.get(search.firstBad);
  return {
    report: {
      ...common,
      result: 'found',
      firstBad: search.firstBad,
      lastGood: search.lastGood,
      skipped: search.skipped,
      difference: lastGood && firstBad ? differenceOf(lastGood, firstBad) : null,
    },
    exitCode: 0,
  };
}
