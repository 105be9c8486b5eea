import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { benchConfig } from './config.js';
import { BENCH_FORMAT, type BenchReport, emptySection, measure } from './model.js';
import { README_END, README_START, updateReadme } from './readme.js';
import { summarize } from './stats.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function report(): BenchReport {
  const turn = emptySection('turn', '1. fake-claude one turn');
  turn.measures.push(
    measure('turn.fake-vs-floor', "fake-claude / `node -e ''`, wall", summarize([1.2, 1.3]), '×', {
      op: '<=',
      value: 1.3,
    }),
    measure('turn.rss', 'peak RSS | raw', summarize([50]), 'MiB'),
  );
  const { only, ...rest } = benchConfig({});
  return {
    format: BENCH_FORMAT,
    date: '2026-12-03',
    startedAt: '2026-12-03T10:00:00.000Z',
    finishedAt: '2026-12-03T10:05:00.000Z',
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
    sections: [turn],
  };
}

function tempReadme(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-readme-'));
  dirs.push(dir);
  const file = join(dir, 'README.md');
  writeFileSync(file, text);
  return file;
}

describe("the README's results block", () => {
  it('is replaced by the run, with a link to its report, and the text around it kept', () => {
    const readme = tempReadme(`# Kit\n\nBefore.\n\n${README_START}\nold table\n${README_END}\n\nAfter.\n`);
    expect(updateReadme(readme, report(), join(readme, '..', 'reports', 'bench', '2026-12-03.md'))).toBe(
      true,
    );
    const text = readFileSync(readme, 'utf8');
    expect(text.startsWith('# Kit\n\nBefore.\n\n')).toBe(true);
    expect(text.endsWith(`${README_END}\n\nAfter.\n`)).toBe(true);
    expect(text).not.toContain('old table');
    expect(text).toContain('Results of [2026-12-03](reports/bench/2026-12-03.md) on Test CPU, 2 cores');
    expect(text).toContain('| peak RSS \\| raw');
    const rows = text.split('\n').filter((l) => l.startsWith('| '));
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
  });

  it('is written as the repository formatter writes a table', () => {
    const readme = tempReadme(`# Kit\n\n${README_START}\n${README_END}\n`);
    updateReadme(readme, report(), join(readme, '..', 'r.md'));
    const biome = join(packageInfo().root, 'node_modules', '.bin', 'biome');
    // `biome format` exits non-zero when it would change the file.
    expect(() =>
      execFileSync(biome, ['format', '--config-path', packageInfo().root, readme], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('leaves a README without the block untouched', () => {
    const readme = tempReadme('# Kit\n\nNo results here.\n');
    expect(updateReadme(readme, report(), join(readme, '..', 'r.md'))).toBe(false);
    expect(readFileSync(readme, 'utf8')).toBe('# Kit\n\nNo results here.\n');
  });
});

describe("the README's Benchmarks section", () => {
  it('gives its figures only in the results block a bench run writes: the text around it states none', () => {
    const readme = readFileSync(join(packageInfo().root, 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Benchmarks\n');
    expect(start).toBeGreaterThanOrEqual(0);
    const next = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, next < 0 ? undefined : next);
    const [before, rest] = section.split(README_START);
    const after = rest?.split(README_END)[1];
    expect(after, 'the section holds the results block').toBeDefined();
    // Inline code (a variable's value, a file name) is no measured figure.
    const prose = `${before}\n${after}`.replace(/`[^`]*`/g, '');
    const figures = prose.match(/\d[\d.,–-]*\s?(?:×|%|ms\b|s\b|min\b|[KMG]iB\b|lines\b)/g) ?? [];
    expect(figures).toEqual([]);
  });
});
