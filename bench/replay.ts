import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageInfo } from '../src/config/package-info.js';
import { createSandbox, sandboxEnv } from '../src/driver/index.js';
import type { BenchConfig } from './config.js';
import { BENCH_PROMPT, type CorpusMessage, loadCorpus, writeSessionFixture } from './corpus.js';
import { groupLine, hotSpotBullets } from './hot-spots.js';
import { emptySection, measure, type SectionResult } from './model.js';
import { STREAM_ARGS } from './one-turn.js';
import { type RunResult, timedRun } from './proc.js';
import { profileNodeScript, summarizeProfile } from './profile.js';
import { fmt, interleave, pairedRatios, summarize } from './stats.js';

const PROMPT_LINE = `${JSON.stringify(BENCH_PROMPT)}\n`;

/**
 * How a fixture is played in this build: through `fake-claude` (`CLIDE_FAKE_FIXTURE`), through the
 * replayer's `runReplay` in a plain Node process when the executable does not dispatch to it yet,
 * or — when there is no working replayer at all — only read (`iterateFixture`).
 */
export type ReplayPath = 'fake-claude' | 'runReplay' | 'read';

export function benchPaths(): { root: string; fake: string; child: string } {
  const root = packageInfo().root;
  return { root, fake: join(root, 'bin', 'fake-claude'), child: join(root, 'dist', 'bench', 'child.js') };
}

/** The command that plays (or reads) `fixture` on the chosen path. */
export function playCommand(path: ReplayPath, fixture: string): { command: string; args: string[] } {
  const { fake, child } = benchPaths();
  if (path === 'fake-claude') return { command: fake, args: STREAM_ARGS };
  if (path === 'runReplay') return { command: process.execPath, args: [child, 'replay', fixture] };
  return { command: process.execPath, args: [child, 'read', fixture] };
}

/** Plays `fixture` once; stdout goes to `stdoutFd` (/dev/null) unless `onLine` wants the lines. */
export async function play(
  path: ReplayPath,
  fixture: string,
  stdoutFd: number | undefined,
  onLine?: (line: string) => void,
): Promise<RunResult> {
  const sandbox = createSandbox();
  try {
    const { command, args } = playCommand(path, fixture);
    const env = { ...sandboxEnv({ sandbox }), CLIDE_FAKE_FIXTURE: fixture, CLIDE_FAKE_CWD: sandbox.cwd };
    return await timedRun({
      command,
      args,
      env,
      cwd: sandbox.cwd,
      ...(path === 'read' ? {} : { input: PROMPT_LINE }),
      ...(stdoutFd === undefined ? {} : { stdoutFd }),
      ...(onLine ? { onStdoutLine: (line: string) => onLine(line) } : {}),
      timeoutMs: 600_000,
    });
  } finally {
    sandbox.dispose();
  }
}

/**
 * Finds the first replay path that plays a small generated fixture completely (exit 0 and every
 * CLI frame on stdout); returns it with the reasons the better paths were passed over.
 */
export async function probeReplayPath(
  dir: string,
  corpus: readonly CorpusMessage[],
): Promise<{ path: ReplayPath; skipped: string[] }> {
  const fixture = join(dir, 'probe.jsonl');
  const frames = 200;
  writeSessionFixture(fixture, frames, corpus);
  const skipped: string[] = [];
  for (const path of ['fake-claude', 'runReplay'] as const) {
    let lines = 0;
    try {
      const run = await play(path, fixture, undefined, () => {
        lines += 1;
      });
      if (run.exitCode === 0 && lines === frames - 1) return { path, skipped };
      skipped.push(
        `${path}: exit ${run.exitCode}, ${lines}/${frames - 1} CLI lines (${run.stderr.trim().split('\n').slice(-2).join(' ').slice(0, 240)})`,
      );
    } catch (error) {
      skipped.push(`${path}: ${(error as Error).message}`);
    }
  }
  return { path: 'read', skipped };
}

/**
 * §2 Replay throughput: a generated 100,000-frame fixture played to /dev/null, against `cat` of
 * the same file into /dev/null (bytes/s, side by side), with Node's own copy and the fixture read
 * alone as the steps in between.
 */
