import type { BenchConfig, SectionId } from './config.js';
import type { MachineInfo } from './machine.js';
import type { ProfileSummary } from './profile.js';
import type { Summary } from './stats.js';

/** Format id of `reports/bench/<date>.json`. */
export const BENCH_FORMAT = 'clide-bench/1';

export interface Target {
  op: '<=' | '>=';
  value: number;
}

/** One headline figure: a distribution (usually of per-round ratios) and the target it is held to. */
export interface Measure {
  id: string;
  label: string;
  value: Summary;
  /** `×` for ratios, else a unit such as `ms`, `MiB`. */
  unit: string;
  target?: Target;
  /** Undefined when there is no target or nothing was measured. */
  met?: boolean;
  /** The absolute figures behind a ratio, for the reader. */
  detail?: string;
}

export interface DetailTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface SectionResult {
  id: SectionId;
  title: string;
  measures: Measure[];
  tables: DetailTable[];
  /** What was measured exactly, and what could not be. */
  notes: string[];
  /** Why a target was missed (with the profile summaries below). */
  explanations: string[];
  profiles: ProfileSummary[];
  /** Raw numbers for the JSON report. */
  data: Record<string, unknown>;
  durationMs: number;
  /** Set when the section could not run at all. */
  error?: string;
}

export interface BenchReport {
  format: typeof BENCH_FORMAT;
  date: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  machine: MachineInfo;
  config: Omit<BenchConfig, 'only'> & { only: string[] };
  sections: SectionResult[];
}

export function checkTarget(value: number, target: Target | undefined): boolean | undefined {
  if (!target || !Number.isFinite(value)) return undefined;
  return target.op === '<=' ? value <= target.value : value >= target.value;
}

/** A measure whose `met` is computed from the median. */
export function measure(
  id: string,
  label: string,
  value: Summary,
  unit: string,
  target?: Target,
  detail?: string,
): Measure {
  return {
    id,
    label,
    value,
    unit,
    ...(target ? { target } : {}),
    ...(target ? { met: checkTarget(value.median, target) } : {}),
    ...(detail ? { detail } : {}),
  };
}

export function emptySection(id: SectionId, title: string): SectionResult {
  return {
    id,
    title,
    measures: [],
    tables: [],
    notes: [],
    explanations: [],
    profiles: [],
    data: {},
    durationMs: 0,
  };
}
