import { compareVersions, parseVersion } from '../../schemas/version.js';

/**
 * CLI version ranges for the few scenario expectations that really differ between versions. The
 * catalogue states them; this module is the only place that reads them.
 *
 * A range is one or more comparators separated by spaces, all of which must hold:
 * `<2.1.200`, `>=2.1.151 <2.1.200`, `=2.1.150` (a bare version means `=`). Versions compare by
 * their numeric `major.minor.patch` (a suffix such as `-beta.1` is ignored, as in the schema registry).
 */
export type VersionRange = string;

type Operator = '<' | '<=' | '>' | '>=' | '=';

interface Comparator {
  operator: Operator;
  version: number[];
}

const COMPARATOR = /^(<=|>=|<|>|=)?\s*(.+)$/;

/** Parses a range into its comparators; throws on anything that is not one. */
export function parseRange(range: VersionRange): Comparator[] {
  const parts = range.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) throw new Error(`"${range}" is not a version range: it is empty`);
  return parts.map((part) => {
    const match = COMPARATOR.exec(part);
    const version = match ? parseVersion(match[2]!) : undefined;
    if (!match || !version || !/^v?\d+\.\d+\.\d+$/.test(match[2]!)) {
      throw new Error(`"${range}" is not a version range: "${part}" is no comparator such as >=2.1.151`);
    }
    return { operator: (match[1] ?? '=') as Operator, version };
  });
}

/** True when `version` satisfies every comparator of `range`. */
export function inRange(version: string, range: VersionRange): boolean {
  const wanted = parseVersion(version);
  if (!wanted) throw new Error(`"${version}" is not a CLI version`);
  return parseRange(range).every(({ operator, version: bound }) =>
    HOLDS[operator](compareVersions(wanted, bound)),
  );
}

/** Whether a comparison result (`version` minus bound) satisfies each operator. */
const HOLDS: Record<Operator, (d: number) => boolean> = {
  '<': (d) => d < 0,
  '<=': (d) => d <= 0,
  '>': (d) => d > 0,
  '>=': (d) => d >= 0,
  '=': (d) => d === 0,
};

/**
 * The expectation for `version` out of expectations keyed by version range:
 *
 *     const expected = byVersion(ctx, {
 *       '<2.1.200': { subtype: 'error_during_execution', exitCode: 1 },
 *       '>=2.1.200': { subtype: 'success', exitCode: 0 },
 *     });
 *
 * Exactly one range must hold: none (a gap) or several (an overlap) is a mistake in the catalogue
 * and throws, so a scenario never silently checks nothing. Values may be data or check functions.
 */
export function byVersion<T>(
  target: { cliVersion: string } | string,
  cases: Readonly<Record<VersionRange, T>>,
): T {
  const version = typeof target === 'string' ? target : target.cliVersion;
  const ranges = Object.keys(cases);
  const matching = ranges.filter((range) => inRange(version, range));
  if (matching.length !== 1) {
    const listed = ranges.map((r) => JSON.stringify(r)).join(', ');
    throw new Error(
      matching.length === 0
        ? `no expectation covers CLI ${version} (ranges ${listed})`
        : `CLI ${version} is in more than one range (${matching.map((r) => JSON.stringify(r)).join(', ')})`,
    );
  }
  return cases[matching[0]!]!;
}
