import { performance } from 'node:perf_hooks';
import { secretLintProfiler } from '@secretlint/profiler';
import { describe, expect, it } from 'vitest';
import { secretlintBatcher } from './secretlint.js';

describe('the leak scan’s secretlint batches', () => {
  it('lint batch after batch and leave nothing behind on the performance timeline or in secretlint’s profiler', async () => {
    const marks = performance.getEntriesByType('mark').length;
    const found: Array<{ line: number; kind: string }> = [];
    const batcher = await secretlintBatcher((line, kind) => found.push({ line, kind }));
    const token = `ghp_${'A1b2C3d4E5f6'.repeat(3)}`;
    for (let line = 1; line <= 50; line += 1) {
      await batcher.add(line, [line === 25 ? `"token": "${token}"` : `nothing secret on line ${line}`]);
      await batcher.flush();
    }
    // Still linting: the token is found, on its line.
    expect(found.map((f) => f.line)).toEqual([25]);
    expect(performance.getEntriesByType('mark').length).toBe(marks);
    expect(await secretLintProfiler.getEntries()).toEqual([]);
    expect(await secretLintProfiler.getMeasures()).toEqual([]);
  });
});
