/**
 * Amendment routes: how an amendment names a node from its root, one segment at a time, and which
 * union members a `<k=v>` segment selects. The grammar is in `amend.ts`.
 */
import type { z } from 'zod';
import { propValues } from './zod-walk.js';

export type RouteSegment =
  | { kind: 'field'; key: string }
  | { kind: 'element' }
  | { kind: 'value' }
  | { kind: 'variant'; key: string; value: string }
  | { kind: 'member'; index: number };

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

export function formatRoute(segments: readonly RouteSegment[]): string {
  return segments.map(formatSegment).join('');
}

function formatSegment(s: RouteSegment): string {
  if (s.kind === 'field') return IDENT.test(s.key) ? `.${s.key}` : `[${JSON.stringify(s.key)}]`;
  if (s.kind === 'element') return '[]';
  if (s.kind === 'value') return '{}';
  if (s.kind === 'variant') return `<${s.key}=${s.value}>`;
  return `<#${s.index}>`;
}

const TOKENS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => RouteSegment]> = [
  [/^\.([A-Za-z_$][A-Za-z0-9_$-]*)/, (m) => ({ kind: 'field', key: m[1]! })],
  [/^\[("(?:[^"\\]|\\.)*")\]/, (m) => ({ kind: 'field', key: JSON.parse(m[1]!) as string })],
  [/^\[\]/, () => ({ kind: 'element' })],
  [/^\{\}/, () => ({ kind: 'value' })],
  [/^<#(\d+)>/, (m) => ({ kind: 'member', index: Number(m[1]) })],
  [/^<([A-Za-z_$][A-Za-z0-9_$-]*)=([^>]*)>/, (m) => ({ kind: 'variant', key: m[1]!, value: m[2]! })],
];

/** Parses a route string; throws an Error naming the offset of what it could not read. */
export function parseRoute(route: string): RouteSegment[] {
  const out: RouteSegment[] = [];
  let i = 0;
  while (i < route.length) {
    const rest = route.slice(i);
    let matched = false;
    for (const [pattern, segment] of TOKENS) {
      const m = pattern.exec(rest);
      if (!m) continue;
      out.push(segment(m));
      i += m[0].length;
      matched = true;
      break;
    }
    if (!matched) throw new Error(`route "${route}": cannot read "${rest.slice(0, 20)}" at offset ${i}`);
  }
  return out;
}

/**
 * Whether discriminator values `values` (what zod's `propValues` has for the key) take a value as
 * written in a route: `v`, or `v1|v2|…` for a member that takes several (all of them are written,
 * so the route names that member exactly).
 */
export function takesValue(values: Iterable<unknown> | undefined, value: string): boolean {
  if (!values) return false;
  const wanted = wantedValues(value);
  for (const v of values) if (wanted.has(String(v))) return true;
  return false;
}

// The values of a `<k=v1|v2>` segment, read once per distinct text: building a set has a cost,
// and the same segment is looked up against every member of a union, for every amendment.
const WANTED = new Map<string, ReadonlySet<string>>();
function wantedValues(value: string): ReadonlySet<string> {
  let wanted = WANTED.get(value);
  if (!wanted) {
    wanted = new Set(value.split('|'));
    WANTED.set(value, wanted);
  }
  return wanted;
}

/** Whether `<key=value>` selects the union member `option`. */
export function selects(option: z.core.$ZodType, key: string, value: string): boolean {
  return takesValue(propValues(option, key), value);
}
