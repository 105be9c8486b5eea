import { isDeepStrictEqual } from 'node:util';
import { execa } from 'execa';
import { packageInfo } from '../config/package-info.js';
import {
  type CliArgsOptions,
  createSandbox,
  emptyTranscript,
  type InProcessSpawn,
  type Session,
  sandboxEnv,
  startSession,
  type Transcript,
  type TranscriptFrame,
} from '../driver/index.js';
import { isClideError } from '../errors/index.js';
import type { Finding } from '../findings/index.js';
import { type RecordedRequest, startModelApi } from '../model-api/index.js';
import { modelApiState } from './model-api-state.js';
import { type CheckDetails, checkFinding, type Scenario, type ScenarioContext } from './scenario.js';

type Json = Record<string, unknown>;

export interface RunScenarioOptions {
  /** The CLI side: the real binary, `fake-claude`, or `clide-record`. */
  binary: string;
  /** Run every CLI side of the scenario in this process with this instead of spawning `binary`. */
  spawn?: InProcessSpawn;
  /**
   * The CLI version `binary` is (the real CLI's, the one fake-claude emulates, a replayed fixture's):
   * version-dependent expectations follow it. Default: the kit's pinned version.
   */
  cliVersion?: string;
  /** Extra environment for the CLI side (e.g. `CLIDE_REAL_CLAUDE` for the recorder). */
  env?: Record<string, string | undefined>;
  /**
   * Environment for the auxiliary runs of a scenario (the earlier session of `prepare`, `spawnCli`);
   * defaults to `env`. A recorder gives them another output than the scenario's own fixture.
   */
  auxiliaryEnv?: Record<string, string | undefined>;
  /**
   * The CLI side of the auxiliary runs (default `binary`). A recorder's are the real CLI itself:
   * they are no part of the fixture, and the recorder answers `--help` with its own.
   */
  auxiliaryBinary?: string;
  /** Streams every captured frame (progress, wire log). */
  onFrame?: (frame: TranscriptFrame) => void;
  /** Keep the sandbox on disk (debugging). */
  keepSandbox?: boolean;
  /** The folder the sandbox is made in (default: the temporary folder). */
  sandboxParent?: string;
  /**
   * Aborting it interrupts the run: every CLI it started is killed, its sandbox removed, and the
   * run comes back marked `interrupted` (its findings say nothing about the CLI).
   */
  signal?: AbortSignal;
}

export interface ScenarioRun {
  scenario: string;
  transcript: Transcript;
  modelRequests: RecordedRequest[];
  /** Driver findings (hangs, non-JSON), model API problems, and the scenario's own failed checks. */
  findings: Finding[];
  /** True when no finding of severity `breaking` was raised. */
  passed: boolean;
  durationMs: number;
  /** The run was stopped by its `signal` before it finished: not a result. */
  interrupted?: boolean;
}

/**
 * Runs one scenario against one CLI side: a fresh sandbox, a scripted model API on loopback, the
 * client script, deadlines. Never throws for what the CLI does: everything becomes a finding.
 */
