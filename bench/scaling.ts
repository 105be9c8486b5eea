import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, sandboxEnv } from '../src/driver/index.js';
import type { BenchConfig } from './config.js';
import { loadCorpus, repeatTo, writeSessionFixture } from './corpus.js';
import { type DetailTable, emptySection, measure, type SectionResult } from './model.js';
import { STREAM_ARGS } from './one-turn.js';
import { type RunResult, timedRun } from './proc.js';
import { pump } from './recorder.js';
import { benchPaths, play, probeReplayPath, type ReplayPath } from './replay.js';
import { fmt, interleave, linearFit, quantile, summarize } from './stats.js';
import { passRate } from './validation.js';
import { buildValidators } from './validators.js';

/** V8 old-space cap of the second recorder-memory run, MiB. */
const HEAP_CAP_MIB = 64;

/** Marginal cost per item between consecutive sizes: (t[i+1] − t[i]) / (n[i+1] − n[i]). */
export function marginalCosts(points: ReadonlyArray<{ n: number; ms: number }>): number[] {
  const out: number[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    out.push((b.ms - a.ms) / (b.n - a.n));
  }
  return out;
}

/**
 * §6 Scaling: replay (or read) and validation time at 1k / 10k / 100k frames, the replay's peak
 * memory by frame count and the fake's cost per scripted turn (both should not grow with the
 * session), and the recorder's resident memory along a long proxied session (should stay flat:
 * streaming, never buffering).
 */
