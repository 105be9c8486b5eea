/**
 * SEAM(fixture): how `validateJsonlFile` reads a clide fixture (docs/fixture-format.md).
 * The format is owned by `src/fixture/`; this provisional adapter reads `clide-fixture/1` lines
 * directly — header `{"kind":"header","format":"clide-fixture/1","cliVersion",…}`, frames
 * `{"kind":"frame","seq","dir":"to-cli"|"from-cli"|"stderr","msg"|"raw"|"rawBase64"}`, trailer
 * `{"kind":"trailer",…}` — so validation works before the lead connects `src/fixture/`'s reader
 * (and its migrations of older formats): replace `defaultFixtureAdapter`, or pass `fixtureAdapter`.
 */
import type { Direction } from './validate-message.js';

export type FixtureFrameMapping =
  /** A protocol message to validate in `direction`; `frame` is the frame's `seq`. */
  | { kind: 'message'; direction: Direction; message: unknown; frame?: number }
  /** A stdin/stdout line that was not JSON (reported as `wire/non-json-line`). */
  | { kind: 'non-json'; direction: Direction; raw: string; frame?: number }
  /** Not a protocol line: trailer, stderr, an empty line. */
  | { kind: 'skip' }
  | { kind: 'invalid'; reason: string };

export interface FixtureAdapter {
  /** Maps one parsed fixture line (after the header) to what it carries. */
  frame(value: unknown): FixtureFrameMapping;
}

/** True for the first line of a clide fixture. */
export function isFixtureHeader(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const format = (value as { format?: unknown }).format;
  return typeof format === 'string' && format.startsWith('clide-fixture/');
}

/** The CLI version a fixture header records, if any. */
export function fixtureHeaderVersion(value: unknown): string | undefined {
  const version = (value as { cliVersion?: unknown } | null)?.cliVersion;
  return typeof version === 'string' && version.length > 0 ? version : undefined;
}

export const defaultFixtureAdapter: FixtureAdapter = {
  frame(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { kind: 'invalid', reason: 'a fixture line must be a JSON object' };
    }
    const v = value as Record<string, unknown>;
    if (v.kind === 'trailer' || v.kind === 'header') return { kind: 'skip' };
    if (v.kind !== 'frame')
      return { kind: 'invalid', reason: `unknown fixture line kind ${JSON.stringify(v.kind)}` };
    const seq = typeof v.seq === 'number' ? { frame: v.seq } : {};
    if (v.dir === 'stderr') return { kind: 'skip' };
    if (v.dir !== 'from-cli' && v.dir !== 'to-cli') {
      return { kind: 'invalid', reason: 'a fixture frame needs "dir": "from-cli" | "to-cli" | "stderr"' };
    }
    if ('msg' in v) return { kind: 'message', direction: v.dir, message: v.msg, ...seq };
    const raw =
      typeof v.raw === 'string'
        ? v.raw
        : typeof v.rawBase64 === 'string'
          ? `(base64) ${v.rawBase64}`
          : undefined;
    if (raw === undefined)
      return { kind: 'invalid', reason: 'a fixture frame needs one of "msg", "raw", "rawBase64"' };
    if (raw.trim() === '') return { kind: 'skip' };
    return { kind: 'non-json', direction: v.dir, raw, ...seq };
  },
};
