import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { benchConfig } from './config.js';
import type { BenchReport } from './model.js';
import { runBench, writeBenchReport } from './run.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('runBench', () => {
  it('runs the selected section and writes the dated JSON and Markdown reports', async () => {
    const out = mkdtempSync(join(tmpdir(), 'bench-run-'));
    dirs.push(out);
    const config = benchConfig({
      BENCH_ONLY: 'validation',
      BENCH_VALIDATE_MESSAGES: '300',
      BENCH_VALIDATE_ROUNDS: '2',
      BENCH_PROFILE: 'never',
      BENCH_OUT: out,
    });
    const lines: string[] = [];
    const report = await runBench(config, (l) => lines.push(l));
    const files = writeBenchReport(report, out);
    expect(files.json).toBe(join(out, `${report.date}.json`));
    const json = JSON.parse(readFileSync(files.json, 'utf8')) as BenchReport;
    expect(json.format).toBe('clide-bench/1');
    expect(json.sections.map((s) => s.id)).toEqual(['validation']);
    expect(json.machine.loadAtEnd).toHaveLength(3);
    const measures = json.sections[0]!.measures;
    expect(measures.map((m) => m.id)).toEqual([
      'validation.validate-message-vs-ajv',
      'validation.zod-vs-ajv',
    ]);
    expect(measures.every((m) => m.value.n === 2 && m.value.median > 0)).toBe(true);
    const md = readFileSync(files.md, 'utf8');
    expect(md).toContain('| `validateMessage` (zod, kit path) / ajv, messages/s |');
    expect(lines.some((l) => l.startsWith('4. Validation throughput'))).toBe(true);
  });
});
