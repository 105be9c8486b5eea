import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { ACCEPTED_DIFFERENCES } from '../src/fake-claude/accepted-differences.js';
import { emulatedVersions } from '../src/fake-claude/behaviour/index.js';
import {
  applyAcceptedDifferences,
  type NormalizedTranscript,
  normalizeTranscript,
} from '../src/fake-claude/fidelity.js';
import { spawnFakeClaude } from '../src/fake-claude/in-process.js';
import { comparedModelRequests } from '../src/fake-claude/model-side-fidelity.js';
import { modelSideGap } from '../src/fake-claude/model-side-gaps.js';
import { type FakeServer, startFakeServer } from '../src/fake-claude/server/server.js';
import { SCENARIOS, type Scenario, type ScenarioRun } from '../src/scenarios/index.js';
import { runUnstarved as run, sharedRun } from './support/shared-runs.js';

/**
 * Differential fidelity, for every version fake-claude emulates (its captured data,
 * src/fake-claude/behaviour/data/): every scenario of the catalogue runs against that real CLI and
 * against fake-claude emulating it (CLIDE_FAKE_VERSION) in scripted mode, its model turns from the
 * same scripted Messages API (ANTHROPIC_BASE_URL, what `runScenario` provides). On the pinned
 * version through every way in: as the executable; in-process (the test's own process, no child:
 * the same engine, `spawnFakeClaude`) both from that API and from the model script file
 * (CLIDE_FAKE_SCENARIO); and from the script file through a warm fake server (the server's native
 * client with CLIDE_FAKE_SERVER). On the other versions, served to the native client (see
 * `runsOf`). The executable
 * reads the script file as the in-process engine does (one code path, src/fake-claude/run.ts), so
 * the executable runs once per scenario. The normalised transcripts (ids, timings, costs,
 * timestamps, sandbox paths; see src/fake-claude/fidelity.ts) must be equal, and so must the
 * Messages API requests the fake made with its model turns from the Messages API
 * (src/fake-claude/model-side-fidelity.ts: tools, system blocks, every message and reminder,
 * parameters, start-up and side requests), but where src/fake-claude/model-side-gaps.ts lists a
 * known gap. Accepted differences are listed in docs/fake-claude-differences.md and applied
 * explicitly (src/fake-claude/accepted-differences.ts). The real CLI's runs are shared with the
 * other test files that run the same scenario on the same binary (test/support/shared-runs.ts).
 */

const FAKE = resolve('bin/fake-claude');
const CONCURRENCY = 2;

interface Runs {
  real: ScenarioRun;
  fakeApi: ScenarioRun;
  /** The other ways in (only for the pinned version: see `runsOf`). */
  transports?: { inProcessApi: ScenarioRun; inProcessScript: ScenarioRun; servedScript: ScenarioRun };
}

/** The version whose runs go through every way into the fake (`runsOf`). */
const PINNED = packageInfo().pinned;

const scriptDir = mkdtempSync(join(tmpdir(), 'clide-fake-scripts-'));
const server = await startFakeServer();
let servedRuns = 0;

/** The server's native client: this machine (as CI) has a C compiler, so there must be one. */
function nativeClientOf(served: FakeServer): string {
  if (!served.nativeClient.ok) throw new Error(`no native client: ${served.nativeClient.problem}`);
  return served.executable;
}
const limit = pLimit(CONCURRENCY);

beforeAll(() => {
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
});

afterAll(async () => {
  rmSync(scriptDir, { recursive: true, force: true });
  await server.close();
  // Every served run reached the server: none ran locally for want of it.
  expect(server.refusals()).toEqual([]);
  expect(server.sessionsServed()).toBeGreaterThanOrEqual(servedRuns);
});

/**
 * The runs of one scenario for one version (started when its test starts, so `-t` filters). The
 * fake against the real CLI on every version: the version's data is what differs between them.
 * The ways into the fake — the executable, in-process from the Messages API and from the script
 * file, served to the native client — run the same engine on the same data whatever the version,
 * so they are compared on the pinned version; on the others the fake's run is served to the native
 * client from the Messages API (test/fake-server.test.ts holds served sessions equal to the
 * executable's).
 */
