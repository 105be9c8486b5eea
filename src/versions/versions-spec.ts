import { ClideError } from '../errors/index.js';
import { isExactVersion } from '../install/index.js';
import { newestVersions, publishedBetween, sampleEvenly, versionOrder } from './published-range.js';

/**
 * The `--versions` argument of `matrix`: a list (`2.1.150,2.1.210,2.1.332`), a range of published
 * versions (`2.1.150..2.1.332`), or the newest N (`last:5`).
 */
export type VersionsSpec =
  | { kind: 'list'; versions: string[] }
  | { kind: 'range'; from: string; to: string }
  | { kind: 'last'; count: number };

const WHERE = '--versions';

export function parseVersionsSpec(text: string): VersionsSpec {
  const spec = text.trim();
  const last = /^last:(\d+)$/.exec(spec);
  if (last) {
    const count = Number(last[1]);
    if (count < 1) throw new ClideError('usage', 'last:N needs N of at least 1', { where: WHERE });
    return { kind: 'last', count };
  }
  if (spec.includes('..')) {
    const [from, to, ...rest] = spec.split('..').map((s) => s.trim());
    if (rest.length > 0 || !from || !to) {
      throw new ClideError('usage', `"${text}" is not a range such as 2.1.150..2.1.332`, { where: WHERE });
    }
    for (const end of [from, to]) exact(end, text);
    return { kind: 'range', from, to };
  }
  const versions = spec
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (versions.length === 0) {
    throw new ClideError('usage', 'no version given', {
      where: WHERE,
      hint: 'e.g. 2.1.150,2.1.332, 2.1.150..2.1.332 or last:5',
    });
  }
  for (const v of versions) exact(v, text);
  const seen = new Set<string>();
  for (const v of versions) {
    if (seen.has(v)) throw new ClideError('usage', `${v} is listed twice`, { where: WHERE });
    seen.add(v);
  }
  return { kind: 'list', versions: [...versions].sort(versionOrder) };
}

function exact(version: string, text: string): void {
  if (!isExactVersion(version)) {
    throw new ClideError('usage', `"${version}" in "${text}" is not an exact version such as 2.1.150`, {
      where: WHERE,
    });
  }
}

/** True when the spec needs npm's list of published versions to resolve. */
export function needsPublishedList(spec: VersionsSpec): boolean {
  return spec.kind !== 'list';
}

/**
 * The versions a spec names, oldest first, sampled down to `max` (both ends kept). `published` is
 * npm's version list; a plain list needs none (its versions are installed, or fail to, one by one).
 */
export function resolveVersionsSpec(
  spec: VersionsSpec,
  published: readonly string[] | undefined,
  max?: number,
): string[] {
  let versions: string[];
  if (spec.kind === 'list') versions = spec.versions;
  else {
    if (!published) throw new Error('resolveVersionsSpec: a range or last:N needs the published list');
    versions =
      spec.kind === 'range'
        ? publishedBetween(published, spec.from, spec.to, WHERE)
        : newestVersions(published, spec.count);
  }
  return max === undefined ? versions : sampleEvenly(versions, max);
}
