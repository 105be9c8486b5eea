import { getPath, isRecord } from '../../util/json.js';
import type { CompareContext } from './context.js';

/** The keys of a success reply's payload (`response.response`), `null` when there is none. */
function payloadKeys(msg: unknown): string | null {
  const payload = getPath(msg, 'response', 'response');
  if (payload === undefined) return null;
  return isRecord(payload) ? JSON.stringify(Object.keys(payload).sort()) : JSON.stringify(typeof payload);
}

/**
 * Control reply payloads: the CLI's success reply to a client request carries another payload
 * than the baseline's (none or `{}` → `{still_queued: []}`, keys gone or added). Changed: a
 * client that reads the reply must look again, even when each new key is also an additive field.
 */
export function replyPayloadRule(ctx: CompareContext): void {
  for (const [kind, baseList] of ctx.baseGroups) {
    if (!kind.startsWith('control_response/success')) continue;
    const curList = ctx.curGroups.get(kind);
    if (!curList) continue;
    const b = new Set(baseList.map((m) => payloadKeys(m.msg)));
    const c = new Set(curList.map((m) => payloadKeys(m.msg)));
    if (b.size === c.size && [...b].every((k) => c.has(k))) continue;
    const show = (s: Set<string | null>) => [...s].map((k) => (k === null ? 'no payload' : k));
    const first = curList[0]!;
    ctx.emit(
      'drift/reply-payload-changed',
      `${kind}: the reply's payload is now ${show(c).join(' | ')} (baseline: ${show(b).join(' | ')})`,
      {
        kind,
        path: ['response', 'response'],
        expected: baseList.map((m) => getPath(m.msg, 'response', 'response') ?? null)[0],
        actual: getPath(first.msg, 'response', 'response') ?? null,
        frame: first.frame,
      },
    );
  }
}
