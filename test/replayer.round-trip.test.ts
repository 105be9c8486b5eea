import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../src/driver/index.js';
import { fixtureCliVersion, readFixture } from '../src/fixture/index.js';
import { clientView, PathSubstitution } from '../src/replayer/index.js';
import { runScenario, SCENARIOS } from '../src/scenarios/index.js';

/**
 * Record → replay round trip over the committed corpus: every fixture of fixtures/2.1.150/ is
 * replayed by `bin/fake-claude` (CLIDE_FAKE_FIXTURE; auxiliary runs of a scenario — the earlier
 * session of `session/resume`, the flag probes of `flags/sdk-flags` — get the same fixture and fail
 * fast, as a strict replay must) to the SAME scenario client that recorded it
 * (`runScenario`), which must pass its checks and see exactly the recorded stdout, stderr and exit
 * code (paths normalised). The differences a replay cannot remove are listed here, with their
 * reason, and in docs/replay.md ("What a replay cannot reproduce").
 */

const FAKE = resolve('bin/fake-claude');
const DIR = resolve('fixtures/2.1.150');

/** Scenario checks a replay cannot satisfy, by scenario: finding code → why. */
const ACCEPTED: Record<string, Record<string, string>> = {
  'ask-user-question/answer': { 'ask/model-told': 'checks the request the CLI sent to the model API' },
  'content/image-and-document': {
    'content/image': 'checks the request the CLI sent to the model API',
    'content/document': 'checks the request the CLI sent to the model API',
  },
  'injected/slash-command': {
    'slash/expansion': 'checks the request the CLI sent to the model API',
    'slash/arguments': 'checks the request the CLI sent to the model API',
  },
  'session/resume': {
    'resume/session-id': 'the earlier session (prepare) is a second CLI run; a fixture holds one run',
    'resume/history': 'checks the request the CLI sent to the model API',
  },
  'mcp-permission-tool/stdio-allow': {
    'mcp-permission/calls': 'the stdio MCP server the CLI spawned is not run',
  },
  'mcp-permission-tool/stdio-deny': {
    'mcp-permission/calls': 'the stdio MCP server the CLI spawned is not run',
  },
  'mcp-permission-tool/stdio-modify': {
    'mcp-permission/calls': 'the stdio MCP server the CLI spawned is not run',
  },
  'turn/max-turns': { 'model/requests': 'checks the requests the CLI sent to the model API' },
  'turn/max-budget-usd': { 'model/requests': 'checks the requests the CLI sent to the model API' },
  'hooks/post-tool-use': { 'hooks/model-context': 'checks the request the CLI sent to the model API' },
  'hooks/user-prompt-submit': { 'hooks/model-context': 'checks the request the CLI sent to the model API' },
  'hooks/stop': { 'hooks/model-context': 'checks the request the CLI sent to the model API' },
  'permission-mode/accept-edits': { 'mode/bash': 'Bash side effects are not re-run' },
  'permission-mode/bypass': { 'mode/bash': 'Bash side effects are not re-run' },
  'permission-mode/plan': { 'mode/bash': 'Bash side effects are not re-run' },
};

function scenarioId(file: string): string {
  return file.replace(/\.jsonl$/, '').replaceAll('__', '/');
}

/** The sandbox of a finished run, found from the paths the replay put into its output. */
function sandboxPaths(transcript: Transcript): PathSubstitution | undefined {
  const escaped = tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const root = new RegExp(`${escaped}/clide-sandbox-[A-Za-z0-9]+`).exec(
    JSON.stringify(transcript.frames),
  )?.[0];
  return root ? new PathSubstitution({ cwd: join(root, 'work'), home: join(root, 'home') }) : undefined;
}

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .sort();

describe('record → replay round trip over fixtures/2.1.150', () => {
  it('the corpus is not empty and every fixture belongs to a catalogue scenario', () => {
    expect(existsSync(resolve('dist/src/replayer/index.js')), 'run `npm run build` first').toBe(true);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(SCENARIOS.map((s) => s.id)).toContain(scenarioId(file));
  });

  for (const file of files) {
    const id = scenarioId(file);
    const path = join(DIR, file);
    it.concurrent(`${id}: the scenario client passes against the replay and sees the recorded stream`, async () => {
      const scenario = SCENARIOS.find((s) => s.id === id)!;
      const fixture = await readFixture(path);
      // A replay is the fixture's CLI version: version-dependent checks follow it.
      const run = await runScenario(scenario, {
        binary: FAKE,
        cliVersion: fixtureCliVersion(fixture) ?? undefined,
        env: { CLIDE_FAKE_FIXTURE: path },
      });
      const accepted = ACCEPTED[id] ?? {};
      const failing = run.findings
        .filter((f) => f.severity === 'breaking' && !(f.code in accepted))
        .map((f) => `${f.code}: ${f.message}`);
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
