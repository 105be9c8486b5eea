import { ClideError } from './clide-error.js';

/** The signals that interrupt a long command (`run`, `record`, `pin`) cleanly. */
export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

/** The shell's convention: 128 + the signal's number (SIGINT 2 → 130, SIGTERM 15 → 143). */
export const INTERRUPT_EXIT: Record<InterruptSignal, number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * The reason an interrupted command's AbortSignal carries: a `ClideError` with code `interrupted`,
 * the signal's name and its exit code. Everything below `src/cli/` only ever sees the AbortSignal.
 */
export function interruptedError(signal: InterruptSignal, what = 'the command'): ClideError {
  return new ClideError('interrupted', `${what} was interrupted by ${signal}`, {
    where: signal,
    exitCode: INTERRUPT_EXIT[signal],
  });
}

/** The interruption an aborted signal carries (any other abort reason becomes a SIGINT one). */
export function interruptionOf(signal: AbortSignal | undefined): ClideError | undefined {
  if (!signal?.aborted) return undefined;
  const reason: unknown = signal.reason;
  if (reason instanceof ClideError && reason.code === 'interrupted') return reason;
  return interruptedError('SIGINT');
}

/** Throws the interruption when `signal` has been aborted. */
export function throwIfInterrupted(signal: AbortSignal | undefined): void {
  const interruption = interruptionOf(signal);
  if (interruption) throw interruption;
}
