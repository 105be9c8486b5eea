import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageInfo } from '../../config/package-info.js';
import {
  registrySource,
  VERSION_DATA_FOLDERS,
  versionsIn,
  writeVersionRegistries,
} from './version-registries.js';

describe('the versions of the fake’s data are its folders’ files', () => {
  it('each committed index.ts is what its folder’s <version>.json files make it', () => {
    const root = packageInfo().root;
    for (const folder of VERSION_DATA_FOLDERS) {
      const dir = join(root, folder);
      expect(versionsIn(dir).length, folder).toBeGreaterThan(0);
      expect(readFileSync(join(dir, 'index.ts'), 'utf8'), folder).toBe(registrySource(versionsIn(dir)));
    }
  });

  it('a new version is a new file: the registry lists it in numeric order, nothing else to edit', () => {
    const root = mkdtempSync(join(tmpdir(), 'clide-registries-'));
    for (const folder of VERSION_DATA_FOLDERS) mkdirSync(join(root, folder), { recursive: true });
    const dir = join(root, VERSION_DATA_FOLDERS[0]!);
    for (const v of ['2.1.332', '2.1.99', '2.1.150']) writeFileSync(join(dir, `${v}.json`), '{}');
    writeFileSync(join(dir, 'notes.json'), '{}');
    const changed = writeVersionRegistries(root);
    expect(changed).toHaveLength(VERSION_DATA_FOLDERS.length);
    const source = readFileSync(join(dir, 'index.ts'), 'utf8');
    expect(source.match(/'[\d.]+': v[\d_]+/g)).toEqual([
      "'2.1.99': v2_1_99",
      "'2.1.150': v2_1_150",
      "'2.1.332': v2_1_332",
    ]);
    expect(source).not.toContain('notes');
    // Unchanged folders are left as they are.
    expect(writeVersionRegistries(root)).toEqual([]);
  });
});
