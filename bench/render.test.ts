import { describe, expect, it } from 'vitest';
import { benchConfig } from './config.js';
import { BENCH_FORMAT, type BenchReport, checkTarget, emptySection, measure } from './model.js';
import { renderMarkdown, summaryTable } from './render.js';
import { summarize } from './stats.js';

function report(): BenchReport {
  const turn = emptySection('turn', '1. fake-claude one turn');
  turn.measures.push(
    measure(
      'turn.fake-vs-floor',
      'fake / floor',
      summarize([2.1, 1.9, 2.0]),
      '×',
      { op: '<=', value: 1.5 },
      '400 ms vs 200 ms',
    ),
    measure('turn.fake-peak-rss', 'peak RSS', summarize([58]), 'MiB', { op: '<=', value: 60 }),
    measure('turn.cpu', 'CPU ratio', summarize([3]), '×'),
  );
  turn.explanations.push('**fake / floor missed.** because of start-up', '');
  const canary = emptySection('canary', '5. Canary wall time');
  canary.error = 'error[usage]: no CLI';
  const { only, ...rest } = benchConfig({});
  return {
    format: BENCH_FORMAT,
    date: '2026-12-02',
    startedAt: '2026-12-02T10:00:00.000Z',
    finishedAt: '2026-12-02T10:05:00.000Z',
    durationMs: 300_000,
    machine: {
      cpuModel: 'Test CPU',
      cores: 2,
      memoryMiB: 4096,
      freeMemoryMiB: 1024,
      node: 'v20.19.0',
      os: 'linux',
      loadAtStart: [1, 2, 3],
      loadAtEnd: [4, 5, 6],
    },
    config: { ...rest, only: [...only] },
    sections: [turn, canary],
  };
}

describe('the benchmark report', () => {
  it('checks a median against its target in the right direction', () => {
    expect(checkTarget(1.4, { op: '<=', value: 1.5 })).toBe(true);
    expect(checkTarget(0.4, { op: '>=', value: 0.5 })).toBe(false);
    expect(checkTarget(Number.NaN, { op: '>=', value: 0.5 })).toBeUndefined();
    expect(checkTarget(1, undefined)).toBeUndefined();
  });

  it('shows every measure in the summary table with median, spread, target and verdict', () => {
    const table = summaryTable(report());
    expect(table).toContain(
      '| fake / floor | 2.00× | IQR 1.95–2.05, range 1.90–2.10, n=3 | ≤ 1.50× | **missed** |',
    );
    expect(table).toContain('| peak RSS | 58.00 MiB | n=1 | ≤ 60.00 MiB | met |');
    expect(table).toContain('| CPU ratio | 3.00× | n=1 | — |  |');
    expect(table).toContain('| 5. Canary wall time | not run |');
  });

  it('describes the machine with its load at start and end, and explains the missed targets', () => {
    const md = renderMarkdown(report());
    expect(md).toContain(
      'Machine: Test CPU, 2 cores, 4.0 GiB RAM, Node v20.19.0, linux; load average (1/5/15 min) 1 / 2 / 3 at start, 4 / 5 / 6 at end.',
    );
    expect(md).toContain('Targets: 1 met, 1 missed.');
    expect(md).toContain('### Why the missed targets are missed');
    expect(md).toContain('**fake / floor missed.** because of start-up');
    expect(md).toContain('Not run: error[usage]: no CLI');
  });
});
