import { isTimingDependent, type KindedMessage } from '../message-kinds.js';
import { variationMatches } from '../variation.js';
import type { CompareContext } from './context.js';

/**
 * Counts and order of the kinds both runs sent. Timing-dependent kinds (stream events, rate-limit
 * events, keep-alives) and the kinds the scenario's variation data names are neither counted nor
 * ordered. Fewer can_use_tool prompts is breaking; other counts and the order are changed; the
 * order is compared only when the counts agree. Nothing after a hang.
 */
export function countsOrderRule(ctx: CompareContext): void {
  if (ctx.hang) return;
  const { baseGroups, curGroups, base, cur } = ctx;
  const ignored = (kind: string) => isTimingDependent(kind) || variationMatches(ctx.variation, kind);
  let countsDiffer = false;
  for (const [kind, baseList] of baseGroups) {
    const curList = curGroups.get(kind);
    if (!curList || ignored(kind) || curList.length === baseList.length) continue;
    countsDiffer = true;
    if (kind === 'control_request/can_use_tool' && curList.length < baseList.length) {
      ctx.emit('drift/permission-prompt-missing', 'fewer can_use_tool prompts arrive than in the baseline', {
        kind,
        expected: baseList.length,
        actual: curList.length,
      });
    } else {
      ctx.emit(
        'drift/message-count-changed',
        `${kind} is sent ${curList.length}× (baseline: ${baseList.length}×)`,
        {
          kind,
          expected: baseList.length,
          actual: curList.length,
          frame: curList[0]!.frame,
        },
      );
    }
  }
  if (countsDiffer) return;
  const common = (list: KindedMessage[]) =>
    list.filter((m) => !ignored(m.kind) && baseGroups.has(m.kind) && curGroups.has(m.kind));
  const baseSeq = common(base).map((m) => m.kind);
  const curSeq = common(cur);
  const at = baseSeq.findIndex((kind, i) => curSeq[i]?.kind !== kind);
  if (at !== -1) {
    ctx.emit('drift/order-changed', `the messages arrive in another order from #${at} on`, {
      expected: baseSeq.slice(at, at + 5),
      actual: curSeq.slice(at, at + 5).map((m) => m.kind),
      frame: curSeq[at]?.frame,
    });
  }
}
