import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JsonSchema, OptionProbe } from '../../src/sdk-inventory/inventory.js';
import { HAND_PICKED, type OptionSamples, type SampleContext, samplesOf } from './option-samples.js';
import { emulatedStart, STUB_SCRIPT, StubProcess, type StubRecord, type StubSpawnOptions } from './stub.js';

/**
 * What each field of `Options` becomes, found by running the SDK: `query()` of that SDK version
 * starts a stub instead of the CLI (stub.ts); the stub records its argv, its environment, its
 * working directory and what the SDK writes on its stdin (the `initialize` request first), answers
 * `initialize` and the prompt, and exits. Each field's runs are compared with runs without it.
 * The stub runs inside this process through the SDK's `spawnClaudeCodeProcess` where that records
 * exactly what a started stub would (the SDK builds the same start either way; it adds a
 * `--debug-file` of its own only to starts it makes itself, and only when `DEBUG_CLAUDE_AGENT_SDK`
 * is set, so then every run starts a process); the probe of `spawnClaudeCodeProcess` itself starts
 * the stub as a process, and finds no effect only if both ways record the same.
 */

export interface OptionEffect {
  argv: string[];
  initialize: string[];
  env: string[];
  probe: OptionProbe;
  note?: string;
}

interface RunOutcome {
  record?: StubRecord;
  error?: string;
}

const RUN_TIMEOUT_MS = 15_000;

/** `--flag value` and `--flag=value` as flag → values (JSON text, one per occurrence). */
export function flagsOf(argv: readonly string[]): Map<string, string[]> {
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i += 1) {
    const token = argv[i]!;
    if (!token.startsWith('-') || token === '--') continue;
    const eq = token.indexOf('=');
    let flag = token;
    let value: string | undefined;
    if (eq > 0) {
      flag = token.slice(0, eq);
      value = token.slice(eq + 1);
    } else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) {
      value = argv[i + 1];
      i += 1;
    }
    flags.set(flag, [...(flags.get(flag) ?? []), JSON.stringify(value ?? null)]);
  }
  return flags;
}

function initializeOf(record: StubRecord): Record<string, unknown> | undefined {
  for (const line of record.stdin) {
    try {
      const message = JSON.parse(line) as { type?: string; request?: Record<string, unknown> };
      if (message.type === 'control_request' && message.request?.subtype === 'initialize') {
        const { subtype: _subtype, ...fields } = message.request;
        return fields;
      }
    } catch {}
  }
  return undefined;
}

/** Subtypes of the control requests the SDK wrote besides `initialize`. */
function otherRequestsOf(record: StubRecord): string[] {
  const out: string[] = [];
  for (const line of record.stdin) {
    try {
      const message = JSON.parse(line) as { type?: string; request?: { subtype?: string } };
      if (message.type === 'control_request' && message.request?.subtype !== 'initialize')
        out.push(String(message.request?.subtype));
    } catch {}
  }
  return out.sort();
}

/** Keys whose values differ between two runs of the same options (session ids, temp paths). */
interface Volatile {
  flags: Set<string>;
  initialize: Set<string>;
  env: Set<string>;
  prompt: Set<string>;
}

function differingKeys(a: Map<string, string>, b: Map<string, string>): Set<string> {
  const out = new Set<string>();
  for (const key of new Set([...a.keys(), ...b.keys()])) if (a.get(key) !== b.get(key)) out.add(key);
  return out;
}

/** The fields of the first user message (the prompt) the SDK wrote. */
function promptOf(record: StubRecord): Record<string, unknown> {
  for (const line of record.stdin) {
    try {
      const message = JSON.parse(line) as { type?: string };
      if (message.type === 'user') return message;
    } catch {}
  }
  return {};
}

function views(record: StubRecord) {
  const flags = new Map([...flagsOf(record.argv)].map(([f, v]) => [f, JSON.stringify(v)]));
  const init = new Map(Object.entries(initializeOf(record) ?? {}).map(([k, v]) => [k, JSON.stringify(v)]));
  const env = new Map(Object.entries(record.env));
  const prompt = new Map(Object.entries(promptOf(record)).map(([k, v]) => [k, JSON.stringify(v)]));
  return { flags, init, env, prompt };
}

