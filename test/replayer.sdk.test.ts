import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PermissionResult, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import * as sdkOldest from '@anthropic-ai/claude-agent-sdk';
import * as sdkNewest from 'claude-agent-sdk-newest';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createSandbox, type Sandbox, sandboxEnv } from '../src/driver/index.js';
import { spawnFakeClaude } from '../src/fake-claude/in-process.js';
import { readFixture } from '../src/fixture/index.js';
import { startModelApi } from '../src/model-api/index.js';
import { clientView, PathSubstitution } from '../src/replayer/index.js';
import { script, text, toolUse } from '../src/scenarios/index.js';

/**
 * The official Agent SDK as the client of a replay: a session recorded here through
 * `bin/clide-record` (the real CLI of every version with a corpus, SDK `query()` with `canUseTool`
 * allow), then replayed by `bin/fake-claude` to the same SDK code. The SDK sends random request ids and an `initialize`
 * first; the replay must rebind them and behave exactly as the recording session did. Under both
 * ends of the supported Agent SDK range: the oldest (0.3.150) and the newest published (0.3.337).
 */

/** One Agent SDK module (the newest typed as the oldest: the tests use what both declare). */
type AgentSdk = typeof sdkOldest;
const SDKS: Array<{ sdkVersion: string; sdk: AgentSdk }> = [
  { sdkVersion: '0.3.150', sdk: sdkOldest },
  { sdkVersion: '0.3.337', sdk: sdkNewest as unknown as AgentSdk },
];

