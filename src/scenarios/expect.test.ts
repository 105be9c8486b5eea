import { describe, expect, it } from 'vitest';
import { checkFieldsInOrder } from './expect.js';
import type { CheckDetails, ScenarioContext } from './scenario.js';

/** Collects what checkFieldsInOrder reports (the context's `check` is the only part it uses). */
function collector() {
  const failed: Array<{ code: string; details?: CheckDetails }> = [];
  const ctx = {
    check: (condition: boolean, code: string, _message: string, details?: CheckDetails) => {
      if (!condition) failed.push({ code, details });
      return condition;
    },
  } as unknown as ScenarioContext;
  return { ctx, failed };
}

describe('checkFieldsInOrder', () => {
  it('accepts fields a later CLI adds between or after the expected ones', () => {
    const { ctx, failed } = collector();
    const input = { session_id: 's', prompt_id: 'p', cwd: '/', hook_event_name: 'Stop', extra: 1 };
    expect(
      checkFieldsInOrder(ctx, input, ['session_id', 'cwd', 'hook_event_name'], 'hooks/input-fields', 'm'),
    ).toBe(true);
    expect(failed).toEqual([]);
  });

  it('reports a missing field with the expected and actual key lists', () => {
    const { ctx, failed } = collector();
    expect(
      checkFieldsInOrder(ctx, { session_id: 's' }, ['session_id', 'cwd'], 'hooks/input-fields', 'm', [
        'input',
      ]),
    ).toBe(false);
    expect(failed).toEqual([
      {
        code: 'hooks/input-fields',
        details: { path: ['input'], expected: ['session_id', 'cwd'], actual: ['session_id'] },
      },
    ]);
  });

  it('reports fields out of order, and a value that is not an object', () => {
    const { ctx, failed } = collector();
    expect(checkFieldsInOrder(ctx, { cwd: '/', session_id: 's' }, ['session_id', 'cwd'], 'c', 'm')).toBe(
      false,
    );
    expect(checkFieldsInOrder(ctx, undefined, ['session_id'], 'c', 'm')).toBe(false);
    expect(failed.map((f) => f.details?.actual)).toEqual([['cwd', 'session_id'], []]);
  });
});
