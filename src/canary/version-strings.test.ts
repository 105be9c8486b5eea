import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { packageInfo } from '../config/package-info.js';
import { compareWireLogs } from './compare.js';
import { onlyTheVersionDiffers } from './version-strings.js';
import { readWireLog } from './wire-log-files.js';

const fixture = (version: string, name: string) =>
  readWireLog(join(packageInfo().root, 'fixtures', version, name));

describe('the CLI’s own version string is not drift', () => {
  test('a value that names each side’s version, and nothing else, differs only by nature', () => {
    const versions = { baseline: '2.1.150', current: '2.1.332' };
    expect(onlyTheVersionDiffers('2.1.150', '2.1.332', versions)).toBe(true);
    expect(onlyTheVersionDiffers('claude-cli/2.1.150 (sdk)', 'claude-cli/2.1.332 (sdk)', versions)).toBe(
      true,
    );
    expect(onlyTheVersionDiffers('claude-cli/2.1.150 (sdk)', 'claude-cli/2.1.332 (cli)', versions)).toBe(
      false,
    );
    expect(onlyTheVersionDiffers('2.1.150', '2.1.333', versions)).toBe(false);
    expect(onlyTheVersionDiffers('12.1.150', '12.1.332', versions)).toBe(false);
    expect(onlyTheVersionDiffers('xhigh', 'medium', versions)).toBe(false);
    expect(onlyTheVersionDiffers('2.1.150', '2.1.150', { baseline: '2.1.150', current: '2.1.150' })).toBe(
      false,
    );
    expect(onlyTheVersionDiffers('2.1.150', '2.1.332', { baseline: null, current: '2.1.332' })).toBe(false);
  });

  test('turn/plain of 2.1.332 against 2.1.150: the version fields give no finding, the model still does', async () => {
    const baseline = await fixture('2.1.150', 'turn__plain.jsonl');
    const current = await fixture('2.1.332', 'turn__plain.jsonl');
    expect([baseline.cliVersion, current.cliVersion]).toEqual(['2.1.150', '2.1.332']);
    const findings = compareWireLogs(baseline, current, { scenario: 'turn/plain' });
    const about = (key: string) => findings.filter((f) => f.path.at(-1) === key);
    expect(about('claude_code_version').filter((f) => f.code === 'drift/value-changed')).toEqual([]);
    expect(about('model')).toContainEqual(
      expect.objectContaining({
        code: 'drift/value-changed',
        location: expect.objectContaining({ kind: 'system/init' }),
      }),
    );
    // A log that claims the baseline's own version has no such excuse: the change is reported.
    const sameVersion = compareWireLogs(
      baseline,
      { ...current, cliVersion: '2.1.150' },
      { scenario: 'turn/plain' },
    );
    expect(sameVersion.filter((f) => f.path.at(-1) === 'claude_code_version')).toContainEqual(
      expect.objectContaining({ code: 'drift/value-changed', expected: '2.1.150', actual: ['2.1.332'] }),
    );
  });
});
