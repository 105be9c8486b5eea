/**
 * The committed coverage reports (docs/coverage/<pin>.md and .json) are what `coverage` says today:
 * a schema that loses an item, a scenario that stops exercising one, a fake that starts refusing
 * one, fails here until the report is regenerated and the drop is seen in its diff. The newest pin
 * types everything the newest SDK declares, with no contradiction.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { pinnedVersions } from '../schemas/registry.js';
import { packageInfo } from '../src/config/package-info.js';
import {
  buildCoverage,
  type CoverageReport,
  renderCoverageJson,
  renderCoverageMarkdown,
} from '../src/coverage/index.js';

const root = packageInfo().root;
const REGENERATE =
  'regenerate: node bin/clide-conformance coverage --cc-version <v> --report-dir docs/coverage';

describe.each(pinnedVersions())('the committed coverage report of %s', (version) => {
  it('is what coverage says today (Markdown and JSON)', async () => {
    const report = await buildCoverage({ cliVersion: version });
    const committed = JSON.parse(
      readFileSync(join(root, 'docs', 'coverage', `${version}.json`), 'utf8'),
    ) as CoverageReport;
    expect(report.totals, REGENERATE).toEqual(committed.totals);
    expect(renderCoverageJson(report), REGENERATE).toBe(
      readFileSync(join(root, 'docs', 'coverage', `${version}.json`), 'utf8'),
    );
    expect(renderCoverageMarkdown(report), REGENERATE).toBe(
      readFileSync(join(root, 'docs', 'coverage', `${version}.md`), 'utf8'),
    );
    // Every item the SDK declares is typed, and no declared value is rejected.
    expect(report.rows.filter((r) => r.schema === 'untyped').map((r) => r.id)).toEqual([]);
    expect(report.rows.flatMap((r) => r.contradictions.map((c) => `${r.id} ${c.code} ${c.at}`))).toEqual([]);
    expect(report.rows.flatMap((r) => r.untypedFields.map((c) => `${r.id} ${c.at} ${c.key}`))).toEqual([]);
  });
});

describe('clide-conformance coverage', () => {
  const bin = join(root, 'bin', 'clide-conformance');

  it('prints the JSON report of the newest pin against the newest SDK, and passes --fail-on-contradiction', async () => {
    const run = await execa(
      process.execPath,
      [bin, 'coverage', '--format', 'json', '--no-fake', '--fail-on-contradiction'],
      {
        reject: false,
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as CoverageReport;
    expect(report.cliVersion).toBe(packageInfo().pinned);
    expect(report.sdkVersion).toBe('0.3.337');
    expect(report.rows.map((r) => r.id)).toEqual(
      expect.arrayContaining(['control:get_usage', 'message:system/thinking_tokens']),
    );
    expect(report.totals.fake['not-applicable']).toBe(report.totals.items);
    expect(run.stderr).toMatch(/0 untyped, 0 contradiction\(s\)/);
  });

  it('says which inventories there are when asked for an SDK version without one (exit 2)', async () => {
    const run = await execa(process.execPath, [bin, 'coverage', '--sdk', '0.3.9', '--no-fake'], {
      reject: false,
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('there is no inventory of Agent SDK 0.3.9');
    expect(run.stderr).toContain('0.3.337');
    expect(run.stderr).toContain('npm run sdk:inventory -- 0.3.9');
  });

  it('refuses a format it does not write', async () => {
    const run = await execa(process.execPath, [bin, 'coverage', '--format', 'html'], { reject: false });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--format');
  });
});