export async function benchReplay(config: BenchConfig, log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection('replay', '2. Replay throughput');
  const dir = mkdtempSync(join(tmpdir(), 'clide-bench-replay-'));
  const devNull = openSync('/dev/null', 'w');
  try {
    const corpus = loadCorpus();
    const { path, skipped } = await probeReplayPath(dir, corpus);
    if (path !== 'fake-claude') {
      section.notes.push(
        path === 'runReplay'
          ? `**\`fake-claude\` does not play fixtures yet in this build** (${skipped.join('; ')}); replay is measured through the replayer's \`runReplay\` (src/replayer/) in a plain Node process instead — the same code the executable will dispatch to, without the fake's flag parsing and start-up.`
          : `**No working replay mode in this build** (${skipped.join('; ')}): what is measured is fixture READ throughput (\`iterateFixture\`: parse, migrate, validate every record), not replay.`,
      );
    }
    const fixture = join(dir, 'session.jsonl');
    const t = performance.now();
    const bytes = writeSessionFixture(fixture, config.replayFrames, corpus);
    log(
      `  fixture: ${config.replayFrames} frames, ${fmt(bytes / 2 ** 20, 1)} MiB, written in ${fmt((performance.now() - t) / 1000, 1)} s; replay path: ${path}`,
    );
    const { child } = benchPaths();
    const variants = [
      { name: 'cat', run: () => timedRun({ command: 'cat', args: [fixture], stdoutFd: devNull }) },
      {
        name: "node -e ''",
        run: () => timedRun({ command: process.execPath, args: ['-e', ''], stdoutFd: devNull }),
      },
      {
        name: 'node copy',
        run: () => timedRun({ command: process.execPath, args: [child, 'copy', fixture], stdoutFd: devNull }),
      },
      { name: 'read', run: () => play('read', fixture, devNull) },
      ...(path === 'read' ? [] : [{ name: 'replay', run: () => play(path, fixture, devNull) }]),
    ];
    const runs = await interleave(variants, config.replayRounds, (name, round, r) =>
      log(
        `  replay round ${round + 1}/${config.replayRounds} ${name}: ${fmt(r.wallMs, 0)} ms${r.exitCode === 0 ? '' : ` exit ${r.exitCode}: ${r.stderr.slice(-200)}`}`,
      ),
    );
    const wall = (name: string) => (runs[name] ?? []).map((r) => (r.exitCode === 0 ? r.wallMs : Number.NaN));
    const mibs = (name: string) => summarize(wall(name).map((ms) => bytes / 2 ** 20 / (ms / 1000)));
    // Throughput ratio = inverse wall-time ratio on the same bytes.
    const vsCat = (name: string) => summarize(pairedRatios(wall('cat'), wall(name)));
    const played = path === 'read' ? 'read' : 'replay';
    // The target: a Node replayer against the floor of any Node process, a plain stream copy.
    section.measures.push(
      measure(
        'replay.vs-node-copy',
        path === 'read'
          ? 'fixture READ throughput (no replay available) / Node stream copy, bytes/s'
          : `replay throughput (${path}) / Node stream copy of the file, bytes/s`,
        summarize(pairedRatios(wall('node copy'), wall(played))),
        '×',
        { op: '>=', value: 0.5 },
        `${fmt(mibs(played).median, 1)} MiB/s vs ${fmt(mibs('node copy').median, 0)} MiB/s`,
      ),
    );
    section.measures.push(
      measure(
        'replay.vs-cat',
        path === 'read'
          ? 'fixture READ throughput (no replay available) / `cat` > /dev/null, bytes/s'
          : `replay throughput (${path}) / \`cat\` > /dev/null, bytes/s`,
        vsCat(played),
        '×',
        undefined,
        `${fmt(mibs(played).median, 1)} MiB/s vs ${fmt(mibs('cat').median, 0)} MiB/s`,
      ),
    );
    if (path !== 'read') {
      section.measures.push(
        measure(
          'replay.read-vs-cat',
          'fixture read alone (`iterateFixture`) / `cat`, bytes/s',
          vsCat('read'),
          '×',
          undefined,
          `${fmt(mibs('read').median, 1)} MiB/s`,
        ),
      );
    }
    section.measures.push(
      measure(
        'replay.node-copy-vs-cat',
        'Node stream copy of the file / `cat`, bytes/s',
        vsCat('node copy'),
        '×',
        undefined,
        `${fmt(mibs('node copy').median, 0)} MiB/s: the ceiling for any Node process`,
      ),
    );
    section.tables.push({
      title: `Absolute figures (${config.replayFrames.toLocaleString('en-US')} frames, ${fmt(bytes / 2 ** 20, 1)} MiB; medians)`,
      columns: ['variant', 'wall', 'MiB/s', 'CPU', 'peak RSS'],
      rows: variants.map((v) => {
        const rs = (runs[v.name] ?? []).filter((r) => r.exitCode === 0);
        return [
          v.name,
          `${fmt(summarize(rs.map((r) => r.wallMs)).median, 0)} ms`,
          fmt(mibs(v.name).median, 1),
          `${fmt(summarize(rs.map((r) => r.cpuMs ?? Number.NaN)).median, 0)} ms`,
          `${fmt(summarize(rs.map((r) => (r.maxRssKiB ?? Number.NaN) / 1024)).median, 0)} MiB`,
        ];
      }),
    });
    section.notes.push(
      `The fixture is written by the kit's fixture writer (src/fixture/): the client's prompt, \`system/init\`, then the corpus's assistant, tool-result, stream_event, status and rate-limit messages in turn, and a \`result\` (average ${fmt(bytes / config.replayFrames, 0)} bytes a frame). Every variant reads it from the page cache and writes to /dev/null; wall time includes process start-up.`,
    );
    section.data = { path, skipped, bytes, frames: config.replayFrames, runs };

    const m = section.measures[0]!;
    if (config.profile === 'always' || (config.profile === 'missed' && m.met === false)) {
      const { command, args } = playCommand(path, fixture);
      const script = command === process.execPath ? args[0]! : command;
      const scriptArgs = command === process.execPath ? args.slice(1) : args;
      const sandbox = createSandbox();
      try {
        const profile = await profileNodeScript(script, scriptArgs, {
          env: { ...sandboxEnv({ sandbox }), CLIDE_FAKE_FIXTURE: fixture, CLIDE_FAKE_CWD: sandbox.cwd },
          cwd: sandbox.cwd,
          ...(path === 'read' ? {} : { input: PROMPT_LINE }),
          stdoutFd: devNull,
          timeoutMs: 600_000,
        });
        if (profile) {
          section.profiles.push(
            summarizeProfile(
              profile,
              `${played} of the ${config.replayFrames}-frame fixture (${path})`,
              benchPaths().root,
            ),
          );
        }
      } finally {
        sandbox.dispose();
      }
      const why = explainReplay(section, played, bytes, config.replayFrames, {
        floorMs: summarize(wall("node -e ''")).median,
        copyMs: summarize(wall('node copy')).median,
        catMs: summarize(wall('cat')).median,
      });
      if (why) section.explanations.push(why);
    }
  } finally {
    closeSync(devNull);
    rmSync(dir, { recursive: true, force: true });
  }
  return section;
}

