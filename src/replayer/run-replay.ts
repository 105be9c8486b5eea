import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { describeCut, openFixtureStream } from '../fixture/index.js';
import type { StdinRules } from './client-input.js';
import { LiveRedaction } from './live-redaction.js';
import { parsePacing, parseReplayMode, REPLAY_ENV } from './options.js';
import { PathSubstitution } from './paths.js';
import { ReplaySurvey } from './plan.js';
import { replaySession, type SurveyedFixture, type TextSink } from './replay.js';

export interface RunReplayOptions {
  /** Path of the fixture to play (`CLIDE_FAKE_FIXTURE` or `--fixture`). */
  fixture: string;
  /** The fake's command line (without node and script); the fixture decides what is played. */
  argv: string[];
  /** Reads `CLIDE_FAKE_MODE`, `CLIDE_FAKE_PACING`, `CLIDE_FAKE_CWD` and `HOME`. */
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream | AsyncIterable<Uint8Array | string>;
  stdout: NodeJS.WritableStream | TextSink;
  stderr: NodeJS.WritableStream | TextSink;
  /** Working folder (default `CLIDE_FAKE_CWD`, else the process cwd): `$CWD`, Write/Edit effects. */
  cwd?: string;
  /**
   * How the CLI version that recorded the fixture reads stdin (a line it cannot read ends the
   * session as it does), given that version (from the fixture, when it says).
   */
  stdinRulesFor?: (cliVersion: string | undefined) => Promise<StdinRules | undefined>;
}

/**
 * Replay mode of `fake-claude`: plays the CLI side of a recorded fixture to the client on
 * stdin/stdout. Returns the exit code to leave with (the recorded one, or 1 when the replay
 * failed); never calls `process.exit`. Throws a `ClideError` for a bad `CLIDE_FAKE_MODE` /
 * `CLIDE_FAKE_PACING` or an unreadable fixture (before anything is written to stdout). The fixture
 * is checked whole first, then played a frame at a time from its file (`openFixtureStream`): what a
 * replay holds does not grow with the fixture.
 */
export async function runReplay(
  options: RunReplayOptions,
): Promise<{ exitCode: number; signal?: NodeJS.Signals }> {
  const mode = parseReplayMode(options.env[REPLAY_ENV.mode]);
  const pacing = parsePacing(options.env[REPLAY_ENV.pacing]);
  const cwd = resolve(options.cwd ?? options.env[REPLAY_ENV.cwd] ?? process.cwd());
  const { fixture: stream, visited: survey } = openFixtureStream(
    options.fixture,
    {},
    () => new ReplaySurvey(),
  );
  try {
    return await playFixture(options, { stream, survey }, mode, pacing, cwd);
  } finally {
    stream.close();
  }
}

async function playFixture(
  options: RunReplayOptions,
  fixture: SurveyedFixture,
  mode: ReturnType<typeof parseReplayMode>,
  pacing: ReturnType<typeof parsePacing>,
  cwd: string,
): Promise<{ exitCode: number; signal?: NodeJS.Signals }> {
  const stdinRules = await options.stdinRulesFor?.(fixture.survey.cliVersion(fixture.stream) ?? undefined);
  if (stdinRules?.ignoresInput) {
    for await (const _chunk of options.stdin as AsyncIterable<Uint8Array | string>) {
      // read to its end, as the CLI does, and acted on in no way
    }
    return { exitCode: 0 };
  }
  const cut = describeCut(fixture.stream);
  if (cut) {
    // Played all the same, as far as it goes: the client sees the session up to the cut.
    (options.stderr as TextSink).write(
      `fake-claude: warning: ${options.fixture}: ${cut}; the replay ends where the recording does\n`,
    );
  }
  const outcome = await replaySession({
    fixture,
    fixtureName: options.fixture,
    mode,
    pacing,
    paths: new PathSubstitution({
      cwd,
      home: options.env.HOME ?? homedir(),
      tmpdir: options.env.TMPDIR ?? '',
    }),
    // What the recorder redacted in the client's messages, redacted in the live ones alike.
    liveRedaction: new LiveRedaction({
      env: options.env,
      home: options.env[REPLAY_ENV.clientHome] || (options.env.HOME ?? homedir()),
      cwd,
      tmpdir: options.env.TMPDIR ?? '',
    }),
    cwd,
    stdin: options.stdin as AsyncIterable<Uint8Array | string>,
    stdout: options.stdout as TextSink,
    stderr: options.stderr as TextSink,
    ...(stdinRules ? { stdinRules } : {}),
  });
  return { exitCode: outcome.exitCode, ...(outcome.signal ? { signal: outcome.signal } : {}) };
}