function runsOf(version: string, scenario: Scenario): Promise<Runs> {
  const real = inject('claudeBinaries')[version];
  if (!real)
    throw new Error(`no real claude ${version} (test/global-setup.ts installs every emulated version)`);
  const file = join(scriptDir, `${version}-${scenario.id.replace(/\W+/g, '_')}.json`);
  writeFileSync(file, JSON.stringify(scenario.model));
  const fake = { CLIDE_FAKE_VERSION: version };
  const realRun = limit(() =>
    sharedRun(inject('sharedRunsDir'), scenario, { binary: real, cliVersion: version }),
  );
  if (version !== PINNED) {
    servedRuns += 1;
    const servedApi = limit(() =>
      run(scenario, {
        binary: nativeClientOf(server),
        cliVersion: version,
        env: { ...fake, CLIDE_FAKE_SERVER: server.socketPath },
      }),
    );
    return Promise.all([realRun, servedApi]).then(([real, fakeApi]) => ({ real, fakeApi }));
  }
  const fakeApi = limit(() => run(scenario, { binary: FAKE, cliVersion: version, env: fake }));
  // In-process runs take milliseconds of this process's time (the rest is the scenario's own
  // waiting: a hang's silence limit, a slow turn); they run after the processes, side by side.
  const inProcess = Promise.all([realRun, fakeApi]).then(async () => {
    servedRuns += 1;
    const [api, script, served] = await Promise.all([
      run(scenario, { binary: FAKE, spawn: spawnFakeClaude, cliVersion: version, env: fake }),
      run(scenario, {
        binary: FAKE,
        spawn: spawnFakeClaude,
        cliVersion: version,
        env: { ...fake, CLIDE_FAKE_SCENARIO: file },
      }),
      // From the server's native client (test/fake-server.test.ts holds bin/fake-claude's to it).
      run(scenario, {
        binary: nativeClientOf(server),
        cliVersion: version,
        env: { ...fake, CLIDE_FAKE_SCENARIO: file, CLIDE_FAKE_SERVER: server.socketPath },
      }),
    ]);
    return { api, script, served };
  });
  return Promise.all([realRun, fakeApi, inProcess]).then(([r, a, i]) => ({
    real: r,
    fakeApi: a,
    transports: { inProcessApi: i.api, inProcessScript: i.script, servedScript: i.served },
  }));
}

function comparable(run: ScenarioRun): NormalizedTranscript {
  return applyAcceptedDifferences(normalizeTranscript(run.transcript), run.scenario, ACCEPTED_DIFFERENCES);
}

describe.each(emulatedVersions())(
  'fake-claude (scripted) emulating claude %s matches the real one, scenario by scenario',
  (version) => {
    for (const scenario of SCENARIOS) {
      it.concurrent(`${scenario.id}: same normalised transcript and model requests as the real CLI${version === PINNED ? ', with model turns from the Messages API and from the script file, executable, in-process and served' : ''}`, async () => {
        const { real, fakeApi, transports } = await runsOf(version, scenario);
        // The real CLI meets the scenario's contract; so must the fake (the same checks, the same findings).
        expect(real.findings.filter((f) => f.severity === 'breaking')).toEqual([]);
        expect(fakeApi.findings.filter((f) => f.severity === 'breaking')).toEqual([]);
        const expected = comparable(real);
        expect(comparable(fakeApi)).toEqual(expected);
        // The in-process fake: the same checks and transcripts as the executable. Scenario-file
        // mode makes no Messages API requests, so checks on those requests are not comparable
        // there; the transcript is. Through the fake server: the same transcript again.
        if (transports) {
          expect(transports.inProcessApi.findings.filter((f) => f.severity === 'breaking')).toEqual([]);
          expect(comparable(transports.inProcessApi)).toEqual(expected);
          expect(comparable(transports.inProcessScript)).toEqual(expected);
          expect(comparable(transports.servedScript)).toEqual(expected);
        }
        // The model side: the requests made (only the runs whose model turns come from the API).
        const gap = modelSideGap(version, scenario.id);
        if (gap) {
          // A known gap still differs (once it does not, its entry goes).
          const [realRequests, fakeRequests] = comparedModelRequests(
            real.modelRequests,
            fakeApi.modelRequests,
          );
          expect(fakeRequests, gap.what).not.toEqual(realRequests);
        } else {
          for (const run of transports ? [fakeApi, transports.inProcessApi] : [fakeApi]) {
            const [realRequests, fakeRequests] = comparedModelRequests(real.modelRequests, run.modelRequests);
            expect(fakeRequests).toEqual(realRequests);
          }
        }
      }, 180_000);
    }
  },
);
