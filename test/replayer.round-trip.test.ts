import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { versionOrder } from '../schemas/version.js';
import type { Transcript } from '../src/driver/index.js';
import { startFakeServer } from '../src/fake-claude/server/server.js';
import { clientView, PathSubstitution } from '../src/replayer/index.js';
import { SCENARIOS } from '../src/scenarios/index.js';
import { replayToScenario } from './support/replay-fixture.js';

/**
 * Record → replay round trip over the committed corpus of every pinned version: every fixture of
 * fixtures/<version>/ is replayed by the fake (CLIDE_FAKE_FIXTURE) to the SAME scenario client that
 * recorded it (`runScenario`), which must pass its checks and see exactly the recorded stdout,
 * stderr and exit code (paths normalised). Auxiliary runs of a scenario (the earlier session of
 * `session/resume`, the flag probes of `flags/sdk-flags`) get the same fixture and fail fast, as a
 * strict replay must. The replays are served by one warm fake server to its client (the native
 * client where the machine builds one: one engine for the ~130 sessions, not a Node start and an
 * engine load each); a served session is the executable's, held equal to it by
 * test/fake-server.test.ts, and test/replayer.hashed-ids.test.ts replays through bin/fake-claude
 * itself. The checks a replay cannot satisfy are declared by each scenario, with their reason
 * (`replayGaps` in src/scenarios/catalogue/), and listed in docs/replay.md ("What a replay cannot
 * reproduce").
 */

/** Every version with a committed corpus. */
const VERSIONS = readdirSync(resolve('fixtures'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && /^\d+\.\d+\.\d+$/.test(e.name))
  .map((e) => e.name)
  .sort(versionOrder);

const server = await startFakeServer();
let replays = 0;
afterAll(async () => {
  await server.close();
  // Every replay reached the server: none ran locally for want of it.
  expect(server.refusals()).toEqual([]);
  expect(server.sessionsServed()).toBeGreaterThanOrEqual(replays);
});

function scenarioId(file: string): string {
  return file.replace(/\.jsonl$/, '').replaceAll('__', '/');
}

/** The sandbox of a finished run, found from the paths the replay put into its output. */
function sandboxPaths(transcript: Transcript): PathSubstitution | undefined {
  const escaped = tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const root = new RegExp(`${escaped}/clide-sandbox-[A-Za-z0-9]+`).exec(
    JSON.stringify(transcript.frames),
  )?.[0];
  return root
    ? new PathSubstitution({ cwd: join(root, 'work'), home: join(root, 'home'), tmpdir: root })
    : undefined;
}

describe.each(VERSIONS)('record → replay round trip over fixtures/%s', (version) => {
  const dir = resolve('fixtures', version);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();

  it('the corpus is not empty and every fixture belongs to a catalogue scenario', () => {
    expect(existsSync(resolve('dist/src/replayer/index.js')), 'run `npm run build` first').toBe(true);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(SCENARIOS.map((s) => s.id)).toContain(scenarioId(file));
  });

  for (const file of files) {
    const id = scenarioId(file);
    const path = join(dir, file);
    it.concurrent(`${id}: the scenario client passes against the replay and sees the recorded stream`, async () => {
      replays += 1;
      const { fixture, run, accepted, failing } = await replayToScenario(id, path, version, server);
      expect(failing).toEqual([]);
      // Each accepted difference is real: if the replay starts satisfying a check, drop its entry.
      for (const code of Object.keys(accepted)) expect(run.findings.map((f) => f.code)).toContain(code);

      const live = clientView(run.transcript.frames, sandboxPaths(run.transcript));
      const recorded = clientView(fixture.frames);
      expect(live.stdout).toEqual(recorded.stdout);
      expect(live.stderr).toEqual(recorded.stderr);
      expect(run.transcript.exitCode).toBe(fixture.trailer?.exitCode);
    });
  }
});
