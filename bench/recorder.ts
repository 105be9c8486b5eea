import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageInfo } from '../src/config/package-info.js';
import { createSandbox, type Sandbox } from '../src/driver/index.js';
import { ClideError } from '../src/errors/index.js';
import type { BenchConfig } from './config.js';
import { loadCorpus, proxiedLines } from './corpus.js';
import { FreshIdBlock } from './fresh-ids.js';
import type { HeapProbeSample } from './heap-probe.cjs';
import { groupLine, hotSpotBullets } from './hot-spots.js';
import { emptySection, measure, type SectionResult } from './model.js';
import { rssKiB } from './proc.js';
import { profileNodeScript, summarizeProfile } from './profile.js';
import { benchRecorderKill } from './recorder-kill.js';
import { fmt, interleave, pairedRatios, quantile, summarize } from './stats.js';

/** The echo program standing in for the CLI: `cat` copies stdin to stdout as soon as it reads it. */
export function echoProgram(): string {
  for (const candidate of ['/bin/cat', '/usr/bin/cat']) if (existsSync(candidate)) return candidate;
  throw new ClideError('io', 'no cat(1) found to use as the echo program', { where: '/bin/cat' });
}

export type Route = 'direct' | 'recorder';

interface Proxy {
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited and its pipes are closed. */
  closed: Promise<number | null>;
  sandbox: Sandbox;
  fixture: string;
  lines: string[];
}

/** Starts the echo program directly, or behind `clide-record` (`CLIDE_REAL_CLAUDE` = the echo program). */
export function startRoute(route: Route, nodeOptions?: string, extraEnv: NodeJS.ProcessEnv = {}): Proxy {
  const sandbox = createSandbox();
  const fixture = join(sandbox.root, 'recorded.jsonl');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: sandbox.home,
    CLIDE_REAL_CLAUDE: echoProgram(),
    CLIDE_RECORD_OUT: fixture,
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
    ...extraEnv,
  };
  const [command, args] =
    route === 'direct'
      ? [echoProgram(), []]
      : [process.execPath, [join(packageInfo().root, 'bin', 'clide-record')]];
  const child = spawn(command, args, { cwd: sandbox.cwd, env, stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.on('error', () => {
    // Reported through the exit code.
  });
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, closed, sandbox, fixture, lines: proxiedLines(loadCorpusCached(), sandbox) };
}

let corpusCache: ReturnType<typeof loadCorpus> | undefined;
function loadCorpusCached() {
  corpusCache ??= loadCorpus();
  return corpusCache;
}

async function finish(proxy: Proxy): Promise<{ code: number | null; exitMs: number; fixtureBytes: number }> {
  const t = performance.now();
  proxy.child.stdin!.end();
  const code = await proxy.closed;
  const fixtureBytes = existsSync(proxy.fixture) ? statSync(proxy.fixture).size : 0;
  proxy.sandbox.dispose();
  return { code, exitMs: performance.now() - t, fixtureBytes };
}

/** Counts newlines arriving on the proxy's stdout; `until(n)` resolves once `n` have arrived. */
function lineCounter(child: ChildProcess): { until(n: number): Promise<void>; bytes(): number } {
  let count = 0;
  let bytes = 0;
  let waiting: { n: number; resolve: () => void } | undefined;
  child.stdout!.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    let i = chunk.indexOf(10);
    while (i !== -1) {
      count += 1;
      i = chunk.indexOf(10, i + 1);
    }
    if (waiting && count >= waiting.n) {
      const w = waiting;
      waiting = undefined;
      w.resolve();
    }
  });
  return {
    until: (n) =>
      count >= n
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting = { n, resolve };
          }),
    bytes: () => bytes,
  };
}

