import { statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { packageInfo } from '../src/config/package-info.js';
import { buildCliArgs, createSandbox, sandboxEnv } from '../src/driver/index.js';
import { spawnFakeServer } from '../src/fake-claude/server/server-process.js';
import { findInstalled } from '../src/install/index.js';
import { type ModelScript, startModelApi } from '../src/model-api/index.js';
import type { BenchConfig } from './config.js';
import { groupLine, hotSpotBullets } from './hot-spots.js';
import { importGraph } from './import-graph.js';
import { emptySection, measure, type SectionResult } from './model.js';
import { GNU_TIME, timedRun } from './proc.js';
import { profileNodeScript, summarizeProfile } from './profile.js';
import { fmt, interleave, pairedRatios, summarize } from './stats.js';

/** Sessions a fake server plays before the rounds, so that they meet it warm (as a suite's later tests do). */
const SERVER_WARM_UP_SESSIONS = 20;

/** The model script every variant plays: one text turn. */
export const ONE_TURN_SCRIPT: ModelScript = {
  version: 1,
  description: 'clide-conformance benchmark: one text turn',
  turns: [{ blocks: [{ type: 'text', text: 'Hello from the benchmark.' }] }],
};

const PROMPT = 'Say hello.';
const USER_LINE = `${JSON.stringify({ type: 'user', message: { role: 'user', content: PROMPT } })}\n`;
/** What a stream-json client passes (the driver's argv for a session). */
export const STREAM_ARGS = buildCliArgs();

/** One run: spawn → `result` (`resultMs`) → exit (`wallMs`). */
interface TurnRun {
  wallMs: number;
  resultMs: number;
  cpuMs: number;
  maxRssKiB: number;
  ok: boolean;
  problem?: string;
}

function isResultLine(line: string): boolean {
  if (!line.includes('"result"')) return false;
  try {
    return (JSON.parse(line) as { type?: unknown }).type === 'result';
  } catch {
    return false;
  }
}

/** The three lines the pipe floor writes: only the last one matters to the client (`result`). */
const PIPE_FLOOR_LINES = [
  '{"type":"system","subtype":"init"}',
  '{"type":"assistant"}',
  '{"type":"result","subtype":"success"}',
];

/**
 * The least a Node program can do for a one-turn session over pipes: read stdin until the first
 * line, write three stream-json lines, exit when stdin ends. What the fake costs over this is its
 * own; what this costs over `node -e ''` any Node program pays for piped stdio.
 */
export const PIPE_FLOOR_SCRIPT = [
  "let input = '';",
  "process.stdin.on('data', (chunk) => {",
  '  input += chunk;',
  `  if (input.includes('\\n')) process.stdout.write(${JSON.stringify(`${PIPE_FLOOR_LINES.join('\n')}\n`)});`,
  '});',
  "process.stdin.on('end', () => process.exit(0));",
].join('\n');

type Kind = 'scenario' | 'api' | 'none';

/** Runs `command` in a fresh sandbox, with a fresh model API when `kind` is `api`. */
async function rawTurn(
  command: string,
  args: string[],
  kind: Kind,
  input: boolean,
  extraEnv: Record<string, string> = {},
): Promise<TurnRun> {
  const sandbox = createSandbox();
  const api = kind === 'api' ? await startModelApi({ script: ONE_TURN_SCRIPT }) : undefined;
  try {
    const env = { ...sandboxEnv({ sandbox, ...(api ? { modelApiUrl: api.url } : {}) }), ...extraEnv };
    if (kind === 'scenario') {
      const file = join(sandbox.root, 'model-script.json');
      writeFileSync(file, JSON.stringify(ONE_TURN_SCRIPT));
      env.CLIDE_FAKE_SCENARIO = file;
    }
    let resultMs = Number.NaN;
    const run = await timedRun({
      command,
      args,
      env,
      cwd: sandbox.cwd,
      ...(input ? { input: USER_LINE, keepStdinOpen: true } : {}),
      onStdoutLine: (line, ms, control) => {
        if (Number.isNaN(resultMs) && isResultLine(line)) {
          resultMs = ms;
          control.endInput();
        }
      },
      timeoutMs: 90_000,
    });
    const ok = run.exitCode === 0 && !run.timedOut && (!input || !Number.isNaN(resultMs));
    return {
      wallMs: run.wallMs,
      resultMs: input ? resultMs : run.wallMs,
      cpuMs: run.cpuMs ?? Number.NaN,
      maxRssKiB: run.maxRssKiB ?? Number.NaN,
      ok,
      ...(ok
        ? {}
        : {
            problem: `exit ${run.exitCode}${run.timedOut ? ' (timed out)' : ''}: ${run.stderr.trim().slice(-300)}`,
          }),
    };
  } finally {
    await api?.close();
    sandbox.dispose();
  }
}

/** The same turn through the Agent SDK's `query()`: call → `result` message → iterator done. */
async function sdkTurn(
  executable: string,
  kind: Kind,
  extraEnv: Record<string, string> = {},
): Promise<TurnRun> {
  const { query } = await import('@anthropic-ai/claude-agent-sdk');
  const sandbox = createSandbox();
  const api = kind === 'api' ? await startModelApi({ script: ONE_TURN_SCRIPT }) : undefined;
  try {
    const env = { ...sandboxEnv({ sandbox, ...(api ? { modelApiUrl: api.url } : {}) }), ...extraEnv };
    if (kind === 'scenario') {
      const file = join(sandbox.root, 'model-script.json');
      writeFileSync(file, JSON.stringify(ONE_TURN_SCRIPT));
      env.CLIDE_FAKE_SCENARIO = file;
    }
    const started = performance.now();
    let resultMs = Number.NaN;
    let problem: string | undefined;
    try {
      const q = query({
        prompt: PROMPT,
        options: { pathToClaudeCodeExecutable: executable, cwd: sandbox.cwd, env, settingSources: [] },
      });
      for await (const message of q) {
        if (message.type === 'result' && Number.isNaN(resultMs)) resultMs = performance.now() - started;
      }
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const wallMs = performance.now() - started;
    const ok = problem === undefined && !Number.isNaN(resultMs);
    return {
      wallMs,
      resultMs,
      cpuMs: Number.NaN,
      maxRssKiB: Number.NaN,
      ok,
      ...(ok ? {} : { problem: problem ?? 'no result message' }),
    };
  } finally {
    await api?.close();
    sandbox.dispose();
  }
}

/**
 * §1 One turn: spawn → `result` → exit of fake-claude (scripted, model script file), against the
 * floor (`node -e ''`) and the real pinned CLI on the same model script served by `startModelApi`;
 * raw (stdin/stdout) and through the Agent SDK; interleaved round by round.
 */
export async function benchOneTurn(config: BenchConfig, log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection('turn', '1. fake-claude one turn');
  const root = packageInfo().root;
  const fake = join(root, 'bin', 'fake-claude');
  const real = findInstalled(packageInfo().pinned)?.binaryPath;
  if (!real) {
    section.notes.push(
      `the real CLI ${packageInfo().pinned} is not installed (run \`clide-conformance install\`): the comparisons with it are left out`,
    );
  }
  if (!GNU_TIME) section.notes.push('GNU time (/usr/bin/time) is missing: no CPU time or peak RSS');

  // A warm fake server, as a test suite runs one: its own process (`clide-conformance fake-server`),
  // with its engine warmed by a few sessions before the rounds.
  const server = await spawnFakeServer();
  // Its native client (native/fake-client.c, built by the server with this machine's C compiler).
  const native = server.executable === fake ? undefined : server.executable;
  if (!native) section.notes.push('no native client (no C compiler?): its variants are left out');
  for (let i = 0; i < SERVER_WARM_UP_SESSIONS; i++)
    await rawTurn(native ?? fake, STREAM_ARGS, 'scenario', true, server.env);
  const variants: Array<{ name: string; run: () => Promise<TurnRun> }> = [
    { name: 'floor', run: () => rawTurn(process.execPath, ['-e', ''], 'none', false) },
    { name: 'pipe floor', run: () => rawTurn(process.execPath, ['-e', PIPE_FLOOR_SCRIPT], 'none', true) },
    { name: 'fake', run: () => rawTurn(fake, STREAM_ARGS, 'scenario', true) },
    { name: 'fake (Messages API)', run: () => rawTurn(fake, STREAM_ARGS, 'api', true) },
    { name: 'fake via SDK', run: () => sdkTurn(fake, 'scenario') },
    { name: 'fake (warm server)', run: () => rawTurn(fake, STREAM_ARGS, 'scenario', true, server.env) },
    { name: 'fake via SDK (warm server)', run: () => sdkTurn(fake, 'scenario', server.env) },
  ];
  if (native) {
    variants.push(
      {
        name: 'native client (warm server)',
        run: () => rawTurn(native, STREAM_ARGS, 'scenario', true, server.env),
      },
      { name: 'native client via SDK (warm server)', run: () => sdkTurn(native, 'scenario', server.env) },
    );
  }
  if (real) {
    variants.push(
      { name: 'real', run: () => rawTurn(real, STREAM_ARGS, 'api', true) },
      { name: 'real via SDK', run: () => sdkTurn(real, 'api') },
    );
  }
  let runs: Record<string, TurnRun[]>;
  let stopped: Awaited<ReturnType<typeof server.stop>>;
  try {
    runs = await interleave(
      variants.map((v) => ({ name: v.name, run: () => v.run() })),
      config.turnRounds,
      (name, round, r) =>
        log(
          `  turn round ${round + 1}/${config.turnRounds} ${name}: ${fmt(r.wallMs, 0)} ms${r.ok ? '' : ` FAILED ${r.problem ?? ''}`}`,
        ),
    );
  } finally {
    stopped = await server.stop();
  }
  const sessionsServed = stopped.sessionsServed;
  const sessionsGiven = SERVER_WARM_UP_SESSIONS + (native ? 4 : 2) * config.turnRounds;
  const failures = Object.entries(runs).flatMap(([name, rs]) =>
    rs.filter((r) => !r.ok).map((r) => `${name}: ${r.problem ?? 'failed'}`),
  );
  if (failures.length > 0) {
    section.notes.push(
      `${failures.length} run(s) failed and count as missing values: ${[...new Set(failures)].slice(0, 3).join(' | ')}`,
    );
  }
  const wall = (name: string) => (runs[name] ?? []).map((r) => (r.ok ? r.wallMs : Number.NaN));
  const field = (name: string, f: keyof Pick<TurnRun, 'resultMs' | 'cpuMs' | 'maxRssKiB'>) =>
    (runs[name] ?? []).map((r) => (r.ok ? r[f] : Number.NaN));

  section.tables.push({
    title: 'Absolute figures (medians over rounds; spread in the JSON)',
    columns: ['variant', 'spawn → result', 'spawn → exit', 'CPU (user+sys)', 'peak RSS'],
    rows: variants.map((v) => [
      v.name,
      `${fmt(summarize(field(v.name, 'resultMs')).median, 0)} ms`,
      `${fmt(summarize(wall(v.name)).median, 0)} ms`,
      v.name.includes('SDK') ? '—' : `${fmt(summarize(field(v.name, 'cpuMs')).median, 0)} ms`,
      v.name.includes('SDK') ? '—' : `${fmt(summarize(field(v.name, 'maxRssKiB')).median / 1024, 1)} MiB`,
    ]),
  });

  const ratio = (a: number[], b: number[]) => summarize(pairedRatios(a, b));
  const fakeFloor = ratio(wall('fake'), wall('floor'));
  section.measures.push(
    measure(
      'turn.fake-vs-floor',
      "fake-claude one turn (raw) / `node -e ''`, wall",
      fakeFloor,
      '×',
      { op: '<=', value: 1.3 },
      `${fmt(summarize(wall('fake')).median, 0)} ms vs ${fmt(summarize(wall('floor')).median, 0)} ms`,
    ),
  );
  section.measures.push(
    measure(
      'turn.pipe-floor-vs-floor',
      "a minimal Node program over the same pipes (one line in, three out) / `node -e ''`, wall",
      ratio(wall('pipe floor'), wall('floor')),
      '×',
      undefined,
      `${fmt(summarize(wall('pipe floor')).median, 0)} ms vs ${fmt(summarize(wall('floor')).median, 0)} ms: what piped stdio costs any Node program`,
    ),
    measure(
      'turn.fake-vs-pipe-floor',
      'fake-claude one turn (raw) / that minimal Node program, wall',
      ratio(wall('fake'), wall('pipe floor')),
      '×',
      undefined,
      `${fmt(summarize(wall('fake')).median, 0)} ms vs ${fmt(summarize(wall('pipe floor')).median, 0)} ms: the fake's own cost`,
    ),
  );
  if (GNU_TIME) {
    section.measures.push(
      measure(
        'turn.fake-vs-floor-cpu',
        "fake-claude one turn (raw) / `node -e ''`, CPU time",
        ratio(field('fake', 'cpuMs'), field('floor', 'cpuMs')),
        '×',
        undefined,
        `${fmt(summarize(field('fake', 'cpuMs')).median, 0)} ms vs ${fmt(summarize(field('floor', 'cpuMs')).median, 0)} ms CPU (less sensitive to the machine's load than wall time)`,
      ),
    );
  }
  section.measures.push(
    measure(
      'turn.served-vs-floor',
      "fake-claude one turn through a warm fake server (CLIDE_FAKE_SERVER) / `node -e ''`, wall",
      ratio(wall('fake (warm server)'), wall('floor')),
      '×',
      { op: '<=', value: 1.3 },
      `${fmt(summarize(wall('fake (warm server)')).median, 0)} ms vs ${fmt(summarize(wall('floor')).median, 0)} ms`,
    ),
    measure(
      'turn.served-vs-pipe-floor',
      'fake-claude one turn through a warm fake server / the minimal Node program, wall',
      ratio(wall('fake (warm server)'), wall('pipe floor')),
      '×',
      undefined,
      `${fmt(summarize(wall('fake (warm server)')).median, 0)} ms vs ${fmt(summarize(wall('pipe floor')).median, 0)} ms: the client's own cost and the server's round trips`,
    ),
    ...(native
      ? [
          measure(
            'turn.served-native-vs-floor',
            "the native client, one turn through a warm fake server / `node -e ''`, wall",
            ratio(wall('native client (warm server)'), wall('floor')),
            '×',
            { op: '<=', value: 1.3 },
            `${fmt(summarize(wall('native client (warm server)')).median, 0)} ms vs ${fmt(summarize(wall('floor')).median, 0)} ms: no Node process starts for the session`,
          ),
          measure(
            'turn.served-native-sdk-vs-floor',
            "the native client, one turn via Agent SDK through a warm fake server / `node -e ''`, wall",
            ratio(wall('native client via SDK (warm server)'), wall('floor')),
            '×',
            undefined,
            `${fmt(summarize(wall('native client via SDK (warm server)')).median, 0)} ms vs ${fmt(summarize(wall('floor')).median, 0)} ms`,
          ),
        ]
      : []),
    measure(
      'turn.served-sdk-vs-floor',
      "fake-claude one turn via Agent SDK through a warm fake server / `node -e ''`, wall",
      ratio(wall('fake via SDK (warm server)'), wall('floor')),
      '×',
      undefined,
      `${fmt(summarize(wall('fake via SDK (warm server)')).median, 0)} ms vs ${fmt(summarize(wall('floor')).median, 0)} ms`,
    ),
  );
  section.measures.push(
    measure(
      'turn.fake-sdk-vs-floor',
      "fake-claude one turn via Agent SDK / `node -e ''`, wall",
      ratio(wall('fake via SDK'), wall('floor')),
      '×',
      { op: '<=', value: 1.5 },
      `${fmt(summarize(wall('fake via SDK')).median, 0)} ms vs ${fmt(summarize(wall('floor')).median, 0)} ms`,
    ),
  );
  if (real) {
    section.measures.push(
      measure(
        'turn.fake-vs-real',
        'fake-claude one turn (raw) / real CLI (raw), wall',
        ratio(wall('fake'), wall('real')),
        '×',
        { op: '<=', value: 0.15 },
        `${fmt(summarize(wall('fake')).median, 0)} ms vs ${fmt(summarize(wall('real')).median, 0)} ms`,
      ),
      measure(
        'turn.fake-sdk-vs-real-sdk',
        'fake-claude one turn / real CLI, both via Agent SDK, wall',
        ratio(wall('fake via SDK'), wall('real via SDK')),
        '×',
        { op: '<=', value: 0.15 },
        `${fmt(summarize(wall('fake via SDK')).median, 0)} ms vs ${fmt(summarize(wall('real via SDK')).median, 0)} ms`,
      ),
    );
  }
  if (GNU_TIME) {
    section.measures.push(
      measure(
        'turn.fake-peak-rss',
        'fake-claude peak RSS (one turn, raw)',
        summarize(field('fake', 'maxRssKiB').map((k) => k / 1024)),
        'MiB',
        { op: '<=', value: 60 },
        `node -e '' peaks at ${fmt(summarize(field('floor', 'maxRssKiB')).median / 1024, 1)} MiB on this machine`,
      ),
    );
  }
  section.notes.push(
    `Each round runs every variant once, in an order rotated each round, each in a fresh sandbox (HOME, cwd); ratios are taken within a round, then the median over ${config.turnRounds} rounds is reported. "spawn → exit" ends when the process has exited: for stream-json input the client closes stdin on the \`result\` line.`,
    'pipe floor = `node -e` of a program that reads stdin to its first line, writes three stream-json lines and exits when stdin ends (bench/one-turn.ts, `PIPE_FLOOR_SCRIPT`): the same pipes and the same client as the fake, no engine.',
    'fake = `bin/fake-claude` with `CLIDE_FAKE_SCENARIO` (model script file, no HTTP); fake (Messages API) = the same fake playing the script served by `startModelApi`; real = the pinned CLI on the same script through `startModelApi`.',
    `fake (warm server) = the same executable with \`CLIDE_FAKE_SERVER\` set to a \`clide-conformance fake-server\` process started for this section and warmed by ${SERVER_WARM_UP_SESSIONS} sessions: the executable loads only its client and the engine runs in the server (src/fake-claude/server/). It served ${sessionsServed} sessions here${sessionsServed < sessionsGiven ? `, fewer than the ${sessionsGiven} it was given: some ran locally` : ''}.`,
    'native client (warm server) = the same server, its sessions started from its native client (native/fake-client.c, `CLIDE_FAKE_CLAUDE`): a C program that carries the session over the socket, with no Node process in the session at all.',
  );
  for (const v of variants) {
    if (v.name.includes('floor') || v.name.includes('SDK') || v.name.includes('server')) continue;
    const linger = summarize(
      (runs[v.name] ?? []).map((r) => (r.ok ? r.wallMs - r.resultMs : Number.NaN)),
    ).median;
    if (linger > 100) {
      section.notes.push(
        `**${v.name}** takes ${fmt(linger, 0)} ms (median) from its \`result\` line to its exit after the client closes stdin; the others take a few tens of ms. Something keeps its event loop alive after the end of input (an HTTP keep-alive socket or a timer, in Messages API mode): worth a look by the owner of src/fake-claude/.`,
      );
    }
  }
  section.data = { runs };

  const missed = section.measures.some((m) => m.met === false && m.id.startsWith('turn.fake'));
  if (config.profile === 'always' || (config.profile === 'missed' && missed)) {
    const sandbox = createSandbox();
    try {
      const file = join(sandbox.root, 'model-script.json');
      writeFileSync(file, JSON.stringify(ONE_TURN_SCRIPT));
      const env = { ...sandboxEnv({ sandbox }), CLIDE_FAKE_SCENARIO: file };
      const profile = await profileNodeScript(fake, STREAM_ARGS, {
        env,
        cwd: sandbox.cwd,
        input: USER_LINE,
        keepStdinOpen: true,
        onStdoutLine: (line, _ms, control) => {
          if (isResultLine(line)) control.endInput();
        },
      });
      const floorProfile = await profileNodeScript('-e', [''], { env, cwd: sandbox.cwd });
      if (profile) section.profiles.push(summarizeProfile(profile, 'fake-claude, one turn (scripted)', root));
      if (floorProfile) section.profiles.push(summarizeProfile(floorProfile, "node -e ''", root, 6));
    } finally {
      sandbox.dispose();
    }
  }
  section.explanations.push(
    ...explainTurn(section, importGraph(fake), real ? statSync(real).size / 2 ** 20 : Number.NaN),
  );
  return section;
}

function explainTurn(
  section: SectionResult,
  graph: { files: string[]; packages: string[] },
  realSizeMiB: number,
): string[] {
  const out: string[] = [];
  const byId = new Map(section.measures.map((m) => [m.id, m]));
  const fakeProfile = section.profiles.find((p) => p.subject.startsWith('fake-claude'));
  const floorProfile = section.profiles.find((p) => p.subject.startsWith('node -e'));
  const startup =
    fakeProfile === undefined
      ? 'No profile was taken (BENCH_PROFILE=never).'
      : [
          `One profiled run of the fake is busy ${fmt(fakeProfile.busyMs, 0)} ms of CPU` +
            (floorProfile ? ` against ${fmt(floorProfile.busyMs, 0)} ms for \`node -e ''\`` : '') +
            `. Its entry point loads ${graph.files.length} kit modules (static and literal dynamic imports of bin/fake-claude)` +
            (graph.packages.length > 0 ? ` and the packages ${graph.packages.join(', ')}` : '') +
            `. Where the CPU goes: ${groupLine(fakeProfile)}. The hot frames:`,
          ...hotSpotBullets(fakeProfile),
          `The fake's own code (kit src/ and schemas/) accounts for ${fmt(fakeProfile.kitPct, 0)}% of the busy time: almost all of the gap over the floor is start-up — module loading and compiling, and the work module top levels do at import. Owner: src/fake-claude/ and src/cli/ (the fixes are in the italics above).`,
        ].join('\n');
  const floor = byId.get('turn.fake-vs-floor');
  const pipeFloor = byId.get('turn.pipe-floor-vs-floor');
  const pipes =
    pipeFloor === undefined
      ? ''
      : ` A Node program that only reads the line and writes three lines over the same pipes is already ${fmt(pipeFloor.value.median)}× \`node -e ''\` (${pipeFloor.detail}), so the target leaves the fake's engine ${fmt(Math.max(0, (floor?.target?.value ?? Number.NaN) - pipeFloor.value.median), 2)}× of the floor for everything it does (reading and starting its bundle, the flags, the model script, the turn).`;
  if (floor?.met === false) {
    out.push(
      `**fake-claude vs the floor: ${fmt(floor.value.median)}× (target ≤ ${fmt(floor.target?.value ?? Number.NaN)}×), missed.** ${floor.detail}.${pipes} ${startup}`,
    );
  }
  const served = byId.get('turn.served-vs-floor');
  if (served?.met === false) {
    out.push(
      `**fake-claude through a warm fake server vs the floor: ${fmt(served.value.median)}× (target ≤ ${fmt(served.target?.value ?? Number.NaN)}×), missed.** ${served.detail}. The executable then loads only its client (a few kilobytes), but that client is a Node program over two sockets (its stdin and stdout pipes, and the server's), so it pays what the pipe floor pays${pipeFloor ? ` (${fmt(pipeFloor.value.median)}×)` : ''} and, on top, its connection, its hello and the server's answer, and two hops per message (client → server → client), each a wake-up of another process on a machine of ${availableParallelism()} cores.`,
    );
  }
  const sdk = byId.get('turn.fake-sdk-vs-floor');
  if (sdk?.met === false) {
    out.push(
      `**fake-claude through the Agent SDK vs the floor: ${fmt(sdk.value.median)}× (target ≤ ${fmt(sdk.target?.value ?? Number.NaN)}×), missed.** ${sdk.detail}. The SDK path costs what the raw path costs (the fake's start-up, above) plus the SDK's own round trip: it always sends an \`initialize\` control request and waits for its answer before the prompt, and parses the stream in the client. The floor is a bare process spawn, so this ratio cannot be below the raw one.`,
    );
  }
  const rss = byId.get('turn.fake-peak-rss');
  if (rss?.met === false) {
    out.push(
      `**Peak RSS ${fmt(rss.value.median, 1)} MiB (target ≤ 60 MiB), missed.** ${rss.detail ?? ''}. The fake's resident memory above the floor is the compiled code of the ${graph.files.length} modules it loads and the objects their top levels build (zod schemas, behaviour tables); bundling and lazy construction shrink both.`,
    );
  }
  for (const id of ['turn.fake-vs-real', 'turn.fake-sdk-vs-real-sdk']) {
    const m = byId.get(id);
    if (m?.met === false) {
      out.push(
        `**${m.label}: ${fmt(m.value.median)}× (target ≤ 0.15×), missed.** ${m.detail}. The fake's time is its start-up (see above); the real CLI is a single executable of ${fmt(realSizeMiB, 0)} MiB whose own start-up dominates its turn, so the ratio moves with both and with the machine's load.` +
          (floor?.met === false ? '' : ` ${startup}`),
      );
    }
  }
  return out;
}
