import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { fixtureFileName, readFixture } from '../src/fixture/index.js';
import { SCENARIOS } from '../src/scenarios/index.js';

/**
 * The committed corpus `fixtures/2.1.150/` (recorded from the real CLI by clide-record): one
 * complete fixture per catalogue scenario, and `clide-conformance validate` over all of it reports
 * exactly the client-side mistakes the scenarios make on purpose — nothing the CLI wrote.
 */
const DIR = join(import.meta.dirname, '..', 'fixtures', '2.1.150');
const BIN = join(import.meta.dirname, '..', 'bin', 'clide-conformance');

const DELIBERATE = [
  'control__set-permission-mode-invalid.jsonl breaking schema/invalid-value $.request.mode',
  'input__non-json-line.jsonl breaking wire/non-json-line $',
  'input__wrong-shape-user-message.jsonl breaking schema/missing-field $.message.content',
  'permission__allow-without-updated-input.jsonl breaking schema/missing-field $.response.response.updatedInput',
];

/** Subtypes the scenarios send on purpose that 2.1.150 does not know. */
const DELIBERATE_UNKNOWN = [
  'control__list-models.jsonl additive schema/unknown-subtype $.request.subtype',
  'control__unknown-subtype.jsonl additive schema/unknown-subtype $.request.subtype',
];

describe('the committed fixture corpus', () => {
  it('has one complete fixture of the pinned CLI per catalogue scenario', async () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
    expect(files).toEqual(SCENARIOS.map((s) => fixtureFileName(s.id)).sort());
    for (const file of files) {
      const fixture = await readFixture(join(DIR, file));
      expect(fixture.complete, file).toBe(true);
      expect(fixture.header.scenario, file).toBe(SCENARIOS.find((s) => fixtureFileName(s.id) === file)?.id);
      expect(fixture.trailer?.cliVersion ?? fixture.header.cliVersion, file).toBe('2.1.150');
    }
  });

  it('validates: violations only where a scenario sends something wrong on purpose', async () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => join(DIR, f));
    const run = await execa('node', [BIN, 'validate', '--format', 'json', ...files], { reject: false });
    expect(run.exitCode).toBe(1);
    const report = JSON.parse(run.stdout) as {
      files: Array<{ file: string; findings: Array<{ severity: string; code: string; path: string }> }>;
    };
    const violations = report.files.flatMap((f) =>
      f.findings
        .filter((x) => x.severity === 'breaking')
        .map((x) => `${f.file.split('/').pop()} ${x.severity} ${x.code} ${x.path}`),
    );
    expect(violations.sort()).toEqual(DELIBERATE);
    // The schemas know every field the pinned CLI and the scenario clients sent (image and
    // document sources, document titles…): nothing else is reported, not even as additive.
    const unknown = report.files.flatMap((f) =>
      f.findings
        .filter((x) => x.severity !== 'breaking')
        .map((x) => `${f.file.split('/').pop()} ${x.severity} ${x.code} ${x.path}`),
    );
    expect(unknown.sort()).toEqual(DELIBERATE_UNKNOWN);
  });
});
