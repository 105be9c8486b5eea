import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { packageInfo } from '../../config/package-info.js';
import { createSandbox, type Sandbox, sandboxEnv } from '../../driver/sandbox.js';
import { ClideError } from '../../errors/index.js';
import type { CapturedArgv, CapturedOption } from '../behaviour/data/types.js';
import {
  bareVerdict,
  candidatesIn,
  flagNames,
  type HelpOption,
  optionFrom,
  PROBE_PREFIX,
  PROBE_VALUE,
  type ProbeOutput,
  parseHelpOptions,
  probeList,
  valueVerdict,
} from './argv-probe.js';
import { behaviourDataDir } from './data-dir.js';

/**
 * Captures a version's command line from its binary (`argv.json`): its two help texts, and every
 * option it accepts with the kind of value it takes and its choices. Visible options come from
 * `--help`; hidden ones from candidates — every `--name` that starts a string in the binary or in
 * the code of an installed Agent SDK (the flags a client can pass) — each judged by the binary
 * itself (`argv-probe.ts` says how). Offline, in a sandbox, a few runs at a time.
 */

export interface ArgvCaptureOptions {
  binaryPath: string;
  /** Extra candidate names (e.g. from a client of your own). */
  extraCandidates?: readonly string[];
  /** Probes run at once (default 2: the binary is a big process; the machine is shared). */
  concurrency?: number;
  /** The fake's data folder, whose versions' choices are tried as values (default: this checkout's). */
  dataDir?: string;
  onProgress?: (line: string) => void;
}

export interface ArgvCapture {
  argv: CapturedArgv;
  /** How many names were judged, and where they came from. */
  stats: { candidates: number; fromBinary: number; fromSdks: number; visible: number; hidden: number };
}

/** Candidate names in a (large) file, read in slices that overlap by more than a flags string. */
async function candidatesInFile(path: string): Promise<Set<string>> {
  const out = new Set<string>();
  let carry = '';
  for await (const chunk of createReadStream(path, { highWaterMark: 8 * 1024 * 1024 })) {
    const text = carry + (chunk as Buffer).toString('latin1');
    for (const name of candidatesIn(text)) out.add(name);
    carry = text.slice(-256);
  }
  return out;
}

/**
 * The code of every Agent SDK the kit has installed (its dev dependencies, aliases included: a
 * `package.json` named `@anthropic-ai/claude-agent-sdk`): the flags any of them can pass.
 */
export function installedSdkFiles(root = packageInfo().root): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  const files: string[] = [];
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    const dir = join(root, 'node_modules', name);
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: real } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
    if (real !== '@anthropic-ai/claude-agent-sdk') continue;
    for (const file of readdirSync(dir)) if (/\.m?js$/.test(file)) files.push(join(dir, file));
  }
  return files;
}

/**
 * Marks every process a probe starts (environment variable): a command line that parses runs the
 * CLI's action, and a flag can make it start a process that outlives it (`--bg` starts a
 * background daemon on 2.1.150, even in print mode). Those are found by the mark and killed.
 */
const PROBE_MARK = 'CLIDE_ARGV_PROBE';

/** Kills the processes whose environment carries `mark` (Linux: /proc; elsewhere none can be found). */
function killMarked(mark: string): number {
  if (process.platform !== 'linux') return 0;
  const needle = `${PROBE_MARK}=${mark}`;
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
    } catch {
      continue;
    }
    if (!environ.split('\0').includes(needle)) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed += 1;
    } catch {
      // gone already
    }
  }
  return killed;
}

/**
 * The folder a background daemon keeps its sockets in (2.1.150's `--bg`: `/tmp/cc-daemon-<uid>`,
 * whatever TMPDIR says), as it was before the probes: `removeNew()` removes what they left there.
 */