export async function benchScaling(config: BenchConfig, log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection('scaling', '6. Scaling');
  const sizes = [...config.scalingSizes].sort((a, b) => a - b);
  const dir = mkdtempSync(join(tmpdir(), 'clide-bench-scaling-'));
  const devNull = openSync('/dev/null', 'w');
  try {
    const corpus = loadCorpus();
    // Replay (or read) time per size, in separate processes (start-up is the intercept of the fit).
    const { path } = await probeReplayPath(dir, corpus);
    const fixtures = sizes.map((n) => {
      const file = join(dir, `session-${n}.jsonl`);
      return { n, file, bytes: writeSessionFixture(file, n, corpus) };
    });
    const replayRuns = await interleave(
      fixtures.map((f) => ({ name: String(f.n), run: () => play(path, f.file, devNull) })),
      config.scalingRounds,
      (name, round, r) =>
        log(
          `  scaling ${path} ${name} frames, round ${round + 1}/${config.scalingRounds}: ${fmt(r.wallMs, 0)} ms`,
        ),
    );
    const replayPoints = fixtures.map((f) => ({
      n: f.n,
      ms: summarize((replayRuns[String(f.n)] ?? []).map((r) => (r.exitCode === 0 ? r.wallMs : Number.NaN)))
        .median,
    }));
    const played = path === 'read' ? 'read' : 'replay';
    linearity(section, `scaling.${played}`, `${played} (${path})`, replayPoints, 'frames');

    // Validation time per size, in this process (warm).
    const validate = buildValidators().validateMessage;
    const sets = sizes.map((n) => ({ n, messages: repeatTo(corpus, n) }));
    passRate(validate, sets.at(-1)!.messages);
    const validationRuns = await interleave(
      sets.map((s) => ({
        name: String(s.n),
        run: async () => {
          const t = performance.now();
          passRate(validate, s.messages);
          return performance.now() - t;
        },
      })),
      config.scalingRounds,
    );
    const validationPoints = sets.map((s) => ({
      n: s.n,
      ms: summarize(validationRuns[String(s.n)] ?? []).median,
    }));
    linearity(section, 'scaling.validation', '`validateMessage`', validationPoints, 'messages');

    const replayMemory = await replayPeakRss(section, config, dir, path, devNull, log);
    const turns = await scriptedTurns(section, config, dir, devNull, log);

    // Recorder memory along one long session.
    log(`  recorder memory: pumping ${config.recorderMemoryMb} MiB through clide-record …`);
    const long = await pump('recorder', config.recorderMemoryMb, 100, { heap: true });
    // The same recorder with its old space capped: it can only finish if it does not keep the session.
    // Only conclusive when the session is larger than the cap.
    const cappedMb = Math.round(config.recorderMemoryMb / 2);
    let capped: Awaited<ReturnType<typeof pump>> | undefined;
    if (cappedMb > HEAP_CAP_MIB) {
      log(`  recorder memory: ${cappedMb} MiB with --max-old-space-size=${HEAP_CAP_MIB} …`);
      capped = await pump('recorder', cappedMb, 100, { nodeOptions: `--max-old-space-size=${HEAP_CAP_MIB}` });
    } else {
      section.notes.push(
        `The heap-cap run is skipped: half the memory session (${cappedMb} MiB) is not larger than the ${HEAP_CAP_MIB} MiB cap, so it could prove nothing (raise BENCH_RECORDER_MEMORY_MB above ${2 * HEAP_CAP_MIB}).`,
      );
    }
    recorderMemory(
      section,
      long,
      config.recorderMemoryMb,
      capped ? { result: capped, mib: cappedMb } : undefined,
    );
    // The same session with fresh ids in every block, as a real session brings them; the capped
    // run over the whole session: the id placeholders must not grow with it either.
    log(`  recorder memory, fresh ids: pumping ${config.recorderMemoryMb} MiB through clide-record …`);
    const fresh = await pump('recorder', config.recorderMemoryMb, 100, { freshIds: true, heap: true });
    let freshCapped: Awaited<ReturnType<typeof pump>> | undefined;
    if (config.recorderMemoryMb > HEAP_CAP_MIB) {
      log(
        `  recorder memory, fresh ids: ${config.recorderMemoryMb} MiB with --max-old-space-size=${HEAP_CAP_MIB} …`,
      );
      freshCapped = await pump('recorder', config.recorderMemoryMb, 100, {
        freshIds: true,
        nodeOptions: `--max-old-space-size=${HEAP_CAP_MIB}`,
      });
    }
    recorderFreshIdsMemory(section, fresh, config.recorderMemoryMb, freshCapped);
    section.data = {
      replayPath: path,
      replay: { points: replayPoints, runs: replayRuns },
      validation: { points: validationPoints, runs: validationRuns },
      replayMemory,
      scriptedTurns: turns,
      recorderMemory: {
        bytes: long.bytes,
        streamMs: long.streamMs,
        exitMs: long.exitMs,
        fixtureBytes: long.fixtureBytes,
        code: long.code,
        rss: long.rss,
        heap: long.heap,
      },
      recorderFreshIds: {
        bytes: fresh.bytes,
        freshIds: fresh.freshIds,
        streamMs: fresh.streamMs,
        exitMs: fresh.exitMs,
        fixtureBytes: fresh.fixtureBytes,
        code: fresh.code,
        rss: fresh.rss,
        heap: fresh.heap,
      },
      recorderFreshIdsCapped: freshCapped
        ? {
            heapCapMiB: HEAP_CAP_MIB,
            bytes: freshCapped.bytes,
            freshIds: freshCapped.freshIds,
            streamMs: freshCapped.streamMs,
            code: freshCapped.code,
            peakRssKiB: Math.max(...freshCapped.rss.map((s) => s.kib)),
          }
        : null,
      recorderCapped: capped
        ? {
            heapCapMiB: HEAP_CAP_MIB,
            bytes: capped.bytes,
            streamMs: capped.streamMs,
            code: capped.code,
            peakRssKiB: Math.max(...capped.rss.map((s) => s.kib)),
          }
        : null,
    };
  } finally {
    closeSync(devNull);
    rmSync(dir, { recursive: true, force: true });
  }
  return section;
}

