import { ClideError } from '../errors/index.js';
import type { CliBehaviour } from './behaviour/index.js';
import type { FakeFlags } from './flags.js';
import type { FakeIo } from './io.js';

/**
 * The seam replay mode plugs into. Replay lives in `src/replayer/` (built separately); its
 * `index.js` exports
 *
 *     runReplay(options: ReplayRunOptions): Promise<{ exitCode: number; signal?: NodeJS.Signals } | number>
 *
 * (`src/replayer/run-replay.ts` reads `fixture`, `argv`, `env`, `stdin`, `stdout`, `stderr`, `cwd`).
 * When that module is missing from the build, `CLIDE_FAKE_FIXTURE` / `--fixture` fail with a clear
 * ClideError ("replay mode not available yet").
 */
export interface ReplayRunOptions {
  /** Path of the fixture to play. */
  fixture: string;
  /** The command line as given (without node and script). */
  argv: string[];
  /** The same command line, parsed like the real CLI does. */
  flags: FakeFlags;
  behaviour: CliBehaviour;
  env: Record<string, string | undefined>;
  cwd: string;
  stdin: FakeIo['stdin'];
  stdout: FakeIo['stdout'];
  stderr: FakeIo['stderr'];
}

export interface FakeExit {
  exitCode: number;
  /** Leave by this signal instead (a recorded CLI that was killed). */
  signal?: NodeJS.Signals;
}

interface ReplayerModule {
  runReplay?: (options: ReplayRunOptions) => Promise<FakeExit | number>;
}

/** Hidden from the type checker on purpose: the replayer is optional at build time. */
const REPLAYER_MODULE = '../replayer/index.js';

export async function runReplayMode(options: ReplayRunOptions): Promise<FakeExit> {
  let module: ReplayerModule;
  try {
    module = (await import(REPLAYER_MODULE)) as ReplayerModule;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = (error as Error).message ?? '';
    if (code !== 'ERR_MODULE_NOT_FOUND' || !message.includes('replayer')) throw error;
    throw notAvailable(options.fixture);
  }
  if (typeof module.runReplay !== 'function') throw notAvailable(options.fixture);
  const outcome = await module.runReplay(options);
  return typeof outcome === 'number' ? { exitCode: outcome } : outcome;
}

function notAvailable(fixture: string): ClideError {
  return new ClideError('usage', 'replay mode not available yet in this build of clide-conformance', {
    where: `CLIDE_FAKE_FIXTURE=${fixture}`,
    hint: 'use scripted mode instead: CLIDE_FAKE_SCENARIO=<model script> (or --scenario), or ANTHROPIC_BASE_URL',
  });
}