const RECORD = resolve('bin/clide-record');
/** Every version with a committed corpus. */
const VERSIONS = readdirSync(resolve('fixtures'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && /^\d+\.\d+\.\d+$/.test(e.name))
  .map((e) => e.name)
  .sort();
const FAKE = resolve('bin/fake-claude');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface Session {
  messages: SDKMessage[];
  asked: Array<{ tool: string; input: unknown }>;
  error?: string;
}

async function runSdk(
  sdk: AgentSdk,
  binary: string,
  sandbox: Sandbox,
  env: Record<string, string>,
  prompt = 'Write banana.txt.',
  inProcess = false,
): Promise<Session> {
  const messages: SDKMessage[] = [];
  const asked: Session['asked'] = [];
  const q = sdk.query({
    prompt,
    options: {
      pathToClaudeCodeExecutable: binary,
      // The fake inside this process (the same engine as the executable), no child process.
      ...(inProcess ? { spawnClaudeCodeProcess: spawnFakeClaude } : {}),
      cwd: sandbox.cwd,
      env,
      settingSources: [],
      canUseTool: async (tool, input): Promise<PermissionResult> => {
        asked.push({ tool, input });
        return { behavior: 'allow', updatedInput: input };
      },
    },
  });
  try {
    for await (const message of q) messages.push(message);
  } catch (thrown) {
    return { messages, asked, error: thrown instanceof Error ? thrown.message : String(thrown) };
  }
  return { messages, asked };
}

/** The session as the SDK's caller saw it, sandbox paths and ids normalised. */
function seen(session: Session, sandbox: Sandbox) {
  const paths = new PathSubstitution({ cwd: sandbox.cwd, home: sandbox.home, tmpdir: sandbox.root });
  return {
    messages: clientView(
      session.messages.map((msg) => ({ dir: 'from-cli' as const, msg })),
      paths,
    ).stdout,
    asked: clientView(
      session.asked.map((a) => ({ dir: 'from-cli' as const, msg: a })),
      paths,
    ).stdout,
  };
}

/** The replaying side: the executable, and the same fake inside the test's process. */
const PATHS = [
  { path: 'bin/fake-claude', inProcess: false },
  { path: 'in-process', inProcess: true },
];

describe.each(
  SDKS.flatMap(({ sdkVersion, sdk }) => VERSIONS.map((version) => ({ sdkVersion, sdk, version }))),
)(
  'Agent SDK $sdkVersion query() against a replay of its own recording (claude $version)',
  ({ sdk, version }) => {
    it('gets the same messages and the same canUseTool prompt as in the recorded session, and the Write happens (executable and in-process)', async () => {
      expect(existsSync(resolve('dist/src/replayer/index.js')), 'run `npm run build` first').toBe(true);
      const model = script(
        [toolUse('toolu_01ReplaySdk', 'Write', { file_path: 'banana.txt', content: 'yellow\n' })],
        [text('Wrote banana.txt.')],
      );
      const recording = createSandbox();
      const api = await startModelApi({ script: model });
      cleanups.push(
        () => api.close(),
        () => recording.dispose(),
      );
      const fixture = join(recording.root, 'sdk-session.jsonl');

      const recorded = await runSdk(sdk, RECORD, recording, {
        ...sandboxEnv({ sandbox: recording, modelApiUrl: api.url }),
        CLIDE_REAL_CLAUDE: inject('claudeBinaries')[version]!,
        CLIDE_RECORD_OUT: fixture,
      });
      expect(recorded.error).toBeUndefined();
      expect(recorded.asked.map((a) => a.tool)).toEqual(['Write']);
      const frames = (await readFixture(fixture)).frames;
      // The SDK opened with its own initialize request under a random id.
      expect(frames.find((f) => f.dir === 'to-cli')?.msg).toMatchObject({
        request: { subtype: 'initialize' },
      });

      // The replay: no model API at all, only the fixture; the same recording for both paths.
      for (const { path, inProcess } of PATHS) {
        const replaying = createSandbox();
        cleanups.push(() => replaying.dispose());
        const replayed = await runSdk(
          sdk,
          FAKE,
          replaying,
          { ...sandboxEnv({ sandbox: replaying }), CLIDE_FAKE_FIXTURE: fixture, CLIDE_FAKE_VERSION: version },
          undefined,
          inProcess,
        );
        expect(replayed.error, path).toBeUndefined();
        expect(seen(replayed, replaying), path).toEqual(seen(recorded, recording));
        expect(replayed.messages.at(-1), path).toMatchObject({
          type: 'result',
          subtype: 'success',
          result: 'Wrote banana.txt.',
        });
        expect(readFileSync(join(replaying.cwd, 'banana.txt'), 'utf8'), path).toBe('yellow\n');
      }
    });

    it.each(PATHS)(
      'replays a corpus fixture recorded by another client (no initialize) to the SDK, answering its initialize ($path)',
      async ({ inProcess }) => {
        const path = resolve('fixtures', version, 'permission__allow.jsonl');
        const fixture = await readFixture(path);
        expect(
          fixture.frames.some((f) => f.dir === 'to-cli' && JSON.stringify(f.msg).includes('"initialize"')),
        ).toBe(false);
        const sandbox = createSandbox();
        cleanups.push(() => sandbox.dispose());
        const replayed = await runSdk(
          sdk,
          FAKE,
          sandbox,
          { ...sandboxEnv({ sandbox }), CLIDE_FAKE_FIXTURE: path, CLIDE_FAKE_VERSION: version },
          undefined,
          inProcess,
        );
        expect(replayed.error).toBeUndefined();
        expect(replayed.asked).toEqual([
          // The CLI asks with the absolute path: the fixture's $CWD, this sandbox's cwd.
          { tool: 'Write', input: { file_path: join(sandbox.cwd, 'banana.txt'), content: 'yellow\n' } },
        ]);
        expect(readFileSync(join(sandbox.cwd, 'banana.txt'), 'utf8')).toBe('yellow\n');
        // The SDK hands its caller every stdout message but the control envelopes.
        const recorded = fixture.frames.filter(
          (f) => f.dir === 'from-cli' && !String((f.msg as { type?: unknown }).type).startsWith('control_'),
        );
        expect(seen(replayed, sandbox).messages).toEqual(clientView(recorded).stdout);
      },
    );
  },
);