function volatileOf(a: StubRecord, b: StubRecord): Volatile {
  const va = views(a);
  const vb = views(b);
  return {
    flags: differingKeys(va.flags, vb.flags),
    initialize: differingKeys(va.init, vb.init),
    env: differingKeys(va.env, vb.env),
    prompt: differingKeys(va.prompt, vb.prompt),
  };
}

/** Keys that differ, those in `volatile` by presence only. */
function changed(base: Map<string, string>, run: Map<string, string>, volatile: Set<string>): string[] {
  const out: string[] = [];
  for (const key of new Set([...base.keys(), ...run.keys()])) {
    const differs = volatile.has(key) ? base.has(key) !== run.has(key) : base.get(key) !== run.get(key);
    if (differs) out.push(key);
  }
  return out;
}

interface Observation {
  argv: string[];
  initialize: string[];
  env: string[];
  other: string[];
}

function observe(base: StubRecord, run: StubRecord, volatile: Volatile, spec: OptionSamples): Observation {
  const vb = views(base);
  const vr = views(run);
  const flags = changed(vb.flags, vr.flags, volatile.flags);
  const argv = flags.filter((f) => !spec.hideFlags?.includes(f));
  const initialize = changed(vb.init, vr.init, volatile.initialize);
  // Set or changed; a variable the run lacks is reported once as an effect of its own.
  const variables = changed(vb.env, vr.env, volatile.env).filter((k) => vr.env.has(k));
  const env = variables.filter((k) => !spec.hideEnv?.includes(k));
  const other: string[] = [];
  if (argv.length < flags.length) other.push("the sample's own flags are on the command line");
  if (env.length < variables.length) other.push("the sample's own variables are in the environment");
  const removed = [...vb.env.keys()].filter((k) => !vr.env.has(k) && !volatile.env.has(k));
  if (removed.length > 0) other.push("variables of the parent's environment are absent");
  const prompt = changed(vb.prompt, vr.prompt, volatile.prompt);
  if (prompt.length > 0) other.push(`the prompt's user message changes (${prompt.join(', ')})`);
  if (base.cwd !== run.cwd) other.push('the CLI starts in the given directory');
  if (JSON.stringify(base.execArgv) !== JSON.stringify(run.execArgv))
    other.push(`the runtime starts with ${run.execArgv.join(' ')}`);
  const requests = otherRequestsOf(run).filter((s) => !otherRequestsOf(base).includes(s));
  if (requests.length > 0) other.push(`the SDK also sends ${requests.join(', ')}`);
  if (initializeOf(run) === undefined && initializeOf(base) !== undefined)
    other.push('no initialize request is sent');
  return { argv, initialize, env, other };
}

type Query = AsyncIterable<unknown> & { close?: () => void };
type QueryFn = (params: { prompt: string; options: Record<string, unknown> }) => Query;

