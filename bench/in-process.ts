import { mkdirSync, mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageInfo } from '../src/config/package-info.js';
import type { BenchConfig } from './config.js';
import type { InProcessLoopResult } from './in-process-child.js';
import { emptySection, measure, type SectionResult } from './model.js';
import { timedRun } from './proc.js';
import { fmt, interleave, median, pairedRatios, summarize } from './stats.js';

/** Sessions of one simulated test file (the issue's "100 sessions in one test file"). */
export const SESSIONS_PER_FILE = 100;

interface LoopRun {
  ok: boolean;
  problem?: string;
  result?: InProcessLoopResult;
  wallMs: number;
}

async function loopRun(sessions: number, shared = false): Promise<LoopRun> {
  const child = join(packageInfo().root, 'dist', 'bench', 'in-process-child.js');
  let line = '';
  const run = await timedRun({
    command: process.execPath,
    args: [child, String(sessions), shared ? 'shared' : 'per-test'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    cwd: packageInfo().root,
    measure: false,
    onStdoutLine: (text) => {
      line = text;
    },
    timeoutMs: 300_000,
  });
  let result: InProcessLoopResult | undefined;
  try {
    result = JSON.parse(line) as InProcessLoopResult;
  } catch {
    result = undefined;
  }
  const ok = run.exitCode === 0 && result !== undefined && result.failures.length === 0;
  return {
    ok,
    wallMs: run.wallMs,
    ...(result ? { result } : {}),
    ...(ok
      ? {}
      : {
          problem:
            result?.failures.slice(0, 2).join(' | ') ||
            `exit ${run.exitCode}${run.timedOut ? ' (timed out)' : ''}: ${run.stderr.trim().slice(-300)}`,
        }),
  };
}

/** What removing one empty folder costs in the temporary folder here (ms): `close()` removes five. */
function rmdirCostMs(): number {
  const base = mkdtempSync(join(tmpdir(), 'clide-bench-rmdir-'));
  try {
    for (let i = 0; i < 20; i += 1) mkdirSync(join(base, String(i)));
    const t = performance.now();
    for (let i = 0; i < 20; i += 1) rmdirSync(join(base, String(i)));
    return (performance.now() - t) / 20;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

async function floorRun(): Promise<LoopRun> {
  const run = await timedRun({ command: process.execPath, args: ['-e', ''], measure: false });
  return { ok: run.exitCode === 0, wallMs: run.wallMs };
}

/**
 * §1b The in-process fake (`fakeClaude().sdkOptions`, the Agent SDK's `spawnClaudeCodeProcess`):
 * one test file's worth of sessions in a fresh Node process — each one `fakeClaude()`, a one-turn
 * `query()` to its result, `close()` — interleaved round by round with the floor (`node -e ''`).
 */
export async function benchInProcess(
  config: BenchConfig,
  log: (line: string) => void,
): Promise<SectionResult> {
  const section = emptySection('inprocess', '1b. In-process fake (Agent SDK)');
  const runs = await interleave(
    [
      { name: 'floor', run: () => floorRun() },
      { name: 'file', run: () => loopRun(SESSIONS_PER_FILE) },
      { name: 'file (one fake)', run: () => loopRun(SESSIONS_PER_FILE, true) },
    ],
    config.turnRounds,
    (name, round, r) =>
      log(
        `  in-process round ${round + 1}/${config.turnRounds} ${name}: ${fmt(r.wallMs, 0)} ms${r.ok ? '' : ` FAILED ${r.problem ?? ''}`}`,
      ),
  );
  const files = runs.file ?? [];
  const sharedFiles = runs['file (one fake)'] ?? [];
  const floors = (runs.floor ?? []).map((r) => (r.ok ? r.wallMs : Number.NaN));
  const failed = [...files, ...sharedFiles].filter((r) => !r.ok);
  if (failed.length > 0) {
    section.notes.push(
      `${failed.length} test-file run(s) failed and count as missing values: ${failed
        .map((r) => r.problem)
        .slice(0, 2)
        .join(' | ')}`,
    );
  }
  const per = (pick: (r: InProcessLoopResult) => number, of = files) =>
    of.map((r) => (r.ok && r.result ? pick(r.result) : Number.NaN));
  // A warm session: the median over the file's sessions after its first (which loads the modules).
  const warm = per((r) => median(r.sessionMs.slice(1)));
  const first = per((r) => r.sessionMs[0] ?? Number.NaN);
  const setupClose = per((r) => median(r.setupMs.slice(1).map((s, i) => s + (r.closeMs[i + 1] ?? 0))));
  const total = per((r) => r.totalMs / 1000);
  const sharedTotal = per((r) => r.totalMs / 1000, sharedFiles);

  section.measures.push(
    measure(
      'inprocess.session-vs-floor',
      "in-process fake one turn via Agent SDK / `node -e ''`, wall",
      summarize(pairedRatios(warm, floors)),
      '×',
      { op: '<=', value: 0.1 },
      `${fmt(summarize(warm).median, 1)} ms a session (\`query()\` → done, the median of a file's sessions after its first) vs ${fmt(summarize(floors).median, 0)} ms`,
    ),
    measure(
      'inprocess.file-100-sessions',
      `${SESSIONS_PER_FILE} in-process sessions in one test file (process start → end, each with its own fakeClaude() and close()), wall`,
      summarize(total),
      's',
      { op: '<=', value: 3 },
      `per test: ${fmt(summarize(warm).median, 1)} ms session + ${fmt(summarize(setupClose).median, 1)} ms fakeClaude() and close(); the first session ${fmt(summarize(first).median, 0)} ms (module loading)`,
    ),
    measure(
      'inprocess.file-100-sessions-one-fake',
      `${SESSIONS_PER_FILE} in-process sessions in one test file sharing one fakeClaude(), wall`,
      summarize(sharedTotal),
      's',
      undefined,
      'the same file with one fake (one temporary HOME) for all its sessions',
    ),
  );
  section.tables.push({
    title: 'Absolute figures (medians over rounds)',
    columns: ['what', 'median'],
    rows: [
      ["`node -e ''`", `${fmt(summarize(floors).median, 0)} ms`],
      ['one session, warm (`query()` → iterator done)', `${fmt(summarize(warm).median, 1)} ms`],
      ['the first session of a file (loads the SDK and the engine)', `${fmt(summarize(first).median, 0)} ms`],
      [
        '`fakeClaude()` + `close()` of one test (temporary HOME)',
        `${fmt(summarize(setupClose).median, 1)} ms`,
      ],
      [`${SESSIONS_PER_FILE} sessions, the whole file process`, `${fmt(summarize(total).median, 2)} s`],
      [
        `${SESSIONS_PER_FILE} sessions sharing one fake, the whole file process`,
        `${fmt(summarize(sharedTotal).median, 2)} s`,
      ],
    ],
  });
  section.notes.push(
    `Each round runs \`node -e ''\` and one simulated test file — a fresh \`node dist/bench/in-process-child.js ${SESSIONS_PER_FILE}\`: ${SESSIONS_PER_FILE} times \`fakeClaude()\`, a one-turn \`query()\` with \`fake.sdkOptions\` (no child process), \`close()\` — in an order rotated each round; ratios are taken within a round, then the median over ${config.turnRounds} rounds.`,
  );
  const rmdirMs = rmdirCostMs();
  const file = section.measures.find((m) => m.id === 'inprocess.file-100-sessions');
  if (file?.met === false) {
    section.explanations.push(
      `**${SESSIONS_PER_FILE} sessions in one file: ${fmt(file.value.median, 2)} s (target ≤ 3 s), missed.** ${file.detail}. A session itself is the engine's turn and the SDK's round trip, in this process; per test, \`fakeClaude()\` makes a temporary HOME and \`close()\` removes it — five folders, and removing one empty folder costs ${fmt(rmdirMs, 2)} ms in ${tmpdir()} on this machine (a local disk takes a few µs). The same file with one fake for all its sessions: ${fmt(summarize(sharedTotal).median, 2)} s.`,
    );
  }
  section.data = { runs, rmdirMs };
  return section;
}
