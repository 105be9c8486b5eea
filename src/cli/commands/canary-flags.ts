import { ClideError } from '../../errors/index.js';
import { SEVERITIES, type Severity } from '../../findings/index.js';

/** Shared flag parsing of `run` and `diff`. */
export type OutputFormat = 'text' | 'json';

export function parseFormat(value: string | undefined): OutputFormat {
  const format = value ?? 'text';
  if (format !== 'text' && format !== 'json') {
    throw new ClideError('usage', `must be text or json, not "${format}"`, { where: '--format' });
  }
  return format;
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
