import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageInfo } from '../config/package-info.js';
import { ClideError } from '../errors/index.js';
import type { ModelScript } from '../model-api/model-script.js';
import { emulatedVersions } from './behaviour/index.js';
import { type FakeClaudeProcess, type FakeSpawnOptions, spawnFakeClaude } from './in-process.js';
import { fakeClaudeBin } from './server/native-client.js';

/**
 * fake-claude as a library, for test suites in other projects. In the test's own process (no
 * child process; the Agent SDK's `spawnClaudeCodeProcess`):
 *
 *     const fake = await fakeClaude({ scenario: { version: 1, turns: [{ blocks: [{ type: 'text', text: 'Hi' }] }] } });
 *     const q = query({ prompt: 'Hello', options: { ...fake.sdkOptions } });
 *     …
 *     await fake.close();
 *
 * or as a process, for any client (`pathToClaudeCodeExecutable: fake.path, env: fake.env`). Both
 * run the same engine. `path` is the `fake-claude` executable; `env` is the complete environment to
 * hand the client (PATH, a private HOME/config dir for the session store, a private TMPDIR, the
 * scenario, the request log); `spawn` starts a session in-process from the SDK's spawn options.
 */

export interface FakeClaudeOptions {
  /** A model script (object) or the path of one: scripted mode with turns from it. */
  scenario?: ModelScript | string;
  /** A fixture to replay (replay mode, when the replayer is part of the build). */
  fixture?: string;
  /**
   * Extra environment, applied last (`undefined` removes a variable). Set `ANTHROPIC_BASE_URL`
   * here (and no scenario) to take the model turns from your own Messages API mock.
   */
  env?: Record<string, string | undefined>;
  /** Folder the fake works in (its tools act there); default: the client's cwd. */
  cwd?: string;
  /** CLI version to emulate, one of `emulatedVersions()` (default: the kit's pinned one). */
  version?: string;
}

/** One model request the fake made (what it would have sent to the Messages API). */
export interface FakeModelRequest {
  time: string;
  body: Record<string, unknown>;
}

export interface FakeClaude {
  /** Absolute path of `bin/fake-claude`: use it as `pathToClaudeCodeExecutable` / the `claude` binary. */
  path: string;
  /** The environment to run it with (e.g. the Agent SDK's `env` option). */
  env: Record<string, string>;
  /** The private HOME of this fake (session store, config dir). */
  home: string;
  /**
   * The Agent SDK's `spawnClaudeCodeProcess`: runs a session inside this process (the SDK's argv,
   * its `env` — pass `env` above — and its cwd), with no child process.
   */
  spawn: (options: FakeSpawnOptions) => FakeClaudeProcess;
  /**
   * The Agent SDK options for an in-process session, to spread into `query({ options })`:
   * `pathToClaudeCodeExecutable` (`path`; the SDK wants one, nothing is started from it), `env`
   * and `spawnClaudeCodeProcess` (`spawn`).
   */
  sdkOptions: {
    pathToClaudeCodeExecutable: string;
    env: Record<string, string>;
    spawnClaudeCodeProcess: (options: FakeSpawnOptions) => FakeClaudeProcess;
  };
  /** The model requests made so far, by every process started with `env`. */
  requests(): FakeModelRequest[];
  /** Kills its in-process sessions still running (SIGKILL), then removes the temporary files. Idempotent. */
  close(): Promise<void>;
}

