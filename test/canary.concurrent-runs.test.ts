import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeServer } from '../src/fake-claude/server/server.js';

/**
 * Two `run`s into one report folder at the same time (two CI jobs sharing a workspace, a user who
 * starts a second one): each writes its wire logs and reports under temporary names of its own,
 * so neither fails on the other's files (one failed in 2 of 4 tries with `error[io] …
 * .jsonl.recording … ENOENT`), and what is left is whole. The CLI side is the fake,
 * served by a warm fake server in this process to its native client: what is under test is the
 * kit's writing of the report folder, and a served session costs a few milliseconds of CPU where
 * bin/fake-claude's costs about a tenth of a second and the real CLI's half a second (two runs at
 * once, three rounds, 72 sessions, on 2 shared cores). The run's sandbox passes the CLI no
 * CLIDE_FAKE_SERVER, so the `--claude` it is given is a script that sets it.
 */

const BIN = resolve('bin/clide-conformance');
const dir = mkdtempSync(join(tmpdir(), 'clide-concurrent-runs-'));
const server = await startFakeServer();
if (!server.nativeClient.ok) throw new Error(`no native client: ${server.nativeClient.problem}`);
const FAKE = join(dir, 'served-fake-claude');
writeFileSync(
  FAKE,
  `#!/bin/sh\nCLIDE_FAKE_SERVER='${server.socketPath}' exec '${server.executable}' "$@"\n`,
  { mode: 0o755 },
);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  // Every session reached the server: none ran locally for want of it.
  expect(server.refusals()).toEqual([]);
  expect(server.sessionsServed()).toBeGreaterThan(0);
});

const run = (reportDir: string) =>
  execa('node', [BIN, 'run', '--claude', FAKE, '--only', 'control/', '--quiet', '--report-dir', reportDir], {
    reject: false,
    timeout: 120_000,
  });

describe('two runs into one report folder at once', () => {
  it('both succeed, three times over, and leave whole reports and no temporary file', async () => {
    const reportDir = join(dir, 'shared');
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([run(reportDir), run(reportDir)]);
      for (const one of [a, b]) {
        expect(one.stderr, `round ${round}`).not.toContain('error[');
        expect(one.exitCode, `round ${round}: ${one.stderr}`).toBe(0);
      }
    }
    const leftovers = [...readdirSync(reportDir), ...readdirSync(join(reportDir, 'wire'))].filter((name) =>
      /\.(recording|tmp)$/.test(name),
    );
    expect(leftovers).toEqual([]);
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as {
      scenarios: unknown[];
    };
    expect(report.scenarios.length).toBeGreaterThan(5);
  });
});