/** Round trips: one line written, wait for it to come back, next line. Returns RTTs in ms (after warm-up). */
export async function pingPong(
  route: Route,
  pings: number,
  warmup = 50,
): Promise<{ rtts: number[]; code: number | null }> {
  const proxy = startRoute(route);
  const counter = lineCounter(proxy.child);
  const rtts: number[] = [];
  for (let i = 0; i < pings + warmup; i += 1) {
    const line = `${proxy.lines[i % proxy.lines.length]}\n`;
    const t = performance.now();
    proxy.child.stdin!.write(line);
    await counter.until(i + 1);
    if (i >= warmup) rtts.push(performance.now() - t);
  }
  const { code } = await finish(proxy);
  return { rtts, code };
}

/** A ~1 MiB block of whole session lines. */
function block(lines: readonly string[]): Buffer {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < 2 ** 20; i += 1) {
    const line = `${lines[i % lines.length]}\n`;
    parts.push(line);
    size += Buffer.byteLength(line);
  }
  return Buffer.from(parts.join(''));
}

export interface PumpResult {
  /** First byte written → last byte echoed back, ms. */
  streamMs: number;
  /** stdin closed → process exited (the recorder's fixture close and leak scan), ms. */
  exitMs: number;
  bytes: number;
  fixtureBytes: number;
  code: number | null;
  /** RSS samples of the proxy process: bytes echoed so far → KiB resident. */
  rss: Array<{ bytes: number; kib: number; phase: 'stream' | 'exit' }>;
  /**
   * With `heap`: the V8 heap of each of the proxy's threads (0 = main, then its workers: the leak
   * scan's), KiB in use, at the bytes echoed so far (`bench/heap-probe.cts`); empty otherwise.
   */
  heap: Array<{ bytes: number; thread: number; usedKiB: number; totalKiB: number; phase: 'stream' | 'exit' }>;
  /** Distinct ids the session brought (`freshIds`; 0 otherwise: the block's ids repeat). */
  freshIds: number;
}

export interface PumpOptions {
  /** `NODE_OPTIONS` of the proxy (e.g. `--max-old-space-size=64`). */
  nodeOptions?: string;
  /** Every block with fresh ids (uuids, `msg_…`, `toolu_…`: `FreshIdBlock`), as a real session. */
  freshIds?: boolean;
  /** Also sample the proxy's V8 heap, every thread's (`bench/heap-probe.cts`, preloaded). */
  heap?: boolean;
}

/** The compiled heap probe (dist/bench/heap-probe.cjs), preloaded with `--require`. */
function heapProbePath(): string {
  return fileURLToPath(new URL('./heap-probe.cjs', import.meta.url));
}