/** Runs `query()` with `options` to its end; the SDK's error, if it gave one. */
async function drive(query: QueryFn, options: Record<string, unknown>): Promise<string | undefined> {
  let error: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let q: Query | undefined;
  try {
    q = query({ prompt: 'clide-conformance option probe', options });
    const drain = (async () => {
      for await (const _message of q!) {
      }
    })();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no end within ${RUN_TIMEOUT_MS} ms`)), RUN_TIMEOUT_MS);
    });
    await Promise.race([drain, timeout]);
  } catch (e) {
    error = (e as Error).message.split('\n')[0];
  } finally {
    clearTimeout(timer);
    try {
      q?.close?.();
    } catch {}
  }
  return error;
}

async function runOnce(
  query: QueryFn,
  dir: string,
  n: number,
  options: Record<string, unknown>,
  inProcess: boolean,
): Promise<RunOutcome> {
  const stub = join(dir, `stub-${n}.mjs`);
  writeFileSync(stub, STUB_SCRIPT, { mode: 0o755 });
  if (inProcess && !('spawnClaudeCodeProcess' in options)) {
    let started: StubProcess | undefined;
    let refused = false;
    const spawnClaudeCodeProcess = (spawned: StubSpawnOptions) => {
      const start = emulatedStart(spawned, stub);
      if (start !== undefined) {
        started = new StubProcess(start);
        return started;
      }
      // Not certain to record what a process would: ended at once, and the run made again.
      refused = true;
      const stand = new StubProcess({ argv: [], env: {}, cwd: '', execArgv: [] });
      stand.kill('SIGKILL');
      return stand;
    };
    const error = await drive(query, {
      ...options,
      pathToClaudeCodeExecutable: stub,
      spawnClaudeCodeProcess,
    });
    if (!refused) {
      if (started === undefined) return { error: error ?? 'the stub did not start' };
      return error === undefined ? { record: started.record } : { record: started.record, error };
    }
  }
  const error = await drive(query, { ...options, pathToClaudeCodeExecutable: stub });
  const out = `${stub}.json`;
  if (!existsSync(out)) return { error: error ?? 'the stub did not start' };
  const record = JSON.parse(readFileSync(out, 'utf8')) as StubRecord;
  return error === undefined ? { record } : { record, error };
}

async function pool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

export interface ProbeTarget {
  field: string;
  /** The field's declared type (referencing `definitions`). */
  schema: JsonSchema;
}

/**
 * Runs `query()` of the SDK module at `sdkModule` once per sample of each field (and without any),
 * and says what each field changed.
 */
export async function probeOptions(
  sdkModule: string,
  targets: readonly ProbeTarget[],
  definitions: Readonly<Record<string, JsonSchema>>,
): Promise<Map<string, OptionEffect>> {
  const sdk = (await import(pathToFileURL(sdkModule).href)) as Record<string, unknown>;
  const query = sdk.query as QueryFn;
  const dir = mkdtempSync(join(tmpdir(), 'clide-sdk-probe-'));
  const ctx: SampleContext = { dir, sdk };
  let n = 0;
  const inProcess = process.env.DEBUG_CLAUDE_AGENT_SDK === undefined;
  const run = (options: Record<string, unknown>) => runOnce(query, dir, n++, options, inProcess);
  try {
    const baselines = new Map<string, Promise<{ base: StubRecord; volatile: Volatile }>>();
    const baselineWith = (extra: Record<string, unknown> = {}) => {
      const key = JSON.stringify(extra, (name, value) =>
        typeof value === 'function' ? `[function ${name}]` : value,
      );
      let b = baselines.get(key);
      if (b === undefined) {
        b = (async () => {
          const [one, two] = [await run(extra), await run(extra)];
          if (!one.record || !two.record || one.error || two.error)
            throw new Error(`the SDK did not run the stub without options: ${one.error ?? two.error}`);
          return { base: one.record, volatile: volatileOf(one.record, two.record) };
        })();
        baselines.set(key, b);
      }
      return b;
    };
    await baselineWith();

    const effects = await pool(targets, 2, async (target): Promise<[string, OptionEffect]> => {
      const picked = HAND_PICKED[target.field]?.(ctx);
      if (picked !== undefined && 'reason' in picked)
        return [
          target.field,
          { argv: [], initialize: [], env: [], probe: 'not-probed', note: picked.reason },
        ];
      const spec: OptionSamples = picked ?? { samples: samplesOf(target.schema, definitions) };
      if (spec.samples.length === 0) {
        const note = 'no sample value can be built from its declared type';
        return [target.field, { argv: [], initialize: [], env: [], probe: 'not-probed', note }];
      }
      const { base, volatile } = await baselineWith(spec.with);
      const argv = new Set<string>();
      const initialize = new Set<string>();
      const env = new Set<string>();
      const other = new Set<string>();
      const errors = new Set<string>();
      let observed = 0;
      for (const sample of spec.samples) {
        const outcome = await run({ ...spec.with, [target.field]: sample });
        if (outcome.error !== undefined) errors.add(outcome.error);
        if (outcome.record === undefined) continue;
        observed += 1;
        const seen = observe(base, outcome.record, volatile, spec);
        for (const f of seen.argv) argv.add(f);
        for (const k of seen.initialize) initialize.add(k);
        for (const k of seen.env) env.add(k);
        for (const o of seen.other) other.add(o);
      }
      const notes = [
        ...(spec.note ? [spec.note] : []),
        ...other,
        ...[...errors].map((e) => `the SDK said: ${e}`),
      ];
      const effect: OptionEffect = {
        argv: [...argv].sort(),
        initialize: [...initialize].sort(),
        env: [...env].sort(),
        probe:
          observed === 0
            ? 'not-probed'
            : argv.size + initialize.size + env.size + other.size > 0
              ? 'observed'
              : 'no-effect',
      };
      if (notes.length > 0) effect.note = notes.join('; ');
      return [target.field, effect];
    });
    return new Map(effects);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