function linearity(
  section: SectionResult,
  id: string,
  what: string,
  points: Array<{ n: number; ms: number; rssMiB?: number }>,
  unit: string,
  /** What `ms` is (the table's column). */
  time = 'time',
): void {
  const withRss = points.some((p) => p.rssMiB !== undefined && Number.isFinite(p.rssMiB));
  const fit = linearFit(points.map((p) => ({ x: p.n, y: p.ms })));
  const marginal = marginalCosts(points);
  const first = marginal[0] ?? Number.NaN;
  const last = marginal.at(-1) ?? Number.NaN;
  section.measures.push(
    measure(
      `${id}-linearity`,
      `${what}: cost per ${unit.replace(/s$/, '')} at the largest size / at the smallest (1 = linear)`,
      summarize([last / first]),
      '×',
      { op: '<=', value: 1.5 },
      `fit: ${fmt(fit.slope * 1000, 2)} µs per ${unit.replace(/s$/, '')} + ${fmt(fit.intercept, 0)} ms, r² ${fit.r2.toFixed(4)}`,
    ),
  );
  if (last / first < 0.8) {
    section.notes.push(
      `${what}: the cost per ${unit.replace(/s$/, '')} falls as the size grows (${fmt(first * 1000, 2)} → ${fmt(last * 1000, 2)} µs): fixed costs (JIT warm-up, first allocations) weigh on the small sizes; nothing grows faster than linearly.`,
    );
  }
  section.tables.push({
    title: `${what} ${time} by size (medians)`,
    columns: [unit, time, 'per item', 'marginal per item vs previous size', ...(withRss ? ['peak RSS'] : [])],
    rows: points.map((p, i) => [
      p.n.toLocaleString('en-US'),
      `${fmt(p.ms, 0)} ms`,
      `${fmt((p.ms / p.n) * 1000, 2)} µs`,
      i === 0 ? '—' : `${fmt(marginal[i - 1]! * 1000, 2)} µs`,
      ...(withRss ? [`${fmt(p.rssMiB ?? Number.NaN, 0)} MiB`] : []),
    ]),
  });
}

/** Replay's peak RSS within this much of the smallest size's counts as flat. */
const RSS_FLAT_PCT = 10;

/**
 * The replay's peak RSS (GNU time) at each of `config.replayMemoryFrames` frames: a replay that
 * streams its fixture holds as much at a million frames as at ten thousand.
 */
