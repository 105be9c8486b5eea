import { describe, expect, test } from 'vitest';
import type { CanaryReport, ScenarioReport } from './model.js';
import { summarize } from './model.js';
import { renderJunit } from './render-junit.js';

function reportOf(scenario: ScenarioReport): CanaryReport {
  return {
    format: 'clide-canary-report/1',
    tool: { name: 'clide-conformance', version: '0.0.0' },
    cli: { version: '9.9.9', binary: '/x/claude', live: false },
    baseline: { version: '2.1.332', schemaVersion: '2.1.332', fixturesDir: null, fixtures: 0 },
    expectedFile: 'conformance.expected.json',
    failOn: 'breaking',
    selection: [],
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    durationMs: 1000,
    machine: { platform: 'linux', arch: 'x64', node: 'v20', cpus: 2 },
    summary: summarize([scenario]),
    scenarios: [scenario],
  };
}

describe('junit.xml', () => {
  test('an accepted finding is labelled accepted, never by the severity it would fail with', () => {
    const xml = renderJunit(
      reportOf({
        id: 'a/accepted',
        requirement: 'r',
        spec: '§1',
        tier: 'model',
        status: 'passed',
        durationMs: 10,
        exitCode: 0,
        signal: null,
        baselineFixture: null,
        wireLog: null,
        findings: [
          {
            code: 'drift/field-removed',
            severity: 'breaking',
            message: 'field x is gone',
            path: ['x'],
            accepted: 'removed on purpose in this version',
          },
          { code: 'drift/text-changed', severity: 'cosmetic', message: 'a text changed', path: [] },
        ],
      }),
    );
    const out = /<system-out>([\s\S]*)<\/system-out>/.exec(xml)?.[1] ?? '';
    expect(out).toContain('[accepted] drift/field-removed at $.x: field x is gone');
    expect(out).toContain('accepted (breaking): removed on purpose in this version');
    expect(out).not.toContain('[breaking]');
    expect(out).toContain('[cosmetic] drift/text-changed');
    expect(xml).not.toContain('<failure');
  });
});
