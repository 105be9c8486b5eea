import { describe, expect, it } from 'vitest';
import type { ReportFinding } from '../report/index.js';
import type { ScenarioOutcome } from './outcome.js';
import { lookingText, verdictOf } from './verdict.js';

const f = (code: string, severity: ReportFinding['severity'], path: string[] = []): ReportFinding => ({
  code,
  severity,
  message: code,
  path,
});
const outcome = (
  status: ScenarioOutcome['status'],
  findings: ReportFinding[] = [],
  version = '2.1.200',
): ScenarioOutcome => ({ version, status, findings });

/** The good end: passing, with the additive finding every later release has. */
const reference = outcome('passed', [], '2.1.150');
const additive = f('drift/field-new', 'additive', ['x']);

describe('verdictOf, looking for a failure (the default)', () => {
  const looking = { for: 'failure', failOn: 'breaking' } as const;

  it('calls a version that only adds something good: a new field is not a failure', () => {
    expect(verdictOf(outcome('passed', [additive]), reference, looking)).toBe('good');
  });

  it('calls a failing version bad and skips an untestable one', () => {
    expect(verdictOf(outcome('failed', [f('drift/denial-gone', 'breaking')]), reference, looking)).toBe(
      'bad',
    );
    expect(verdictOf(outcome('untestable', [f('scenario/untestable', 'breaking')]), reference, looking)).toBe(
      'skip',
    );
  });
});

describe('verdictOf, looking for a change (--on change)', () => {
  it('calls any new finding bad, as before', () => {
    expect(verdictOf(outcome('passed', [additive]), reference, { for: 'change' })).toBe('bad');
    expect(verdictOf(outcome('passed', []), reference, { for: 'change' })).toBe('good');
  });
});

describe('verdictOf, looking for a code (--code)', () => {
  it('calls a version with the code bad, one without good, an untestable one without it skipped', () => {
    const looking = { for: 'code', code: 'drift/field-new', path: '$.x' } as const;
    expect(verdictOf(outcome('passed', [additive]), reference, looking)).toBe('bad');
    expect(verdictOf(outcome('failed', [f('drift/field-new', 'additive', ['y'])]), reference, looking)).toBe(
      'good',
    );
    expect(verdictOf(outcome('untestable'), reference, looking)).toBe('skip');
  });
});

describe('lookingText', () => {
  it('says what the search looks for', () => {
    expect(lookingText({ for: 'failure', failOn: 'changed' })).toBe('a failure at changed');
    expect(lookingText({ for: 'change' })).toBe('a change');
    expect(lookingText({ for: 'code', code: 'c', path: '$.e' })).toBe('finding c at $.e');
  });
});
