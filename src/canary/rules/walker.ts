import type { JsonPath } from '../../findings/index.js';
import { mapEntries, type Shape, shapeOf } from '../shape.js';
import type { CompareContext } from './context.js';

/** One place in the merged structure of a kind, seen in both runs. */
export interface ShapeNode {
  kind: string;
  path: JsonPath;
  b: Shape;
  c: Shape;
  /** The first frame of the kind in the current run. */
  frame: number;
}

export type NodeRule = (node: ShapeNode, ctx: CompareContext) => void;

/**
 * The one walker the structural rules share: for every kind both runs sent, it walks the merged
 * shapes of the baseline and the current messages side by side and hands each place present in
 * both to every rule. Objects follow the baseline's view: keyed by data in the baseline (a map),
 * their entries are folded into one; otherwise they are walked key by key, whatever the current
 * run's keys look like.
 */
export function walkShapes(ctx: CompareContext, rules: readonly NodeRule[]): void {
  for (const [kind, baseList] of ctx.baseGroups) {
    const curList = ctx.curGroups.get(kind);
    if (!curList) continue;
    const frame = curList[0]!.frame;
    const walk = (b: Shape, c: Shape, path: JsonPath): void => {
      if (b.seen === 0 || c.seen === 0) return;
      const node: ShapeNode = { kind, path, b, c, frame };
      for (const rule of rules) rule(node, ctx);
      if (b.objects > 0 && c.objects > 0) {
        if (b.map) {
          const be = mapEntries(b);
          const ce = mapEntries(c);
          if (be && ce) walk(be, ce, [...path, '*']);
        } else {
          for (const [name, bChild] of b.keys) {
            const cChild = c.keys.get(name);
            if (cChild) walk(bChild, cChild, [...path, name]);
          }
        }
      }
      if (b.arrays > 0 && c.arrays > 0 && b.items && c.items) walk(b.items, c.items, [...path, '*']);
    };
    walk(shapeOf(baseList.map((m) => m.msg)), shapeOf(curList.map((m) => m.msg)), []);
  }
}
