import { readdirSync, readFileSync } from 'node:fs';

/**
 * What a process is doing, from Linux's /proc, for a hang's finding: whether a silent CLI was
 * running (`R`: busy, or waiting for a core on a starved machine) or sleeping, and in what (the
 * kernel function it waits in: `ep_poll` is its event loop waiting for input, `futex_*` a lock or
 * a worker thread), with its CPU time so far. `undefined` where /proc cannot tell (not Linux, the
 * process gone).
 */
export interface ProcessState {
  /** The state letter of /proc/<pid>/stat: R running, S sleeping, D disk wait, Z zombie, T stopped. */
  state: string;
  /** /proc/<pid>/wchan: where in the kernel it sleeps ('0' or '' when running). */
  wchan: string;
  threads: number;
  /** User + system CPU seconds so far. */
  cpuSeconds: number;
  /** Its children (pid and command name), as /proc lists them. */
  children: Array<{ pid: number; command: string }>;
}

const CLOCK_TICKS = 100;

export function processState(pid: number): ProcessState | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0] ?? '?';
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    const threads = Number(fields[17]);
    let wchan = '';
    try {
      wchan = readFileSync(`/proc/${pid}/wchan`, 'utf8').trim();
    } catch {
      // hidden on some kernels
    }
    return { state, wchan, threads, cpuSeconds, children: childrenOf(pid) };
  } catch {
    return undefined;
  }
}

function childrenOf(pid: number): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let list = '';
    try {
      list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of list.split(' ').filter(Boolean).map(Number)) {
      try {
        const command = readFileSync(`/proc/${child}/comm`, 'utf8').trim();
        found.push({ pid: child, command });
      } catch {
        found.push({ pid: child, command: '?' });
      }
    }
  }
  return found;
}

/** One line for a finding: `running, 0.42 s of CPU, 9 threads` or `sleeping in ep_poll, …`. */
export function describeProcessState(state: ProcessState): string {
  const what =
    state.state === 'R'
      ? 'running'
      : state.state === 'S' || state.state === 'D'
        ? `${state.state === 'D' ? 'waiting on the disk' : 'sleeping'}${state.wchan && state.wchan !== '0' ? ` in ${state.wchan}` : ''}`
        : `in state ${state.state}`;
  const children =
    state.children.length === 0
      ? 'no child process'
      : `child processes ${state.children.map((c) => `${c.command} (${c.pid})`).join(', ')}`;
  return `${what}, ${state.cpuSeconds.toFixed(2)} s of CPU, ${state.threads} threads, ${children}`;
}
