import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { runCanary } from '../src/canary/index.js';
import { SEVERITIES } from '../src/findings/index.js';
import { cellId, type MatrixReport } from '../src/matrix/index.js';
import { htmlId } from '../src/report/index.js';
import { SCENARIOS } from '../src/scenarios/index.js';
import { sharedRunner } from './support/shared-runs.js';
import { tempDirs } from './support/temp-dirs.js';

const temp = tempDirs();

/**
 * Black-box: the built `clide-conformance matrix` on three real CLIs (2.1.150 and 2.1.332 pinned,
 * 2.1.210 between them: the tests' global setup installs it), two scenarios to keep it short; its cells are
 * checked against separate `run`s of the same versions and scenarios (in-process runs, shared with the
 * other files that run them on the same binary: test/support/shared-runs.ts).
 */
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'clide-conformance');
const VERSIONS = ['2.1.150', '2.1.210', '2.1.332'];
const ONLY = ['api/retry-after-529', 'control/get-binary-version'];

describe('matrix --versions 2.1.150,2.1.210,2.1.332 on the real CLIs', () => {
  let whole: MatrixReport | undefined;

  it('writes the matrix, and its cells agree with separate runs of each version', async () => {
    const out = temp('clide-matrix-');
    const result = await execa(
      'node',
      [
        BIN,
        'matrix',
        '--versions',
        VERSIONS.join(','),
        '--only',
        ...ONLY,
        '--out',
        out,
        '--format',
        'json',
        '--quiet',
      ],
      { reject: false, cwd: ROOT },
    );
    expect(result.stderr).toBe('');
    const matrix = JSON.parse(result.stdout) as MatrixReport;
    whole = matrix;
    expect(JSON.parse(await readFile(join(out, 'matrix.json'), 'utf8'))).toEqual(matrix);
    expect(matrix.versions).toEqual(VERSIONS);
    expect(matrix.scenarios).toEqual(SCENARIOS.filter((s) => ONLY.includes(s.id)).map((s) => s.id));
    expect(matrix.cells).toHaveLength(VERSIONS.length * ONLY.length);
    expect(result.exitCode).toBe(matrix.summary.exitCode);

    const markdown = await readFile(join(out, 'matrix.md'), 'utf8');
    const html = await readFile(join(out, 'matrix.html'), 'utf8');
    for (const version of VERSIONS) {
      const separate = await runCanary({
        ccVersion: version,
        ids: ONLY,
        writeFiles: false,
        runScenario: sharedRunner(),
      });
      const column = matrix.columns.find((c) => c.version === version)!;
      expect(column.baseline).toBe(separate.report.baseline.version);
      // The page names the baseline at the version's column.
      expect(html).toContain(`data-version="${version}" data-baseline="${column.baseline}"`);
      expect(existsSync(join(out, column.reportDir!, 'report.json'))).toBe(true);
      for (const scenario of separate.report.scenarios) {
        const cell = matrix.cells.find((c) => c.version === version && c.scenario === scenario.id)!;
        const counting = scenario.findings.filter((f) => !f.accepted);
        expect({ scenario: scenario.id, version, status: cell.status }).toEqual({
          scenario: scenario.id,
          version,
          status: scenario.status,
        });
        expect(cell.worst).toBe(SEVERITIES.find((s) => counting.some((f) => f.severity === s)) ?? null);
        for (const severity of SEVERITIES) {
          expect(cell.bySeverity[severity]).toBe(counting.filter((f) => f.severity === severity).length);
        }
        expect(cell.accepted).toBe(scenario.findings.length - counting.length);
        // The cell links to its version's run report: report.md from Markdown, the scenario's
        // session in report.html from HTML.
        expect(markdown).toContain(`](${version}/report.md)`);
        expect(html).toContain(`id="${cellId(cell)}"`);
        expect(html).toContain(`href="${version}/report.html#${htmlId('session', scenario.id)}"`);
        expect(existsSync(join(out, cell.wireLog!))).toBe(true);
      }
    }
    // Something differs across the versions, or the matrix would show nothing.
    expect(new Set(matrix.cells.map((c) => `${c.status} ${c.worst}`)).size).toBeGreaterThan(1);
  }, 300_000);

  it('sharded over 2 machines then merged with merge-reports, gives the same cells and one run report per version', async () => {
    expect(whole).toBeDefined();
    const base = temp('clide-matrix-shards-');
    const shardDirs = ['1/2', '2/2'].map((shard) => join(base, `shard-${shard[0]}`));
    for (const [i, shard] of ['1/2', '2/2'].entries()) {
      const run = await execa(
        'node',
        [
          BIN,
          'matrix',
          '--versions',
          VERSIONS.join(','),
          '--only',
          ...ONLY,
          '--shard',
          shard,
          '--out',
          shardDirs[i]!,
          '--quiet',
        ],
        { reject: false, cwd: ROOT },
      );
      expect(run.stderr).toBe('');
      const part = JSON.parse(await readFile(join(shardDirs[i]!, 'matrix.json'), 'utf8')) as MatrixReport;
      // Each version's run takes one of the two scenarios on each machine.
      expect(part.cells).toHaveLength(VERSIONS.length);
    }
    const merged = join(base, 'merged');
    const result = await execa(
      'node',
      [BIN, 'merge-reports', ...shardDirs, '--out', merged, '--format', 'json'],
      {
        reject: false,
        cwd: ROOT,
      },
    );
    expect(result.stderr).toBe('');
    const matrix = JSON.parse(result.stdout) as MatrixReport;
    const results = (m: MatrixReport) =>
      m.cells.map(({ scenario, version, status, worst, bySeverity, accepted, report, wireLog }) => ({
        scenario,
        version,
        status,
        worst,
        bySeverity,
        accepted,
        report,
        wireLog,
      }));
    expect(results(matrix)).toEqual(results(whole!));
    expect(matrix.summary).toEqual(whole!.summary);
    expect(result.exitCode).toBe(whole!.summary.exitCode);
    for (const version of VERSIONS) {
      const run = JSON.parse(await readFile(join(merged, version, 'report.json'), 'utf8'));
      expect(run.scenarios.map((s: { id: string }) => s.id)).toEqual(matrix.scenarios);
      for (const cell of matrix.cells.filter((c) => c.version === version)) {
        expect(existsSync(join(merged, cell.wireLog!))).toBe(true);
      }
    }
  }, 300_000);

  it('SIGINT stops the matrix: the cells that finished are written, marked interrupted, exit 130', async () => {
    const out = temp('clide-matrix-int-');
    const child = execa(
      'node',
      [
        BIN,
        'matrix',
        '--versions',
        '2.1.150,2.1.332',
        '--only',
        'session/resume',
        'interrupt/slow-turn',
        '--out',
        out,
      ],
      { reject: false, cwd: ROOT },
    );
    let sent = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      // Once the first version's run has started, before any of its slow scenarios can finish.
      if (!sent && chunk.toString().includes('[2.1.150] clide-conformance run:')) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const result = await child;
    expect(sent).toBe(true);
    expect(result.exitCode).toBe(130);
    const matrix = JSON.parse(await readFile(join(out, 'matrix.json'), 'utf8')) as MatrixReport;
    expect(matrix.interrupted?.signal).toBe('SIGINT');
    expect(matrix.interrupted?.notRun).toEqual(['2.1.150', '2.1.332']);
    expect(matrix.cells.filter((c) => c.version === '2.1.332')).toEqual([]);
    expect(await readFile(join(out, 'matrix.md'), 'utf8')).toContain('INTERRUPTED by SIGINT');
  }, 120_000);
});
