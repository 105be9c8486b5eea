import { diffArrays } from 'diff';
import { describe } from '../protocol/classify.js';
import { CATALOGUE_LISTS, DISCRIMINATOR_KEYS } from '../protocol/contract-keys.js';
import { isRecord } from '../util/json.js';

/** One line of a session as a report shows it (a wire log or a baseline fixture). */
export interface SessionFrame {
  dir: 'to-cli' | 'from-cli' | 'stderr';
  msg?: unknown;
  raw?: string;
  /** Milliseconds since the session started. */
  t?: number;
}

/**
 * How a row of the side-by-side timeline compares: `same` (the same message structure on both
 * sides), `changed` (a frame on each side that differ, or a frame a finding points at), `added`
 * (only in this run), `removed` (only in the baseline), `timing` (a message whose number depends on
 * timing, present on one side only: not a difference).
 */
export type RowDiff = 'same' | 'changed' | 'added' | 'removed' | 'timing';

/** One row: the index of the frame on each side (null: none on that side). */
export interface TimelineRow {
  baseline: number | null;
  run: number | null;
  diff: RowDiff;
}

/** The label of a frame: `control_request/initialize`, `assistant`, `stderr`, `(not JSON)`. */
export function frameKind(frame: SessionFrame): string {
  if (frame.dir === 'stderr') return 'stderr';
  if (frame.msg === undefined) return '(not JSON)';
  return describe(frame.msg);
}

function isTimingDependent(frame: SessionFrame): boolean {
  const kind = frameKind(frame);
  return kind === 'rate_limit_event' || kind === 'keep_alive' || kind.startsWith('stream_event/');
}

const MAP_KEYS: ReadonlySet<string> = new Set(['modelUsage', 'answers', 'env']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The structure of a value: keys and JSON types all the way down, the values of discriminator keys
 * and catalogue lists; not ids, texts, numbers or paths. Maps keyed by data fold their entries.
 */
function skeleton(value: unknown, key?: string): string {
  if (Array.isArray(value)) {
    const items = [...new Set(value.map((v) => skeleton(v, key)))].sort();
    return `[${items.join('|')}]`;
  }
  if (isRecord(value)) {
    const names = Object.keys(value);
    if ((key !== undefined && MAP_KEYS.has(key)) || names.some((n) => !IDENTIFIER.test(n))) {
      return `map{${[...new Set(names.map((n) => skeleton(value[n])))].sort().join('|')}}`;
    }
    return `{${names
      .sort()
      .map((n) => `${n}:${skeleton(value[n], n)}`)
      .join(',')}}`;
  }
  const keep = key !== undefined && (DISCRIMINATOR_KEYS.has(key) || CATALOGUE_LISTS.has(key));
  if (value === null) return 'null';
  if (typeof value === 'string') return keep ? JSON.stringify(value) : 's';
  if (typeof value === 'boolean') return keep ? String(value) : 'b';
  return typeof value === 'number' ? 'n' : '?';
}

/** What two frames must share to be the same row: direction, kind and message structure. */
export function frameKey(frame: SessionFrame): string {
  if (frame.msg === undefined) return `${frame.dir}|${frameKind(frame)}`;
  return `${frame.dir}|${frameKind(frame)}|${skeleton(frame.msg)}`;
}

/**
 * Lines the two sessions up (a longest-common-subsequence diff of their frame keys, the `diff`
 * package's `diffArrays`) into rows, marking the frames that differ. A removed frame and an added
 * one of the same direction and kind at the same place share a row as `changed`. `flagged` holds
 * the indexes of this run's frames that a finding points at: such a frame is `changed` even when
 * its structure is the baseline's (a value, a text).
 */
export function alignFrames(
  baseline: readonly SessionFrame[],
  run: readonly SessionFrame[],
  flagged: ReadonlySet<number> = new Set(),
): TimelineRow[] {
  const changes = diffArrays(baseline.map(frameKey), run.map(frameKey));
  const rows: TimelineRow[] = [];
  let b = 0;
  let r = 0;
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    let i = 0;
    let j = 0;
    while (i < removed.length || j < added.length) {
      const bi = removed[i];
      const rj = added[j];
      if (bi !== undefined && rj !== undefined && pairable(baseline[bi]!, run[rj]!)) {
        const timing = isTimingDependent(baseline[bi]!) && isTimingDependent(run[rj]!);
        rows.push({ baseline: bi, run: rj, diff: timing && !flagged.has(rj) ? 'timing' : 'changed' });
        i += 1;
        j += 1;
      } else if (bi !== undefined && (rj === undefined || i <= j)) {
        rows.push({ baseline: bi, run: null, diff: isTimingDependent(baseline[bi]!) ? 'timing' : 'removed' });
        i += 1;
      } else if (rj !== undefined) {
        const timing = isTimingDependent(run[rj]!) && !flagged.has(rj);
        rows.push({ baseline: null, run: rj, diff: timing ? 'timing' : 'added' });
        j += 1;
      }
    }
    removed = [];
    added = [];
  };
  for (const change of changes) {
    const n = change.count ?? change.value.length;
    if (change.removed) {
      for (let k = 0; k < n; k++) removed.push(b++);
    } else if (change.added) {
      for (let k = 0; k < n; k++) added.push(r++);
    } else {
      flush();
      for (let k = 0; k < n; k++) {
        rows.push({ baseline: b, run: r, diff: flagged.has(r) ? 'changed' : 'same' });
        b += 1;
        r += 1;
      }
    }
  }
  flush();
  return rows;
}

function pairable(a: SessionFrame, b: SessionFrame): boolean {
  return a.dir === b.dir && frameKind(a) === frameKind(b);
}
