import type { WireLog } from '../wire-log.js';
import type { CompareContext } from './context.js';

export function exitText(log: WireLog): string {
  return log.signal ? `signal ${log.signal}` : `code ${log.exitCode ?? 'none'}`;
}

/** A hang: the current run had to be killed where the baseline ended by itself (breaking). */
export function hangRule(ctx: CompareContext): void {
  if (!ctx.hang) return;
  const results = (type: 'base' | 'cur') => ctx[type].filter((m) => m.type === 'result').length;
  const { baseline, current } = ctx;
  ctx.emit(
    'drift/hang',
    `the CLI stopped answering and was killed (last message: ${ctx.cur.at(-1)?.kind ?? 'none'}); ` +
      `the baseline ended by itself with ${exitText(baseline)} after ${results('base')} result(s)`,
    {
      expected: { results: results('base'), exitCode: baseline.exitCode, signal: baseline.signal },
      actual: { results: results('cur'), exitCode: current.exitCode, signal: current.signal },
      frame: ctx.cur.at(-1)?.frame,
    },
  );
}

/**
 * The exit status (code or signal) of two complete runs (breaking). Not compared when either log
 * did not record it (a plain stdout capture) or after a hang.
 */
export function exitRule(ctx: CompareContext): void {
  const { baseline, current } = ctx;
  if (!ctx.recorded.exit || ctx.hang || !baseline.complete || !current.complete) return;
  if (baseline.exitCode === current.exitCode && baseline.signal === current.signal) return;
  ctx.emit(
    'drift/exit-code-changed',
    `the CLI exits with ${exitText(current)} (baseline: ${exitText(baseline)})`,
    {
      expected: { exitCode: baseline.exitCode, signal: baseline.signal },
      actual: { exitCode: current.exitCode, signal: current.signal },
    },
  );
}
