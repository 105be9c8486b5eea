import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pLimit from 'p-limit';
import { versionOrder } from '../../../schemas/version.js';
import { packageInfo } from '../../config/package-info.js';
import { runScenario, SCENARIOS, type Scenario, type ScenarioRun } from '../../scenarios/index.js';
import { isRecord } from '../../util/json.js';
import { ACCEPTED_DIFFERENCES } from '../accepted-differences.js';
import { forgetOverridePicks, type OverridePicks, useOverridePicks } from '../behaviour/index.js';
import { OVERRIDE_SETS } from '../behaviour/override-sets.js';
import { applyAcceptedDifferences, normalizeTranscript } from '../fidelity.js';
import { spawnFakeClaude } from '../in-process.js';
import { comparedModelRequests } from '../model-side-fidelity.js';
import { modelSideGap } from '../model-side-gaps.js';
import { OVERRIDES_FOLDER } from './version-registries.js';

/**
 * The draft of a new version's overrides: the fake emulating the version is compared with the real
 * CLI over the catalogue as test/fake-claude.differential.test.ts compares them (normalised
 * transcripts, the fake's findings, its Messages API requests), once with the override sets up to
 * the version and once also with the members of the next set above it (a version between two
 * pinned ones behaves as one or the other in most of what changed between them). The better of the
 * two is written as the version's `overrides.json` (the next set's members taken) or not, unless the
 * file as it stands (narrowed by a person with `members` or `except`) does at least as well; what
 * still differs is listed, scenario by scenario, for a person to write as an override.
 */

/** A scenario on which the fake and the real CLI differ. */
export interface FakeDifference {
  scenario: string;
  /** Where first: the stream and JSON path, with both values. */
  what: string;
}

export interface OverridesDraft {
  version: string;
  /** The later override set compared, when there is one above the version. */
  candidate?: string;
  /** Scenarios compared (those the real CLI passes). */
  compared: number;
  /** What differs with the sets up to the version only. */
  without: FakeDifference[];
  /** What differs with the candidate's members taken too. */
  with?: FakeDifference[];
  /** What differs with the version's `overrides.json` as it stood, when it was another. */
  withFiled?: FakeDifference[];
  /** The version's `overrides.json` after the draft (written, or kept as it stood); none: no picks. */
  picks?: OverridePicks;
  /** Files written or removed, absolute. */
  wrote: string[];
  /** What still differs with the draft: each one a human's override. */
  differing: FakeDifference[];
  /** Scenarios the real CLI fails by their own checks (not compared; `pin` lists them). */
  realFailed: string[];
}

export interface DraftOptions {
  version: string;
  binaryPath: string;
  /** The scenarios compared (default: the catalogue). */
  scenarios?: readonly Scenario[];
  /** Scenario runs at once (default 2). */
  jobs?: number;
  onProgress?: (line: string) => void;
  /** The later override set compared (default: the next one above the version). */
  candidate?: string;
  /** Environment of the real CLI's runs, on top of the sandbox's (none by default). */
  realEnv?: Record<string, string>;
  /** The folder of the override sets' version folders (default: the checkout's). */
  overridesDir?: string;
}

/** The first place `a` and `b` differ, as `path: a ≠ b` (values cut short). */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found) return found;
    }
  } else if (isRecord(a) && isRecord(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
      const found = firstDifference(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v).slice(0, 120));
  return `${path}: real ${show(a)}, fake ${show(b)}`;
}

/** What differs between the real run and the fake's of one scenario, or undefined. */
function difference(version: string, real: ScenarioRun, fake: ScenarioRun): string | undefined {
  const breaking = fake.findings.filter((f) => f.severity === 'breaking');
  if (breaking.length > 0) return `the fake fails ${breaking.map((f) => f.code).join(', ')}`;
  const comparable = (run: ScenarioRun) =>
    applyAcceptedDifferences(normalizeTranscript(run.transcript), run.scenario, ACCEPTED_DIFFERENCES);
  const transcript = firstDifference(comparable(real), comparable(fake));
  if (transcript) return transcript;
  if (modelSideGap(version, real.scenario)) return undefined;
  const requests = firstDifference(
    ...comparedModelRequests(real.modelRequests, fake.modelRequests),
    'requests',
  );
  return requests;
}

