import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { packageInfo } from '../config/package-info.js';
import { isClideError } from '../errors/index.js';
import { SCENARIOS } from '../scenarios/index.js';
import { parseShard, recordedDurations, shardItems, splitItems } from './shard.js';

const items = (ms: number[]) => ms.map((_, i) => ({ id: `s${i}` }));
const table = (ms: number[]) => (id: string) => ms[Number(id.slice(1))]!;
const load = (part: Array<{ id: string }>, ms: number[]) =>
  part.reduce((sum, item) => sum + table(ms)(item.id), 0);

describe('sharding a selection', () => {
  test.prop([fc.array(fc.nat({ max: 10_000 }), { maxLength: 60 }), fc.integer({ min: 1, max: 8 })])(
    'the parts hold every item exactly once, each in selection order',
    (ms, count) => {
      const all = items(ms);
      const parts = splitItems(all, count, table(ms));
      expect(parts).toHaveLength(count);
      expect(
        parts
          .flat()
          .map((i) => i.id)
          .sort(),
      ).toEqual(all.map((i) => i.id).sort());
      for (const part of parts) {
        const positions = part.map((i) => all.indexOf(i));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }
    },
  );

  test.prop([
    fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 60 }),
    fc.integer({ min: 1, max: 8 }),
  ])(
    'no part is longer than the shortest by more than the longest single item (greedy LPT bound)',
    (ms, count) => {
      const loads = splitItems(items(ms), count, table(ms)).map((p) => load(p, ms));
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(Math.max(...ms));
    },
  );

  test('the split is the same on every call and does not depend on the order durations were read', () => {
    const ms = [5, 5, 5, 5, 3, 3, 1];
    const first = splitItems(items(ms), 3, table(ms));
    expect(splitItems(items(ms), 3, table(ms))).toEqual(first);
    // Equal durations: the earlier item goes to the lower-numbered part.
    expect(first.map((p) => p.map((i) => i.id))).toEqual([
      ['s0', 's3'],
      ['s1', 's4', 's6'],
      ['s2', 's5'],
    ]);
  });

  test('balances by duration, not by count: one long scenario gets a part of its own', () => {
    const ms = [5000, 1000, 1000, 1000, 1000, 1000];
    const parts = splitItems(items(ms), 2, table(ms));
    expect(parts.map((p) => p.map((i) => i.id))).toEqual([['s0'], ['s1', 's2', 's3', 's4', 's5']]);
  });

  test('more parts than items leaves the extra parts empty', () => {
    expect(shardItems(items([1, 2]), { index: 3, count: 3 }, table([1, 2]))).toEqual([]);
  });

  test('the catalogue splits into three parts within 15% of each other by the pinned corpus durations', () => {
    const { root, pinned } = packageInfo();
    const ids = SCENARIOS.map((s) => s.id);
    const duration = recordedDurations(join(root, 'fixtures', pinned), ids);
    const loads = splitItems(SCENARIOS, 3, duration).map((p) =>
      p.reduce((sum, s) => sum + duration(s.id), 0),
    );
    expect(Math.max(...loads) / Math.min(...loads)).toBeLessThan(1.15);
  });
});

describe('recorded durations', () => {
  test("read from the fixtures' trailers; a scenario without one gets the median of the others", () => {
    const dir = mkdtempSync(join(tmpdir(), 'clide-shard-'));
    try {
      const fixture = (ms: number) =>
        `${JSON.stringify({ kind: 'header' })}\n${JSON.stringify({ kind: 'trailer', durationMs: ms })}\n`;
      writeFileSync(join(dir, 'a__one.jsonl'), fixture(100));
      writeFileSync(join(dir, 'a__two.jsonl'), fixture(300));
      writeFileSync(join(dir, 'a__three.jsonl'), fixture(900));
      writeFileSync(join(dir, 'a__cut.jsonl'), `${JSON.stringify({ kind: 'header' })}\n`);
      const duration = recordedDurations(dir, ['a/one', 'a/two', 'a/three', 'a/cut', 'a/none']);
      expect([duration('a/one'), duration('a/two'), duration('a/three')]).toEqual([100, 300, 900]);
      expect(duration('a/cut')).toBe(300);
      expect(duration('a/none')).toBe(300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('with no fixtures every scenario weighs the same', () => {
    const duration = recordedDurations(null, ['x']);
    expect(duration('x')).toBe(duration('y'));
  });
});

describe('--shard', () => {
  test('i/n with 1 ≤ i ≤ n', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
  });

  test.each(['0/3', '4/3', '1/0', '3', 'a/b', '1/3/4', '-1/3', ''])(
    'refuses "%s" naming the flag',
    (text) => {
      try {
        parseShard(text);
        expect.unreachable();
      } catch (error) {
        expect(isClideError(error) && error.code).toBe('usage');
        expect(isClideError(error) && error.render()).toContain('--shard');
      }
    },
  );
});
