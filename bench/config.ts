import { ClideError } from '../src/errors/index.js';

/**
 * Every size and repetition count of the benchmark, from `BENCH_*` environment variables. The
 * defaults keep `npm run bench` within about ten minutes on a loaded 2-core machine.
 */
export interface BenchConfig {
  /** Sections to run (all by default): `BENCH_ONLY=turn,inprocess,replay,recorder,validation,canary,scaling,schemas`. */
  only: ReadonlySet<SectionId>;
  /** Interleaved rounds of the one-turn comparison (`BENCH_TURN_ROUNDS`, 5). */
  turnRounds: number;
  /** Frames of the replay fixture (`BENCH_REPLAY_FRAMES`, 100000). */
  replayFrames: number;
  /** Interleaved rounds of the replay comparison (`BENCH_REPLAY_ROUNDS`, 3). */
  replayRounds: number;
  /** Ping-pong frames per recorder latency session (`BENCH_RECORDER_PINGS`, 1000). */
  recorderPings: number;
  /** MiB pumped per recorder throughput session (`BENCH_RECORDER_MB`, 4). */
  recorderMb: number;
  /** Interleaved rounds of the recorder comparison (`BENCH_RECORDER_ROUNDS`, 4). */
  recorderRounds: number;
  /** MiB pumped through the recorder for the memory profile (`BENCH_RECORDER_MEMORY_MB`, 160). */
  recorderMemoryMb: number;
  /** Messages validated per pass (`BENCH_VALIDATE_MESSAGES`, 20000). */
  validateMessages: number;
  /** Rounds of the validation comparison, one fresh process per validator each (`BENCH_VALIDATE_ROUNDS`, 5). */
  validateRounds: number;
  /** Rounds of the canary measurement (`BENCH_CANARY_ROUNDS`, 2). */
  canaryRounds: number;
  /** Scenario ids the canary runs (`BENCH_CANARY_SCENARIOS`, comma-separated; 8 by default). */
  canaryScenarios: string[];
  /** Rounds of the scaling measurements (`BENCH_SCALING_ROUNDS`, 3). */
  scalingRounds: number;
  /** Frame counts of the scaling measurements (`BENCH_SCALING_SIZES`, 1000,10000,100000). */
  scalingSizes: number[];
  /**
   * Frame counts of the replay's peak-RSS measurement (`BENCH_REPLAY_MEMORY_FRAMES`, 10000,100000;
   * add 1000000 for the million-frame session: a 611 MiB fixture to write and play each round).
   */
  replayMemoryFrames: number[];
  /** Scripted turns of the fake's cost-per-turn measurement (`BENCH_SCALING_TURNS`, 5000,10000,20000). */
  scalingTurns: number[];
  /** Rounds of the schema sets' import, a fresh process each (`BENCH_SCHEMAS_ROUNDS`, 9). */
  schemasRounds: number;
  /** `missed` (default): CPU-profile the measures that miss their target; `always`; `never` (`BENCH_PROFILE`). */
  profile: 'missed' | 'always' | 'never';
  /** Where the reports go (`BENCH_OUT`, `reports/bench`). */
  outDir: string;
}

export const SECTION_IDS = [
  'turn',
  'inprocess',
  'replay',
  'recorder',
  'validation',
  'canary',
  'scaling',
  'schemas',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const DEFAULT_CANARY_SCENARIOS = [
  'control/initialize',
  'control/get-binary-version',
  'control/get-settings',
  'turn/plain',
  'turn/partial-messages',
  'permission/updated-input-modifies',
  'permission/deny',
  'ask-user-question/answer',
];

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ClideError('usage', `${name}=${JSON.stringify(raw)} is not a positive integer`, {
      where: name,
      hint: `unset it for the default (${fallback})`,
    });
  }
  return value;
}

function list(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A comma-separated list of integers ≥ `min` (`fallback` when unset). */
function counts(env: NodeJS.ProcessEnv, name: string, fallback: string[], min: number): number[] {
  return (list(env, name) ?? fallback).map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < min) {
      throw new ClideError('usage', `${name} has "${s}", not an integer ≥ ${min}`, { where: name });
    }
    return n;
  });
}

export function benchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const only = list(env, 'BENCH_ONLY') ?? [...SECTION_IDS];
  for (const id of only) {
    if (!(SECTION_IDS as readonly string[]).includes(id)) {
      throw new ClideError('usage', `BENCH_ONLY names an unknown section "${id}"`, {
        where: 'BENCH_ONLY',
        hint: `sections: ${SECTION_IDS.join(', ')}`,
      });
    }
  }
  const sizes = counts(env, 'BENCH_SCALING_SIZES', ['1000', '10000', '100000'], 10);
  const replayMemoryFrames = counts(env, 'BENCH_REPLAY_MEMORY_FRAMES', ['10000', '100000'], 10);
  const scalingTurns = counts(env, 'BENCH_SCALING_TURNS', ['5000', '10000', '20000'], 1);
  const profile = env.BENCH_PROFILE ?? 'missed';
  if (profile !== 'missed' && profile !== 'always' && profile !== 'never') {
    throw new ClideError('usage', `BENCH_PROFILE=${JSON.stringify(profile)} is not missed, always or never`, {
      where: 'BENCH_PROFILE',
    });
  }
  return {
    only: new Set(only as SectionId[]),
    turnRounds: positiveInt(env, 'BENCH_TURN_ROUNDS', 5),
    replayFrames: positiveInt(env, 'BENCH_REPLAY_FRAMES', 100_000),
    replayRounds: positiveInt(env, 'BENCH_REPLAY_ROUNDS', 3),
    recorderPings: positiveInt(env, 'BENCH_RECORDER_PINGS', 1000),
    recorderMb: positiveInt(env, 'BENCH_RECORDER_MB', 4),
    recorderRounds: positiveInt(env, 'BENCH_RECORDER_ROUNDS', 4),
    recorderMemoryMb: positiveInt(env, 'BENCH_RECORDER_MEMORY_MB', 160),
    validateMessages: positiveInt(env, 'BENCH_VALIDATE_MESSAGES', 20_000),
    validateRounds: positiveInt(env, 'BENCH_VALIDATE_ROUNDS', 5),
    canaryRounds: positiveInt(env, 'BENCH_CANARY_ROUNDS', 2),
    canaryScenarios: list(env, 'BENCH_CANARY_SCENARIOS') ?? DEFAULT_CANARY_SCENARIOS,
    scalingRounds: positiveInt(env, 'BENCH_SCALING_ROUNDS', 3),
    scalingSizes: sizes,
    replayMemoryFrames,
    scalingTurns,
    schemasRounds: positiveInt(env, 'BENCH_SCHEMAS_ROUNDS', 9),
    profile,
    outDir: env.BENCH_OUT ?? 'reports/bench',
  };
}
