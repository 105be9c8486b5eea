import { versionOrder } from '../../schemas/version.js';
import { ClideError } from '../errors/index.js';

/** A stable release: plain `major.minor.patch`, no pre-release or build suffix. */
const STABLE = /^\d+\.\d+\.\d+$/;

export function isStableVersion(version: string): boolean {
  return STABLE.test(version);
}

export { versionOrder };

/** The stable versions of a published list, oldest first, each once. */
export function stableVersions(published: readonly string[]): string[] {
  return [...new Set(published.filter(isStableVersion))].sort(versionOrder);
}

/**
 * Every stable published version from `from` to `to`, both included, oldest first. Both ends must
 * be published stable versions, and `from` must be older than `to`.
 */
export function publishedBetween(
  published: readonly string[],
  from: string,
  to: string,
  where = '--versions',
): string[] {
  const stable = stableVersions(published);
  for (const end of [from, to]) {
    if (!stable.includes(end)) {
      throw new ClideError('usage', `${end} is not a published stable version of the CLI`, {
        where,
        hint: 'npm view @anthropic-ai/claude-code versions --json lists them',
      });
    }
  }
  if (versionOrder(from, to) >= 0) {
    throw new ClideError('usage', `${from} is not older than ${to}`, {
      where,
      hint: 'give the older version first',
    });
  }
  return stable.filter((v) => versionOrder(v, from) >= 0 && versionOrder(v, to) <= 0);
}

/** The `count` newest stable published versions, oldest first. */
export function newestVersions(published: readonly string[], count: number): string[] {
  const stable = stableVersions(published);
  return stable.slice(Math.max(0, stable.length - count));
}

/**
 * At most `max` versions of `versions`, spread evenly over it, always keeping the first and the
 * last (`max` ≥ 2). The order is kept; a list no longer than `max` is returned as it is.
 */
export function sampleEvenly<T>(versions: readonly T[], max: number): T[] {
  if (!Number.isInteger(max) || max < 2) {
    throw new ClideError('usage', `must be an integer of at least 2 (both ends are kept), not ${max}`, {
      where: '--max',
    });
  }
  if (versions.length <= max) return [...versions];
  const last = versions.length - 1;
  const picked = new Set<number>();
  for (let i = 0; i < max; i++) picked.add(Math.round((i * last) / (max - 1)));
  return [...picked].sort((a, b) => a - b).map((i) => versions[i]!);
}
