import { join } from 'node:path';
import { packageInfo } from '../config/package-info.js';

/** Absolute path of a file shipped in the package's `assets/` folder (helper programs for scenarios). */
export function assetPath(name: string): string {
  return join(packageInfo().root, 'assets', name);
}
