import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCanary } from '../src/canary/index.js';
import { packageInfo } from '../src/config/package-info.js';
import { ClideError } from '../src/errors/index.js';
import { readFixture } from '../src/fixture/index.js';
import { SCENARIOS } from '../src/scenarios/index.js';
import type { BenchConfig } from './config.js';
import { groupLine, hotSpotBullets } from './hot-spots.js';
import { emptySection, measure, type SectionResult } from './model.js';
import { cpuTimeWithChildren } from './proc.js';
import { profileInProcess, summarizeProfile } from './profile.js';
import { fmt, summarize } from './stats.js';

const JOBS = 2;

interface CanaryRound {
  wallMs: number;
  /** Σ of each scenario's CLI lifetime (spawn → exit), from the wire logs' trailers. */
  cliMs: number;
  /** Σ of each scenario's harness time (sandbox, model API, CLI, checks). */
  scenarioMs: number;
  /** CPU time of this process and its children during the run. */
  cpuMs: number;
  perScenario: Array<{ id: string; cliMs: number; scenarioMs: number; status: string }>;
  passed: number;
}

async function canaryRound(ids: string[], log: (line: string) => void): Promise<CanaryRound> {
  const reportDir = mkdtempSync(join(tmpdir(), 'clide-bench-canary-'));
  try {
    const cpu0 = cpuTimeWithChildren();
    const t = performance.now();
    const { report } = await runCanary({ only: ids, jobs: JOBS, reportDir, onProgress: () => {} });
    const wallMs = performance.now() - t;
    const cpu1 = cpuTimeWithChildren();
    const perScenario = await Promise.all(
      report.scenarios.map(async (s) => {
        const wire = s.wireLog ? await readFixture(join(reportDir, s.wireLog)) : undefined;
        return {
          id: s.id,
          cliMs: wire?.trailer?.durationMs ?? Number.NaN,
          scenarioMs: s.durationMs,
          status: s.status,
        };
      }),
    );
    const round: CanaryRound = {
      wallMs,
      cliMs: perScenario.reduce((a, s) => a + s.cliMs, 0),
      scenarioMs: perScenario.reduce((a, s) => a + s.scenarioMs, 0),
      cpuMs: cpu1.selfMs - cpu0.selfMs + (cpu1.childrenMs - cpu0.childrenMs),
      perScenario,
      passed: report.summary.passed,
    };
    log(
      `  canary: ${report.summary.scenarios} scenarios (${report.summary.passed} passed) in ${fmt(wallMs / 1000, 1)} s; Σ CLI ${fmt(round.cliMs / 1000, 1)} s`,
    );
    return round;
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

/**
 * §5 Canary wall time: `runCanary` on a subset of scenarios with 2 jobs, against the sum of the
 * CLI's own run times (each CLI's spawn → exit). Overhead = wall × jobs / Σ CLI − 1: the time the
 * two job slots were not running a CLI (harness set-up, checks, idle slots at the end).
 */
export async function benchCanary(config: BenchConfig, log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection('canary', '5. Canary wall time');
  // `runCanary` selects by id prefix: every id must name exactly one scenario.
  const inexact = config.canaryScenarios.filter(
    (id) => SCENARIOS.filter((s) => s.id.startsWith(id)).length !== 1 || !SCENARIOS.some((s) => s.id === id),
  );
  if (inexact.length > 0) {
    throw new ClideError(
      'usage',
      `BENCH_CANARY_SCENARIOS needs exact ids that are no prefix of another id: ${inexact.join(', ')}`,
      { where: 'BENCH_CANARY_SCENARIOS', hint: 'list the ids with `clide-conformance list`' },
    );
  }
  const rounds: CanaryRound[] = [];
  for (let i = 0; i < config.canaryRounds; i += 1)
    rounds.push(await canaryRound(config.canaryScenarios, log));
  const overhead = rounds.map((r) => ((r.wallMs * JOBS) / r.cliMs - 1) * 100);
  const parallel = rounds.map((r) => r.cliMs / r.wallMs);
  const cores = rounds.map((r) => r.cpuMs / r.wallMs);
  section.measures.push(
    measure(
      'canary.overhead',
      `canary harness overhead: wall × ${JOBS} jobs / Σ CLI run times − 1`,
      summarize(overhead),
      '%',
      { op: '<=', value: 20 },
      `wall ${fmt(summarize(rounds.map((r) => r.wallMs / 1000)).median, 1)} s for ${config.canaryScenarios.length} scenarios, Σ CLI ${fmt(summarize(rounds.map((r) => r.cliMs / 1000)).median, 1)} s`,
    ),
    measure(
      'canary.parallelism',
      'CLIs running at once on average (Σ CLI time / wall)',
      summarize(parallel),
      '',
      undefined,
      `${JOBS} jobs on ${packageInfo().name}'s default pool`,
    ),
    measure(
      'canary.cores',
      'cores busy during the canary (CPU time of harness + CLIs / wall)',
      summarize(cores),
      '',
      undefined,
      'bounded by the share of the 2 cores this run gets: other work on the machine shows in the load average in the header (≈ load / cores processes per core)',
    ),
  );
  const last = rounds.at(-1);
  if (last) {
    section.tables.push({
      title: 'Per scenario (last round)',
      columns: ['scenario', 'status', 'CLI spawn → exit', 'scenario incl. harness'],
      rows: last.perScenario.map((s) => [
        s.id,
        s.status,
        `${fmt(s.cliMs, 0)} ms`,
        `${fmt(s.scenarioMs, 0)} ms`,
      ]),
    });
  }
  section.notes.push(
    `\`runCanary\` (src/canary/) with ${JOBS} jobs on ${config.canaryScenarios.length} scenarios (${config.canaryScenarios.join(', ')}), the pinned CLI, the default expected findings, reports into a temp folder; ${config.canaryRounds} round(s). The CLI's own time is its transcript's \`durationMs\` (spawn → exit), read back from each wire log's trailer.`,
  );
  section.data = { rounds };

  const m = section.measures[0]!;
  if (config.profile === 'always' || (config.profile === 'missed' && m.met === false)) {
    const { profile } = await profileInProcess(() => canaryRound(config.canaryScenarios, log));
    section.profiles.push(
      summarizeProfile(profile, 'the canary harness (this process) during one round', packageInfo().root),
    );
    const why = explainCanary(section, rounds);
    if (why) section.explanations.push(why);
  }
  return section;
}

function explainCanary(section: SectionResult, rounds: CanaryRound[]): string {
  const m = section.measures[0]!;
  if (m.met !== false) return '';
  const last = rounds.at(-1)!;
  const harness = last.scenarioMs - last.cliMs;
  const p = section.profiles[0];
  return (
    `**Harness overhead ${fmt(m.value.median, 0)}% (target ≤ 20%), missed.** Of the ${fmt(last.scenarioMs / 1000, 1)} s the scenarios took in the last round, ${fmt(harness / 1000, 1)} s were spent outside the CLI's lifetime (sandbox, model API start and stop, driver start-up grace, checks, schema validation and the structural comparison with the baseline fixture); the rest of the gap is job slots idling while the last scenario runs alone. ` +
    (p
      ? [
          `Profile of this process during a round (${fmt(p.busyMs, 0)} ms busy of ${fmt(last.wallMs, 0)} ms wall): ${groupLine(p)}. The hot frames:`,
          ...hotSpotBullets(p),
        ].join('\n')
      : '')
  );
}
