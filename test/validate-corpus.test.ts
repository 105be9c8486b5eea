import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { pinnedVersions } from '../schemas/registry.js';
import { fixtureFileName, readFixture } from '../src/fixture/index.js';
import { SCENARIOS } from '../src/scenarios/index.js';

/**
 * The committed corpus of every pinned version `fixtures/<version>/` (recorded from the real CLI
 * by clide-record): one complete fixture per catalogue scenario, and `clide-conformance validate
 * --cc-version <version>` over all of it reports exactly the client-side mistakes the scenarios
 * make on purpose — nothing the CLI wrote, not even an unknown field.
 */
const BIN = join(import.meta.dirname, '..', 'bin', 'clide-conformance');

interface Deliberate {
  /** Breaking findings on client lines the scenarios get wrong on purpose. */
  violations: string[];
  /** Subtypes the scenarios send on purpose that the version does not know. */
  unknown: string[];
}

const ALWAYS = [
  'control__set-permission-mode-invalid.jsonl breaking schema/invalid-value $.request.mode',
  'input__non-json-line.jsonl breaking wire/non-json-line $',
  'input__wrong-shape-user-message.jsonl breaking schema/missing-field $.message.content',
];

const DELIBERATE: Record<string, Deliberate> = {
  '2.1.150': {
    // A bare allow is a ZodError on 2.1.150; later versions run the tool (schemas/2.1.332).
    violations: [
      ...ALWAYS,
      'permission__allow-without-updated-input.jsonl breaking schema/missing-field $.response.response.updatedInput',
    ],
    unknown: [
      'control__list-models.jsonl additive schema/unknown-subtype $.request.subtype',
      'control__unknown-subtype.jsonl additive schema/unknown-subtype $.request.subtype',
      // control/offline-requests sends every client subtype, the newer versions' ones too (11).
      ...Array(11).fill('control__offline-requests.jsonl additive schema/unknown-subtype $.request.subtype'),
    ],
  },
  // list_models is answered since; a bare allow is accepted.
  '2.1.332': {
    violations: ALWAYS,
    unknown: ['control__unknown-subtype.jsonl additive schema/unknown-subtype $.request.subtype'],
  },
};

describe.each(pinnedVersions())('the committed fixture corpus of %s', (version) => {
  const dir = join(import.meta.dirname, '..', 'fixtures', version);

  it('has one complete fixture of that CLI per catalogue scenario', async () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
    expect(files).toEqual(SCENARIOS.map((s) => fixtureFileName(s.id)).sort());
    for (const file of files) {
      const fixture = await readFixture(join(dir, file));
      expect(fixture.complete, file).toBe(true);
      expect(fixture.header.scenario, file).toBe(SCENARIOS.find((s) => fixtureFileName(s.id) === file)?.id);
      expect(fixture.trailer?.cliVersion ?? fixture.header.cliVersion, file).toBe(version);
    }
  });

  it('validates: violations only where a scenario sends something wrong on purpose', async () => {
    const expected = DELIBERATE[version];
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => join(dir, f));
    const run = await execa(
      'node',
      [BIN, 'validate', '--cc-version', version, '--format', 'json', ...files],
      {
        reject: false,
      },
    );
    expect(run.exitCode).toBe(1);
    const report = JSON.parse(run.stdout) as {
      schemaVersion?: string;
      files: Array<{ file: string; findings: Array<{ severity: string; code: string; path: string }> }>;
    };
    const listed = (breaking: boolean) =>
      report.files
        .flatMap((f) =>
          f.findings
            .filter((x) => (x.severity === 'breaking') === breaking)
            .map((x) => `${f.file.split('/').pop()} ${x.severity} ${x.code} ${x.path}`),
        )
        .sort();
    // A newly pinned version: the review states what its scenarios send wrong on purpose.
    expect(
      expected,
      `list the deliberate client mistakes of ${version} in DELIBERATE: ${JSON.stringify({ violations: listed(true), unknown: listed(false) })}`,
    ).toBeDefined();
    expect(listed(true)).toEqual([...expected!.violations].sort());
    // The schemas know every field the CLI and the scenario clients sent: nothing else is
    // reported, not even as additive.
    expect(listed(false)).toEqual([...expected!.unknown].sort());
  });
});
