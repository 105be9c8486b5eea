import { ClideError } from '../errors/index.js';
import { closestNames } from '../util/closest-names.js';

/**
 * The scenarios of `catalogue` whose id starts with one of `prefixes` (all of them when none is
 * given), in catalogue order. A prefix that selects nothing is a usage error (exit 2) naming the
 * ids and groups closest to it, even when the other prefixes select something: a typo in one of
 * several prefixes would otherwise shrink the run without a word.
 */
export function selectByPrefixes<S extends { id: string }>(
  catalogue: readonly S[],
  prefixes: readonly string[],
  where = '--only',
): S[] {
  if (prefixes.length === 0) return [...catalogue];
  const ids = catalogue.map((s) => s.id);
  const unmatched = prefixes.filter((p) => !ids.some((id) => id.startsWith(p)));
  if (unmatched.length > 0) {
    throw new ClideError(
      'usage',
      `no scenario id starts with ${unmatched.map((p) => JSON.stringify(p)).join(' or ')}`,
      { where, hint: suggestionHint(unmatched, selectionNames(ids)) },
    );
  }
  return catalogue.filter((s) => prefixes.some((p) => s.id.startsWith(p)));
}

/** The usage error of a name that must be one scenario's id (bisect's `<scenario>`), with the closest ids. */
export function unknownScenario(id: string, ids: readonly string[], where: string): ClideError {
  return new ClideError('usage', `there is no scenario "${id}"`, {
    where,
    hint: suggestionHint([id], ids),
  });
}

/** `did you mean "a" or "b"? …` for each name, then where every id is listed. */
export function suggestionHint(names: readonly string[], candidates: readonly string[]): string {
  const list = 'list the ids with `clide-conformance list`';
  const parts = names.flatMap((name) => {
    const close = closestNames(name, candidates);
    if (close.length === 0) return [];
    const quoted = close.map((c) => JSON.stringify(c));
    const options = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
    return [names.length === 1 ? `did you mean ${options}?` : `for "${name}", did you mean ${options}?`];
  });
  return parts.length === 0 ? list : `${parts.join(' ')} (${list})`;
}

/** What a selection may name: each group (`control/`) and each id. */
function selectionNames(ids: readonly string[]): string[] {
  const groups = ids.flatMap((id) => {
    const slash = id.indexOf('/');
    return slash > 0 ? [id.slice(0, slash + 1)] : [];
  });
  return [...new Set([...groups, ...ids])];
}