async function replayPeakRss(
  section: SectionResult,
  config: BenchConfig,
  dir: string,
  path: ReplayPath,
  devNull: number,
  log: (line: string) => void,
): Promise<Array<{ frames: number; bytes: number; runs: RunResult[] }> | null> {
  const sizes = [...config.replayMemoryFrames].sort((a, b) => a - b);
  const played = path === 'read' ? 'read' : 'replay';
  const corpus = loadCorpus();
  const out: Array<{ frames: number; bytes: number; runs: RunResult[] }> = [];
  for (const frames of sizes) {
    const file = join(dir, `memory-${frames}.jsonl`);
    const t = performance.now();
    const bytes = writeSessionFixture(file, frames, corpus);
    log(
      `  ${played} memory: ${frames} frames, ${fmt(bytes / 2 ** 20, 0)} MiB written in ${fmt((performance.now() - t) / 1000, 1)} s`,
    );
    const runs: RunResult[] = [];
    for (let round = 0; round < config.scalingRounds; round += 1) {
      const r = await play(path, file, devNull);
      runs.push(r);
      log(
        `  ${played} memory ${frames} frames, round ${round + 1}/${config.scalingRounds}: peak RSS ${fmt((r.maxRssKiB ?? Number.NaN) / 1024, 0)} MiB, ${fmt(r.wallMs, 0)} ms`,
      );
    }
    rmSync(file, { force: true });
    out.push({ frames, bytes, runs });
  }
  const rss = (runs: RunResult[]) =>
    summarize(
      runs.map((r) => (r.exitCode === 0 && r.maxRssKiB !== undefined ? r.maxRssKiB / 1024 : Number.NaN)),
    );
  const first = out[0]!;
  const last = out.at(-1)!;
  if (out.length < 2 || rss(first.runs).n === 0) {
    section.notes.push(`${played} peak RSS: not measured (no GNU time, or fewer than two sizes).`);
    return null;
  }
  const growth = ((rss(last.runs).median - rss(first.runs).median) / rss(first.runs).median) * 100;
  section.measures.push(
    measure(
      `scaling.${played}-rss-flat`,
      `${played} (${path}) peak RSS at ${last.frames.toLocaleString('en-US')} frames vs at ${first.frames.toLocaleString('en-US')}`,
      summarize([growth]),
      '%',
      { op: '<=', value: RSS_FLAT_PCT },
      out.map((o) => `${fmt(rss(o.runs).median, 0)} MiB at ${o.frames.toLocaleString('en-US')}`).join(', '),
    ),
  );
  section.tables.push({
    title: `${played} (${path}) peak RSS by frame count (GNU time, medians of ${config.scalingRounds})`,
    columns: ['frames', 'fixture', 'peak RSS', 'wall'],
    rows: out.map((o) => [
      o.frames.toLocaleString('en-US'),
      `${fmt(o.bytes / 2 ** 20, 0)} MiB`,
      `${fmt(rss(o.runs).median, 0)} MiB`,
      `${fmt(summarize(o.runs.map((r) => r.wallMs)).median, 0)} ms`,
    ]),
  });
  section.notes.push(
    `${played} peak RSS: the generated session fixture (as in §2) at ${sizes.map((n) => n.toLocaleString('en-US')).join(' / ')} frames, each played ${config.scalingRounds} time(s), peak RSS from GNU time. A replay checks the whole fixture, then plays it a frame at a time from the file (src/fixture/reader.ts \`openFixtureStream\`, src/replayer/replay.ts): what it holds does not grow with the frame count. ` +
      (sizes.includes(1_000_000)
        ? "The million-frame size is the issue's figure."
        : 'The million frames of the issue (a 611 MiB fixture, written and played each round: slow) only with BENCH_REPLAY_MEMORY_FRAMES=10000,100000,1000000.'),
  );
  return out;
}

/** A model script of `turns` one-text turns, and the client's `turns` prompts (stream-json lines). */
function scriptedSession(dir: string, turns: number): { script: string; input: string } {
  const script = join(dir, `turns-${turns}.model.json`);
  writeFileSync(
    script,
    JSON.stringify({
      version: 1,
      turns: Array.from({ length: turns }, (_, i) => ({ blocks: [{ type: 'text', text: `answer ${i}` }] })),
    }),
  );
  let input = '';
  for (let i = 0; i < turns; i += 1)
    input += `${JSON.stringify({ type: 'user', message: { role: 'user', content: `question ${i}` } })}\n`;
  return { script, input };
}

/**
 * The fake's scripted mode over one session of 5k / 10k / 20k turns (a model script of one text
 * block a turn, every prompt on stdin): CPU time by turns, and its marginal cost per turn.
 */
