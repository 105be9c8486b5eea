import { getPath } from '../../util/json.js';
import type { KindedMessage } from '../message-kinds.js';
import type { CompareContext } from './context.js';

const denials = (list: KindedMessage[]) =>
  list
    .filter((m) => m.type === 'result')
    .reduce((n, m) => {
      const d = getPath(m.msg, 'permission_denials');
      return n + (Array.isArray(d) ? d.length : 0);
    }, 0);

/**
 * Denials: `permission_denials` of the results growing (a tool denied without asking) and
 * shrinking (a tool the baseline denied is no longer denied: it may now run) are both breaking.
 */
export function denialsRule(ctx: CompareContext): void {
  if (ctx.hang) return;
  const b = denials(ctx.base);
  const c = denials(ctx.cur);
  const last = ctx.cur.filter((m) => m.type === 'result').at(-1);
  const details = {
    kind: last?.kind ?? 'result',
    path: ['permission_denials'],
    expected: b,
    actual: getPath(last?.msg, 'permission_denials'),
    frame: last?.frame,
  };
  if (c > b && !ctx.emitted.has('drift/auto-denial')) {
    ctx.emit(
      'drift/auto-denial',
      `permission_denials grew from ${b} to ${c}: tools were denied without a prompt`,
      details,
    );
  } else if (c < b) {
    ctx.emit(
      'drift/denial-gone',
      `permission_denials shrank from ${b} to ${c}: a tool the baseline denied is not denied any more`,
      details,
    );
  }
}
