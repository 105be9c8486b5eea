import { ClideError } from '../errors/index.js';

/** The npm package of the real CLI. */
export const CLAUDE_PACKAGE = '@anthropic-ai/claude-code';

const EXACT =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
const DIST_TAG = /^[A-Za-z][A-Za-z0-9._-]*$/;

/** An exact semver version such as `2.1.150` or `2.2.0-beta.1` (never a range). */
export function isExactVersion(spec: string): boolean {
  return EXACT.test(spec);
}

/** An npm dist-tag name such as `latest` or `next` (starts with a letter, so never a version). */
export function isDistTag(spec: string): boolean {
  return DIST_TAG.test(spec);
}

/** Throws a usage error unless `spec` is an exact version or a dist-tag. */
export function assertVersionSpec(spec: string): void {
  if (isExactVersion(spec) || isDistTag(spec)) return;
  throw new ClideError('usage', `"${spec}" is neither an exact ${CLAUDE_PACKAGE} version nor a dist-tag`, {
    where: 'install',
    hint: 'give an exact version such as 2.1.150, or a dist-tag such as latest; `npm view @anthropic-ai/claude-code versions` lists the published ones',
  });
}

/** Throws a usage error unless `version` is exact (what the cache is keyed by). */
export function assertExactVersion(version: string): void {
  if (isExactVersion(version)) return;
  assertVersionSpec(version);
  throw new ClideError('usage', `"${version}" is a dist-tag, not an exact version`, {
    where: 'install',
    hint: 'resolve it first with resolveVersion() (the `install` command does this for you)',
  });
}
