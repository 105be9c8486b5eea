/**
 * CLI version strings as numbers: what the registry, the scenarios' version ranges and the
 * version lists compare. No schema set is loaded by this module.
 */

/** Parses `2.1.150`, `v2.1.150`, `2.1.150 (Claude Code)`, `2.1.150-beta.1` into numeric parts. */
export function parseVersion(version: string): number[] | undefined {
  const match = /^\s*v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Numeric order of two version strings (negative: `a` is older); an unparsable one sorts first. */
export function versionOrder(a: string, b: string): number {
  return compareVersions(parseVersion(a) ?? [], parseVersion(b) ?? []);
}