async function scriptedTurns(
  section: SectionResult,
  config: BenchConfig,
  dir: string,
  devNull: number,
  log: (line: string) => void,
): Promise<{ points: Array<{ n: number; ms: number; wallMs: number }>; runs: Record<string, RunResult[]> }> {
  const sizes = [...config.scalingTurns].sort((a, b) => a - b);
  const sessions = new Map(sizes.map((n) => [n, scriptedSession(dir, n)]));
  const runs = await interleave(
    sizes.map((n) => ({
      name: String(n),
      run: async () => {
        const { script, input } = sessions.get(n)!;
        const sandbox = createSandbox();
        try {
          return await timedRun({
            command: benchPaths().fake,
            args: STREAM_ARGS,
            env: { ...sandboxEnv({ sandbox }), CLIDE_FAKE_SCENARIO: script, CLIDE_FAKE_CWD: sandbox.cwd },
            cwd: sandbox.cwd,
            input,
            stdoutFd: devNull,
            timeoutMs: 600_000,
          });
        } finally {
          sandbox.dispose();
        }
      },
    })),
    config.scalingRounds,
    (name, round, r) =>
      log(
        `  scripted ${name} turns, round ${round + 1}/${config.scalingRounds}: ${fmt((r.cpuMs ?? Number.NaN) / 1000, 1)} s CPU, ${fmt(r.wallMs / 1000, 1)} s wall${r.exitCode === 0 ? '' : ` exit ${r.exitCode}: ${r.stderr.slice(-200)}`}`,
      ),
  );
  const ok = (r: RunResult) => r.exitCode === 0;
  const points = sizes.map((n) => ({
    n,
    ms: summarize((runs[String(n)] ?? []).map((r) => (ok(r) ? (r.cpuMs ?? r.wallMs) : Number.NaN))).median,
    wallMs: summarize((runs[String(n)] ?? []).map((r) => (ok(r) ? r.wallMs : Number.NaN))).median,
  }));
  linearity(section, 'scaling.scripted-turns', '`fake-claude` scripted turns', points, 'turns', 'CPU time');
  section.notes.push(
    `Scripted turns: one \`fake-claude\` session (\`CLIDE_FAKE_SCENARIO\`, stream-json) of ${sizes.map((n) => n.toLocaleString('en-US')).join(' / ')} turns, every prompt on stdin at once, one text block a turn; CPU time (GNU time, user + system; wall ${points.map((p) => `${fmt(p.wallMs / 1000, 1)} s`).join(' / ')}, which a loaded machine stretches). A request's messages are built from what the last request built (src/fake-claude/model-side/compose.ts \`RequestMessages\`) and copied into an array only when read (a request log, an HTTP model), so a late turn costs what an early one does.`,
  );
  return { points, runs };
}

