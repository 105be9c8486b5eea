import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/** `clide-conformance pin` refuses what it must not do before it touches anything. */
const bin = join(packageInfo().root, 'bin', 'clide-conformance');
const pin = (args: string[]) => execa(process.execPath, [bin, 'pin', ...args], { reject: false });

describe('clide-conformance pin', () => {
  it('refuses a version that is already pinned, with exit 2 and the pinned list', async () => {
    const run = await pin(['2.1.150']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('claude 2.1.150 is already pinned');
    expect(run.stderr).toMatch(/pinned: 2\.1\.150, .*2\.1\.332/);
  });

  it('refuses a version older than every pinned one (a set is drafted on the one below it)', async () => {
    const run = await pin(['2.0.1']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('claude 2.0.1 is older than every pinned version');
  });

  it('refuses something that is no version or dist-tag', async () => {
    const run = await pin(['2.1.x.y']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('2.1.x.y');
  });

  it('refuses --reuse-corpus when there is no corpus of that version', async () => {
    const run = await pin(['2.1.333', '--reuse-corpus']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('no corpus to reuse for 2.1.333');
  });
});
