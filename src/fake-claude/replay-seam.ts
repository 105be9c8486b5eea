import { behaviourFor, type CliBehaviour, emulatedVersions } from './behaviour/index.js';
import type { FakeFlags } from './flags.js';
import type { FakeIo } from './io.js';

/**
 * The seam replay mode plugs into: `src/replayer/` (`runReplay`, see `run-replay.ts`), loaded only
 * when a fixture is played, so scripted runs never load the replayer.
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
  /** See `FakeIo.stdinSettleMs`. */
  stdinSettleMs?: number;
  /** See `FakeIo.stdinIsFile`. */
  stdinIsFile?: boolean;
}

export interface FakeExit {
  exitCode: number;
  /** Leave by this signal instead (a recorded CLI that was killed). */
  signal?: NodeJS.Signals;
}

export async function runReplayMode(options: ReplayRunOptions): Promise<FakeExit> {
  const { runReplay } = await import('../replayer/index.js');
  const { stdinIsFile, ...rest } = options;
  const outcome = await runReplay({
    ...rest,
    // stdin is read as the CLI that made the recording reads it (the fake's version otherwise).
    stdinRulesFor: async (cliVersion) => {
      const behaviour =
        cliVersion !== undefined && emulatedVersions().includes(cliVersion)
          ? await behaviourFor(cliVersion)
          : options.behaviour;
      return {
        blankLines: behaviour.stdinBlankLines,
        parseError: (line) => behaviour.stdinParseError(line),
        nullError: (line) => behaviour.stdinNullError(line),
        ignoresInput:
          stdinIsFile === true &&
          options.flags.inputFormat === 'stream-json' &&
          behaviour.streamJsonFileStdin === 'ignored',
        ...(options.stdinSettleMs === undefined ? {} : { settleMs: options.stdinSettleMs }),
      };
    },
  });
  return typeof outcome === 'number' ? { exitCode: outcome } : outcome;
}
