import { getPath } from '../../util/json.js';
import { excerpt } from '../../util/normalize-text.js';
import type { CompareContext } from './context.js';

const ANSWER = /^control_response\/(success|error) \((.+)\)$/;

/**
 * Kinds: a kind gone (message type, or subtype when others of its type are still sent), new, or
 * renamed (one gone and one new of the same type); a control request answered the other way
 * (success → error is breaking, error → success changed); the can_use_tool prompt gone. After a
 * hang, what did not happen after the stall is not reported: the hang is the finding.
 */
export function kindsRule(ctx: CompareContext): void {
  const { baseGroups, curGroups, base, cur } = ctx;
  const gone = [...baseGroups.keys()].filter((k) => !curGroups.has(k));
  const fresh = new Set([...curGroups.keys()].filter((k) => !baseGroups.has(k)));
  const handledFresh = new Set<string>();
  for (const kind of gone) {
    const first = baseGroups.get(kind)![0]!;
    if (ctx.hang) continue;
    if (kind === 'control_request/can_use_tool') {
      ctx.emit('drift/permission-prompt-missing', 'no can_use_tool prompt arrives any more', {
        kind,
        expected: baseGroups.get(kind)!.length,
        actual: 0,
      });
      continue;
    }
    const answer = ANSWER.exec(kind);
    if (answer) {
      const [, outcome, request] = answer;
      const other = `control_response/${outcome === 'success' ? 'error' : 'success'} (${request})`;
      if (fresh.has(other)) {
        handledFresh.add(other);
        const reply = curGroups.get(other)![0]!;
        ctx.emit(
          outcome === 'success' ? 'drift/request-now-rejected' : 'drift/request-now-accepted',
          outcome === 'success'
            ? `the ${request} request is now rejected: ${excerpt(String(getPath(reply.msg, 'response', 'error') ?? ''))}`
            : `the ${request} request, rejected by the baseline, is now answered with success`,
          {
            kind,
            path: ['response', 'subtype'],
            expected: outcome,
            actual: getPath(reply.msg, 'response', 'subtype'),
            frame: reply.frame,
          },
        );
        continue;
      }
    }
    const sameType = [...fresh].filter((k) => curGroups.get(k)![0]!.type === first.type);
    if (sameType.length > 0 && first.type !== first.kind) {
      ctx.emit(
        'drift/subtype-gone',
        `${kind} is no longer sent (new of the same type: ${sameType.join(', ')})`,
        {
          kind,
          path: ['subtype'],
          expected: kind,
          actual: sameType,
        },
      );
    } else if (first.type !== first.kind && cur.some((m) => m.type === first.type)) {
      ctx.emit('drift/subtype-gone', `${kind} is no longer sent`, {
        kind,
        path: ['subtype'],
        expected: kind,
      });
    } else {
      ctx.emit('drift/message-gone', `${kind} is no longer sent`, { kind, path: ['type'], expected: kind });
    }
  }
  for (const kind of fresh) {
    if (handledFresh.has(kind)) continue;
    const first = curGroups.get(kind)![0]!;
    const typeKnown = base.some((m) => m.type === first.type);
    ctx.emit(
      typeKnown ? 'drift/subtype-new' : 'drift/message-new',
      `${kind} is new (${curGroups.get(kind)!.length}×)`,
      {
        kind,
        path: [typeKnown ? 'subtype' : 'type'],
        actual: kind,
        frame: first.frame,
      },
    );
  }
}
