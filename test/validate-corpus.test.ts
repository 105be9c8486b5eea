import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { pinnedVersions } from '../schemas/registry.js';
import { fixtureFileName, readFixture } from '../src/fixture/index.js';
import { deliberateMistakes, SCENARIOS } from '../src/scenarios/index.js';

/**
 * The committed corpus of every pinned version `fixtures/<version>/` (recorded from the real CLI
 * by clide-record): one complete fixture per catalogue scenario, and `clide-conformance validate
 * --cc-version <version>` over all of it reports exactly the client-side mistakes the scenarios
 * make on purpose, as each scenario declares them (`deliberate` in src/scenarios/catalogue/) —
 * nothing the CLI wrote, not even an unknown field.
 */
const BIN = join(import.meta.dirname, '..', 'bin', 'clide-conformance');

interface Finding {
  frame?: number;
  severity: string;
  code: string;
  path: string;
}

const UNSUPPORTED = /^Unsupported control request subtype/;

/** The client control requests of a fixture the CLI refused as unsupported, by frame. */
async function refusedAsUnsupported(file: string): Promise<Set<number>> {
  const fixture = await readFixture(file);
  const requests = new Map<string, number>();
  const refused = new Set<number>();
  for (const frame of fixture.frames) {
    const msg = 'msg' in frame ? (frame.msg as Record<string, unknown>) : undefined;
    if (!msg) continue;
    if (frame.dir === 'to-cli' && msg.type === 'control_request')
      requests.set(String(msg.request_id), frame.seq);
    const response = msg.response as Record<string, unknown> | undefined;
    if (frame.dir === 'from-cli' && msg.type === 'control_response' && response?.subtype === 'error') {
      const seq = requests.get(String(response.request_id));
      if (seq !== undefined && UNSUPPORTED.test(String(response.error))) refused.add(seq);
    }
  }
  return refused;
}

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

  it('validates: violations only where a scenario sends something wrong on purpose, as it declares', async () => {
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
    const report = JSON.parse(run.stdout) as { files: Array<{ file: string; findings: Finding[] }> };
    const byFile = new Map(report.files.map((f) => [f.file.split('/').pop()!, f.findings]));
    const reported: string[] = [];
    const declared: string[] = [];
    for (const scenario of SCENARIOS) {
      const file = fixtureFileName(scenario.id);
      const findings = byFile.get(file) ?? [];
      const mistakes = deliberateMistakes(scenario, version);
      const refused = mistakes.unsupportedSubtypes ? await refusedAsUnsupported(join(dir, file)) : new Set();
      for (const f of findings) {
        // A request of a subtype the CLI refuses as unsupported may be unknown to its schemas.
        const unsupported =
          f.code === 'schema/unknown-subtype' && f.frame !== undefined && refused.has(f.frame);
        if (!unsupported) reported.push(`${file} ${f.severity} ${f.code} ${f.path}`);
      }
      for (const v of mistakes.violations ?? []) declared.push(`${file} breaking ${v}`);
      for (const u of mistakes.unknown ?? []) declared.push(`${file} additive ${u}`);
    }
    // The schemas know every field the CLI and the scenario clients sent: nothing else is
    // reported, not even as additive; each declared mistake is reported.
    expect(reported.sort()).toEqual(declared.sort());
    expect(run.exitCode).toBe(declared.some((d) => d.includes(' breaking ')) ? 1 : 0);
  });
});
