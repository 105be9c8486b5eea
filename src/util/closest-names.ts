/**
 * The edit distance of two strings: insertions, deletions, substitutions and swaps of two
 * neighbouring characters each count 1 (optimal string alignment).
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * How far `input` is from `name` as the start of it: the distance to the whole name, or to its
 * first `input.length` characters (a typo in a prefix of a longer name), whichever is nearer.
 */
export function prefixDistance(input: string, name: string): number {
  const a = input.toLowerCase();
  const b = name.toLowerCase();
  return Math.min(editDistance(a, b), editDistance(a, b.slice(0, a.length)));
}

/**
 * The names nearest `input` (nearest first, then shortest, then in the order given), at most
 * `max`: none farther than a third of the input's length (at least 2), nor more than one edit
 * farther than the nearest. A name that starts with a name already suggested is left out:
 * `control/` stands for `control/initialize`.
 */
export function closestNames(
  input: string,
  names: readonly string[],
  options: { max?: number; distance?: (input: string, name: string) => number } = {},
): string[] {
  const max = options.max ?? 3;
  const distance = options.distance ?? prefixDistance;
  const limit = Math.max(2, Math.floor(input.length / 3));
  const scored = [...new Set(names)]
    .map((name, order) => ({ name, order, d: distance(input, name) }))
    .filter((s) => s.d <= limit && s.name !== input)
    .sort((x, y) => x.d - y.d || x.name.length - y.name.length || x.order - y.order);
  const nearest = scored[0]?.d ?? 0;
  const chosen: string[] = [];
  for (const { name, d } of scored) {
    if (chosen.length === max || d > nearest + 1) break;
    if (chosen.some((c) => name.startsWith(c))) continue;
    chosen.push(name);
  }
  return chosen;
}
