import { packageInfo } from '../config/package-info.js';
import { ClideError, isClideError } from '../errors/index.js';
import { behaviourFor, type CliBehaviour } from './behaviour/index.js';
import { FAKE_HELP_FLAG, fakeHelpText } from './fake-help.js';
import { type FakeFlags, fastParseFlags, optionTable, type ParseOutcome } from './flags.js';
import type { FakeIo } from './io.js';
import type { FakeExit } from './replay-seam.js';
import { betasWarnings } from './scripted/betas-warnings.js';

/**
 * The fake `claude`: parse the command line like the real one, check the same preconditions, then
 * run one mode — `scripted` (a model script or a Messages API drives the turns, the CLI around them
 * is emulated) or `replay` (a recorded fixture is played back; see `replay-seam.ts`).
 *
 * Environment:
 * - `CLIDE_FAKE_SCENARIO=<model script>` (or `--scenario`): scripted mode, turns from the script;
 * - `ANTHROPIC_BASE_URL` (when no scenario): scripted mode, turns from that Messages API;
 * - `CLIDE_FAKE_FIXTURE=<fixture>` (or `--fixture`): replay mode;
 * - `CLIDE_FAKE_VERSION`: the CLI version to emulate (default: the kit's pinned one, `clideConformance.pinned`);
 * - `CLIDE_FAKE_REQUEST_LOG=<file>`: append every model request the fake makes (JSONL);
 * - `CLIDE_FAKE_CWD`: work in this folder instead of the process cwd.
 * (`CLIDE_FAKE_MODE` and `CLIDE_FAKE_PACING` tune replay mode.) `fake-claude --fake-help` says all this.
 */

export type FakeMode =
  | { kind: 'scripted'; scenario?: string; baseUrl?: string }
  | { kind: 'replay'; fixture: string };

export interface RunFakeOptions {
  io: FakeIo;
  env: Record<string, string | undefined>;
  cwd: string;
  pid: number;
  /**
   * Aborted when the session is killed (the in-process fake's `kill()`): a scripted run stops at
   * once; a replay stops when its stdin ends.
   */
  killed?: AbortSignal;
}

/** Picks the mode from flags and environment; a ClideError when neither can run. */
export function selectMode(flags: FakeFlags, env: Record<string, string | undefined>): FakeMode {
  const fixture = flags.fixture ?? env.CLIDE_FAKE_FIXTURE;
  const scenario = flags.scenario ?? env.CLIDE_FAKE_SCENARIO;
  if (fixture && scenario) {
    throw new ClideError(
      'usage',
      'fake-claude got both a fixture (replay mode) and a scenario (scripted mode)',
      {
        where: 'CLIDE_FAKE_FIXTURE / CLIDE_FAKE_SCENARIO',
        hint: 'set only one of them',
      },
    );
  }
  if (fixture) return { kind: 'replay', fixture };
  if (scenario) return { kind: 'scripted', scenario };
  if (env.ANTHROPIC_BASE_URL) return { kind: 'scripted', baseUrl: env.ANTHROPIC_BASE_URL };
  throw new ClideError('usage', 'fake-claude has no model to play', {
    where: 'environment',
    hint: `set CLIDE_FAKE_SCENARIO=<model script> (or pass --scenario <file>), ANTHROPIC_BASE_URL=<Messages API>, or CLIDE_FAKE_FIXTURE=<fixture>; \`fake-claude ${FAKE_HELP_FLAG}\` lists every CLIDE_FAKE_* variable`,
  });
}

