import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion, pinnedVersions, schemaSetFor } from './registry.js';

describe('schemaSetFor', () => {
  it('returns the exact pinned set without a note', () => {
    expect(schemaSetFor('2.1.150')).toMatchObject({
      exact: true,
      requested: '2.1.150',
      set: { version: '2.1.150' },
    });
    expect(schemaSetFor('2.1.150').note).toBeUndefined();
  });

  it('accepts `claude --version` output and a v prefix', () => {
    expect(schemaSetFor('2.1.150 (Claude Code)').exact).toBe(true);
    expect(schemaSetFor('v2.1.150').exact).toBe(true);
  });

  it('maps a newer version to the nearest pinned set below it, with a note', () => {
    const selection = schemaSetFor('2.1.160');
    expect(selection).toMatchObject({ exact: false, requested: '2.1.160', set: { version: '2.1.150' } });
    expect(selection.note).toContain('nearest below');
    expect(schemaSetFor('3.0.0').set.version).toBe(pinnedVersions().at(-1));
  });

  it('maps a version below every pinned set to the lowest, with a note', () => {
    const selection = schemaSetFor('2.0.1');
    expect(selection).toMatchObject({ exact: false, set: { version: pinnedVersions()[0] } });
    expect(selection.note).toContain('older than every pinned');
  });

  it('compares numerically, not as text', () => {
    expect(schemaSetFor('2.1.1000').note).toContain('nearest below');
    expect(schemaSetFor('2.1.99').note).toContain('older than every pinned');
  });

  it('rejects a string that is no version with a usage error', () => {
    expect(() => schemaSetFor('latest')).toThrow(expect.objectContaining({ code: 'usage' }));
  });

  it('lists pinned versions lowest first, 2.1.150 and 2.1.332 among them', () => {
    const versions = pinnedVersions();
    expect(versions).toEqual(expect.arrayContaining(['2.1.150', '2.1.332']));
    expect([...versions].sort((a, b) => compareVersions(parseVersion(a)!, parseVersion(b)!))).toEqual(
      versions,
    );
  });

  it('serves a version between two pinned sets the one below it, and a newer one the newest', () => {
    // 2.1.151 was never published, so it can never be pinned: it is always served 2.1.150's set.
    expect(schemaSetFor('2.1.151').set.version).toBe('2.1.150');
    expect(schemaSetFor('2.1.332')).toMatchObject({
      exact: true,
      set: { version: '2.1.332', previous: '2.1.150' },
    });
    expect(schemaSetFor('2.1.400').set.version).toBe('2.1.332');
  });
});
