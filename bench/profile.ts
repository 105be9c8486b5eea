import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunOptions, timedRun } from './proc.js';

/** The parts of a V8 `.cpuprofile` the summary reads. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  selfMs: number;
  /** Share of the profile's busy (non-idle) time, 0–100. */
  pct: number;
}

/** A CPU profile reduced to what a report can show: where the busy time went. */
export interface ProfileSummary {
  /** What was profiled. */
  subject: string;
  /** Sampled time that was not idle, ms. */
  busyMs: number;
  /** Self time per function, largest first. */
  topFunctions: ProfileEntry[];
  /** Self time per package / kit folder / runtime part, largest first. */
  topGroups: ProfileEntry[];
  /** Distinct script files that ran code: the kit's own (dist/) and dependencies (node_modules/). */
  files: { kit: number; dependencies: number };
  /** Share (0–100) of the busy time in the kit's own src/ and schemas/ code. */
  kitPct: number;
}

/** Where a frame's code lives, as a group name: a dependency, a kit folder, or part of the runtime. */
export function groupOf(url: string, functionName: string, root: string): string {
  if (url === '') {
    if (functionName === '(garbage collector)') return 'V8 garbage collector';
    if (functionName === '(program)') return 'V8 (program: compile, IC, native)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  if (url.startsWith('node:internal/modules') || url.startsWith('node:internal/bootstrap'))
    return 'Node module loader / bootstrap';
  if (url.startsWith('node:')) {
    const parts = url.split('/');
    return parts.slice(0, url.startsWith('node:internal/') ? 2 : 1).join('/');
  }
  const path = url.startsWith('file:') ? safePath(url) : url;
  const nm = path.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = path.slice(nm + '/node_modules/'.length).split('/');
    const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return `dependency ${pkg}`;
  }
  const rel = path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
  const m = /^dist\/(src|schemas|bench|scripts)(?:\/([^/]+))?/.exec(rel);
  if (m) {
    if (m[1] === 'src') return `kit src/${m[2] ?? ''}`;
    if (m[1] === 'schemas') return 'kit schemas/';
    return `kit ${m[1]}/`;
  }
  return rel;
}

function safePath(url: string): string {
  try {
    return fileURLToPath(url);
  } catch {
    return url;
  }
}

function shortLocation(url: string, line: number, root: string): string {
  if (url === '') return '';
  const path = url.startsWith('file:') ? safePath(url) : url;
  const nm = path.lastIndexOf('/node_modules/');
  const short =
    nm !== -1 ? path.slice(nm + 1) : path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
  return `${short}:${line + 1}`;
}

export function summarizeProfile(
  profile: CpuProfile,
  subject: string,
  root: string,
  top = 10,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfById = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const id = profile.samples[i]!;
    selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const fns = new Map<string, number>();
  const groups = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfById) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(root)') continue;
    busyUs += us;
    const loc = shortLocation(url, lineNumber, root);
    const key = `${functionName || '(anonymous)'}${loc ? ` ${loc}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const group = groupOf(url, functionName, root);
    groups.set(group, (groups.get(group) ?? 0) + us);
  }
  const entries = (m: Map<string, number>): ProfileEntry[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({
        name,
        selfMs: Math.round(us / 100) / 10,
        pct: busyUs === 0 ? 0 : Math.round((1000 * us) / busyUs) / 10,
      }));
  const urls = new Set(profile.nodes.map((n) => n.callFrame.url).filter((u) => u.startsWith('file:')));
  let kit = 0;
  let dependencies = 0;
  for (const url of urls) {
    if (url.includes('/node_modules/')) dependencies += 1;
    else if (safePath(url).startsWith(join(root, 'dist'))) kit += 1;
  }
  let kitUs = 0;
  for (const [name, us] of groups) if (name.startsWith('kit src/') || name === 'kit schemas/') kitUs += us;
  return {
    subject,
    busyMs: Math.round(busyUs / 100) / 10,
    kitPct: busyUs === 0 ? 0 : Math.round((1000 * kitUs) / busyUs) / 10,
    topFunctions: entries(fns),
    topGroups: entries(groups),
    files: { kit, dependencies },
  };
}

/**
 * Runs a Node script under `--cpu-prof` (same stdio options as `timedRun`) and returns the profile
 * of the process (the largest one written, should the script start other Node processes).
 */
export async function profileNodeScript(
  script: string,
  args: string[],
  options: Omit<RunOptions, 'command' | 'args' | 'measure'>,
): Promise<CpuProfile | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'clide-bench-prof-'));
  try {
    await timedRun({
      ...options,
      command: process.execPath,
      args: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '250', script, ...args],
      measure: false,
    });
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size);
    return files[0] ? (JSON.parse(readFileSync(files[0], 'utf8')) as CpuProfile) : undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Profiles `work` inside this process (the inspector's sampling profiler). */
export async function profileInProcess<T>(
  work: () => Promise<T>,
): Promise<{ value: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  const post = <R>(method: string, params?: object) =>
    new Promise<R>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as R))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 250 });
  await post('Profiler.start');
  try {
    const value = await work();
    const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
    return { value, profile };
  } finally {
    session.disconnect();
  }
}
