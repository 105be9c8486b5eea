import { describe, expect, it } from 'vitest';
import { type PinResult, renderPinSummary } from './pin.js';

const result = (fakeData: PinResult['fakeData']): PinResult => ({
  version: '2.1.400',
  previous: '2.1.332',
  wrote: [],
  recorded: 3,
  failedScenarios: [],
  amendments: [],
  unresolved: [],
  corpusFindings: [],
  fakeData,
  madeDefault: false,
  next: [],
});

describe('pin summary', () => {
  it('a fake data step that failed is a decision for a human, named with why and the command to redo it', () => {
    const text = renderPinSummary(
      result([
        { name: 'behaviour', files: ['/k/src/fake-claude/behaviour/data/2.1.400/init.json'] },
        { name: 'model side', files: [], error: 'no budget notice in the first request' },
      ]),
    );
    expect(text).toContain('fake data: behaviour\n');
    expect(text).toContain('needs a human decision:\n');
    expect(text).toContain(
      "  the fake's model side data was not captured: no budget notice in the first request (npm run fake:capture-all -- 2.1.400)",
    );
  });
  it('every step captured: nothing to decide', () => {
    const text = renderPinSummary(
      result([
        { name: 'behaviour', files: [] },
        { name: 'model side', files: [] },
      ]),
    );
    expect(text).toContain('fake data: behaviour, model side');
    expect(text).toContain('needs a human decision: nothing');
  });
  it('what the fake does differently from the real CLI is a decision, scenario by scenario, with the overrides taken named', () => {
    const text = renderPinSummary({
      ...result([{ name: 'behaviour', files: [] }]),
      fake: {
        version: '2.1.400',
        candidate: '2.1.500',
        compared: 62,
        without: [
          { scenario: 'turn/plain', what: '$.fromCli[5].usage.speed: real "standard", fake (none)' },
          { scenario: 'hooks/stop', what: '$.fromCli[3].text: real "a", fake "b"' },
        ],
        with: [{ scenario: 'hooks/stop', what: '$.fromCli[3].text: real "a", fake "b"' }],
        picks: { from: '2.1.500' },
        wrote: [],
        differing: [{ scenario: 'hooks/stop', what: '$.fromCli[3].text: real "a", fake "b"' }],
        realFailed: [],
      },
    });
    expect(text).toContain(
      "fake vs the real CLI, 62 scenarios: 2 differ with the override sets up to 2.1.400, 1 with 2.1.500's members too (taken: src/fake-claude/behaviour/2.1.400/overrides.json)",
    );
    expect(text).toContain(
      '  the fake differs from the real claude 2.1.400 on hooks/stop: $.fromCli[3].text: real "a", fake "b"',
    );
    expect(text).not.toContain('needs a human decision: nothing');
  });
});