function daemonFolders(): { removeNew: () => void } {
  const uid = process.getuid?.();
  if (uid === undefined) return { removeNew: () => {} };
  const folder = join('/tmp', `cc-daemon-${uid}`);
  const before = new Set(existsSync(folder) ? readdirSync(folder) : []);
  const existed = existsSync(folder);
  return {
    removeNew: () => {
      if (!existsSync(folder)) return;
      for (const entry of readdirSync(folder))
        if (!before.has(entry)) rmSync(join(folder, entry), { recursive: true, force: true });
      if (!existed && readdirSync(folder).length === 0) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the binary once, its processes marked as this run's own (probes run side by side), and
 * kills what the run left behind: anything but an unknown option ran the CLI's action.
 */
async function runBinary(binary: string, sandbox: Sandbox, args: readonly string[]): Promise<ProbeOutput> {
  const mark = randomUUID();
  const result = await execa(binary, args, {
    cwd: sandbox.cwd,
    env: sandboxEnv({ sandbox, extra: { [PROBE_MARK]: mark } }),
    extendEnv: false,
    input: '',
    reject: false,
    timeout: 30_000,
    killSignal: 'SIGKILL',
    stripFinalNewline: false,
  });
  const stderr = String(result.stderr ?? '');
  if (!stderr.startsWith('error: unknown option')) killMarked(mark);
  return {
    stdout: String(result.stdout ?? ''),
    stderr,
    exitCode: result.exitCode,
    timedOut: result.timedOut === true,
  };
}

/** Runs `work` over `items`, `concurrency` at a time, results in input order. */
async function mapLimit<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}

/** The long name an option is sorted by (commander's help order: lower case, without dashes). */
const sortKey = (flags: string) =>
  (flagNames(flags).find((n) => n.startsWith('--')) ?? flagNames(flags)[0] ?? '')
    .replace(/^-+/, '')
    .toLowerCase();

/**
 * Judges one long name: undefined when the binary does not know it. The bare run first: most
 * candidates are unknown, and it says so in one run.
 */
async function judgeLong(
  binary: string,
  sandbox: Sandbox,
  name: string,
  help: readonly HelpOption[],
): Promise<CapturedOption | undefined> {
  const bare = bareVerdict(name, await runBinary(binary, sandbox, [...PROBE_PREFIX, name]));
  if (bare.kind === 'unknown') return undefined;
  const valueRun = await runBinary(binary, sandbox, [...PROBE_PREFIX, `${name}=${PROBE_VALUE}`]);
  if (valueRun.timedOut) throw new ClideError('io', `${binary} ${name}=${PROBE_VALUE}: no answer in 30 s`);
  return optionFrom(name, valueVerdict(name, valueRun), bare, help);
}

/** Judges one short name (`-c`): only the bare run (commander reads no `-c=v`). */
async function judgeShort(
  binary: string,
  sandbox: Sandbox,
  name: string,
  help: readonly HelpOption[],
): Promise<CapturedOption | undefined> {
  const bare = bareVerdict(name, await runBinary(binary, sandbox, [...PROBE_PREFIX, name]));
  return optionFrom(name, { kind: 'no-value' }, bare, help);
}

/**
 * The values an option with choices accepts beyond those its refusal lists: a version may keep an
 * old value working (2.1.332 lists `manual` for `--permission-mode` and still takes `default`).
 * Candidates: the choices of the same option in every version the fake has data for, and in this
 * capture.
 */
async function unlistedChoices(
  binary: string,
  sandbox: Sandbox,
  options: CapturedOption[],
  dataDir: string,
): Promise<void> {
  const known = new Map<string, Set<string>>();
  const note = (option: CapturedOption) => {
    if (!option.choices) return;
    const name = flagNames(option.flags).at(-1)!;
    const set = known.get(name) ?? new Set<string>();
    for (const value of option.choices) set.add(value);
    known.set(name, set);
  };
  if (existsSync(dataDir)) {
    for (const version of readdirSync(dataDir)) {
      const file = join(dataDir, version, 'argv.json');
      if (!existsSync(file)) continue;
      for (const option of (JSON.parse(readFileSync(file, 'utf8')) as CapturedArgv).options) note(option);
    }
  }
  for (const option of options) {
    if (!option.choices) continue;
    const name = flagNames(option.flags).at(-1)!;
    const extra: string[] = [];
    for (const value of known.get(name) ?? []) {
      if (option.choices.includes(value)) continue;
      const run = await runBinary(binary, sandbox, [...PROBE_PREFIX, `${name}=${value}`]);
      if (!/^error: option '.+' argument '.*' is invalid\./m.test(run.stderr)) extra.push(value);
    }
    if (extra.length > 0) option.alsoAccepts = extra;
  }
}

/** Captures `binaryPath`'s command line. Writes nothing. */
export async function captureArgv(options: ArgvCaptureOptions): Promise<ArgvCapture> {
  const binary = options.binaryPath;
  const progress = options.onProgress ?? (() => {});
  const sandbox = createSandbox();
  const daemons = daemonFolders();
  try {
    const helpRun = await runBinary(binary, sandbox, ['--help']);
    const printHelpRun = await runBinary(binary, sandbox, ['-p', '--help']);
    if (helpRun.exitCode !== 0 || printHelpRun.exitCode !== 0 || !printHelpRun.stdout.includes('Options:')) {
      throw new ClideError('io', `${binary} --help printed no options`, {
        where: binary,
        hint: (printHelpRun.stderr || helpRun.stderr).slice(0, 400),
      });
    }
    const help = parseHelpOptions(printHelpRun.stdout).filter(
      (h) => !flagNames(h.flags).some((n) => n === '--help' || n === '--version'),
    );
    const fromBinary = await candidatesInFile(binary);
    const fromSdks = new Set<string>();
    for (const file of installedSdkFiles())
      for (const name of candidatesIn(readFileSync(file, 'latin1'))) fromSdks.add(name);
    const longs = probeList([
      ...help.flatMap((h) => flagNames(h.flags)),
      ...fromBinary,
      ...fromSdks,
      ...(options.extraCandidates ?? []),
    ]).filter((name) => name.startsWith('--'));
    const shorts = [...'abcdefgijklmnoqrstuwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => `-${c}`);
    progress(`judging ${longs.length} long and ${shorts.length} short option names with ${binary}`);
    let done = 0;
    const judged = await mapLimit([...longs, ...shorts], options.concurrency ?? 2, async (name) => {
      const option = name.startsWith('--')
        ? await judgeLong(binary, sandbox, name, help)
        : await judgeShort(binary, sandbox, name, help);
      done += 1;
      if (done % 200 === 0) progress(`  ${done} judged`);
      return option;
    });
    // One entry per option: its aliases (and its short flag) judged the same.
    const byFlags = new Map<string, CapturedOption>();
    for (const option of judged) {
      if (!option) continue;
      const same = [...byFlags.values()].find((o) =>
        flagNames(o.flags).some((n) => flagNames(option.flags).includes(n)),
      );
      if (same) {
        // The longest spelling names the most (`-c, --continue` over `-c`).
        if (option.flags.length > same.flags.length) same.flags = option.flags;
        continue;
      }
      byFlags.set(option.flags, option);
    }
    const accepted = [...byFlags.values()].sort((a, b) => {
      const ka = sortKey(a.flags);
      const kb = sortKey(b.flags);
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    await unlistedChoices(binary, sandbox, accepted, options.dataDir ?? behaviourDataDir());
    // Every option --help lists must have been judged known: else a probe went wrong.
    const missing = help.filter(
      (h) => !accepted.some((o) => flagNames(o.flags).includes(flagNames(h.flags).at(-1)!)),
    );
    if (missing.length > 0) {
      throw new ClideError('io', `${binary}: options its --help lists were judged unknown`, {
        where: binary,
        hint: missing.map((m) => m.flags).join(', '),
      });
    }
    return {
      argv: { help: helpRun.stdout, printHelp: printHelpRun.stdout, options: accepted },
      stats: {
        candidates: longs.length + shorts.length,
        fromBinary: fromBinary.size,
        fromSdks: fromSdks.size,
        visible: accepted.filter((o) => !o.hidden).length,
        hidden: accepted.filter((o) => o.hidden).length,
      },
    };
  } finally {
    sandbox.dispose();
    daemons.removeNew();
  }
}
