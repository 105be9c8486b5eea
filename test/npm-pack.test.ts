import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/**
 * `npm pack` from a fresh clone: dist/ is not in git, so the package must build it on its own
 * (`prepack`). The clone shares the checkout's node_modules through a symlink instead of
 * installing them again.
 */
const root = packageInfo().root;
let dir: string | undefined;

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm pack from a fresh git clone', () => {
  test('builds first, so the tarball holds dist/ (the library, the schemas, the bundled fake, command line and recorder)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'clide-pack-'));
    const clone = join(dir, 'clone');
    await execa('git', ['clone', '--quiet', '--depth', '1', `file://${root}`, clone]);
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
    const pack = await execa('npm', ['pack', '--dry-run', '--json'], { cwd: clone, reject: false });
    expect(pack.exitCode, pack.stderr).toBe(0);
    const [result] = JSON.parse(pack.stdout) as Array<{ files: Array<{ path: string }> }>;
    const files = result!.files.map((f) => f.path);
    const pinned = packageInfo().pinned;
    for (const path of [
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/cli/clide-conformance.js',
      'dist/bundle/fake-claude/fake-claude.cjs',
      'dist/bundle/cli/clide-conformance.cjs',
      'dist/bundle/cli/clide-record.cjs',
      'dist/bundle/cli/leak-scan-worker.js',
      'dist/bundle/cli/package.json',
      `dist/schemas/${pinned}/index.js`,
      'bin/fake-claude',
      'bin/clide-record',
      'bin/clide-conformance',
      'bin/load-bundle.cjs',
    ]) {
      expect(files).toContain(path);
    }
    // Test-only code stays out: the tests' helpers live in test/support/, and nothing of test/,
    // scripts/ or bench/ nor any compiled test file ships.
    expect(files).not.toContain('dist/src/canary/mutation.js');
    expect(files).not.toContain('dist/src/replayer/test-support.js');
    expect(
      files.filter((f) => /^(dist\/)?(test|scripts|bench)\//.test(f) || /\.test(-d)?\.(js|d\.ts)$/.test(f)),
    ).toEqual([]);
    // The bundles' code caches for the Node that built, which bin/load-bundle.cjs starts them from.
    const caches = (dir: string) =>
      files.filter(
        (f) =>
          f.startsWith(`dist/bundle/${dir}/code-cache/${process.version}-${process.arch}-`) &&
          f.endsWith('.bin'),
      );
    expect(caches('fake-claude')).toHaveLength(1);
    // clide-conformance's and clide-record's.
    expect(caches('cli')).toHaveLength(2);
    // What users do not run stays out: source maps (12 MB of the bundles' alone; no source ships
    // for them to point at) and the changelog's per-scenario JSON (its Markdown stays).
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('docs/changelog/') && f.endsWith('.json'))).toEqual([]);
    expect(files).toContain('docs/changelog/changelog-2.1.150-2.1.332.md');
  }, 240_000);
});
