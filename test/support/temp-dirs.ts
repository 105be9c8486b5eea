import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Temporary folders of one test file, removed when the file ends. Call it once at the file's top
 * level (it registers that file's `afterAll`; in the unit project, where files share a worker's
 * modules, a module-level hook in this helper would belong to the first file only), then call what
 * it returns wherever the file needs a folder: `const temp = tempDirs();` … `temp('clide-x-')`.
 * The folders stay until every test of the file has run, so each can inspect its own.
 */
export function tempDirs(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