/** Pumps `mib` MiB of session lines through the route as fast as it takes them (with backpressure). */
export async function pump(
  route: Route,
  mib: number,
  sampleMs?: number,
  options: PumpOptions = {},
): Promise<PumpResult> {
  const heapDir = options.heap ? mkdtempSync(join(tmpdir(), 'clide-bench-heap-')) : undefined;
  const heapLog = heapDir ? join(heapDir, 'heap.jsonl') : undefined;
  const nodeOptions = heapLog
    ? [options.nodeOptions, `--require ${heapProbePath()}`].filter(Boolean).join(' ')
    : options.nodeOptions;
  const proxy = startRoute(route, nodeOptions, heapLog ? { CLIDE_BENCH_HEAP_LOG: heapLog } : {});
  const counter = lineCounter(proxy.child);
  // When each amount of bytes had come back (to place the heap samples along the session).
  const timeline: Array<{ at: number; bytes: number; phase: 'stream' | 'exit' }> = [];
  const lines = block(proxy.lines);
  const fresh = options.freshIds ? new FreshIdBlock(lines.toString()) : undefined;
  // Every fresh block is as long as the first (the same lines, ids of fixed lengths).
  let chunk = fresh ? fresh.next() : lines;
  const blocks = Math.max(1, Math.round((mib * 2 ** 20) / chunk.length));
  // The clock starts once the route echoes: the time a process takes to start is not throughput
  // (a Node proxy needs a few hundred ms where cat needs one, which would swamp a few MiB).
  const warmup = `${proxy.lines[0]}\n`;
  proxy.child.stdin!.write(warmup);
  await Promise.race([counter.until(1), proxy.closed]);
  const payload = blocks * chunk.length;
  const total = payload + Buffer.byteLength(warmup);
  const rss: PumpResult['rss'] = [];
  let phase: 'stream' | 'exit' = 'stream';
  const sampler =
    sampleMs === undefined
      ? undefined
      : setInterval(() => {
          const kib = proxy.child.pid === undefined ? undefined : rssKiB(proxy.child.pid);
          if (kib !== undefined) rss.push({ bytes: counter.bytes(), kib, phase });
          timeline.push({ at: Date.now(), bytes: counter.bytes(), phase });
        }, sampleMs);
  const started = performance.now();
  // Everything echoed back — or the proxy died (then the code tells, and `bytes` is what came back).
  const done = Promise.race([
    proxy.closed,
    new Promise<void>((resolve) => {
      const check = () => (counter.bytes() >= total ? resolve() : undefined);
      proxy.child.stdout!.on('data', check);
    }),
  ]);
  let exited = false;
  void proxy.closed.then(() => {
    exited = true;
  });
  for (let i = 0; i < blocks && !exited; i += 1) {
    if (i > 0 && fresh) chunk = fresh.next();
    if (!proxy.child.stdin!.write(chunk)) {
      await Promise.race([new Promise((r) => proxy.child.stdin!.once('drain', r)), proxy.closed]);
    }
  }
  await done;
  const streamMs = performance.now() - started;
  phase = 'exit';
  const end = await finish(proxy);
  if (sampler) clearInterval(sampler);
  const bytes = Math.max(0, Math.min(total, counter.bytes()) - Buffer.byteLength(warmup));
  const code = bytes < payload && end.code === 0 ? null : end.code;
  const heap = heapDir ? heapAlong(join(heapDir, 'heap.jsonl'), timeline) : [];
  if (heapDir) rmSync(heapDir, { recursive: true, force: true });
  return {
    heap,
    streamMs,
    exitMs: end.exitMs,
    bytes,
    fixtureBytes: end.fixtureBytes,
    code,
    rss,
    freshIds: fresh?.ids ?? 0,
  };
}

/** The heap probe's samples placed along the session: each at the bytes echoed when it was taken. */
function heapAlong(
  file: string,
  timeline: ReadonlyArray<{ at: number; bytes: number; phase: 'stream' | 'exit' }>,
): PumpResult['heap'] {
  if (!existsSync(file) || timeline.length === 0) return [];
  const out: PumpResult['heap'] = [];
  let i = 0;
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (text === '') continue;
    const s = JSON.parse(text) as HeapProbeSample;
    while (i + 1 < timeline.length && timeline[i + 1]!.at <= s.at) i += 1;
    const point = timeline[i]!;
    out.push({
      bytes: point.bytes,
      thread: s.thread,
      usedKiB: s.heapUsed,
      totalKiB: s.heapTotal,
      phase: point.phase,
    });
  }
  return out;
}

/**
 * §3 Recorder overhead: the same stream through `clide-record` (echo program behind it) and through a
 * direct pipe to the echo program; per-frame round-trip latency (p50, p99) and bulk throughput,
 * interleaved session by session. Redaction is on (the recorder always redacts; the stream carries
 * real paths and key-shaped strings).
 */
