import { describe, expect, it } from 'vitest';
import type { ReportFinding } from '../report/index.js';
import {
  differenceOf,
  isSame,
  isVersionStamp,
  outcomeOf,
  type ScenarioOutcome,
  withCode,
} from './outcome.js';

const f = (code: string, path: (string | number)[], extra: Partial<ReportFinding> = {}): ReportFinding => ({
  code,
  severity: 'changed',
  message: `${code} at ${path.join('.')}`,
  path,
  ...extra,
});

const outcome = (
  version: string,
  findings: ReportFinding[],
  status: ScenarioOutcome['status'] = 'passed',
) => ({
  version,
  status,
  findings,
});

describe('comparing outcomes between versions', () => {
  it('a finding that only names the CLI version is a version stamp', () => {
    const stamp = f('drift/value-changed', ['claude_code_version'], {
      expected: '2.1.150',
      actual: ['2.1.152'],
    });
    expect(isVersionStamp(stamp, '2.1.152')).toBe(true);
    expect(isVersionStamp(stamp, '2.1.153')).toBe(false);
    expect(
      isVersionStamp(
        f('drift/value-changed', ['error'], { expected: 'rate_limit', actual: ['overloaded'] }),
        '2.1.161',
      ),
    ).toBe(false);
  });

  it('compares findings by severity, code and path, not by their wording or frame', () => {
    const a = outcome('2.1.150', [f('drift/field-new', ['x'], { location: { frame: 3 } })]);
    const b = outcome('2.1.152', [
      f('drift/field-new', ['x'], { message: 'other words', location: { frame: 4 } }),
    ]);
    expect(isSame(differenceOf(a, b))).toBe(true);
  });

  it('names the findings that appeared and disappeared, and a status change', () => {
    const a = outcome('2.1.150', [f('retry/error', ['error'])], 'failed');
    const b = outcome('2.1.161', [f('drift/value-changed', ['error']), f('drift/value-changed', ['error'])]);
    const d = differenceOf(a, b);
    expect(d.status).toEqual({ from: 'failed', to: 'passed' });
    expect(d.appeared.map((x) => x.code)).toEqual(['drift/value-changed']);
    expect(d.disappeared.map((x) => x.code)).toEqual(['retry/error']);
    expect(isSame(d)).toBe(false);
  });

  it('finds a code, optionally at one path written as the reports write it', () => {
    const o = outcome('2.1.152', [
      f('drift/list-item-new', ['skills', '*']),
      f('drift/list-item-new', ['tools', '*']),
    ]);
    expect(withCode(o, 'drift/list-item-new')).toHaveLength(2);
    expect(withCode(o, 'drift/list-item-new', '$.skills[*]')).toHaveLength(1);
    expect(withCode(o, 'drift/field-new')).toHaveLength(0);
  });

  it('judges the status again without the version stamp when given a severity to fail at', () => {
    const stamp = f('drift/value-changed', ['claude_code_version'], {
      expected: '2.1.150',
      actual: ['2.1.152'],
    });
    const report = {
      id: 'a/b',
      requirement: 'r',
      spec: [],
      tier: 'core',
      status: 'failed',
      durationMs: 1,
      exitCode: 0,
      signal: null,
      baselineFixture: null,
      wireLog: null,
      findings: [stamp, f('drift/field-new', ['x'], { severity: 'additive' })],
    } as unknown as Parameters<typeof outcomeOf>[1];
    expect(outcomeOf('2.1.152', report).status).toBe('failed');
    expect(outcomeOf('2.1.152', report, 'changed').status).toBe('passed');
    expect(outcomeOf('2.1.152', report, 'additive').status).toBe('failed');
    expect(outcomeOf('2.1.152', report, 'changed').findings.map((x) => x.code)).toEqual(['drift/field-new']);
  });
});