function recorderMemory(
  section: SectionResult,
  long: Awaited<ReturnType<typeof pump>>,
  mib: number,
  capped: { result: Awaited<ReturnType<typeof pump>>; mib: number } | undefined,
): void {
  const stream = long.rss.filter((s) => s.phase === 'stream');
  const MiB = 2 ** 20;
  const at = (fraction: number) => {
    const target = long.bytes * fraction;
    const sample = stream.find((s) => s.bytes >= target) ?? stream.at(-1);
    return sample ? sample.kib / 1024 : Number.NaN;
  };
  // Flat = the RSS at the end of the session is where it was half-way (GC makes it oscillate, so
  // compare medians of windows, not single samples).
  const window = (from: number, to: number) =>
    summarize(
      stream
        .filter((s) => s.bytes >= long.bytes * from && s.bytes <= long.bytes * to)
        .map((s) => s.kib / 1024),
    ).median;
  const mid = window(0.45, 0.55);
  const end = window(0.9, 1);
  const growthPct = ((end - mid) / mid) * 100;
  const tail = stream.filter((s) => s.bytes >= long.bytes * 0.5);
  const fit = linearFit(tail.map((s) => ({ x: s.bytes / MiB, y: s.kib / 1024 })));
  const slopePer100 = fit.slope * 100;
  const peakStream = Math.max(...stream.map((s) => s.kib / 1024));
  const exitSamples = long.rss.filter((s) => s.phase === 'exit');
  const peakExit = exitSamples.length > 0 ? Math.max(...exitSamples.map((s) => s.kib / 1024)) : Number.NaN;
  const extrapolated = end + Math.max(0, slopePer100) * ((1024 - mib) / 100);
  // The issue's figure: RSS at the end of the session against RSS once 100 MiB went through.
  const MiB100 = 100 * MiB;
  const at100 = summarize(
    stream.filter((s) => s.bytes >= 0.9 * MiB100 && s.bytes <= 1.1 * MiB100).map((s) => s.kib / 1024),
  ).median;
  section.measures.push(
    measure(
      'scaling.recorder-rss-growth',
      `recorder RSS growth over the second half of a ${mib} MiB session (median RSS at 90–100% vs 45–55%)`,
      summarize([growthPct]),
      '%',
      { op: '<=', value: 10 },
      `${fmt(mid, 0)} → ${fmt(end, 0)} MiB; ${fmt(at(0.1), 0)} MiB at 10%; peak ${fmt(peakStream, 0)} MiB; fitted slope ${fmt(slopePer100, 1)} MiB per 100 MiB (GC noise included); extrapolated to a 1 GiB session ≤ ${fmt(extrapolated, 0)} MiB`,
    ),
  );
  if (long.bytes >= 1.5 * MiB100 && Number.isFinite(at100)) {
    section.measures.push(
      measure(
        'scaling.recorder-rss-vs-100mib',
        `recorder RSS at the end of a ${mib} MiB session vs at 100 MiB (medians of the last 10% and of 90–110 MiB)`,
        summarize([((end - at100) / at100) * 100]),
        '%',
        { op: '<=', value: 10 },
        `${fmt(at100, 0)} → ${fmt(end, 0)} MiB`,
      ),
    );
  }
  heapMeasure(section, 'scaling.recorder-heap-vs-100mib', `a ${mib} MiB session`, long);
  if (capped) {
    const cappedOk = capped.result.code === 0 && capped.result.bytes > 0;
    section.measures.push(
      measure(
        'scaling.recorder-capped-heap',
        `recorder with its V8 old space capped at ${HEAP_CAP_MIB} MiB, ${capped.mib} MiB session: completes (1) or not (0)`,
        summarize([cappedOk ? 1 : 0]),
        '',
        { op: '>=', value: 1 },
        cappedOk
          ? `completed at ${fmt(capped.result.bytes / MiB / (capped.result.streamMs / 1000), 1)} MiB/s, peak RSS ${fmt(Math.max(...capped.result.rss.map((s) => s.kib)) / 1024, 0)} MiB: the session is not kept in memory`
          : `exit ${capped.result.code}: the recorder needs more than ${HEAP_CAP_MIB} MiB of heap for a ${capped.mib} MiB session`,
      ),
    );
    section.notes.push(
      `Heap cap: a recorder that kept the session (or a growing part of it) in memory could not proxy ${capped.mib} MiB within a ${HEAP_CAP_MIB} MiB old space. ` +
        (cappedOk
          ? 'It finished: the memory it retains is bounded, and the RSS plateau of the uncapped run is V8 growing its heap to the allocation rate (collecting lazily), not session data kept.'
          : 'It did not finish: the recorder retains memory in proportion to the session (owner: src/recorder/).'),
    );
  }
  section.tables.push(
    rssAlongTable(`Recorder RSS along a ${mib} MiB session (${stream.length} samples, every 100 ms)`, long, {
      at,
      peakStream,
      peakExit,
    }),
  );
  section.notes.push(
    `Recorder memory: ${mib} MiB of session lines pumped through \`clide-record\` → \`cat\` as fast as it takes them (fixture written: ${fmt(long.fixtureBytes / MiB, 0)} MiB, both directions); the recorder's VmRSS sampled from /proc every 100 ms. The issue's figure is a 1 GiB session: set BENCH_RECORDER_MEMORY_MB=1024 to measure it (about ${fmt(((1024 / mib) * (long.streamMs + long.exitMs)) / 1000, 0)} s here, closing and leak scan included); the default extrapolates the fitted slope.`,
    'Linearity: the cost per item between the two largest sizes divided by that between the two smallest (replay: separate processes, so start-up cancels in the differences; validation: in-process, after a warm-up pass).',
    "The pumped session repeats the corpus's lines, ids included: the redactor's id placeholders (src/protocol/ids.ts `IdPlaceholders`) meet each id again and again. The fresh-ids session below is the one that measures them.",
  );
}

/**
 * The recorder's V8 heap in use, every thread's (main + the leak scan's), at the end of a pumped
 * session vs at 100 MiB. Per thread and window (the RSS measure's windows), the floor of its
 * samples (10th percentile: what is left after the collections, where kept data shows), summed
 * over threads. RSS adds what V8 and malloc hold without it being in use, and swings with the data
 * in flight (pipe chunks not collected yet, the leak scan's backlog), which the medians show.
 */