/** The preconditions the real CLI checks after parsing (same texts, exit code 1); `undefined` when fine. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function precondition(flags: FakeFlags, behaviour: CliBehaviour): string | undefined {
  const streamInput = flags.inputFormat === 'stream-json';
  if (streamInput && flags.outputFormat !== 'stream-json') {
    return 'Error: --input-format=stream-json requires output-format=stream-json.';
  }
  if (flags.outputFormat === 'stream-json' && !flags.verbose && (flags.print || streamInput)) {
    return 'Error: When using --print, --output-format=stream-json requires --verbose';
  }
  // The flags that read initialize's fields (2.1.332; scripted/await-initialize.ts does the rest).
  const needsInitialize = (flag: string) =>
    `Error: ${flag} requires --await-initialize and --input-format=stream-json with stdin piped, and cannot be used with --sdk-url or a subcommand.`;
  const readsInitialize = flags.awaitInitialize && streamInput && flags.sdkUrl === undefined;
  if (flags.initializeFields !== undefined && !readsInitialize) return needsInitialize('--initialize-fields');
  if (flags.managedSettingsInInitialize && !readsInitialize)
    return needsInitialize('--managed-settings-in-initialize');
  if (flags.awaitInitialize && !streamInput)
    return 'Error: --await-initialize requires --input-format=stream-json.';
  if (typeof flags.sessionId === 'string' && !UUID.test(flags.sessionId)) return behaviour.invalidSessionId;
  return undefined;
}

/** Runs the fake with `argv` (without node and script) and returns how to exit. */
export async function runFakeClaude(argv: string[], options: RunFakeOptions): Promise<FakeExit> {
  if (argv[0] === FAKE_HELP_FLAG) {
    options.io.stdout.write(fakeHelpText(packageInfo().pinned));
    return { exitCode: 0 };
  }
  const behaviour: CliBehaviour = await behaviourFor(options.env.CLIDE_FAKE_VERSION ?? packageInfo().pinned);
  // commander (and the program it builds) is loaded only for a command line the fast path declines.
  const fast = fastParseFlags(argv, optionTable(behaviour.argv));
  const parsed: ParseOutcome = fast
    ? { kind: 'run', flags: fast }
    : (await import('./flags-commander.js')).parseWithCommander(argv, behaviour);
  if (parsed.kind === 'exit') {
    if (parsed.stdout) options.io.stdout.write(parsed.stdout);
    if (parsed.stderr) options.io.stderr.write(parsed.stderr);
    return { exitCode: parsed.exitCode };
  }
  // What the real CLI's parsers warned about (it goes on).
  if (parsed.stderr) options.io.stderr.write(parsed.stderr);
  const flags = parsed.flags;
  const problem = precondition(flags, behaviour);
  if (problem) {
    options.io.stderr.write(`${problem}\n`);
    return { exitCode: 1 };
  }
  const headless = flags.print || flags.inputFormat === 'stream-json' || flags.outputFormat === 'stream-json';
  if (!headless) {
    throw new ClideError('usage', 'fake-claude does not emulate the interactive terminal UI', {
      hint: 'run it headless: -p, or --input-format stream-json --output-format stream-json --verbose',
    });
  }
  const cwd = options.env.CLIDE_FAKE_CWD ?? options.cwd;
  const mode = selectMode(flags, options.env);
  if (mode.kind === 'replay') {
    const { runReplayMode } = await import('./replay-seam.js');
    return runReplayMode({
      fixture: mode.fixture,
      argv,
      flags,
      behaviour,
      env: options.env,
      cwd,
      stdin: options.io.stdin,
      stdout: options.io.stdout,
      stderr: options.io.stderr,
      ...(options.io.stdinSettleMs === undefined ? {} : { stdinSettleMs: options.io.stdinSettleMs }),
      stdinIsFile: options.io.stdinIsFile === true,
    });
  }
  // Some versions act on none of a stream-json input read from a regular file (see the behaviour):
  // the session is then one with an empty input.
  const io =
    flags.inputFormat === 'stream-json' &&
    options.io.stdinIsFile === true &&
    behaviour.streamJsonFileStdin === 'ignored'
      ? { ...options.io, stdin: readToEnd(options.io.stdin) }
      : options.io;
  for (const warning of betasWarnings(flags.betas, options.env, behaviour.allowedBetas)) {
    options.io.stderr.write(`${warning}\n`);
  }
  const { runScripted } = await import('./scripted/index.js');
  const exitCode = await runScripted({
    mode,
    flags,
    behaviour,
    io,
    env: options.env,
    cwd,
    pid: options.pid,
    ...(options.killed ? { killed: options.killed } : {}),
  });
  return { exitCode };
}

/**
 * One whole session of the fake, as both the executable and the in-process fake run it:
 * `runFakeClaude`, with a `ClideError` rendered on stderr (`fake-claude: …`, its exit code) and
 * any other error as an internal error (exit 70). Never throws, never touches `process`.
 */
export async function runFakeSession(argv: string[], options: RunFakeOptions): Promise<FakeExit> {
  try {
    return await runFakeClaude(argv, options);
  } catch (error) {
    if (isClideError(error)) {
      options.io.stderr.write(`fake-claude: ${error.render()}\n`);
      return { exitCode: error.exitCode };
    }
    options.io.stderr.write(
      `fake-claude: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return { exitCode: 70 };
  }
}

/** Reads `stdin` to its end, as those versions do, and hands over none of it. */
function readToEnd(stdin: AsyncIterable<Uint8Array | string>): AsyncIterable<Uint8Array | string> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const _chunk of stdin) {
        // read and dropped
      }
      yield* [];
    },
  };
}
