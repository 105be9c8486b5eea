import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/support/temp-dirs.js';
import { packageInfo } from '../config/package-info.js';
import { kitRegistries, renderPinnedList, withVersionExports, writeKitRegistries } from './register.js';

const temp = tempDirs();

describe('renderPinnedList', () => {
  it('lists every set oldest first, numerically, once', () => {
    const text = renderPinnedList(['2.1.332', '2.1.150', '2.1.99', '2.1.150']);
    expect([...text.matchAll(/from '\.\/([^/']+)\/index\.js'/g)].map((m) => m[1])).toEqual([
      '2.1.99',
      '2.1.150',
      '2.1.332',
    ]);
    expect(text).toContain('export const PINNED_SETS: readonly SchemaSet[] = [v2_1_99, v2_1_150, v2_1_332];');
    expect(text.split('\n')[0]).toMatch(/^\/\/ Generated .*do not edit\.$/);
  });

  it('puts one set a line once they no longer fit on one', () => {
    const versions = Array.from({ length: 12 }, (_, i) => `2.1.${150 + i * 10}`);
    const text = renderPinnedList(versions);
    expect(text).toContain('export const PINNED_SETS: readonly SchemaSet[] = [\n  v2_1_150,\n  v2_1_160,\n');
    for (const line of text.split('\n').slice(1)) expect(line.length).toBeLessThanOrEqual(110);
  });
});

describe('the registries of pinned versions are the version folders', () => {
  it('the committed schemas/pinned.ts, package.json subpaths and fake registries are what the folders make them (else: npm run registries)', () => {
    for (const { file, source } of kitRegistries(packageInfo().root)) {
      expect(readFileSync(file, 'utf8'), `${file} (npm run registries)`).toBe(source);
    }
  });

  it('a new schemas/<version>/ folder is registered in schemas/pinned.ts and package.json; no subpath is ever removed', () => {
    const root = temp('clide-kit-registries-');
    for (const v of ['2.1.150', '2.1.210']) {
      mkdirSync(join(root, 'schemas', v), { recursive: true });
      writeFileSync(join(root, 'schemas', v, 'index.ts'), '');
    }
    mkdirSync(join(root, 'schemas', 'sdk'));
    const pkg = {
      name: 'kit',
      exports: {
        '.': './dist/src/index.js',
        './schemas/2.1.100': { default: './dist/schemas/2.1.100/index.js' },
        './schemas/2.1.100/json/*': './schemas/2.1.100/generated/*',
        './schemas/registry': './dist/schemas/registry.js',
      },
      clideConformance: { pinned: '2.1.150' },
    };
    writeFileSync(join(root, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

    const changed = writeKitRegistries(root, { makeDefault: '2.1.210' });
    expect(changed).toContain(join(root, 'schemas', 'pinned.ts'));
    expect(changed).toContain(join(root, 'package.json'));
    const pinned = readFileSync(join(root, 'schemas', 'pinned.ts'), 'utf8');
    expect(pinned).toContain('export const PINNED_SETS: readonly SchemaSet[] = [v2_1_150, v2_1_210];');
    const written = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as typeof pkg;
    expect(Object.keys(written.exports)).toEqual([
      '.',
      './schemas/2.1.100',
      './schemas/2.1.100/json/*',
      './schemas/2.1.150',
      './schemas/2.1.150/json/*',
      './schemas/2.1.210',
      './schemas/2.1.210/json/*',
      './schemas/registry',
    ]);
    expect(written.clideConformance.pinned).toBe('2.1.210');
    expect(writeKitRegistries(root)).toEqual([]);
  });
});

describe('withVersionExports', () => {
  const base = {
    '.': { default: './dist/src/index.js' },
    './schemas/2.1.150': { default: './dist/schemas/2.1.150/index.js' },
    './schemas/2.1.150/json/*': './schemas/2.1.150/generated/*',
    './schemas/registry': { default: './dist/schemas/registry.js' },
    './package.json': './package.json',
  };

  it('adds the subpaths of a newer version after those of the older ones, keeping every other key', () => {
    expect(Object.keys(withVersionExports(base, '2.1.332'))).toEqual([
      '.',
      './schemas/2.1.150',
      './schemas/2.1.150/json/*',
      './schemas/2.1.332',
      './schemas/2.1.332/json/*',
      './schemas/registry',
      './package.json',
    ]);
  });

  it('puts an intermediate version between its neighbours and never removes one', () => {
    const both = withVersionExports(withVersionExports(base, '2.1.332'), '2.1.210');
    expect(Object.keys(both).filter((k) => k.startsWith('./schemas/2'))).toEqual([
      './schemas/2.1.150',
      './schemas/2.1.150/json/*',
      './schemas/2.1.210',
      './schemas/2.1.210/json/*',
      './schemas/2.1.332',
      './schemas/2.1.332/json/*',
    ]);
    expect(both['./schemas/2.1.210']).toEqual({
      types: './dist/schemas/2.1.210/index.d.ts',
      default: './dist/schemas/2.1.210/index.js',
    });
    expect(both['./schemas/2.1.210/json/*']).toBe('./schemas/2.1.210/generated/*');
  });

  it('is idempotent', () => {
    const once = withVersionExports(base, '2.1.332');
    expect(withVersionExports(once, '2.1.332')).toEqual(once);
  });
});
