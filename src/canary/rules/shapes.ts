import { lastKey, renderPath } from '../render-path.js';
import type { NodeRule } from './walker.js';

/**
 * Shapes: a JSON type the field never had (retyped), keys gone (always or sometimes sent), keys
 * now missing from some messages, new keys, lists that became empty or got entries. Entries of a
 * map (an object keyed by data in the baseline) are data, not fields. `permission_denials` is the
 * denials rule's.
 */
export const shapesRule: NodeRule = ({ kind, path, b, c, frame }, ctx) => {
  const where = `${kind} ${renderPath(path)}`;
  const newTypes = [...c.types.keys()].filter((t) => !b.types.has(t));
  if (newTypes.length > 0) {
    ctx.emit('drift/field-retyped', `${where} is now ${newTypes.join(' | ')}`, {
      kind,
      path,
      expected: [...b.types.keys()],
      actual: [...c.types.keys()],
      frame,
    });
  }
  if (b.objects > 0 && c.objects > 0 && !b.map) {
    for (const [name, bChild] of b.keys) {
      const cChild = c.keys.get(name);
      const childPath = [...path, name];
      const always = bChild.seen === b.objects;
      if (!cChild) {
        ctx.emit(
          always ? 'drift/field-gone' : 'drift/optional-field-gone',
          `${kind} ${renderPath(childPath)} is gone`,
          { kind, path: childPath, expected: [...bChild.types.keys()], frame },
        );
      } else if (always && cChild.seen < c.objects) {
        ctx.emit(
          'drift/field-now-optional',
          `${kind} ${renderPath(childPath)} is now missing from some messages`,
          {
            kind,
            path: childPath,
            expected: `${b.objects}/${b.objects}`,
            actual: `${cChild.seen}/${c.objects}`,
            frame,
          },
        );
      }
    }
    for (const [name, cChild] of c.keys) {
      if (b.keys.has(name)) continue;
      ctx.emit('drift/field-new', `${kind} ${renderPath([...path, name])} is new`, {
        kind,
        path: [...path, name],
        actual: [...cChild.types.keys()],
        frame,
      });
    }
  }
  if (b.arrays > 0 && c.arrays > 0 && lastKey(path) !== 'permission_denials') {
    if (b.items && !c.items) {
      ctx.emit('drift/list-now-empty', `${where} is now always empty`, { kind, path, frame });
    } else if (!b.items && c.items) {
      ctx.emit('drift/list-now-filled', `${where} now has entries`, {
        kind,
        path,
        actual: [...c.items.types.keys()],
        frame,
      });
    }
  }
};
