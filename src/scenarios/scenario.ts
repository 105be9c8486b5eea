import type { CliArgsOptions, ControlHandlers, SdkMcpServer, Session } from '../driver/index.js';
import type { Finding, JsonPath, Severity } from '../findings/index.js';
import type { ModelScript, RecordedRequest } from '../model-api/index.js';

type Json = Record<string, unknown>;

/**
 * The unit everything shares: what the model answers (model script), what the client does (drive),
 * and the contract it checks (the checks made while driving and after). The same scenario runs
 * against the real CLI (canary, recording), fake-claude (fidelity) and a fixture replay.
 */
export interface Scenario {
  /** Stable, addressable id: `family/name`, e.g. `permission/allow`. Never renamed. */
  id: string;
  /** The one-line requirement the scenario checks. */
  requirement: string;
  /** Section of the protocol spec it checks, e.g. `§2 can_use_tool`. */
  spec: string;
  /** `offline`: control requests only, no model turn. `model`: drives at least one model turn. */
  tier: 'offline' | 'model';
  /** Model turns served by the scripted Messages API (empty for the offline tier). */
  model: ModelScript;
  /** CLI flags; a function when they depend on what `prepare` found (e.g. the session id to resume). */
  args?: CliArgsOptions | ((state: Json) => CliArgsOptions);
  /** Extra environment for the CLI side (added to the sandbox's allow-listed one). */
  env?: Record<string, string | undefined>;
  handlers?: ControlHandlers;
  sdkMcpServers?: SdkMcpServer[];
  /** Silence that counts as a hang (default 10 s). */
  silenceMs?: number;
  /** Hard limit for the run (default 30 s). */
  deadlineMs?: number;
  /**
   * Finding codes this scenario exists to provoke (e.g. a hang): each must be raised, and is then
   * part of the contract rather than a failure. One that is not raised is itself a failure.
   */
  expectedFindings?: string[];
  /**
   * What the client sends wrong on purpose, as `clide-conformance validate` reports it on the
   * scenario's fixture (test/validate-corpus.test.ts holds every pinned corpus to it); a function of
   * the CLI version where the version decides what is a mistake. None: the client sends nothing wrong.
   */
  deliberate?: DeliberateMistakes | ((cliVersion: string) => DeliberateMistakes);
  /**
   * The checks a replay of the scenario's fixture cannot satisfy (a replay sends no Messages API
   * request, runs no tool, no stdio MCP server, no second CLI run), finding code → why; a function
   * of the CLI version where the checks differ by version. test/replayer.round-trip.test.ts accepts
   * exactly these, and requires each to be raised.
   */
  replayGaps?: ReplayGaps | ((cliVersion: string) => ReplayGaps);
  /** Runs before the CLI starts (seed files in the sandbox, an earlier session for --resume…). */
  prepare?: (context: PrepareContext) => Promise<void>;
  /** The client script: talks to the CLI and checks what it says. */
  drive: (context: ScenarioContext) => Promise<void>;
}

/** A scenario's client lines that the schemas reject on purpose, each finding as `code path`. */
export interface DeliberateMistakes {
  /** Breaking findings, e.g. `schema/invalid-value $.request.mode`. */
  violations?: readonly string[];
  /** Additive findings, e.g. `schema/unknown-subtype $.request.subtype` for a made-up subtype. */
  unknown?: readonly string[];
  /**
   * The client sends control requests of subtypes a version may not support (newer versions'
   * ones): each one the CLI refuses as unsupported may be unknown to its schemas
   * (`schema/unknown-subtype`); one the CLI answers may not.
   */
  unsupportedSubtypes?: boolean;
}

/** Checks a replay cannot satisfy, finding code → why. */
export type ReplayGaps = Readonly<Record<string, string>>;

/** Why a replay cannot satisfy a check: what it does not reproduce. */
export const REPLAY_GAP = {
  modelRequest: 'checks the request the CLI sent to the model API',
  modelRequests: 'checks the requests the CLI sent to the model API',
  bash: 'Bash side effects are not re-run',
  stdioMcp: 'the stdio MCP server the CLI spawned is not run',
  earlierSession: 'the earlier session (prepare) is a second CLI run; a fixture holds one run',
} as const;

/** The checks of `scenario` a replay of its fixture of CLI `version` cannot satisfy. */
export function replayGaps(scenario: Scenario, version: string): ReplayGaps {
  const { replayGaps: gaps } = scenario;
  return typeof gaps === 'function' ? gaps(version) : (gaps ?? {});
}

/** What `scenario` sends wrong on purpose to CLI `version`. */
export function deliberateMistakes(scenario: Scenario, version: string): DeliberateMistakes {
  const { deliberate } = scenario;
  return typeof deliberate === 'function' ? deliberate(version) : (deliberate ?? {});
}

export interface PrepareContext {
  /** The CLI version the scenario runs against (see `ScenarioContext.cliVersion`). */
  cliVersion: string;
  /** Sandbox the scenario's session will run in. */
  cwd: string;
  home: string;
  /** Runs an earlier session in the same sandbox (e.g. to `--resume` it). */
  runEarlierSession: (drive: (session: Session) => Promise<void>, args?: CliArgsOptions) => Promise<Json[]>;
  /** Values the scenario wants to hand from `prepare` to `drive`. */
  state: Json;
}

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface CheckDetails {
  path?: JsonPath;
  expected?: unknown;
  actual?: unknown;
  severity?: Severity;
}

export interface ScenarioContext {
  session: Session;
  /**
   * The CLI version the scenario runs against: the real binary's, the one fake-claude emulates,
   * or the replayed fixture's. Expectations that differ by version pick theirs with `byVersion`.
   */
  cliVersion: string;
  /** The CLI side under test (for extra runs such as `--help`). */
  binary: string;
  /** Sandbox cwd the CLI runs in. */
  cwd: string;
  state: Json;
  /**
   * Runs the CLI side once more in the same sandbox and environment, with `argv` and `input` on
   * stdin, and waits for it to exit (killed after `timeoutMs`, default 20 s). For flag checks.
   */
  spawnCli: (argv: string[], input: string, timeoutMs?: number) => Promise<CliRun>;
  /** Requests the CLI made to the scripted model API so far. */
  modelRequests: () => RecordedRequest[];
  /** Records a failed expectation unless `condition` holds; returns `condition`. */
  check: (condition: boolean, code: string, message: string, details?: CheckDetails) => boolean;
  /** Shorthand: `check(deepEqual(actual, expected), …)` with both values in the finding. */
  checkEqual: (actual: unknown, expected: unknown, code: string, message: string, path?: JsonPath) => boolean;
}

/** A finding raised by a scenario's own checks. */
export function checkFinding(
  scenario: string,
  code: string,
  message: string,
  details: CheckDetails = {},
): Finding {
  return {
    code,
    severity: details.severity ?? 'breaking',
    message,
    path: details.path ?? [],
    ...(details.expected === undefined ? {} : { expected: details.expected }),
    ...(details.actual === undefined ? {} : { actual: details.actual }),
    location: { scenario },
  };
}
