/**
 * What every run of another CLI version changes by nature: the CLI's own version string
 * (`system/init.claude_code_version`, get_binary_version's `version`, the `clientInfo.version` it
 * gives an MCP server, a user agent). Such a change is not drift.
 */

function withoutVersion(value: unknown, version: string): unknown {
  if (typeof value !== 'string') return value;
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return value.replace(new RegExp(`(?<![0-9A-Za-z.])${escaped}(?![0-9A-Za-z])`, 'g'), '<cli-version>');
}

/**
 * True when `before` (a value of the baseline run) names the baseline's CLI version and `after`
 * reads the same with the current run's version in its place: only the version string differs.
 */
export function onlyTheVersionDiffers(
  before: unknown,
  after: unknown,
  versions: { baseline: string | null; current: string | null },
): boolean {
  const { baseline, current } = versions;
  if (baseline === null || current === null || baseline === current) return false;
  const b = withoutVersion(before, baseline);
  return b !== before && b === withoutVersion(after, current);
}
