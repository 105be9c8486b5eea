import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { bisectVersions, type Verdict } from './search.js';

const versions = (n: number) => Array.from({ length: n }, (_, i) => `2.1.${100 + i}`);

/** A fake oracle: every version from `firstBad` on is bad, some versions cannot be tested. */
function oracle(list: readonly string[], firstBad: number, skip: ReadonlySet<number> = new Set()) {
  const asked: string[] = [];
  const verdict = async (version: string): Promise<Verdict> => {
    asked.push(version);
    const index = list.indexOf(version);
    if (skip.has(index)) return 'skip';
    return index >= firstBad ? 'bad' : 'good';
  };
  return { verdict, asked };
}

describe('bisectVersions', () => {
  it('names the first bad version and the last good one', async () => {
    const list = versions(16);
    const { verdict } = oracle(list, 11);
    const result = await bisectVersions(list, verdict);
    expect(result).toMatchObject({ kind: 'found', lastGood: '2.1.110', firstBad: '2.1.111', skipped: [] });
  });

  it('asks the two ends first, then the middles', async () => {
    const list = versions(9);
    const { verdict, asked } = oracle(list, 3);
    await bisectVersions(list, verdict);
    expect(asked).toEqual(['2.1.100', '2.1.108', '2.1.104', '2.1.102', '2.1.103']);
  });

  it('two neighbours need only the ends', async () => {
    const { verdict, asked } = oracle(['2.1.150', '2.1.152'], 1);
    expect(await bisectVersions(['2.1.150', '2.1.152'], verdict)).toMatchObject({
      kind: 'found',
      lastGood: '2.1.150',
      firstBad: '2.1.152',
    });
    expect(asked).toEqual(['2.1.150', '2.1.152']);
  });

  it('a bad end that is not bad is reported, and nothing between the ends is asked', async () => {
    const list = versions(8);
    const { verdict, asked } = oracle(list, 99);
    expect(await bisectVersions(list, verdict)).toMatchObject({
      kind: 'ends-disagree',
      end: 'bad',
      verdict: 'good',
    });
    expect(asked).toEqual(['2.1.100', '2.1.107']);
  });

  it('a good end that is already bad is reported', async () => {
    const list = versions(8);
    const { verdict } = oracle(list, 0);
    expect(await bisectVersions(list, verdict)).toMatchObject({
      kind: 'ends-disagree',
      end: 'good',
      verdict: 'bad',
    });
  });

  it('steps over a version that cannot be tested, and says so when it is next to the change', async () => {
    const list = versions(10);
    const { verdict } = oracle(list, 5, new Set([4]));
    const result = await bisectVersions(list, verdict);
    expect(result).toMatchObject({
      kind: 'found',
      lastGood: '2.1.103',
      firstBad: '2.1.105',
      skipped: ['2.1.104'],
    });
  });

  test.prop([
    fc
      .integer({ min: 2, max: 300 })
      .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n - 1 }))),
  ])(
    'finds the change with at most ⌈log2(N − 1)⌉ versions asked between the ends, each once',
    async ([n, firstBad]) => {
      const list = versions(n);
      const { verdict, asked } = oracle(list, firstBad);
      const result = await bisectVersions(list, verdict);
      expect(result).toMatchObject({ kind: 'found', lastGood: list[firstBad - 1], firstBad: list[firstBad] });
      expect(new Set(asked).size).toBe(asked.length);
      expect(asked.length).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(n - 1)));
    },
  );

  test.prop([
    fc
      .integer({ min: 3, max: 60 })
      .chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.integer({ min: 1, max: n - 1 }),
          fc.uniqueArray(fc.integer({ min: 1, max: n - 2 })),
        ),
      ),
  ])(
    'with skipped versions, the change is at firstBad or among the skipped ones just before it',
    async ([n, firstBad, skips]) => {
      const list = versions(n);
      const skip = new Set(skips);
      const { verdict } = oracle(list, firstBad, skip);
      const result = await bisectVersions(list, verdict);
      if (result.kind !== 'found') throw new Error('expected a result');
      const lastGood = list.indexOf(result.lastGood);
      const bad = list.indexOf(result.firstBad);
      expect(lastGood).toBeLessThan(firstBad);
      expect(bad).toBeGreaterThanOrEqual(firstBad);
      expect(result.skipped).toEqual(list.slice(lastGood + 1, bad));
      expect(result.skipped.every((v) => skip.has(list.indexOf(v)))).toBe(true);
    },
  );
});
