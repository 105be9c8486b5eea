import { describe, expect, it } from 'vitest';
import { renderPinnedList, withVersionExports } from './register.js';

describe('renderPinnedList', () => {
  it('lists every set oldest first, numerically, once', () => {
    const text = renderPinnedList(['2.1.332', '2.1.150', '2.1.99', '2.1.150']);
    expect([...text.matchAll(/from '\.\/([^/']+)\/index\.js'/g)].map((m) => m[1])).toEqual([
      '2.1.99',
      '2.1.150',
      '2.1.332',
    ]);
    expect(text).toContain('export const PINNED_SETS: readonly SchemaSet[] = [v2_1_99, v2_1_150, v2_1_332];');
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