function heapMeasure(
  section: SectionResult,
  id: string,
  what: string,
  run: Awaited<ReturnType<typeof pump>>,
): void {
  const MiB = 2 ** 20;
  const stream = run.heap.filter((s) => s.phase === 'stream');
  if (run.bytes < 1.5 * 100 * MiB || stream.length === 0) return;
  type Sample = (typeof stream)[number];
  const threads = [...new Set(stream.map((s) => s.thread))].sort((a, b) => a - b);
  const window = (from: number, to: number, q: number, value: (s: Sample) => number) =>
    threads.map(
      (t) =>
        quantile(stream.filter((s) => s.thread === t && s.bytes >= from && s.bytes <= to).map(value), q) /
        1024,
    );
  const used = (s: Sample) => s.usedKiB;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const at100 = (q: number, value: (s: Sample) => number) =>
    window(0.9 * 100 * MiB, 1.1 * 100 * MiB, q, value);
  const end = (q: number, value: (s: Sample) => number) => window(run.bytes * 0.9, run.bytes, q, value);
  const floor100 = at100(0.1, used);
  const floorEnd = end(0.1, used);
  const perThread = threads
    .map((t, i) => `${t === 0 ? 'main' : `thread ${t}`} ${fmt(floor100[i]!, 1)} → ${fmt(floorEnd[i]!, 1)}`)
    .join(', ');
  section.measures.push(
    measure(
      id,
      `recorder V8 heap in use (all threads) at the end of ${what} vs at 100 MiB (floors: 10th percentiles of the last 10% and of 90–110 MiB)`,
      summarize([((sum(floorEnd) - sum(floor100)) / sum(floor100)) * 100]),
      '%',
      { op: '<=', value: 10 },
      `${fmt(sum(floor100), 1)} → ${fmt(sum(floorEnd), 1)} MiB (${perThread}); medians ${fmt(sum(at100(0.5, used)), 1)} → ${fmt(sum(end(0.5, used)), 1)} MiB used, ${fmt(sum(at100(0.5, (s) => s.totalKiB)), 0)} → ${fmt(sum(end(0.5, (s) => s.totalKiB)), 0)} MiB reserved; ${stream.length} samples`,
    ),
  );
}

/** RSS figures of a pumped session, MiB: at a fraction of it, medians of windows, peaks. */
function rssFigures(run: Awaited<ReturnType<typeof pump>>) {
  const MiB = 2 ** 20;
  const stream = run.rss.filter((s) => s.phase === 'stream');
  const exit = run.rss.filter((s) => s.phase === 'exit');
  const window = (from: number, to: number) =>
    summarize(stream.filter((s) => s.bytes >= from && s.bytes <= to).map((s) => s.kib / 1024)).median;
  const at = (fraction: number) => {
    const sample = stream.find((s) => s.bytes >= run.bytes * fraction) ?? stream.at(-1);
    return sample ? sample.kib / 1024 : Number.NaN;
  };
  return {
    samples: stream.length,
    at,
    at100: window(0.9 * 100 * MiB, 1.1 * 100 * MiB),
    end: window(run.bytes * 0.9, run.bytes),
    peakStream: Math.max(...stream.map((s) => s.kib / 1024)),
    peakExit: exit.length > 0 ? Math.max(...exit.map((s) => s.kib / 1024)) : Number.NaN,
  };
}

/** The recorder's RSS along a pumped session, at fractions of it and at its peaks, as a table. */
function rssAlongTable(
  title: string,
  run: { bytes: number; streamMs: number; exitMs: number },
  f: { at: (fraction: number) => number; peakStream: number; peakExit: number },
): DetailTable {
  const MiB = 2 ** 20;
  return {
    title,
    columns: [
      'proxied',
      '10%',
      '25%',
      '50%',
      '75%',
      '100%',
      'peak while streaming',
      'peak while closing (leak scan)',
    ],
    rows: [
      [
        `${fmt(run.bytes / MiB, 0)} MiB in ${fmt(run.streamMs / 1000, 1)} s`,
        ...[0.1, 0.25, 0.5, 0.75, 1].map((fraction) => `${fmt(f.at(fraction), 0)} MiB`),
        `${fmt(f.peakStream, 0)} MiB`,
        `${fmt(f.peakExit, 0)} MiB (${fmt(run.exitMs, 0)} ms)`,
      ],
    ],
  };
}

