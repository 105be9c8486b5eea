import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDirs } from '../../test/support/temp-dirs.js';
import { isClideError } from '../errors/index.js';
import type { Finding } from '../findings/index.js';
import { applyExpectedFindings, loadExpectedFindings } from './expected-findings.js';

const finding = (code: string, path: Array<string | number>): Finding => ({
  code,
  severity: 'breaking',
  message: code,
  path,
});

const temp = tempDirs();

function file(content: unknown): string {
  const path = join(temp('clide-expected-'), 'conformance.expected.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const expected = (entries: unknown[]) =>
  loadExpectedFindings(file({ version: 1, scenarios: { 'a/b': entries } }), ['a/b', 'c/d']);

describe('conformance.expected.json', () => {
  test('an accepted finding carries its reason; others are untouched', () => {
    const out = applyExpectedFindings(
      'a/b',
      [finding('schema/missing-field', ['message', 'content']), finding('schema/missing-field', ['other'])],
      expected([{ code: 'schema/missing-field', path: '$.message.content', reason: 'deliberate' }]),
      '2.1.150',
    );
    expect(out.map((f) => f.accepted)).toEqual(['deliberate', undefined]);
  });

  test('an entry that matches nothing is reported as a stale entry of severity changed', () => {
    const out = applyExpectedFindings(
      'a/b',
      [],
      expected([{ code: 'drift/field-new', reason: 'r' }]),
      '2.1.150',
    );
    expect(out).toEqual([expect.objectContaining({ code: 'expected/stale-entry', severity: 'changed' })]);
  });

  test('an entry limited to other CLI versions neither accepts nor goes stale', () => {
    const entries = expected([{ code: 'drift/field-new', reason: 'r', versions: ['9.9.9'] }]);
    const out = applyExpectedFindings('a/b', [finding('drift/field-new', [])], entries, '2.1.150');
    expect(out).toEqual([expect.not.objectContaining({ accepted: expect.anything() })]);
  });

  test('an entry limited to a version range accepts inside it only', () => {
    const entries = expected([{ code: 'drift/field-new', reason: 'r', versions: ['<2.1.207'] }]);
    const at = (version: string) =>
      applyExpectedFindings('a/b', [finding('drift/field-new', [])], entries, version)[0]?.accepted;
    expect(at('2.1.150')).toBe('r');
    expect(at('2.1.206')).toBe('r');
    expect(at('2.1.207')).toBeUndefined();
    expect(at('2.1.332')).toBeUndefined();
  });

  test('a versions entry that is no version or range is rejected naming the entry', () => {
    expect(() => expected([{ code: 'c', reason: 'r', versions: ['soon'] }])).toThrow(
      expect.objectContaining({
        code: 'parse',
        where: expect.stringContaining('scenarios["a/b"][0].versions'),
      }),
    );
  });

  test('unknown scenario ids and entries without a reason are rejected', () => {
    const unknown = file({ version: 1, scenarios: { 'x/y': [] } });
    expect(() => loadExpectedFindings(unknown, ['a/b'])).toThrow(/unknown scenario id/);
    const noReason = file({ version: 1, scenarios: { 'a/b': [{ code: 'c' }] } });
    let error: unknown;
    try {
      loadExpectedFindings(noReason, ['a/b']);
    } catch (e) {
      error = e;
    }
    expect(isClideError(error) && error.code).toBe('parse');
  });

  test("the kit's own file loads against the real catalogue", async () => {
    const { SCENARIOS } = await import('../scenarios/index.js');
    const { packageInfo } = await import('../config/package-info.js');
    const loaded = loadExpectedFindings(
      join(packageInfo().root, 'conformance.expected.json'),
      SCENARIOS.map((s) => s.id),
    );
    expect(Object.keys(loaded.scenarios).length).toBeGreaterThan(0);
  });
});
