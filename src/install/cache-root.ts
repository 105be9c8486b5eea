import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** The folder (under the cache root) holding one sub-folder per installed CLI version. */
export const CLAUDE_SUBDIR = 'claude';

/**
 * The kit's per-user cache root: `CLIDE_CACHE_DIR` if set, else `$XDG_CACHE_HOME/clide-conformance`
 * (an absolute XDG_CACHE_HOME only, as the XDG spec says), else `~/.cache/clide-conformance`.
 */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.CLIDE_CACHE_DIR;
  if (explicit !== undefined && explicit.trim() !== '') return resolve(explicit);
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, 'clide-conformance');
  return join(homedir(), '.cache', 'clide-conformance');
}

/** `<root>/claude/<version>`: where one version lives once installed and verified. */
export function versionDir(root: string, version: string): string {
  return join(root, CLAUDE_SUBDIR, version);
}
