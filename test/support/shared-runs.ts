import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import {
  type RunScenarioOptions,
  runScenario,
  type Scenario,
  type ScenarioRun,
} from '../../src/scenarios/index.js';

/**
 * Real-CLI runs of a scenario shared between test files. Several files run the same catalogue
 * scenario against the same real binary (the differential test every scenario on every pinned
 * version, the drift-report test every scenario on 2.1.332, the HTML, run and matrix tests a few,
 * the bisect and unscripted-requests tests the same few again and again): the
 * first file to need one runs it and stores the `ScenarioRun` as JSON in the folder
 * test/global-setup.ts provides (`sharedRunsDir`); a file that needs it meanwhile waits for that
 * run (a lock folder made atomically), then reads it. On 2 cores the suite is CPU-bound, and a real
 * run costs ~0.5 s of CPU; runs are keyed by everything that makes them (binary, version,
 * environment, scenario), so a shared run is one the file would have made itself.
 *
 * A run starved of CPU (the silence limit or a deadline missed on a loaded machine) is made again
 * once before it is kept, as the differential test always did with its own runs.
 */

/** Options a shared run may have: those that make it (no in-process spawn, no per-run hooks). */
type SharedOptions = Pick<RunScenarioOptions, 'binary' | 'cliVersion' | 'env' | 'signal'>;

const STARVED = ['scenario/timeout', 'hang/silent-cli', 'hang/deadline-exceeded'];
/** A lock older than this is a file that died holding it: the waiter runs the scenario itself. */
const STALE_LOCK_MS = 5 * 60_000;

/** One run, made again once when it was starved of CPU. */
export async function runUnstarved(scenario: Scenario, options: RunScenarioOptions): Promise<ScenarioRun> {
  const first = await runScenario(scenario, options);
  const starved = first.findings.some((f) => f.severity === 'breaking' && STARVED.includes(f.code));
  return starved && !first.interrupted ? runScenario(scenario, options) : first;
}

function keyOf(scenario: Scenario, options: SharedOptions): string {
  const env = Object.entries(options.env ?? {})
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([options.binary, options.cliVersion ?? null, env, scenario.id]))
    .digest('hex')
    .slice(0, 32);
}

function readRun(file: string): ScenarioRun | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ScenarioRun;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
        return tryLock(lock);
      }
    } catch {
      // Released between the two calls: the next poll sees the run or takes the lock.
    }
    return false;
  }
}

/**
 * `runScenario` with the run shared through `dir`: a run another test file made (or is making)
 * with the same binary, version, environment and scenario is handed back instead of a new one.
 */
export async function sharedRun(
  dir: string,
  scenario: Scenario,
  options: SharedOptions,
): Promise<ScenarioRun> {
  const key = keyOf(scenario, options);
  const file = join(dir, `${key}.json`);
  const lock = join(dir, `${key}.lock`);
  for (;;) {
    const kept = readRun(file);
    if (kept) return kept;
    if (tryLock(lock)) {
      try {
        const again = readRun(file); // made while this file waited for the lock
        if (again) return again;
        const run = await runUnstarved(scenario, options);
        // An interrupted run is no result: it is handed back but not kept.
        if (!run.interrupted) {
          const temp = `${file}.${process.pid}.tmp`;
          writeFileSync(temp, JSON.stringify(run));
          renameSync(temp, file);
        }
        return run;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    }
    await sleep(100);
  }
}

/**
 * A runner for `runCanary({ runScenario })` and the tests' own runs: real-CLI runs go through the
 * shared folder; runs in-process or with per-run hooks are made as usual.
 */
export function sharedRunner(): (scenario: Scenario, options: RunScenarioOptions) => Promise<ScenarioRun> {
  const dir = inject('sharedRunsDir');
  return (scenario, options) => {
    const { binary, cliVersion, env, signal, ...rest } = options;
    if (Object.values(rest).some((v) => v !== undefined)) return runScenario(scenario, options);
    return sharedRun(dir, scenario, {
      binary,
      ...(cliVersion ? { cliVersion } : {}),
      ...(env ? { env } : {}),
      ...(signal ? { signal } : {}),
    });
  };
}