/** Prepares a fake `claude` for one test (or suite). Nothing runs until the client spawns `path`. */
export async function fakeClaude(options: FakeClaudeOptions = {}): Promise<FakeClaude> {
  const path = fakeClaudeBin();
  if (!existsSync(join(packageInfo().root, 'dist', 'src', 'cli', 'fake-claude.js'))) {
    throw new ClideError('usage', 'fake-claude is not built', {
      where: path,
      hint: 'run `npm run build` in clide-conformance first',
    });
  }
  if (options.version !== undefined && !emulatedVersions().includes(options.version)) {
    throw new ClideError('usage', `fake-claude cannot emulate claude ${options.version}`, {
      where: 'fakeClaude({ version })',
      hint: `emulated versions: ${emulatedVersions().join(', ')}`,
    });
  }
  const root = mkdtempSync(join(tmpdir(), 'clide-fake-'));
  let made: { env: Record<string, string>; home: string; log: string };
  try {
    made = fakeEnv(root, options);
  } catch (error) {
    // A fake that cannot be made leaves no folder behind.
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    throw error;
  }
  const { env, home, log } = made;
  let closed = false;
  // In-process sessions still running when the fake is closed are killed with it.
  const live = new Set<FakeClaudeProcess>();
  const spawn = (spawnOptions: FakeSpawnOptions) => {
    const session = spawnFakeClaude(spawnOptions);
    live.add(session);
    session.once('exit', () => live.delete(session));
    return session;
  };
  return {
    path,
    env,
    home,
    spawn,
    sdkOptions: { pathToClaudeCodeExecutable: path, env, spawnClaudeCodeProcess: spawn },
    requests() {
      if (!existsSync(log)) return [];
      return readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as FakeModelRequest);
    },
    async close() {
      if (closed) return;
      closed = true;
      const running = [...live];
      for (const session of running) session.kill('SIGKILL');
      await Promise.all(running.map((session) => session.exited));
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/**
 * The fake's environment, its folders made in `root`: a private HOME and config dir (the session
 * store), the request log, and TMPDIR — where the emulated CLI keeps its temporary files, as the
 * real one does (2.1.332 saves each prompt image under it): inside `root`, so `close()` removes
 * them, never in the machine's temp folder. Throws a usage error when no model is given.
 */
function fakeEnv(
  root: string,
  options: FakeClaudeOptions,
): { env: Record<string, string>; home: string; log: string } {
  const home = join(root, 'home');
  const configDir = join(home, '.claude');
  const tmp = join(root, 'tmp');
  mkdirSync(configDir, { recursive: true });
  mkdirSync(tmp);
  const log = join(root, 'requests.jsonl');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    TMPDIR: tmp,
    CLIDE_FAKE_REQUEST_LOG: log,
  };
  if (options.scenario !== undefined) {
    if (typeof options.scenario === 'string') env.CLIDE_FAKE_SCENARIO = options.scenario;
    else {
      const file = join(root, 'model-script.json');
      writeFileSync(file, JSON.stringify(options.scenario));
      env.CLIDE_FAKE_SCENARIO = file;
    }
  }
  if (options.fixture !== undefined) {
    env.CLIDE_FAKE_FIXTURE = options.fixture;
    // The fake's HOME is its own; the client's (the one a recording of it was made with) is this.
    env.CLIDE_FAKE_CLIENT_HOME = process.env.HOME ?? homedir();
  }
  if (options.cwd !== undefined) env.CLIDE_FAKE_CWD = options.cwd;
  if (options.version !== undefined) env.CLIDE_FAKE_VERSION = options.version;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  if (!env.CLIDE_FAKE_SCENARIO && !env.CLIDE_FAKE_FIXTURE && !env.ANTHROPIC_BASE_URL) {
    throw new ClideError('usage', 'fakeClaude() needs a model', {
      where: 'fakeClaude(options)',
      hint: 'pass `scenario` (a model script or its path), `fixture`, or env.ANTHROPIC_BASE_URL (your Messages API mock)',
    });
  }
  return { env, home, log };
}

export { ACCEPTED_DIFFERENCES } from './accepted-differences.js';
export type { CliBehaviour } from './behaviour/index.js';
export { behaviourFor, emulatedVersions } from './behaviour/index.js';
export type { AcceptedDifference, NormalizedTranscript } from './fidelity.js';
export { applyAcceptedDifferences, normalizeTranscript } from './fidelity.js';
export type { FakeFlags, ParseOutcome } from './flags.js';
export { parseFakeFlags } from './flags-commander.js';
export type { FakeSpawnOptions } from './in-process.js';
export { engineArgv, FakeClaudeProcess, spawnFakeClaude } from './in-process.js';
export type { FakeIo } from './io.js';
export type { FakeExit, ReplayRunOptions } from './replay-seam.js';
export type { FakeMode, RunFakeOptions } from './run.js';
export { runFakeClaude, runFakeSession, selectMode } from './run.js';
export type { ExitPayload, HelloPayload } from './server/frames.js';
export { FAKE_SERVER_ENV, WIRE_PROTOCOL } from './server/frames.js';
export type { NativeClient, NativeClientOptions } from './server/native-client.js';
export { nativeClient } from './server/native-client.js';
export type { FakeServer, FakeServerOptions } from './server/server.js';
export { startFakeServer } from './server/server.js';
export type { FakeServerProcess, FakeServerProcessOptions } from './server/server-process.js';
export { spawnFakeServer } from './server/server-process.js';
