import { CATALOGUE_LISTS, DISCRIMINATOR_KEYS } from '../../protocol/contract-keys.js';
import { lastKey, renderPath } from '../render-path.js';
import { varyingValues } from '../variation.js';
import { onlyTheVersionDiffers } from '../version-strings.js';
import type { NodeRule } from './walker.js';

/** Keys whose texts the texts rule compares message by message. */
const VERDICT_TEXT_KEYS: ReadonlySet<string> = new Set([
  'content',
  'tool_use_result',
  'error',
  'result',
  'errors',
  'text',
  'thinking',
]);
const VOLATILE = /<id>|<time>/;
const PROSE = /\s/;

/**
 * Values. Discriminators (`type`, `subtype`, `behavior`, `stop_reason`, …) and catalogue lists
 * (`tools`, `skills`, …) are compared value by value. Every other field is compared when the
 * baseline's value is the same in all messages of the kind (a constant): numbers and ids are
 * never constants; a constant prose text that reads differently is cosmetic. Values the
 * scenario's variation data says come and go are left out, and so is a value that differs only by
 * the CLI's own version string (`claude_code_version`: each version names itself).
 */
export const valuesRule: NodeRule = ({ kind, path, b, c, frame }, ctx) => {
  if (!b.values) return;
  const key = lastKey(path);
  const where = `${kind} ${renderPath(path)}`;
  const parse = (list: string[]) => list.map((v) => JSON.parse(v) as unknown);
  const varying = varyingValues(ctx.variation, kind, path);
  const discriminator = key !== undefined && (DISCRIMINATOR_KEYS.has(key) || CATALOGUE_LISTS.has(key));
  if (!discriminator) {
    if (b.varied || b.values.size !== 1) return;
    const [value] = [...b.values.keys()] as [string];
    if (VOLATILE.test(value) || varying.has(value)) return;
    const prose = PROSE.test(value);
    if (prose && key !== undefined && VERDICT_TEXT_KEYS.has(key)) return;
    if (!c.values && !c.varied) return; // no scalar here any more: the shapes rule's retyped
    if (c.values && c.values.size === 1 && c.values.has(value)) return;
    const now = c.values ? [...c.values.keys()] : ['(several values)'];
    const versions = { baseline: ctx.baseline.cliVersion, current: ctx.current.cliVersion };
    if (
      now.length === 1 &&
      c.values &&
      onlyTheVersionDiffers(JSON.parse(value), JSON.parse(now[0]!), versions)
    )
      return; // the CLI's own version string: every run of another version has it
    ctx.emit(
      prose ? 'drift/text-changed' : 'drift/value-changed',
      prose ? `${where} reads differently` : `${where} was always ${value}, now ${now.join(' | ')}`,
      { kind, path, expected: JSON.parse(value), actual: c.values ? parse(now) : now, frame },
    );
    return;
  }
  if (!c.values) return;
  const gone = [...b.values.keys()].filter((v) => !c.values!.has(v) && !varying.has(v));
  const fresh = [...c.values.keys()].filter((v) => !b.values!.has(v) && !varying.has(v));
  if (gone.length === 0 && fresh.length === 0) return;
  if (key === 'type' || key === 'subtype') {
    if (gone.length > 0) {
      ctx.emit('drift/subtype-gone', `${where}: ${gone.join(', ')} no longer sent`, {
        kind,
        path,
        expected: parse(gone),
        actual: parse([...c.values.keys()]),
        frame,
      });
    }
    if (fresh.length > 0) {
      ctx.emit('drift/subtype-new', `${where}: ${fresh.join(', ')} is new`, {
        kind,
        path,
        actual: parse(fresh),
        frame,
      });
    }
    return;
  }
  if (key !== undefined && CATALOGUE_LISTS.has(key) && path.at(-1) === '*') {
    if (gone.length > 0)
      ctx.emit('drift/list-item-gone', `${where}: ${gone.join(', ')} gone`, {
        kind,
        path,
        expected: parse(gone),
        frame,
      });
    if (fresh.length > 0)
      ctx.emit('drift/list-item-new', `${where}: ${fresh.join(', ')} new`, {
        kind,
        path,
        actual: parse(fresh),
        frame,
      });
    return;
  }
  ctx.emit(
    'drift/value-changed',
    `${where} was ${[...b.values.keys()].join(' | ')}, now ${[...c.values.keys()].join(' | ')}`,
    { kind, path, expected: parse([...b.values.keys()]), actual: parse([...c.values.keys()]), frame },
  );
};
