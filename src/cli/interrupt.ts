import { disposeLiveSandboxes, killLiveProcessGroups } from '../driver/index.js';
import {
  INTERRUPT_EXIT,
  INTERRUPT_SIGNALS,
  type InterruptSignal,
  interruptedError,
} from '../errors/index.js';

/**
 * Runs a long command (`run`, `record`, `pin`) with SIGINT and SIGTERM turned into data: the first
 * signal aborts the AbortSignal handed to `body`, whose code stops its CLIs, removes its sandboxes,
 * writes what had finished and returns; the exit code is then 130 (SIGINT) or 143 (SIGTERM). A
 * second signal does not wait: every process group is killed, every sandbox removed, and the
 * process exits at once with the same code. The handlers are removed when `body` settles; after an
 * interruption, a later signal exits with the same code (`exitOnLaterSignal: false` leaves no handler).
 */
export async function withInterrupt<T>(
  what: string,
  body: (signal: AbortSignal) => Promise<T>,
  stderr: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  options: { exitOnLaterSignal?: boolean } = {},
): Promise<{ value: T; interrupted: InterruptSignal | undefined }> {
  const controller = new AbortController();
  let received: InterruptSignal | undefined;
  const onSignal = (signal: InterruptSignal) => {
    if (received === undefined) {
      received = signal;
      stderr(
        `${signal}: stopping ${what} (its CLIs and sandboxes) and writing what finished; send it again to stop at once`,
      );
      controller.abort(interruptedError(signal, what));
      return;
    }
    killLiveProcessGroups();
    disposeLiveSandboxes();
    process.exit(INTERRUPT_EXIT[received]);
  };
  const listeners = INTERRUPT_SIGNALS.map((signal) => [signal, () => onSignal(signal)] as const);
  for (const [signal, listener] of listeners) process.on(signal, listener);
  try {
    const value = await body(controller.signal);
    return { value, interrupted: received };
  } finally {
    // The process is on its way out with the first signal's code: a signal that comes while it
    // writes its reports must not kill it with the default action (no exit code, a cut report).
    // These go on before the first handlers come off: with no listener at all, even for a moment,
    // Node gives the signal back its default action, and a second Ctrl-C then killed the process.
    if (received !== undefined && options.exitOnLaterSignal !== false) {
      const code = INTERRUPT_EXIT[received];
      for (const signal of INTERRUPT_SIGNALS) process.on(signal, () => process.exit(code));
    }
    for (const [signal, listener] of listeners) process.off(signal, listener);
    if (received !== undefined) {
      // What the body did not clean up itself (it should have) goes now.
      killLiveProcessGroups();
      disposeLiveSandboxes();
    }
  }
}
