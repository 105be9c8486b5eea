import { describe, expect, test } from 'vitest';
import type { Finding } from './finding.js';
import { mergeSameChanges } from './same-change.js';

const finding = (
  code: string,
  kind: string,
  path: Finding['path'],
  extra: Partial<Finding> = {},
): Finding => ({
  code,
  severity: 'additive',
  message: `${code} at ${path.join('.')}`,
  path,
  location: { scenario: 's', frame: 1, kind },
  ...extra,
});

describe('one change, one finding', () => {
  test('a field new to the schemas and new against the baseline is the comparison’s finding, naming both codes', () => {
    const fieldNew = finding('drift/field-new', 'control_response/success (initialize)', [
      'response',
      'response',
      'commands',
      '*',
      'builtin',
    ]);
    const occurrences = [0, 1, 2].map((i) =>
      finding('schema/unknown-field', 'control_response/success (initialize)', [
        'response',
        'response',
        'commands',
        i,
        'builtin',
      ]),
    );
    const other = finding('drift/list-item-new', 'system/init', ['tools', '*']);
    expect(mergeSameChanges([...occurrences, fieldNew, other])).toEqual([
      { ...fieldNew, also: ['schema/unknown-field'] },
      other,
    ]);
  });

  test('a map entry of the comparison (`*`) covers the schema’s keyed path', () => {
    const fieldNew = finding('drift/field-new', 'result/success', ['modelUsage', '*', 'provider']);
    const unknown = finding('schema/unknown-field', 'result/success', [
      'modelUsage',
      'claude-opus-5-5',
      'provider',
    ]);
    expect(mergeSameChanges([unknown, fieldNew])).toEqual([{ ...fieldNew, also: ['schema/unknown-field'] }]);
  });

  test('a new subtype unknown to the schemas is the comparison’s new kind', () => {
    const fresh = finding('drift/subtype-new', 'system/informational', ['subtype']);
    const unknown = finding('schema/unknown-subtype', 'system/informational', ['subtype']);
    expect(mergeSameChanges([unknown, fresh])).toEqual([{ ...fresh, also: ['schema/unknown-subtype'] }]);
  });

  test('another kind of message, another place, or no comparison: both stay', () => {
    const fieldNew = finding('drift/field-new', 'result/success', ['safety_stops']);
    const elsewhere = [
      finding('schema/unknown-field', 'result/error_max_turns', ['safety_stops']),
      finding('schema/unknown-field', 'result/success', ['usage', 'safety_stops']),
      // The client's own request unknown to the schemas is not a change of the CLI.
      finding('schema/unknown-subtype', 'client control_request/list_models', ['request', 'subtype']),
    ];
    expect(mergeSameChanges([...elsewhere, fieldNew])).toEqual([...elsewhere, fieldNew]);
    expect(mergeSameChanges(elsewhere)).toEqual(elsewhere);
  });
});
