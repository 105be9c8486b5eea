import { describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import { newestVersions, publishedBetween, sampleEvenly, stableVersions } from './published-range.js';
import { parseVersionsSpec, resolveVersionsSpec } from './versions-spec.js';

const PUBLISHED = [
  '2.1.9',
  '2.1.10',
  '2.1.150',
  '2.1.152',
  '2.1.153-beta.1',
  '2.1.153',
  '2.1.154',
  '2.1.156',
];

describe('the published stable versions', () => {
  it('drops pre-releases and orders numerically, not as text', () => {
    expect(stableVersions(['2.1.10', '2.1.9', '2.1.153-beta.1', '2.1.9'])).toEqual(['2.1.9', '2.1.10']);
  });

  it('a range holds both ends and every stable version between, oldest first', () => {
    expect(publishedBetween(PUBLISHED, '2.1.150', '2.1.154')).toEqual([
      '2.1.150',
      '2.1.152',
      '2.1.153',
      '2.1.154',
    ]);
  });

  it('a range end that was never published is a usage error naming it', () => {
    expect(() => publishedBetween(PUBLISHED, '2.1.151', '2.1.154')).toThrow(
      /2\.1\.151 is not a published stable version/,
    );
  });

  it('a range given newest first is refused', () => {
    expect(() => publishedBetween(PUBLISHED, '2.1.154', '2.1.150')).toThrow(
      /2\.1\.154 is not older than 2\.1\.150/,
    );
  });

  it('last:N is the N newest, oldest first', () => {
    expect(newestVersions(PUBLISHED, 2)).toEqual(['2.1.154', '2.1.156']);
    expect(newestVersions(PUBLISHED, 99)).toHaveLength(7);
  });
});

describe('sampleEvenly', () => {
  const ten = Array.from({ length: 10 }, (_, i) => i);

  it('keeps both ends and spreads the rest evenly', () => {
    expect(sampleEvenly(ten, 4)).toEqual([0, 3, 6, 9]);
    expect(sampleEvenly(ten, 2)).toEqual([0, 9]);
  });

  it('returns a short list as it is', () => {
    expect(sampleEvenly([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it('never repeats or loses an end, for every length and max', () => {
    for (let length = 2; length < 40; length++) {
      const list = Array.from({ length }, (_, i) => i);
      for (let max = 2; max < 45; max++) {
        const sample = sampleEvenly(list, max);
        expect(sample.length).toBe(Math.min(length, max));
        expect(sample[0]).toBe(0);
        expect(sample.at(-1)).toBe(length - 1);
        expect(new Set(sample).size).toBe(sample.length);
      }
    }
  });

  it('refuses a max below 2', () => {
    expect(() => sampleEvenly(ten, 1)).toThrow(ClideError);
  });
});

describe('--versions', () => {
  it('a list is sorted oldest first and needs no registry', () => {
    expect(resolveVersionsSpec(parseVersionsSpec('2.1.332, 2.1.150,2.1.210'), undefined)).toEqual([
      '2.1.150',
      '2.1.210',
      '2.1.332',
    ]);
  });

  it('a range resolves over the published list and is sampled with max', () => {
    expect(resolveVersionsSpec(parseVersionsSpec('2.1.10..2.1.156'), PUBLISHED, 3)).toEqual([
      '2.1.10',
      '2.1.153',
      '2.1.156',
    ]);
  });

  it('last:N resolves to the newest', () => {
    expect(resolveVersionsSpec(parseVersionsSpec('last:3'), PUBLISHED)).toEqual([
      '2.1.153',
      '2.1.154',
      '2.1.156',
    ]);
  });

  it('refuses what is no version, a repeat, and an empty list, naming --versions', () => {
    for (const bad of ['latest', '2.1.150,2.1.150', ' , ', '2.1.150..', 'last:0', '2.1..2.1.3']) {
      try {
        parseVersionsSpec(bad);
        expect.unreachable(bad);
      } catch (error) {
        expect(error).toBeInstanceOf(ClideError);
        expect((error as ClideError).where).toBe('--versions');
      }
    }
  });
});
