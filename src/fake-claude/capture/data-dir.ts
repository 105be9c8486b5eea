import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from '../../config/package-info.js';
import { type CapturedData, DATA_FILES } from '../behaviour/data/types.js';

/** The folder holding every version's data (source tree of this checkout). */
export function behaviourDataDir(): string {
  return join(packageInfo().root, 'src', 'fake-claude', 'behaviour', 'data');
}

/** The data of `version` as its files in this checkout hold it (registered or not). */
export function readCapturedData(version: string): CapturedData {
  const dir = join(behaviourDataDir(), version);
  return Object.fromEntries(
    DATA_FILES.map(([key, file]) => [key, JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown]),
  ) as unknown as CapturedData;
}
