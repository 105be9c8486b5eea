import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/**
 * The folder a command writes its reports into has one name in every command, `--report-dir`;
 * the names some commands took before (`--out` of matrix and merge-reports, `--out-dir` of
 * coverage and changelog) still work, as the same option, and are no longer shown.
 */
const bin = join(packageInfo().root, 'bin', 'clide-conformance');
const cli = (args: string[]) => execa(process.execPath, [bin, ...args], { reject: false });
const dir = mkdtempSync(join(tmpdir(), 'clide-report-dir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = (folder: string) =>
  Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
  );

describe('one name for the report folder', () => {
  test.each([['run'], ['bisect'], ['matrix'], ['merge-reports'], ['coverage'], ['changelog']])(
    '%s --help names the folder --report-dir, and no other name',
    async (command) => {
      const help = await cli([command, '--help']);
      expect(help.exitCode).toBe(0);
      expect(help.stdout).toMatch(/^ {2}--report-dir <dir> /m);
      expect(help.stdout).not.toContain('--out-dir');
      expect(help.stdout).not.toContain('--out <dir>');
    },
  );

  test('changelog and coverage: --out-dir writes what --report-dir writes', async () => {
    for (const args of [
      ['changelog', '2.1.150', '2.1.332'],
      ['coverage', '--no-fake'],
    ]) {
      const [old, now] = [join(dir, `${args[0]}-old`), join(dir, `${args[0]}-now`)];
      expect((await cli([...args, '--out-dir', old])).exitCode).toBe(0);
      expect((await cli([...args, '--report-dir', now])).exitCode).toBe(0);
      expect(Object.keys(files(now)).length).toBe(2);
      expect(files(old)).toEqual(files(now));
    }
  });

  test('matrix and merge-reports: --out is --report-dir', async () => {
    const matrix = join(dir, 'matrix');
    const run = await cli([
      'matrix',
      '--versions',
      packageInfo().pinned,
      '--only',
      'control/get-binary-version',
      '--out',
      matrix,
      '-q',
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(existsSync(join(matrix, 'matrix.json'))).toBe(true);

    const shards = ['1/2', '2/2'].map((shard, i) => {
      const out = join(dir, `shard-${i + 1}`);
      return { shard, out };
    });
    for (const { shard, out } of shards) {
      const part = await cli([
        'run',
        '--claude',
        inject('claudeBinary'),
        '--only',
        'control/get-binary-version',
        'turn/plain',
        '--shard',
        shard,
        '--report-dir',
        out,
        '-q',
      ]);
      expect(part.exitCode, part.stderr).toBe(0);
    }
    const [old, now] = [join(dir, 'merged-old'), join(dir, 'merged-now')];
    const parts = shards.map((s) => s.out);
    const merged = await Promise.all([
      cli(['merge-reports', ...parts, '--out', old, '--format', 'json']),
      cli(['merge-reports', ...parts, '--report-dir', now, '--format', 'json']),
    ]);
    for (const m of merged) expect(m.exitCode, m.stderr).toBe(0);
    const summary = (folder: string) => JSON.parse(readFileSync(join(folder, 'report.json'), 'utf8')).summary;
    expect(summary(old)).toEqual(summary(now));
    expect(summary(now)).toMatchObject({ scenarios: 2, passed: 2 });
  }, 120_000);
});
