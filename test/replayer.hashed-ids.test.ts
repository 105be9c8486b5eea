import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { createFixtureWriter, readFixture } from '../src/fixture/index.js';
import { IdPlaceholders, isHashedPlaceholder } from '../src/protocol/index.js';
import { createRedactor } from '../src/redact/index.js';
import { clientView } from '../src/replayer/index.js';
import { replayToScenario } from './support/replay-fixture.js';

/**
 * A recording longer than the redactor's numbered ids (src/protocol/ids.ts `MAX_NUMBERED_IDS`)
 * holds hashed placeholders past the cap. Replay binds live ids to whatever the fixture holds, so
 * such a fixture replays as a numbered one does: committed fixtures are redacted again with a
 * mapping that numbers two ids only (every later uuid, tool-use and message id hashed), then
 * replayed by `bin/fake-claude` to the scenario client that recorded them, as in
 * test/replayer.round-trip.test.ts.
 */

const VERSION = packageInfo().pinned;
const CASES = [
  'session/state-changed',
  'control/offline-requests',
  'permission/allow',
  'permission/updated-input-modifies',
  'hooks/pre-tool-use-callback',
  'turn/partial-messages',
  'subagent/task-messages',
];
const dir = mkdtempSync(join(tmpdir(), 'clide-hashed-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `source` written anew with ids past the first two hashed. */
async function hashedCopy(source: string, target: string): Promise<void> {
  const fixture = await readFixture(source);
  const h = fixture.header;
  const redactor = createRedactor({
    env: {},
    home: '',
    cwd: '',
    user: '',
    hostname: '',
    ids: new IdPlaceholders({ maxNumbered: 2 }),
  });
  const writer = createFixtureWriter(
    target,
    {
      argv: h.argv,
      cliVersion: h.cliVersion,
      ...(h.scenario ? { scenario: h.scenario } : {}),
      ...(h.env ? { env: h.env } : {}),
      ...(h.meta ? { meta: h.meta } : {}),
    },
    { transform: redactor },
  );
  for (const f of fixture.frames) {
    const payload = f.msg !== undefined ? { msg: f.msg } : f.raw !== undefined ? { raw: f.raw } : undefined;
    if (payload) writer.frame(f.dir, payload, f.t);
  }
  writer.close({
    complete: fixture.trailer?.complete ?? true,
    exitCode: fixture.trailer?.exitCode ?? null,
    signal: fixture.trailer?.signal ?? null,
    durationMs: fixture.trailer?.durationMs ?? 0,
  });
}

describe(`a fixture with hashed id placeholders replays (fixtures/${VERSION})`, () => {
  for (const id of CASES) {
    it.concurrent(`${id}: the scenario client passes against the replay and sees the recorded stream`, async () => {
      const source = resolve('fixtures', VERSION, `${id.replaceAll('/', '__')}.jsonl`);
      const path = join(dir, `${id.replaceAll('/', '__')}.jsonl`);
      await hashedCopy(source, path);
      const text = readFileSync(path, 'utf8');
      const hashed = new Set(
        [...text.matchAll(/00000000-[0-9a-f]{4}-4[0-9a-f]{3}-b[0-9a-f]{3}-[0-9a-f]{12}/g)].map((m) => m[0]),
      );
      expect([...hashed].every(isHashedPlaceholder)).toBe(true);
      expect(hashed.size).toBeGreaterThan(0);

      const { fixture, run, failing } = await replayToScenario(id, path, VERSION);
      expect(failing).toEqual([]);
      expect(clientView(run.transcript.frames).stdout.length).toBe(clientView(fixture.frames).stdout.length);
      expect(run.transcript.exitCode).toBe(fixture.trailer?.exitCode);
    });
  }
});
