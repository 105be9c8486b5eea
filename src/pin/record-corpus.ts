/**
 * Records the corpus of one CLI version: every catalogue scenario (or those matching id prefixes)
 * driven against the real CLI through `clide-record`, one redacted fixture per scenario
 * (`<dir>/<scenario id, "/" → "__">.jsonl`). A scenario whose own checks fail keeps no fixture
 * in the corpus (once it failed a second time, recorded alone after the others); its recording
 * moves to `failedDir` (when given) for review. The model API side
 * requests outside the script of the recorded scenarios go to `<dir>/side-requests.json`.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { unscriptedRequests, updateSideRequestsFile } from '../canary/side-requests.js';
import { packageInfo } from '../config/package-info.js';
import type { Finding } from '../findings/index.js';
import { fixtureFileName, recordingPath } from '../fixture/index.js';
import { RECORD_ENV } from '../recorder/index.js';
import { runScenario, SCENARIOS, type Scenario } from '../scenarios/index.js';
import { selectByPrefixes } from '../scenarios/select-by-prefixes.js';

export interface RecordCorpusOptions {
  /** The CLI version recorded (what version-dependent expectations follow). */
  version: string;
  /** The real CLI binary. */
  binaryPath: string;
  /** Corpus folder (`fixtures/<version>/`). */
  dir: string;
  /** Scenario id prefixes; default: the whole catalogue. */
  only?: string[];
  /** The scenarios to choose from (default: the catalogue). */
  scenarios?: readonly Scenario[];
  /** Where the recordings of failed scenarios go; default: discarded. */
  failedDir?: string;
  /** Scenarios run at once (default 2). */
  jobs?: number;
  onProgress?: (line: string) => void;
  /**
   * Aborting it interrupts the recording: no further scenario starts, the running ones are stopped
   * (their recorders and CLIs killed, their sandboxes removed) and their partial recordings deleted;
   * the fixtures already recorded stay.
   */
  signal?: AbortSignal;
}

export interface RecordCorpusResult {
  recorded: Array<{ id: string; file: string; durationMs: number }>;
  failed: Array<{ id: string; findings: Finding[]; file?: string }>;
  /** Ids of the selected scenarios not recorded because the recording was interrupted. */
  notRecorded: string[];
}

type Outcome =
  | { interrupted: true }
  | { recorded: RecordCorpusResult['recorded'][number] }
  | { failed: RecordCorpusResult['failed'][number] };

export async function recordCorpus(options: RecordCorpusOptions): Promise<RecordCorpusResult> {
  mkdirSync(options.dir, { recursive: true });
  if (options.failedDir) mkdirSync(options.failedDir, { recursive: true });
  const queue = selectByPrefixes(options.scenarios ?? SCENARIOS, options.only ?? []);
  const recorder = join(packageInfo().root, 'bin', 'clide-record');
  const result: RecordCorpusResult = { recorded: [], failed: [], notRecorded: [] };
  // The recorder never sees the model API: what the scripted API saw goes beside the fixtures.
  const sideRequests: Record<string, string[]> = {};
  const signal = options.signal;
  /** Records `scenario`: its fixture when it passes, else its findings (and recording, kept aside when `keep`). */
  const recordOne = async (scenario: Scenario, keep: boolean): Promise<Outcome> => {
    const name = fixtureFileName(scenario.id);
    const out = join(options.dir, name);
    const run = await runScenario(scenario, {
      binary: recorder,
      cliVersion: options.version,
      env: {
        [RECORD_ENV.realClaude]: options.binaryPath,
        [RECORD_ENV.out]: out,
        [RECORD_ENV.scenario]: scenario.id,
      },
      // Earlier sessions and extra starts of a scenario are not part of its fixture: the real CLI
      // runs them, unrecorded (the recorder would answer --help with its own).
      auxiliaryBinary: options.binaryPath,
      auxiliaryEnv: {},
      ...(signal ? { signal } : {}),
    });
    if (run.interrupted || signal?.aborted) {
      // Cut short: neither a fixture nor a failure. The killed recorder left its partial file.
      rmSync(out, { force: true });
      rmSync(recordingPath(out), { force: true });
      return { interrupted: true };
    }
    if (run.passed) {
      sideRequests[scenario.id] = unscriptedRequests(run.modelRequests);
      return { recorded: { id: scenario.id, file: out, durationMs: run.durationMs } };
    }
    let kept: string | undefined;
    if (keep && options.failedDir) {
      kept = join(options.failedDir, name);
      try {
        renameSync(out, kept);
      } catch {
        kept = undefined;
      }
    }
    rmSync(out, { force: true });
    return { failed: { id: scenario.id, findings: run.findings, ...(kept ? { file: kept } : {}) } };
  };
  const failedOnce: Scenario[] = [];
  const worker = async () => {
    while (!signal?.aborted) {
      const scenario = queue.shift();
      if (!scenario) break;
      const outcome = await recordOne(scenario, false);
      if ('interrupted' in outcome) {
        result.notRecorded.push(scenario.id);
      } else if ('recorded' in outcome) {
        result.recorded.push(outcome.recorded);
        options.onProgress?.(`recorded ${scenario.id} (${outcome.recorded.durationMs} ms)`);
      } else {
        failedOnce.push(scenario);
        options.onProgress?.(
          `failed ${scenario.id} (recorded again alone at the end): ${outcome.failed.findings.map((f) => f.message).join('; ')}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.jobs ?? 2) }, worker));
  // A scenario that failed among others is recorded once more, alone: a loaded machine (a start
  // or a --help run past its time limit) is no change of the CLI; one that fails again is.
  for (const scenario of failedOnce) {
    if (signal?.aborted) {
      result.notRecorded.push(scenario.id);
      continue;
    }
    const outcome = await recordOne(scenario, true);
    if ('interrupted' in outcome) {
      result.notRecorded.push(scenario.id);
    } else if ('recorded' in outcome) {
      result.recorded.push(outcome.recorded);
      options.onProgress?.(`recorded ${scenario.id} on the second try (${outcome.recorded.durationMs} ms)`);
    } else {
      result.failed.push(outcome.failed);
      options.onProgress?.(
        `FAILED ${scenario.id}: ${outcome.failed.findings.map((f) => f.message).join('; ')}`,
      );
    }
  }
  updateSideRequestsFile(options.dir, sideRequests);
  result.notRecorded.push(...queue.map((s) => s.id));
  result.notRecorded.sort((a, b) => a.localeCompare(b));
  result.recorded.sort((a, b) => a.id.localeCompare(b.id));
  result.failed.sort((a, b) => a.id.localeCompare(b.id));
  return result;
}
