import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_FILES } from './support/slow-first-sequencer.js';

const ROOT = join(import.meta.dirname, '..');

describe('the slow-first order of a fresh clone', () => {
  it('names test files that exist, each once (a renamed file would silently lose its place)', () => {
    expect(SLOW_FILES.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
    expect(new Set(SLOW_FILES).size).toBe(SLOW_FILES.length);
  });
});
