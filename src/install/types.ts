/** One verified install of the real `claude` CLI in the kit's cache. */
export interface InstalledCli {
  /** The exact CLI version, e.g. `2.1.150`. */
  version: string;
  /** Absolute path of the native `claude` binary; `<binary> --version` printed `<version> (Claude Code)`. */
  binaryPath: string;
  /** Absolute path of the version's folder: `<cacheRoot>/claude/<version>`. */
  dir: string;
  /** True only when this very call placed the install (false when it was already there or another process won the race). */
  installedNow: boolean;
}

export interface InstallOptions {
  /** The kit's cache root; default `cacheRoot()` (CLIDE_CACHE_DIR, XDG_CACHE_HOME, ~/.cache). */
  cacheRoot?: string;
  /** Receives one human line when an install starts and one when it is placed (npm's own output only in a failure's error). */
  onProgress?: (line: string) => void;
  /** The npm executable to run; default `npm` from PATH. */
  npm?: string;
  /**
   * Aborted (SIGINT / SIGTERM of the command): npm's process group is killed at once, the
   * unfinished install removed, and the interruption thrown (`ClideError('interrupted')`).
   */
  signal?: AbortSignal;
}

/** Options of the registry look-ups (`resolveVersion`, `listPublishedVersions`). */
export interface RegistryOptions {
  /** The npm executable to run; default `npm` from PATH. */
  npm?: string;
  /** Aborted: npm is killed at once and the interruption thrown (see `InstallOptions.signal`). */
  signal?: AbortSignal;
}
