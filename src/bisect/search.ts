/**
 * The binary search of `bisect`, as a pure function of the ordered versions and a verdict per
 * version: no CLI, no install, no report. The caller's `verdict` does the expensive part (install
 * and run); the search asks it as few times as it can and never twice for the same version.
 */

/** What one probed version says: like its good end, like its bad end, or nothing (it could not be tested). */
export type Verdict = 'good' | 'bad' | 'skip';

export interface Probe {
  version: string;
  verdict: Verdict;
}

export type SearchResult =
  | {
      kind: 'found';
      /** The newest version known good; `firstBad` follows it in the list, apart from skipped versions between them. */
      lastGood: string;
      firstBad: string;
      /** Versions between lastGood and firstBad that could not be tested: the change is in one of them or at firstBad. */
      skipped: string[];
      probes: Probe[];
    }
  | {
      /** An end did not say what it was given as: the bad end is not bad, or the good end is not good. */
      kind: 'ends-disagree';
      end: 'good' | 'bad';
      verdict: Verdict;
      probes: Probe[];
    };

/**
 * Finds the first bad version of `versions` (oldest first; the first is the good end, the last the
 * bad end) by asking `verdict`: both ends first, then the middle of what is left, until a good
 * version and a bad one are neighbours. A skipped version is stepped over (the nearest untested
 * version to the middle is asked instead). Assumes one change: every version from the first bad
 * one on is bad, as in `git bisect`.
 *
 * Versions asked: both ends plus at most ⌈log2(N − 1)⌉ between them (N = versions.length), more only
 * for skipped ones.
 */
export async function bisectVersions(
  versions: readonly string[],
  verdict: (version: string) => Promise<Verdict>,
): Promise<SearchResult> {
  if (versions.length < 2) throw new Error('bisectVersions needs at least a good and a bad version');
  if (new Set(versions).size !== versions.length)
    throw new Error('bisectVersions: a version is listed twice');
  const probes: Probe[] = [];
  const known = new Map<number, Verdict>();
  const ask = async (index: number): Promise<Verdict> => {
    const seen = known.get(index);
    if (seen) return seen;
    const version = versions[index]!;
    const answer = await verdict(version);
    known.set(index, answer);
    probes.push({ version, verdict: answer });
    return answer;
  };

  const good = await ask(0);
  if (good !== 'good') return { kind: 'ends-disagree', end: 'good', verdict: good, probes };
  let lo = 0;
  let hi = versions.length - 1;
  const bad = await ask(hi);
  if (bad !== 'bad') return { kind: 'ends-disagree', end: 'bad', verdict: bad, probes };

  for (;;) {
    const next = nextToAsk(lo, hi, known);
    if (next === undefined) break;
    const answer = await ask(next);
    if (answer === 'good') lo = next;
    else if (answer === 'bad') hi = next;
  }
  const skipped = versions.slice(lo + 1, hi);
  return { kind: 'found', lastGood: versions[lo]!, firstBad: versions[hi]!, skipped, probes };
}

/** The untested index strictly between lo and hi nearest their middle (the lower one on a tie), if any. */
function nextToAsk(lo: number, hi: number, known: ReadonlyMap<number, Verdict>): number | undefined {
  const middle = (lo + hi) / 2;
  let best: number | undefined;
  for (let index = lo + 1; index < hi; index++) {
    if (known.has(index)) continue;
    if (best === undefined || Math.abs(index - middle) < Math.abs(best - middle)) best = index;
  }
  return best;
}
