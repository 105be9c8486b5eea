import { formatPath, type JsonPath } from '../findings/index.js';
import { isRecord } from '../util/json.js';
import { type IdBindings, isIdSlot } from './bindings.js';

/** One field where the client's message differs from the recorded one. */
export interface FieldDiff {
  path: JsonPath;
  expected: unknown;
  actual: unknown;
  /** Why, when not a plain value difference (a missing key, an id bound elsewhere). */
  note?: string;
}

/** The absent value in a diff (`undefined` does not survive JSON). */
export const ABSENT = Symbol('absent');

export interface Comparison {
  diffs: FieldDiff[];
  /** Live → recorded id bindings this match would add (committed only when the match is taken). */
  bindings: Map<string, string>;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Structural comparison of a recorded client message (`expected`, placeholders and recorded ids)
 * with a live one (`actual`, already path-normalised). Id slots compare through the bindings: a
 * live id matches the recorded id it is bound to, or binds to it when both are still free. Free
 * text compares after live ids are replaced by their recorded ids.
 */
export function compareMessages(expected: unknown, actual: unknown, ids: IdBindings): Comparison {
  const bindings = new Map<string, string>();
  const bound = new Set<string>();
  const diffs: FieldDiff[] = [];
  const recordedFor = (live: string) => bindings.get(live) ?? ids.recordedFor(live);
  const recordedTaken = (recorded: string) => bound.has(recorded) || ids.liveFor(recorded) !== undefined;

  const idSlot = (e: string, a: string, path: JsonPath): void => {
    const known = recordedFor(a);
    if (known !== undefined) {
      if (known !== e) diffs.push({ path, expected: e, actual: a, note: `the live id is bound to ${known}` });
      return;
    }
    if (a === e && !recordedTaken(e)) return;
    if (recordedTaken(e)) {
      diffs.push({ path, expected: e, actual: a, note: 'the recorded id is bound to another live id' });
      return;
    }
    bindings.set(a, e);
    bound.add(e);
  };

  const text = (s: string): string => {
    let out = ids.toRecordedIn(s);
    for (const [live, recorded] of bindings) if (out.includes(live)) out = out.split(live).join(recorded);
    return out;
  };

  const visit = (e: unknown, a: unknown, path: JsonPath, slot: boolean): void => {
    if (typeof e === 'string' && typeof a === 'string') {
      if (slot) idSlot(e, a, path);
      else if (e !== a && e !== text(a)) diffs.push({ path, expected: e, actual: a });
      return;
    }
    if (Array.isArray(e) && Array.isArray(a)) {
      const n = Math.max(e.length, a.length);
      for (let i = 0; i < n; i++) {
        if (i >= e.length)
          diffs.push({ path: [...path, i], expected: ABSENT, actual: a[i], note: 'extra item' });
        else if (i >= a.length)
          diffs.push({ path: [...path, i], expected: e[i], actual: ABSENT, note: 'missing item' });
        else visit(e[i], a[i], [...path, i], slot);
      }
      return;
    }
    if (isRecord(e) && isRecord(a)) {
      for (const key of Object.keys(e)) {
        if (!Object.hasOwn(a, key))
          diffs.push({ path: [...path, key], expected: e[key], actual: ABSENT, note: 'missing key' });
        else visit(e[key], a[key], [...path, key], isIdSlot(e, key));
      }
      for (const key of Object.keys(a)) {
        if (!Object.hasOwn(e, key))
          diffs.push({ path: [...path, key], expected: ABSENT, actual: a[key], note: 'extra key' });
      }
      return;
    }
    if (kindOf(e) !== kindOf(a) || e !== a) diffs.push({ path, expected: e, actual: a });
  };
  visit(expected, actual, [], false);
  return { diffs, bindings };
}

/** True when `path` is `prefix` or below it. */
export function isUnder(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

function show(value: unknown): string {
  if (value === ABSENT) return '(absent)';
  const json = JSON.stringify(value);
  return json === undefined ? String(value) : json.length > 160 ? `${json.slice(0, 157)}…` : json;
}

/** `$.response.behavior: expected "allow", actual "deny"` */
export function formatDiff(diff: FieldDiff): string {
  const note = diff.note ? ` (${diff.note})` : '';
  return `${formatPath(diff.path)}: expected ${show(diff.expected)}, actual ${show(diff.actual)}${note}`;
}
