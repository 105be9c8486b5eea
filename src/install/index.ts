/** Installs any version of the real `claude` CLI into the kit's per-user cache and finds it again. */

export { expectedVersionOutput } from './binary.js';
export { cacheRoot, versionDir } from './cache-root.js';
export { ensureInstalled, findInstalled } from './ensure-installed.js';
export { MARKER_FILE } from './marker.js';
export { listPublishedVersions, resolveVersion } from './registry.js';
export type { InstalledCli, InstallOptions, RegistryOptions } from './types.js';
export { CLAUDE_PACKAGE, isDistTag, isExactVersion } from './version-spec.js';
