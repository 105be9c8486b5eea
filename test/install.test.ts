import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedVersions } from '../schemas/registry.js';
import { packageInfo } from '../src/config/package-info.js';

/** `clide-conformance install` end to end: the built bin, the real npm, the real registry package. */
const bin = join(packageInfo().root, 'bin', 'clide-conformance');
const pinned = packageInfo().pinned;

let base: string;
let cacheDir: string;

function runInstall(args: string[], cache = cacheDir) {
  return execa(process.execPath, [bin, 'install', ...args], {
    reject: false,
    timeout: 300_000,
    env: { CLIDE_CACHE_DIR: cache },
  });
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'clide-install-e2e-'));
  cacheDir = join(base, 'cache');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('clide-conformance install', () => {
  it("two concurrent installs of the same version into a fresh cache both succeed and leave one good install; each is quiet: its own lines, none of npm's warnings", {
    timeout: 240_000,
  }, async () => {
    // One prints the bare path, the other JSON: the two outputs of a fresh install, in one npm install each.
    const [a, b] = await Promise.all([runInstall([pinned]), runInstall([pinned, '--json'])]);
    for (const run of [a, b]) expect(run.exitCode, run.stderr).toBe(0);
    const rb = JSON.parse(b.stdout) as {
      version: string;
      binaryPath: string;
      dir: string;
      installedNow: boolean;
    };
    const dir = join(cacheDir, 'claude', pinned);
    expect(rb.version).toBe(pinned);
    expect(rb.dir).toBe(dir);
    expect(rb.binaryPath).toBe(join(dir, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe'));
    expect(a.stdout).toBe(rb.binaryPath);
    // The one that placed its install says so; the other yields to it (or found it in place).
    const placed = `installed claude ${pinned}: ${rb.binaryPath}`;
    const aInstalledNow = a.stderr.split('\n').includes(placed);
    expect([aInstalledNow, rb.installedNow].sort()).toEqual([false, true]);
    // npm says EBADENGINE (2.1.332 asks for node >=22) and install-scripts here: neither is shown.
    const [winner, loser] = aInstalledNow ? [a, b] : [b, a];
    const starting = `installing @anthropic-ai/claude-code@${pinned} into ${dir}`;
    expect(winner.stderr.split('\n')).toEqual([starting, placed]);
    expect([
      [starting, `another process installed claude ${pinned} first; using it: ${rb.binaryPath}`],
      [`claude ${pinned} is already installed: ${rb.binaryPath}`],
    ]).toContainEqual(loser.stderr.split('\n'));
    // Exactly one version folder; the loser's work folder is gone.
    expect(readdirSync(join(cacheDir, 'claude'))).toEqual([pinned]);
    expect(execFileSync(rb.binaryPath, ['--version'], { cwd: base, encoding: 'utf8' }).trim()).toBe(
      `${pinned} (Claude Code)`,
    );
  });

  it('without a version installs the pinned one, and is a no-op once it is there', async () => {
    const marker = join(cacheDir, 'claude', pinned, 'install.json');
    const before = statSync(marker).mtimeMs;
    const run = await runInstall([]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      join(cacheDir, 'claude', pinned, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe'),
    );
    expect(run.stderr).toContain(`claude ${pinned} is already installed`);
    expect(run.stderr).not.toContain('npm');
    expect(statSync(marker).mtimeMs).toBe(before);
  });

  it("a failed install shows npm's own output in the error", async () => {
    const fresh = join(base, 'failing');
    const stand = join(base, 'failing-npm');
    mkdirSync(stand, { recursive: true });
    writeFileSync(
      join(stand, 'npm'),
      '#!/bin/sh\necho "npm warn EBADENGINE Unsupported engine" >&2\necho "npm error code ECONNRESET" >&2\necho "npm error network aborted" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    const run = await execa(process.execPath, [bin, 'install', '2.1.150'], {
      reject: false,
      env: { CLIDE_CACHE_DIR: fresh, PATH: `${stand}${delimiter}${process.env.PATH ?? ''}` },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`error[install]: @anthropic-ai/claude-code@2.1.150: npm install `);
    expect(run.stderr).toContain('    npm warn EBADENGINE Unsupported engine');
    expect(run.stderr).toContain('    npm error network aborted');
    expect(readdirSync(join(fresh, 'claude'))).toEqual([]);
  });

  it('rejects a malformed version with exit 2, naming it and what to give instead', async () => {
    const run = await runInstall(['2.1.x.y']);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      '"2.1.x.y" is neither an exact @anthropic-ai/claude-code version nor a dist-tag',
    );
    expect(run.stderr).toContain('hint: give an exact version such as 2.1.150');
  });

  it('reports an unpublished version with exit 2 and leaves nothing in the cache', async () => {
    const fresh = join(base, 'fresh');
    const run = await runInstall(['9.9.9', '--json'], fresh);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'error[install]: @anthropic-ai/claude-code@9.9.9 is not published on the npm registry',
    );
    expect(run.stderr).toContain('clide-conformance install latest');
    expect(existsSync(join(fresh, 'claude', '9.9.9'))).toBe(false);
    expect(readdirSync(join(fresh, 'claude'))).toEqual([]);
  });

  it('--all-pinned installs every pinned version, one JSON line each, and refuses a version beside it', async () => {
    // The suite's shared cache already holds them (global setup): a no-op that still verifies each.
    const shared = { ...process.env };
    const run = await execa(process.execPath, [bin, 'install', '--all-pinned', '--json'], {
      reject: false,
      timeout: 300_000,
      env: shared,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { version: string; binaryPath: string });
    expect(lines.map((l) => l.version)).toEqual(pinnedVersions());
    for (const line of lines) expect(existsSync(line.binaryPath), line.binaryPath).toBe(true);
    const both = await runInstall([pinned, '--all-pinned']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('give a version or --all-pinned, not both');
  });
});
