import { join } from 'node:path';
import { packageInfo } from '../../config/package-info.js';

/** The folder holding every version's data (source tree of this checkout). */
export function behaviourDataDir(): string {
  return join(packageInfo().root, 'src', 'fake-claude', 'behaviour', 'data');
}