/**
 * The recorder's RSS along a session whose every block brings fresh ids (`FreshIdBlock`): the id
 * placeholders must stay bounded (numbered up to a cap, hashed beyond: src/protocol/ids.ts), so the
 * RSS at the end is where it was at 100 MiB, and the whole session fits a capped old space.
 */
function recorderFreshIdsMemory(
  section: SectionResult,
  run: Awaited<ReturnType<typeof pump>>,
  mib: number,
  capped: Awaited<ReturnType<typeof pump>> | undefined,
): void {
  const MiB = 2 ** 20;
  const f = rssFigures(run);
  const idsPerMiB = run.bytes > 0 ? run.freshIds / (run.bytes / MiB) : Number.NaN;
  const ids = `${run.freshIds.toLocaleString('en-US')} fresh ids (${fmt(idsPerMiB, 0)} per MiB)`;
  if (run.bytes >= 1.5 * 100 * MiB && Number.isFinite(f.at100)) {
    section.measures.push(
      measure(
        'scaling.recorder-fresh-ids-rss-vs-100mib',
        `recorder RSS at the end of a ${mib} MiB session of fresh ids vs at 100 MiB (medians of the last 10% and of 90–110 MiB)`,
        summarize([((f.end - f.at100) / f.at100) * 100]),
        '%',
        { op: '<=', value: 10 },
        `${fmt(f.at100, 0)} → ${fmt(f.end, 0)} MiB; ${ids}; exit ${run.code}`,
      ),
    );
  } else {
    section.notes.push(
      `Fresh ids: the ${mib} MiB session is too short to compare its end with 100 MiB (raise BENCH_RECORDER_MEMORY_MB to 150 or more); it ended at ${fmt(f.end, 0)} MiB RSS, ${ids}.`,
    );
  }
  heapMeasure(section, 'scaling.recorder-fresh-ids-heap-vs-100mib', `a ${mib} MiB session of fresh ids`, run);
  if (capped) {
    const ok = capped.code === 0 && capped.bytes > 0;
    section.measures.push(
      measure(
        'scaling.recorder-fresh-ids-capped-heap',
        `recorder with its V8 old space capped at ${HEAP_CAP_MIB} MiB, ${mib} MiB session of fresh ids: completes (1) or not (0)`,
        summarize([ok ? 1 : 0]),
        '',
        { op: '>=', value: 1 },
        ok
          ? `completed at ${fmt(capped.bytes / MiB / (capped.streamMs / 1000), 1)} MiB/s, peak RSS ${fmt(Math.max(...capped.rss.map((s) => s.kib)) / 1024, 0)} MiB, ${capped.freshIds.toLocaleString('en-US')} fresh ids`
          : `exit ${capped.code} after ${fmt(capped.bytes / MiB, 0)} MiB: the recorder keeps memory per id`,
      ),
    );
  }
  section.tables.push(
    rssAlongTable(
      `Recorder RSS along a ${mib} MiB session of fresh ids (${f.samples} samples, every 100 ms)`,
      run,
      f,
    ),
  );
  section.notes.push(
    `Fresh ids: the same ${mib} MiB of session lines, each block written with new ids (every uuid but the session id, every \`msg_…\` and \`toolu_…\`, in the real API's shapes: bench/fresh-ids.ts), as a real session with partial messages brings them (every stream event has a uuid of its own): ${ids}. The redactor numbers the first ids in order (src/protocol/ids.ts \`IdPlaceholders\`, \`maxNumbered\`) and derives the placeholder of any id beyond from a keyed hash, kept nowhere` +
      (capped
        ? `; the capped run proxies the whole ${mib} MiB within a ${HEAP_CAP_MIB} MiB old space.`
        : '.'),
  );
}
