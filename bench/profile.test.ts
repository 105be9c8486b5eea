import { describe, expect, it } from 'vitest';
import { groupLine, hotSpotBullets } from './hot-spots.js';
import { parseGnuTime } from './proc.js';
import { type CpuProfile, groupOf, summarizeProfile } from './profile.js';

const ROOT = '/repo';

function node(id: number, functionName: string, url: string, lineNumber = 0) {
  return { id, callFrame: { functionName, url, lineNumber } };
}

const PROFILE: CpuProfile = {
  nodes: [
    node(1, '(root)', ''),
    node(2, '(idle)', ''),
    node(3, 'mapJsonStrings', 'file:///repo/dist/src/replayer/paths.js', 86),
    node(4, '(garbage collector)', ''),
    node(5, 'parse', 'file:///repo/node_modules/zod/v4/core/parse.js', 9),
    node(6, 'compileSourceTextModule', 'node:internal/modules/esm/utils', 343),
  ],
  samples: [2, 3, 3, 3, 4, 5, 6, 2],
  timeDeltas: [5000, 1000, 1000, 1000, 2000, 500, 500, 9000],
};

describe('summarizeProfile', () => {
  it('adds up self time per function and per group, leaving idle time out', () => {
    const s = summarizeProfile(PROFILE, 'test', ROOT);
    expect(s.busyMs).toBe(6);
    expect(s.topFunctions[0]).toEqual({
      name: 'mapJsonStrings dist/src/replayer/paths.js:87',
      selfMs: 3,
      pct: 50,
    });
    expect(s.topGroups.map((g) => g.name)).toEqual([
      'kit src/replayer',
      'V8 garbage collector',
      'dependency zod',
      'Node module loader / bootstrap',
    ]);
    expect(s.files).toEqual({ kit: 1, dependencies: 1 });
    expect(s.kitPct).toBe(50);
  });

  it('names the part of the runtime, the dependency or the kit folder a frame belongs to', () => {
    expect(groupOf('', '(program)', ROOT)).toMatch(/^V8/);
    expect(groupOf('', 'writeBuffer', ROOT)).toBe('native: writeBuffer');
    expect(groupOf('node:internal/streams/writable', 'x', ROOT)).toBe('node:internal/streams');
    expect(groupOf('file:///repo/node_modules/@scope/pkg/a/b.js', 'x', ROOT)).toBe('dependency @scope/pkg');
    expect(groupOf('file:///repo/dist/schemas/2.1.150/index.js', 'x', ROOT)).toBe('kit schemas/');
    expect(groupOf('file:///repo/dist/src/fixture/reader.js', 'x', ROOT)).toBe('kit src/fixture');
  });

  it('turns the hot frames it knows into a cause and a remedy', () => {
    const bullets = hotSpotBullets(summarizeProfile(PROFILE, 'test', ROOT));
    expect(bullets[0]).toMatch(/^- `mapJsonStrings .*` 50% \(3 ms\): .*path substitution/);
    expect(bullets.some((b) => b.includes('(garbage collector)') && b.includes('garbage collection'))).toBe(
      true,
    );
    expect(bullets.some((b) => b.includes('compileSourceTextModule') && b.includes('bundle'))).toBe(true);
    expect(groupLine(summarizeProfile(PROFILE, 'test', ROOT), 2)).toBe(
      'kit src/replayer 50%, V8 garbage collector 33%',
    );
  });
});

describe('parseGnuTime', () => {
  it('reads wall, CPU and peak RSS from the last matching line', () => {
    expect(parseGnuTime('0.41 0.30 0.10 61216\n')).toEqual({ cpuMs: 400, maxRssKiB: 61216 });
    expect(parseGnuTime('Command terminated by signal 9\n1.00 0.25 0.05 1000\n')).toEqual({
      cpuMs: 300,
      maxRssKiB: 1000,
    });
    expect(parseGnuTime('')).toBeUndefined();
  });
});
