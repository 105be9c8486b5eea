/**
 * `npm run bench`: measures the kit against what it fakes and what it proxies, side by side on this
 * machine, and writes `reports/bench/<YYYY-MM-DD>.json` and `.md`. Sizes and repetitions come from
 * `BENCH_*` environment variables (see `config.ts`). No test asserts on these timings.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isClideError } from '../src/errors/index.js';
import { benchCanary } from './canary.js';
import { type BenchConfig, benchConfig, type SectionId } from './config.js';
import { benchInProcess } from './in-process.js';
import { currentLoad, describeMachine } from './machine.js';
import { BENCH_FORMAT, type BenchReport, emptySection, type SectionResult } from './model.js';
import { benchOneTurn } from './one-turn.js';
import { README_START, updateReadme } from './readme.js';
import { benchRecorder } from './recorder.js';
import { renderMarkdown } from './render.js';
import { benchReplay } from './replay.js';
import { benchScaling } from './scaling.js';
import { benchSchemaImport } from './schema-import.js';
import { benchValidation } from './validation.js';

type Runner = (config: BenchConfig, log: (line: string) => void) => Promise<SectionResult>;

const SECTIONS: Array<{ id: SectionId; title: string; run: Runner }> = [
  { id: 'turn', title: '1. fake-claude one turn', run: benchOneTurn },
  { id: 'inprocess', title: '1b. In-process fake (Agent SDK)', run: benchInProcess },
  { id: 'replay', title: '2. Replay throughput', run: benchReplay },
  { id: 'recorder', title: '3. Recorder overhead', run: benchRecorder },
  { id: 'validation', title: '4. Validation throughput', run: benchValidation },
  { id: 'canary', title: '5. Canary wall time', run: benchCanary },
  { id: 'scaling', title: '6. Scaling', run: benchScaling },
  { id: 'schemas', title: '7. Schema sets at import', run: benchSchemaImport },
];

export async function runBench(config: BenchConfig, log: (line: string) => void): Promise<BenchReport> {
  const started = new Date();
  const t0 = performance.now();
  const machine = describeMachine();
  log(
    `clide-conformance bench: ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAtStart.join(' ')}`,
  );
  const sections: SectionResult[] = [];
  for (const s of SECTIONS) {
    if (!config.only.has(s.id)) continue;
    log(`${s.title} …`);
    const t = performance.now();
    let result: SectionResult;
    try {
      result = await s.run(config, log);
    } catch (error) {
      result = emptySection(s.id, s.title);
      result.error = isClideError(error)
        ? error.render()
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
      log(`  ${s.title} failed: ${result.error}`);
    }
    result.durationMs = Math.round(performance.now() - t);
    sections.push(result);
    log(`  done in ${Math.round(result.durationMs / 1000)} s`);
  }
  machine.loadAtEnd = currentLoad();
  const finished = new Date();
  const { only, ...rest } = config;
  return {
    format: BENCH_FORMAT,
    date: started.toISOString().slice(0, 10),
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationMs: Math.round(performance.now() - t0),
    machine,
    config: { ...rest, only: [...only] },
    sections,
  };
}

/** Writes `<outDir>/<date>.json` and `<outDir>/<date>.md`; returns their paths. */
export function writeBenchReport(report: BenchReport, outDir: string): { json: string; md: string } {
  const dir = resolve(outDir);
  mkdirSync(dir, { recursive: true });
  const json = join(dir, `${report.date}.json`);
  const md = join(dir, `${report.date}.md`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(md, renderMarkdown(report));
  return { json, md };
}

async function main(): Promise<number> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const config = benchConfig();
    const report = await runBench(config, log);
    const files = writeBenchReport(report, config.outDir);
    log(`reports: ${relative(process.cwd(), files.md)}, ${relative(process.cwd(), files.json)}`);
    // Only a run of every section is the README's results table (a section that failed shows as "not run").
    const readme = resolve('README.md');
    if (SECTIONS.every((s) => config.only.has(s.id))) {
      log(
        updateReadme(readme, report, files.md)
          ? 'README.md: results table regenerated'
          : `README.md: no "${README_START}" block, left as it is`,
      );
    } else {
      log('README.md: left as it is (BENCH_ONLY ran only some sections)');
    }
    return report.sections.some((s) => s.error) ? 1 : 0;
  } catch (error) {
    log(`bench: ${isClideError(error) ? error.render() : String(error)}`);
    return isClideError(error) ? error.exitCode : 70;
  }
}

// Run only as the entry point (the module is also imported by tests).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
