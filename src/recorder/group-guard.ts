import { spawn } from 'node:child_process';

/** What `guardProcessGroup` returns: `release()` when the group may outlive this process again. */
export interface GroupGuard {
  release(): void;
}

/**
 * The guard's script: ignore terminal signals, block reading a pipe from this process (nothing is
 * ever written to it), and when that pipe closes — this process died, however, even by SIGKILL —
 * kill the whole process group named by `$1`. `read` returns at end of input at once, so the
 * group dies within the scheduling latency of a shell, not after a timeout.
 */
const GUARD_SCRIPT = `trap '' INT TERM HUP QUIT; read _ignored; kill -s KILL -- "-$1" 2>/dev/null`;

/**
 * Ties the life of the process group `pgid` (a child spawned `detached`, with everything it
 * starts) to this process: a tiny `sh`, in its own session, holds the read end of a pipe only this
 * process writes to. When this process dies — SIGKILL included, which no handler of its own can
 * see — the kernel closes the pipe and the guard kills the group. `release()` stops the guard
 * without touching the group (the child exited on its own, or is being waited for). Where no
 * `/bin/sh` can be started, the guard is simply absent.
 */
export function guardProcessGroup(pgid: number): GroupGuard {
  let released = false;
  let guard: ReturnType<typeof spawn> | undefined;
  try {
    guard = spawn('/bin/sh', ['-c', GUARD_SCRIPT, 'clide-record-guard', String(pgid)], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    });
  } catch {
    return { release() {} };
  }
  guard.once('error', () => {
    // No shell: no guard.
  });
  guard.stdin?.on('error', () => {
    // The guard is gone (released, or killed by someone else).
  });
  // Neither the guard nor its pipe keeps this process alive.
  guard.unref();
  (guard.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return {
    release() {
      if (released) return;
      released = true;
      guard?.kill('SIGKILL');
    },
  };
}
