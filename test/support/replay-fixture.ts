import { resolve } from 'node:path';
import type { FakeServer } from '../../src/fake-claude/server/server.js';
import { readFixture } from '../../src/fixture/index.js';
import { replayGaps, runScenario, SCENARIOS } from '../../src/scenarios/index.js';

const FAKE = resolve('bin/fake-claude');

/**
 * Replays the fixture at `path` (recorded for scenario `id` on claude `version`) through
 * bin/fake-claude — or, given a warm fake server, through its client (`served.executable`, the
 * native client where the machine builds one, with CLIDE_FAKE_SERVER: the same engine and replay,
 * no engine to load per session) — to the scenario's own client: the fixture, the run, the checks
 * a replay cannot satisfy (`replayGaps`), and the breaking findings outside them, as `code: message`.
 */
export async function replayToScenario(id: string, path: string, version: string, served?: FakeServer) {
  const scenario = SCENARIOS.find((s) => s.id === id)!;
  const fixture = await readFixture(path);
  const run = await runScenario(scenario, {
    binary: served ? served.executable : FAKE,
    cliVersion: version,
    env: {
      CLIDE_FAKE_FIXTURE: path,
      CLIDE_FAKE_VERSION: version,
      ...(served ? { CLIDE_FAKE_SERVER: served.socketPath } : {}),
    },
  });
  const accepted = replayGaps(scenario, version);
  const failing = run.findings
    .filter((f) => f.severity === 'breaking' && !(f.code in accepted))
    .map((f) => `${f.code}: ${f.message}`);
  return { fixture, run, accepted, failing };
}