export async function benchRecorder(
  config: BenchConfig,
  log: (line: string) => void,
): Promise<SectionResult> {
  const section = emptySection('recorder', '3. Recorder overhead');
  const routes: Route[] = ['direct', 'recorder'];
  const latency = await interleave(
    routes.map((route) => ({ name: route, run: () => pingPong(route, config.recorderPings) })),
    config.recorderRounds,
    (name, round, r) =>
      log(
        `  latency round ${round + 1}/${config.recorderRounds} ${name}: p50 ${fmt(quantile(r.rtts, 0.5) * 1000, 0)} µs, p99 ${fmt(quantile(r.rtts, 0.99) * 1000, 0)} µs${r.code === 0 ? '' : ` exit ${r.code}`}`,
      ),
  );
  const q = (route: Route, p: number) => (latency[route] ?? []).map((r) => quantile(r.rtts, p));
  const added = (p: number) => summarize(q('recorder', p).map((v, i) => v - q('direct', p)[i]!));
  section.measures.push(
    measure(
      'recorder.added-p50',
      'recorder added latency per frame, p50',
      added(0.5),
      'ms',
      undefined,
      `round trip p50 ${fmt(summarize(q('recorder', 0.5)).median * 1000, 0)} µs vs ${fmt(summarize(q('direct', 0.5)).median * 1000, 0)} µs direct`,
    ),
    measure(
      'recorder.added-p99',
      'recorder added latency per frame, p99',
      added(0.99),
      'ms',
      { op: '<=', value: 1 },
      `round trip p99 ${fmt(summarize(q('recorder', 0.99)).median * 1000, 0)} µs vs ${fmt(summarize(q('direct', 0.99)).median * 1000, 0)} µs direct`,
    ),
  );

  const bulk = await interleave(
    routes.map((route) => ({ name: route, run: () => pump(route, config.recorderMb) })),
    config.recorderRounds,
    (name, round, r) =>
      log(
        `  throughput round ${round + 1}/${config.recorderRounds} ${name}: ${fmt(r.bytes / 2 ** 20 / (r.streamMs / 1000), 1)} MiB/s, exit after ${fmt(r.exitMs, 0)} ms${r.code === 0 ? '' : ` exit ${r.code}`}`,
      ),
  );
  const streamMs = (route: Route) => (bulk[route] ?? []).map((r) => (r.code === 0 ? r.streamMs : Number.NaN));
  const mibs = (route: Route) =>
    summarize((bulk[route] ?? []).map((r) => r.bytes / 2 ** 20 / (r.streamMs / 1000)));
  section.measures.push(
    measure(
      'recorder.throughput',
      'throughput through `clide-record` / direct pipe',
      summarize(pairedRatios(streamMs('direct'), streamMs('recorder'))),
      '×',
      { op: '>=', value: 0.8 },
      `${fmt(mibs('recorder').median, 1)} MiB/s vs ${fmt(mibs('direct').median, 0)} MiB/s (${config.recorderMb} MiB of session lines each way)`,
    ),
  );
  const kill = await benchRecorderKill(log);
  section.measures.push(...kill.measures);
  const rec = bulk.recorder ?? [];
  section.tables.push({
    title: 'Per session (medians)',
    columns: ['route', 'RTT p50', 'RTT p99', 'MiB/s', 'stdin EOF → exit', 'fixture written'],
    rows: routes.map((route) => [
      route,
      `${fmt(summarize(q(route, 0.5)).median * 1000, 0)} µs`,
      `${fmt(summarize(q(route, 0.99)).median * 1000, 0)} µs`,
      fmt(mibs(route).median, 1),
      `${fmt(summarize((bulk[route] ?? []).map((r) => r.exitMs)).median, 0)} ms`,
      route === 'recorder'
        ? `${fmt(summarize(rec.map((r) => r.fixtureBytes / 2 ** 20)).median, 1)} MiB`
        : '—',
    ]),
  });
  section.notes.push(kill.note);
  section.notes.push(
    `Echo program: \`cat\` (it writes what it reads at once), started directly or as \`CLIDE_REAL_CLAUDE\` behind \`bin/clide-record\`. Latency: ${config.recorderPings} ping-pong frames per session (after 50 warm-up frames), each a corpus line with the session's real HOME/cwd paths (and, every 50th, an Anthropic-key-shaped string), so redaction rewrites them; added latency = recorder RTT quantile − direct RTT quantile of the same round. Throughput: ${config.recorderMb} MiB of the same lines written with backpressure, timed from the first byte written to the last byte echoed, once one warm-up line has made the round trip (process start-up is not throughput). The recorder records every line twice (to-cli and from-cli).`,
  );
  section.data = {
    latency: Object.fromEntries(
      routes.map((r) => [
        r,
        (latency[r] ?? []).map((x) => ({
          p50: quantile(x.rtts, 0.5),
          p99: quantile(x.rtts, 0.99),
          code: x.code,
        })),
      ]),
    ),
    kill: kill.data,
    throughput: Object.fromEntries(
      routes.map((r) => [r, (bulk[r] ?? []).map(({ rss: _rss, heap: _heap, ...rest }) => rest)]),
    ),
  };

  const missed = section.measures.some((m) => m.met === false);
  if (config.profile === 'always' || (config.profile === 'missed' && missed)) {
    const sandbox = createSandbox();
    const devNull = openSync('/dev/null', 'w');
    try {
      const lines = proxiedLines(loadCorpusCached(), sandbox);
      const text = `${block(lines).toString()}`.repeat(Math.max(1, config.recorderMb));
      const profile = await profileNodeScript(join(packageInfo().root, 'bin', 'clide-record'), [], {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: sandbox.home,
          CLIDE_REAL_CLAUDE: echoProgram(),
          CLIDE_RECORD_OUT: join(sandbox.root, 'recorded.jsonl'),
        },
        cwd: sandbox.cwd,
        input: text,
        stdoutFd: devNull,
      });
      if (profile) {
        section.profiles.push(
          summarizeProfile(
            profile,
            `clide-record proxying ${config.recorderMb} MiB to cat`,
            packageInfo().root,
          ),
        );
      }
    } finally {
      closeSync(devNull);
      sandbox.dispose();
    }
    section.explanations.push(...explainRecorder(section));
  }
  return section;
}