export async function runScenario(scenario: Scenario, options: RunScenarioOptions): Promise<ScenarioRun> {
  const started = performance.now();
  const signal = options.signal;
  if (signal?.aborted) {
    return {
      scenario: scenario.id,
      transcript: emptyTranscript(options.binary),
      modelRequests: [],
      findings: [],
      passed: false,
      durationMs: 0,
      interrupted: true,
    };
  }
  const sandbox = createSandbox({
    keep: options.keepSandbox,
    ...(options.sandboxParent === undefined ? {} : { parent: options.sandboxParent }),
  });
  const modelApi = await startModelApi({ script: scenario.model });
  const findings: Finding[] = [];
  const state: Json = {};
  const cliVersion = options.cliVersion ?? packageInfo().pinned;
  const location = (f: Finding): Finding => ({ ...f, location: { ...f.location, scenario: scenario.id } });
  const auxiliaryEnv = { ...scenario.env, ...(options.auxiliaryEnv ?? options.env) };
  const auxiliaryBinary = options.auxiliaryBinary ?? options.binary;
  const sessionOptions = (
    args?: CliArgsOptions,
    env = { ...scenario.env, ...options.env },
    binary = options.binary,
  ) => ({
    binary,
    ...(options.spawn ? { spawn: options.spawn } : {}),
    args,
    sandbox,
    modelApiUrl: modelApi.url,
    env,
    handlers: scenario.handlers,
    sdkMcpServers: scenario.sdkMcpServers,
    silenceMs: scenario.silenceMs ?? 10_000,
    deadlineMs: scenario.deadlineMs ?? 30_000,
    ...(signal ? { signal } : {}),
  });
  let session: Session | undefined;
  try {
    await scenario.prepare?.({
      cliVersion,
      cwd: sandbox.cwd,
      home: sandbox.home,
      state,
      runEarlierSession: async (drive, args) => {
        const earlier = startSession(sessionOptions(args, auxiliaryEnv, auxiliaryBinary));
        try {
          await drive(earlier);
        } finally {
          const t = await earlier.close();
          findings.push(...t.findings.map(location));
        }
        return earlier.messages();
      },
    });
    const args = typeof scenario.args === 'function' ? scenario.args(state) : scenario.args;
    session = startSession({ ...sessionOptions(args), onFrame: options.onFrame });
  } catch (error) {
    findings.push(
      checkFinding(scenario.id, 'scenario/untestable', `the scenario could not start: ${errorText(error)}`),
    );
  }
  if (session) {
    const context: ScenarioContext = {
      session,
      cliVersion,
      binary: options.binary,
      spawnCli: async (argv, input, timeoutMs = 20_000) => {
        const env = sandboxEnv({
          sandbox,
          modelApiUrl: modelApi.url,
          extra: auxiliaryEnv,
        });
        if (options.spawn) {
          return runInProcess(
            options.spawn,
            { command: auxiliaryBinary, args: argv, cwd: sandbox.cwd, env },
            input,
            timeoutMs,
          );
        }
        const run = await execa(auxiliaryBinary, argv, {
          cwd: sandbox.cwd,
          env,
          extendEnv: false,
          input,
          reject: false,
          timeout: timeoutMs,
          killSignal: 'SIGKILL',
          ...(signal ? { cancelSignal: signal } : {}),
        });
        return {
          exitCode: typeof run.exitCode === 'number' ? run.exitCode : null,
          stdout: String(run.stdout),
          stderr: String(run.stderr),
          timedOut: Boolean(run.timedOut),
        };
      },
      cwd: sandbox.cwd,
      state,
      modelRequests: () => modelApi.requests,
      check: (condition, code, message, details?: CheckDetails) => {
        if (!condition) findings.push(checkFinding(scenario.id, code, message, details));
        return condition;
      },
      checkEqual: (actual, expected, code, message, path) => {
        const ok = isDeepStrictEqual(actual, expected);
        if (!ok) findings.push(checkFinding(scenario.id, code, message, { path, expected, actual }));
        return ok;
      },
    };
    try {
      await scenario.drive(context);
    } catch (error) {
      const code = isClideError(error) && error.code === 'timeout' ? 'scenario/timeout' : 'scenario/error';
      findings.push(checkFinding(scenario.id, code, errorText(error)));
    }
  }
  const transcript = session ? await session.close() : emptyTranscript(options.binary);
  await modelApi.close();
  sandbox.dispose();
  findings.unshift(
    ...transcript.findings.map((f) =>
      location(
        f.code === 'hang/silent-cli' ? { ...f, message: f.message + modelApiState(modelApi.requests) } : f,
      ),
    ),
  );
  for (const problem of modelApi.problems)
    findings.push(checkFinding(scenario.id, 'model-api/problem', problem));
  const outcome = settleExpectedFindings(scenario, findings);
  return {
    scenario: scenario.id,
    transcript,
    modelRequests: [...modelApi.requests],
    findings: outcome,
    passed: !outcome.some((f) => f.severity === 'breaking'),
    durationMs: Math.round(performance.now() - started),
    ...(signal?.aborted ? { interrupted: true } : {}),
  };
}

/** Expected findings become `cosmetic` (kept for the record); missing ones become failures. */
function settleExpectedFindings(scenario: Scenario, findings: Finding[]): Finding[] {
  const expected = scenario.expectedFindings ?? [];
  if (expected.length === 0) return findings;
  const settled = findings.map((f) =>
    expected.includes(f.code)
      ? { ...f, severity: 'cosmetic' as const, message: `(expected) ${f.message}` }
      : f,
  );
  for (const code of expected) {
    if (!findings.some((f) => f.code === code)) {
      settled.push(
        checkFinding(
          scenario.id,
          'scenario/expected-finding-missing',
          `the scenario expected a ${code} finding`,
          { expected: code },
        ),
      );
    }
  }
  return settled;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `spawnCli` for an in-process CLI side: the same input, output, exit code and timeout as execa's run. */
function runInProcess(
  spawn: InProcessSpawn,
  options: Parameters<InProcessSpawn>[0],
  input: string | undefined,
  timeoutMs: number,
): Promise<{ exitCode: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  const cli = spawn(options);
  let stdout = '';
  let stderr = '';
  cli.stdout.on('data', (chunk: Buffer | string) => {
    stdout += chunk.toString();
  });
  cli.stderr.on('data', (chunk: Buffer | string) => {
    stderr += chunk.toString();
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    cli.kill('SIGKILL');
  }, timeoutMs);
  cli.stdin.end(input ?? '');
  return new Promise((resolve) => {
    cli.once('exit', (code) => {
      clearTimeout(timer);
      // execa strips the final newline of each stream.
      resolve({
        exitCode: code,
        stdout: stdout.replace(/\n$/, ''),
        stderr: stderr.replace(/\n$/, ''),
        timedOut,
      });
    });
  });
}
