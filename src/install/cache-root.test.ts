import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheRoot, versionDir } from './cache-root.js';

describe('cacheRoot', () => {
  it('prefers CLIDE_CACHE_DIR, made absolute', () => {
    expect(cacheRoot({ CLIDE_CACHE_DIR: '/srv/cache', XDG_CACHE_HOME: '/xdg' })).toBe('/srv/cache');
    expect(cacheRoot({ CLIDE_CACHE_DIR: 'rel/cache' })).toBe(resolve('rel/cache'));
  });

  it('falls back to $XDG_CACHE_HOME/clide-conformance when it is absolute', () => {
    expect(cacheRoot({ XDG_CACHE_HOME: '/xdg' })).toBe('/xdg/clide-conformance');
    expect(cacheRoot({ CLIDE_CACHE_DIR: '  ', XDG_CACHE_HOME: '/xdg' })).toBe('/xdg/clide-conformance');
  });

  it('ends at ~/.cache/clide-conformance (a relative XDG_CACHE_HOME is ignored, as the XDG spec says)', () => {
    const fallback = join(homedir(), '.cache', 'clide-conformance');
    expect(cacheRoot({})).toBe(fallback);
    expect(cacheRoot({ XDG_CACHE_HOME: 'relative' })).toBe(fallback);
  });

  it('keeps each version in <root>/claude/<version>', () => {
    expect(versionDir('/c', '2.1.150')).toBe('/c/claude/2.1.150');
  });
});
