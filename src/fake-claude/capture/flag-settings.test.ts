import { describe, expect, it } from 'vitest';
import { loadSdkInventory } from '../../sdk-inventory/inventory.js';
import { declaredKinds, kindOf, settingsKeys } from './flag-settings.js';

describe('declaredKinds', () => {
  const definitions = { Mode: { enum: ['a', 'b'] } };
  it('reads type, enum, const, anyOf members and $refs into the definitions', () => {
    expect(declaredKinds({ type: 'string' }, definitions)).toEqual(new Set(['string']));
    expect(declaredKinds({ type: ['integer', 'null'] }, definitions)).toEqual(new Set(['number']));
    expect(declaredKinds({ $ref: '#/definitions/Mode' }, definitions)).toEqual(new Set(['string']));
    expect(declaredKinds({ const: true }, definitions)).toEqual(new Set(['boolean']));
    expect(declaredKinds({ anyOf: [{ type: 'object' }, { type: 'boolean' }] }, definitions)).toEqual(
      new Set(['object', 'boolean']),
    );
  });

  it('says nothing of a schema that allows anything (then no kind is probed)', () => {
    expect(declaredKinds({}, definitions)).toBeUndefined();
    expect(declaredKinds(true, definitions)).toBeUndefined();
    expect(declaredKinds({ anyOf: [{ type: 'string' }, {}] }, definitions)).toBeUndefined();
  });
});

describe('settingsKeys', () => {
  it("lists the newest SDK's top-level settings keys in its order, with their kinds", () => {
    const keys = settingsKeys(loadSdkInventory('0.3.336'));
    const names = keys.map((k) => k.key);
    expect(names.indexOf('includeCoAuthoredBy')).toBeLessThan(names.indexOf('permissions'));
    expect(names.indexOf('permissions')).toBeLessThan(names.indexOf('model'));
    expect(keys.find((k) => k.key === 'permissions')?.kinds).toEqual(new Set(['object']));
    expect(names).not.toContain('$schema');
  });
});

describe('kindOf', () => {
  it('names arrays apart from objects, and null as no kind', () => {
    expect([[], {}, 'x', 1, false, null].map(kindOf)).toEqual([
      'array',
      'object',
      'string',
      'number',
      'boolean',
      undefined,
    ]);
  });
});
