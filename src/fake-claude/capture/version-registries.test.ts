import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../test/support/temp-dirs.js';
import { packageInfo } from '../../config/package-info.js';
import {
  BEHAVIOUR_DATA_FOLDER,
  fakeRegistries,
  OVERRIDES_FOLDER,
  VERSION_DATA_FOLDERS,
  writeVersionRegistries,
} from './version-registries.js';

const temp = tempDirs();

describe('the versions of the fake are its folders', () => {
  it('each committed registry is what its folder makes it (else: npm run registries)', () => {
    const generated = fakeRegistries(packageInfo().root);
    expect(generated).toHaveLength(VERSION_DATA_FOLDERS.length + 2);
    for (const { file, source } of generated) expect(readFileSync(file, 'utf8'), file).toBe(source);
  });

  it('a new version is a new file or folder: each registry lists it in numeric order, nothing else to edit', () => {
    const root = temp('clide-registries-');
    for (const folder of VERSION_DATA_FOLDERS) mkdirSync(join(root, folder), { recursive: true });
    const dir = join(root, VERSION_DATA_FOLDERS[0]!);
    for (const v of ['2.1.332', '2.1.99', '2.1.150']) writeFileSync(join(dir, `${v}.json`), '{}');
    writeFileSync(join(dir, 'notes.json'), '{}');
    // The behaviour data: a folder of JSON files per version; an override set: a folder with overrides.ts.
    for (const v of ['2.1.332', '2.1.99']) {
      mkdirSync(join(root, BEHAVIOUR_DATA_FOLDER, v), { recursive: true });
      writeFileSync(join(root, BEHAVIOUR_DATA_FOLDER, v, 'binary.json'), '{}');
    }
    mkdirSync(join(root, BEHAVIOUR_DATA_FOLDER, '2.1.5'));
    for (const v of ['2.1.400', '2.1.332']) {
      mkdirSync(join(root, OVERRIDES_FOLDER, v), { recursive: true });
      writeFileSync(join(root, OVERRIDES_FOLDER, v, 'overrides.ts'), '');
    }
    mkdirSync(join(root, OVERRIDES_FOLDER, '2.1.300'), { recursive: true });
    writeFileSync(join(root, OVERRIDES_FOLDER, '2.1.300', 'overrides.json'), '{ "from": "2.1.332" }');
    mkdirSync(join(root, OVERRIDES_FOLDER, 'base'));
    writeFileSync(join(root, OVERRIDES_FOLDER, 'base', 'overrides.ts'), '');

    expect(writeVersionRegistries(root)).toHaveLength(VERSION_DATA_FOLDERS.length + 2);
    const source = readFileSync(join(dir, 'index.ts'), 'utf8');
    expect(source.match(/'[\d.]+': v[\d_]+/g)).toEqual([
      "'2.1.99': v2_1_99",
      "'2.1.150': v2_1_150",
      "'2.1.332': v2_1_332",
    ]);
    expect(source).not.toContain('notes');
    // A data folder without its files (2.1.5) is no version the fake can emulate.
    const data = readFileSync(join(root, BEHAVIOUR_DATA_FOLDER, 'versions.ts'), 'utf8');
    expect(data).toContain("export const CAPTURED_VERSIONS: readonly string[] = ['2.1.99', '2.1.332'];");
    expect(data).toContain("import('./2.1.99/binary.json', { with: { type: 'json' } }),");
    const sets = readFileSync(join(root, OVERRIDES_FOLDER, 'override-sets.ts'), 'utf8');
    expect(sets.match(/'[\d.]+': v[\d_]+/g)).toEqual(["'2.1.332': v2_1_332", "'2.1.400': v2_1_400"]);
    expect(sets).toContain("import { overrides as v2_1_400 } from './2.1.400/overrides.js';");
    // A folder whose overrides.json takes a later set's members.
    expect(sets).toContain("import p2_1_300 from './2.1.300/overrides.json' with { type: 'json' };");
    expect(sets).toContain("  '2.1.300': p2_1_300,");
    // Unchanged folders are left as they are.
    expect(writeVersionRegistries(root)).toEqual([]);
  });
});
