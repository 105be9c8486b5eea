import { resolve } from 'node:path';
import { readFixture } from '../../src/fixture/index.js';
import { replayGaps, runScenario, SCENARIOS } from '../../src/scenarios/index.js';

const FAKE = resolve('bin/fake-claude');

/**
 * Replays the fixture at `path` (recorded for scenario `id` on claude `version`) through
 * bin/fake-claude to the scenario's own client: the fixture, the run, the checks a replay cannot
 * satisfy (`replayGaps`), and the breaking findings outside them, as `code: message`.
 */
export async function replayToScenario(id: string, path: string, version: string) {
  const scenario = SCENARIOS.find((s) => s.id === id)!;
  const fixture = await readFixture(path);
  const run = await runScenario(scenario, {
    binary: FAKE,
    cliVersion: version,
    env: { CLIDE_FAKE_FIXTURE: path, CLIDE_FAKE_VERSION: version },
  });
  const accepted = replayGaps(scenario, version);
  const failing = run.findings
    .filter((f) => f.severity === 'breaking' && !(f.code in accepted))
    .map((f) => `${f.code}: ${f.message}`);
  return { fixture, run, accepted, failing };
}
