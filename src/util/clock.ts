/**
 * Milliseconds on a monotonic clock, for durations. `performance.now()` would do the same, but its
 * first use loads Node's whole perf_hooks stack (~2 ms of a `fake-claude` start-up).
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
