import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { versionOrder } from '../schemas/version.js';
import type { Transcript } from '../src/driver/index.js';
import { readFixture } from '../src/fixture/index.js';
import { clientView, PathSubstitution } from '../src/replayer/index.js';
import { byVersion, runScenario, SCENARIOS, type VersionRange } from '../src/scenarios/index.js';

/**
 * Record → replay round trip over the committed corpus of every pinned version: every fixture of
 * fixtures/<version>/ is
 * replayed by `bin/fake-claude` (CLIDE_FAKE_FIXTURE; auxiliary runs of a scenario — the earlier
 * session of `session/resume`, the flag probes of `flags/sdk-flags` — get the same fixture and fail
 * fast, as a strict replay must) to the SAME scenario client that recorded it
 * (`runScenario`), which must pass its checks and see exactly the recorded stdout, stderr and exit
 * code (paths normalised). The differences a replay cannot remove are listed here, with their
 * reason, and in docs/replay.md ("What a replay cannot reproduce").
 */

const FAKE = resolve('bin/fake-claude');
/** Every version with a committed corpus. */
const VERSIONS = readdirSync(resolve('fixtures'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && /^\d+\.\d+\.\d+$/.test(e.name))
  .map((e) => e.name)
  .sort(versionOrder);

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
  'structured-output/provided': {
    'structured-output/tool-schema': 'checks the request the CLI sent to the model API',
    'structured-output/tool-description': 'checks the request the CLI sent to the model API',
    'model/requests': 'checks the requests the CLI sent to the model API',
  },
  'structured-output/retries-exhausted': {
    'model/requests': 'checks the requests the CLI sent to the model API',
  },
  'compaction/manual': {
    'compaction/request': 'checks the requests the CLI sent to the model API',
    'compaction/request-history': 'checks the requests the CLI sent to the model API',
    'compaction/next-request': 'checks the requests the CLI sent to the model API',
  },
  'prompt-suggestion/after-turn': {
    'suggestion/early': 'checks the requests the CLI sent to the model API',
    'model/requests': 'checks the requests the CLI sent to the model API',
    'suggestion/request': 'checks the requests the CLI sent to the model API',
    'suggestion/request-history': 'checks the requests the CLI sent to the model API',
  },
  'subagent/task-messages': { 'model/requests': 'checks the requests the CLI sent to the model API' },
  'subagent/api-retry': { 'model/requests': 'checks the requests the CLI sent to the model API' },
  'permission-mode/accept-edits': { 'mode/bash': 'Bash side effects are not re-run' },
  'permission-mode/bypass': { 'mode/bash': 'Bash side effects are not re-run' },
};

/**
 * Where a scenario's checks differ by CLI version, so do the ones a replay cannot satisfy: its
 * entry by version range (the catalogue's boundaries), in place of an entry above.
 */
const ACCEPTED_BY_VERSION: Record<string, Record<VersionRange, Record<string, string>>> = {
  // From 2.1.202 the CLI answers a user message without content with a model turn; the check reads its request.
  'input/wrong-shape-user-message': {
    '<2.1.202': {},
    '>=2.1.202': { 'input/prompt': 'checks the request the CLI sent to the model API' },
  },
  // From 2.1.218 plan mode runs no Bash: nothing to re-run.
  'permission-mode/plan': {
    '<2.1.218': { 'mode/bash': 'Bash side effects are not re-run' },
    '>=2.1.218': {},
  },
};

/** The accepted replay differences of scenario `id` on `version`. */
function acceptedFor(version: string, id: string): Record<string, string> {
  const byRange = ACCEPTED_BY_VERSION[id];
  return byRange ? byVersion(version, byRange) : (ACCEPTED[id] ?? {});
}

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
      const scenario = SCENARIOS.find((s) => s.id === id)!;
      const fixture = await readFixture(path);
      const run = await runScenario(scenario, {
        binary: FAKE,
        cliVersion: version,
        env: { CLIDE_FAKE_FIXTURE: path, CLIDE_FAKE_VERSION: version },
      });
      const accepted = acceptedFor(version, id);
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