/** The next override set above `version`, if any. */
export function nextOverrideSet(version: string): string | undefined {
  return Object.keys(OVERRIDE_SETS)
    .filter((v) => versionOrder(v, version) > 0)
    .sort(versionOrder)[0];
}

export async function draftOverrides(options: DraftOptions): Promise<OverridesDraft> {
  const { version } = options;
  const say = options.onProgress ?? (() => {});
  const scenarios = options.scenarios ?? SCENARIOS;
  const limit = pLimit(Math.max(1, options.jobs ?? 2));
  const fake = join(packageInfo().root, 'bin', 'fake-claude');

  say(`running the catalogue against the real claude ${version}`);
  const real = await Promise.all(
    scenarios.map((s) =>
      limit(() =>
        runScenario(s, {
          binary: options.binaryPath,
          cliVersion: version,
          ...(options.realEnv ? { env: options.realEnv } : {}),
        }),
      ),
    ),
  );
  const passing = real.filter((r) => r.passed);
  const fakeDifferences = async (picks: OverridePicks | undefined): Promise<FakeDifference[]> => {
    useOverridePicks(version, picks);
    const out: FakeDifference[] = [];
    await Promise.all(
      passing.map((r) =>
        limit(async () => {
          const scenario = scenarios.find((s) => s.id === r.scenario)!;
          const run = await runScenario(scenario, {
            binary: fake,
            spawn: spawnFakeClaude,
            cliVersion: version,
            env: { CLIDE_FAKE_VERSION: version },
          });
          const what = difference(version, r, run);
          if (what) out.push({ scenario: r.scenario, what });
        }),
      ),
    );
    return out.sort((a, b) => a.scenario.localeCompare(b.scenario));
  };

  const dir = join(options.overridesDir ?? join(packageInfo().root, OVERRIDES_FOLDER), version);
  const file = join(dir, 'overrides.json');
  // The version's overrides.json as it stands (a person may have narrowed it since it was drafted).
  const filed = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OverridePicks) : undefined;
  const candidate = options.candidate ?? nextOverrideSet(version);
  say(`comparing the fake emulating claude ${version} with it, with the override sets up to it`);
  const without = await fakeDifferences(undefined);
  let withPicks: FakeDifference[] | undefined;
  if (candidate) {
    say(`… and with the members of ${candidate}'s override set too`);
    withPicks = await fakeDifferences({ from: candidate });
  }
  const next = candidate ? { from: candidate } : undefined;
  let withFiled: FakeDifference[] | undefined;
  if (filed && !isDeepStrictEqual(filed, next)) {
    say(`… and with its overrides.json as it stands`);
    withFiled = await fakeDifferences(filed);
  }
  forgetOverridePicks(version);

  // The fewest differences win; on a tie the file as it stands, then no picks.
  const choices: Array<[OverridePicks | undefined, FakeDifference[]]> = [];
  if (filed) choices.push([filed, withFiled ?? withPicks!]);
  choices.push([undefined, without]);
  if (next && withPicks) choices.push([next, withPicks]);
  let [picks, differing] = choices[0]!;
  for (const [p, d] of choices.slice(1)) if (d.length < differing.length) [picks, differing] = [p, d];

  const wrote: string[] = [];
  if (picks && !isDeepStrictEqual(picks, filed)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(picks, null, 2)}\n`);
    wrote.push(file);
  } else if (!picks && filed) {
    rmSync(file);
    wrote.push(file);
  }
  return {
    version,
    ...(candidate ? { candidate } : {}),
    compared: passing.length,
    without,
    ...(withPicks ? { with: withPicks } : {}),
    ...(withFiled ? { withFiled } : {}),
    ...(picks ? { picks } : {}),
    wrote,
    differing,
    realFailed: real.filter((r) => !r.passed).map((r) => r.scenario),
  };
}
