import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface PackageInfo {
  /** Absolute path of the kit's package root (the folder holding its package.json). */
  root: string;
  name: string;
  version: string;
  /** The CLI version the kit is pinned to: the one `run` uses by default. */
  pinned: string;
}

let cached: PackageInfo | undefined;

/** Reads the kit's own package.json, found by walking up from this module (works from src/ and dist/). */
export function packageInfo(): PackageInfo {
  if (cached) return cached;
  // `import.meta.dirname` (Node >= 20.11) is `__dirname` in the fake's bundle: no URL round trip.
  let dir = import.meta.dirname;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as {
        name?: string;
        version?: string;
        clideConformance?: { pinned?: string };
      };
      if (pkg.name === 'clide-conformance') {
        const pinned = pkg.clideConformance?.pinned;
        if (!pinned) throw new Error(`${candidate}: "clideConformance.pinned" is missing`);
        cached = { root: dir, name: pkg.name, version: pkg.version ?? '0.0.0', pinned };
        return cached;
      }
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`clide-conformance: cannot find the package root from ${import.meta.url}`);
    dir = parent;
  }
}
