import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/** What `npm run canary` prints besides the summary: the build says nothing, the run says where its reports went once. */
const root = packageInfo().root;
const made: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('quiet output', () => {
  test("the build's bundling step prints nothing when it succeeds (no listing of the chunks)", async () => {
    const out = temp('clide-bundle-');
    const run = await execa(process.execPath, [join(root, 'scripts', 'bundle.mjs'), out], {
      cwd: root,
      reject: false,
    });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('');
    expect(existsSync(join(out, 'fake-claude.cjs'))).toBe(true);
  });

  test('run says where the reports went exactly once, stdout and stderr together', async () => {
    const reportDir = join(temp('clide-quiet-run-'), 'report');
    const run = await execa(
      process.execPath,
      [
        join(root, 'bin', 'clide-conformance'),
        'run',
        '--claude',
        inject('claudeBinary'),
        '--only',
        'control/get-binary-version',
        '--report-dir',
        reportDir,
      ],
      { reject: false },
    );
    expect(run.exitCode).toBe(0);
    const lines = `${run.stdout}\n${run.stderr}`
      .split('\n')
      .filter((l) => /reports?\b.*(written|:)/i.test(l));
    expect(lines).toEqual([`reports: ${reportDir}`]);
  });
});