function explainReplay(
  section: SectionResult,
  played: string,
  bytes: number,
  frames: number,
  ms: { floorMs: number; copyMs: number; catMs: number },
): string {
  const { floorMs } = ms;
  // Node's copy without its start-up: what a Node process could do at best once running.
  const steadyCopy = bytes / 2 ** 20 / ((ms.copyMs - ms.floorMs) / 1000);
  const catRate = bytes / 2 ** 20 / (ms.catMs / 1000);
  const m = section.measures[0]!;
  if (m.met !== false) return '';
  const byId = new Map(section.measures.map((x) => [x.id, x]));
  const copy = byId.get('replay.node-copy-vs-cat');
  const read = byId.get('replay.read-vs-cat');
  const p = section.profiles[0];
  return [
    `**${played} at ${fmt(m.value.median)}× a Node stream copy's bytes/s (target ≥ 0.5×), missed.** ${m.detail}. ` +
      (Number.isFinite(floorMs)
        ? `A Node process needs ${fmt(floorMs, 0)} ms here just to start (\`node -e ''\`); `
        : '') +
      (copy
        ? `the copy itself reaches ${fmt(copy.value.median)}× \`cat\` (${Number.isFinite(steadyCopy) && steadyCopy > 0 ? `${fmt(steadyCopy, 0)} MiB/s = ${fmt(steadyCopy / catRate)}× \`cat\` with its start-up taken out` : 'start-up included'}), ` +
          'and no Node replayer can beat it; '
        : '') +
      (read
        ? `reading the fixture alone (\`iterateFixture\`: parse and check every record) is ${fmt(read.value.median)}× \`cat\`. `
        : '') +
      `A replay checks the whole fixture before it plays (a corrupt fixture is refused before the client sees a byte). The fixture is written by the kit's writer, so its trailer carries a SHA-256 digest of its lines (clide-fixture/2, decision 14): the replay hashes the file (node:crypto) and takes each of the ${frames.toLocaleString('en-US')} CLI frames (${fmt(bytes / frames, 0)} B average) from its envelope, without parsing or recognising the message, and reads the message's bytes from the file again when it plays them (src/fixture/reader.ts, fixture-file.ts); a message without a placeholder, bound id or file path is copied into 64 KiB stdout batches as its bytes (src/replayer/outbound.ts). ` +
      `What is left is a pass over every line in JavaScript (the envelope, a frame object each), the hash, the read of the file twice, and the stdout writer's own work on ${fmt(bytes / 2 ** 20, 0)} MiB of text (the fake's descriptor writer takes text: each batch is decoded, then encoded again, and written through libuv's thread pool); the fake's start-up is in the wall time too.` +
      (p ? ` Profile (${fmt(p.busyMs, 0)} ms busy): ${groupLine(p)}. The hot frames:` : ''),
    ...(p ? hotSpotBullets(p) : []),
    'Owner: src/replayer/ and src/fixture/ (the fixes are in the italics above).',
  ].join('\n');
}