function explainRecorder(section: SectionResult): string[] {
  const out: string[] = [];
  const byId = new Map(section.measures.map((m) => [m.id, m]));
  const lines = loadCorpusCached().map((m) => Buffer.byteLength(m.line));
  const maxLine = Math.max(...lines);
  const avgLine = lines.reduce((a, b) => a + b, 0) / lines.length;
  const p = section.profiles[0];
  const profile = p
    ? [
        `Profile of the recorder process over the whole session, closing included (${fmt(p.busyMs, 0)} ms busy): ${groupLine(p)}. The hot frames:`,
        ...hotSpotBullets(p),
      ]
    : [];
  const tp = byId.get('recorder.throughput');
  if (tp?.met === false) {
    out.push(
      [
        `**Throughput ${fmt(tp.value.median)}× the direct pipe (target ≥ 0.8×), missed.** ${tp.detail}. The recorder records write-ahead (crash safety, docs/record.md): each chunk's lines are split, parsed, redacted, id-normalised, re-encoded and written before the chunk is forwarded — twice per echoed line (to-cli and from-cli) — so the stream moves at the recording's speed, on top of the extra Node hop. The profile below is the recorder process.`,
        ...profile,
        'Owner: src/recorder/, src/redact/, src/fixture/. The recording is on the forwarding path by design (a killed recorder loses no forwarded line); what is left is the per-frame cost of the recording, the fixes in italics.',
      ].join('\n'),
    );
  }
  const p99 = byId.get('recorder.added-p99');
  if (p99?.met === false) {
    out.push(
      `**Added p99 latency ${fmt(p99.value.median, 2)} ms (target ≤ 1 ms), missed.** ${p99.detail}. Each line is redacted and written before it is forwarded (lines of ${fmt(avgLine, 0)} B on average, up to ${fmt(maxLine / 1024, 0)} KiB), so the added latency is the extra Node process hop, two each round trip, plus the recording of the line; its tail is that process being descheduled on a machine whose cores are shared by the client, the echo program and any other load.`,
    );
  }
  return out;
}
