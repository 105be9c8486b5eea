import { sideRequestChanges } from '../side-requests.js';
import type { CompareContext } from './context.js';

/**
 * The model API side requests outside the script (see side-requests.ts): each one new, replaced or
 * gone against the baseline is one finding. Compared when the current log recorded them (a run, a
 * wire log); a baseline that recorded none made none. Not compared with a plain stdout capture,
 * which records nothing but stdout.
 */
export function sideRequestsRule(ctx: CompareContext): void {
  const current = ctx.current.sideRequests;
  if (current === undefined || ctx.baseline.recorded !== undefined || ctx.current.recorded !== undefined)
    return;
  for (const { code, message, path, expected, actual } of sideRequestChanges(
    ctx.baseline.sideRequests ?? [],
    current,
  )) {
    ctx.emit(code, message, {
      path,
      ...(expected === undefined ? {} : { expected }),
      ...(actual === undefined ? {} : { actual }),
    });
  }
}
