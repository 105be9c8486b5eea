import { ClideError } from '../../errors/index.js';
import { SEVERITIES, type Severity } from '../../findings/index.js';

/** Shared flag parsing of `run`, `diff` and `merge-reports`. */
export type OutputFormat = 'text' | 'json' | 'html';

/** `--format`: text or json, or one of `allowed`. */
export function parseFormat(value: string | undefined): 'text' | 'json';
export function parseFormat<F extends OutputFormat>(value: string | undefined, allowed: readonly F[]): F;
export function parseFormat(
  value: string | undefined,
  allowed: readonly OutputFormat[] = ['text', 'json'],
): OutputFormat {
  const format = value ?? 'text';
  if (!(allowed as readonly string[]).includes(format)) {
    const list = `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
    throw new ClideError('usage', `must be ${list}, not "${format}"`, { where: '--format' });
  }
  return format as OutputFormat;
}

/** `--fail-on`: breaking, changed or additive (cosmetic findings never fail a run). */
export function parseFailOn(value: string | undefined): Severity {
  const severity = value ?? 'breaking';
  const allowed = SEVERITIES.filter((s) => s !== 'cosmetic');
  if (!(allowed as readonly string[]).includes(severity)) {
    throw new ClideError('usage', `must be one of ${allowed.join(', ')}, not "${severity}"`, {
      where: '--fail-on',
    });
  }
  return severity as Severity;
}

export function parseJobs(value: string | undefined): number {
  if (value === undefined) return 2;
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1) {
    throw new ClideError('usage', `must be a positive integer, not "${value}"`, { where: '--jobs' });
  }
  return jobs;
}

/** `--shard i/n`, or undefined without it; the canary's own parser, loaded only when the flag is given. */
export async function parseShardFlag(value: string | undefined) {
  return value === undefined ? undefined : (await import('../../canary/shard.js')).parseShard(value);
}
