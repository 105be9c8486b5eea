/**
 * Every CLI side runs in its own process group (spawned detached), so the CLI and anything it
 * started (MCP servers, shells) die together. Live groups are tracked so that even a test that
 * throws, or a parent that exits, leaves no orphan behind.
 */
const live = new Set<number>();
let hooked = false;

/** Kills every tracked process group now (SIGKILL): the last resort of an interrupted command. */
export function killLiveProcessGroups(): void {
  for (const pid of live) killProcessGroup(pid, 'SIGKILL');
  live.clear();
}

export function trackProcessGroup(pid: number): void {
  live.add(pid);
  if (!hooked) {
    hooked = true;
    process.once('exit', killLiveProcessGroups);
  }
}

export function untrackProcessGroup(pid: number): void {
  live.delete(pid);
}

/** Sends `signal` to the whole group led by `pid`; silently ignores groups that are already gone. */
export function killProcessGroup(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Process groups started by this process that are still tracked as alive. */
export function liveProcessGroups(): number[] {
  return [...live];
}
