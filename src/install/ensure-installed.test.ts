import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import { ensureInstalled, findInstalled } from './ensure-installed.js';
import { MARKER_FILE } from './marker.js';
import { resolveVersion } from './registry.js';

/**
 * A stand-in for the npm executable (an external program): `install --prefix DIR` lays out what the
 * real registry package does, with a wrapper whose bin/claude.exe is still the placeholder and a
 * platform package whose binary is a script printing `<binaryVersion> (Claude Code)`. Every call
 * is appended to `calls.log`, so a test can tell whether npm ran at all.
 */
interface FakeNpmConfig {
  binaryVersion?: string;
  /** Exit 1 with this stderr instead of installing. */
  failWith?: string;
  /** Stdout of `npm view … --json`. */
  view?: { stdout: string; exitCode: number };
  /** Milliseconds to sleep before installing (lets concurrent installs overlap). */
  delayMs?: number;
}

function platformPackage(): string {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const musl = process.platform === 'linux' && report?.header?.glibcVersionRuntime === undefined;
  return `@anthropic-ai/claude-code-${process.platform}-${process.arch}${musl ? '-musl' : ''}`;
}

let base: string;
let root: string;
let callsLog: string;

function fakeNpm(config: FakeNpmConfig = {}): string {
  const path = join(base, `npm-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    path,
    `#!/usr/bin/env node
import { appendFileSync, chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const config = ${JSON.stringify(config)};
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(callsLog)}, JSON.stringify(args) + '\\n');
if (args[0] === 'view') {
  process.stdout.write(config.view?.stdout ?? '');
  process.exit(config.view?.exitCode ?? 0);
}
if (config.delayMs) await new Promise((r) => setTimeout(r, config.delayMs));
if (config.failWith) {
  process.stderr.write(config.failWith);
  process.exit(1);
}
const prefix = args[args.indexOf('--prefix') + 1];
const version = JSON.parse(readFileSync(join(prefix, 'package.json'), 'utf8')).dependencies['@anthropic-ai/claude-code'];
const wrapper = join(prefix, 'node_modules/@anthropic-ai/claude-code');
mkdirSync(join(wrapper, 'bin'), { recursive: true });
writeFileSync(join(wrapper, 'package.json'), JSON.stringify({ name: '@anthropic-ai/claude-code', version }));
writeFileSync(join(wrapper, 'bin/claude.exe'), 'echo "Error: claude native binary not installed." >&2\\nexit 1\\n', { mode: 0o755 });
const platform = join(prefix, 'node_modules', ${JSON.stringify(platformPackage())});
mkdirSync(platform, { recursive: true });
writeFileSync(join(platform, 'claude'), "#!/bin/sh\\necho '" + (config.binaryVersion ?? version) + " (Claude Code)'\\n");
chmodSync(join(platform, 'claude'), 0o755);
process.stderr.write('npm warn install-scripts 1 package has install scripts not yet covered by allowScripts\\n');
`,
  );
  chmodSync(path, 0o755);
  return path;
}

function npmCalls(): string[][] {
  if (!existsSync(callsLog)) return [];
  return readFileSync(callsLog, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as string[]);
}

/** The entries of `<root>/claude`, hidden work folders included. */
function claudeEntries(): string[] {
  return readdirSync(join(root, 'claude')).sort();
}

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

function writeExecutable(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'clide-install-'));
  root = join(base, 'cache');
  callsLog = join(base, 'calls.log');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('ensureInstalled', () => {
  it("installs into <root>/claude/<version>, resolving the binary past a placeholder wrapper, writes the marker, and says two lines, none of npm's", async () => {
    const lines: string[] = [];
    const installed = await ensureInstalled('2.1.150', {
      cacheRoot: root,
      npm: fakeNpm(),
      onProgress: (l) => lines.push(l),
    });
    const dir = join(root, 'claude', '2.1.150');
    expect(installed).toEqual({
      version: '2.1.150',
      dir,
      binaryPath: join(dir, 'node_modules', platformPackage(), 'claude'),
      installedNow: true,
    });
    expect(claudeEntries()).toEqual(['2.1.150']);
    const marker = JSON.parse(readFileSync(join(dir, MARKER_FILE), 'utf8'));
    expect(marker).toMatchObject({ version: '2.1.150', versionOutput: '2.1.150 (Claude Code)' });
    const install = npmCalls();
    expect(install).toHaveLength(1);
    expect(install[0]).toEqual(
      expect.arrayContaining(['install', '--no-audit', '--no-fund', '--prefer-offline']),
    );
    // npm's warnings are not passed on when it succeeds: one line as it starts, one when it is placed.
    expect(lines).toEqual([
      `installing @anthropic-ai/claude-code@2.1.150 into ${dir}`,
      `installed claude 2.1.150: ${installed.binaryPath}`,
    ]);
    expect(findInstalled('2.1.150', { cacheRoot: root })).toEqual({ ...installed, installedNow: false });
  });

  it('is a no-op when already installed: npm is not run and the marker is untouched', async () => {
    const npm = fakeNpm();
    const first = await ensureInstalled('2.1.150', { cacheRoot: root, npm });
    const markerPath = join(first.dir, MARKER_FILE);
    const past = new Date('2020-01-01T00:00:00Z');
    utimesSync(markerPath, past, past);
    const markerText = readFileSync(markerPath, 'utf8');

    const lines: string[] = [];
    const again = await ensureInstalled('2.1.150', {
      cacheRoot: root,
      npm,
      onProgress: (l) => lines.push(l),
    });
    expect(again).toEqual({ ...first, installedNow: false });
    expect(npmCalls()).toHaveLength(1);
    expect(statSync(markerPath).mtime.toISOString()).toBe(past.toISOString());
    expect(readFileSync(markerPath, 'utf8')).toBe(markerText);
    expect(lines).toEqual([`claude 2.1.150 is already installed: ${first.binaryPath}`]);
  });

  it('fails on a binary that reports another version, naming the version, the folder and the output, and leaves nothing behind', async () => {
    const error = await ensureInstalled('2.1.150', {
      cacheRoot: root,
      npm: fakeNpm({ binaryVersion: '2.1.149' }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClideError);
    const { code, message } = error as ClideError;
    expect(code).toBe('install');
    expect(message).toContain('claude 2.1.150');
    expect(message).toContain(join(root, 'claude', '2.1.150'));
    expect(message).toContain('2.1.149 (Claude Code)');
    expect(claudeEntries()).toEqual([]);
    expect(findInstalled('2.1.150', { cacheRoot: root })).toBeUndefined();
  });

  it('two concurrent installs of the same version both succeed and leave exactly one install', async () => {
    const npm = fakeNpm({ delayMs: 300 });
    const [a, b] = await Promise.all([
      ensureInstalled('2.1.150', { cacheRoot: root, npm }),
      ensureInstalled('2.1.150', { cacheRoot: root, npm }),
    ]);
    expect(npmCalls()).toHaveLength(2);
    expect(a.binaryPath).toBe(b.binaryPath);
    expect([a.installedNow, b.installedNow].sort()).toEqual([false, true]);
    expect(claudeEntries()).toEqual(['2.1.150']);
    expect(findInstalled('2.1.150', { cacheRoot: root })?.binaryPath).toBe(a.binaryPath);
  });

  it('never takes a half-finished work folder left by a crash for an install, and deletes it', async () => {
    const claudeDir = join(root, 'claude');
    const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_');
    // A crashed install that got as far as its marker, but was never renamed into place.
    const crashed = join(claudeDir, `.tmp-2.1.150~${host}~${deadPid()}~0badc0de`);
    writeExecutable(join(crashed, 'bin/claude'), "#!/bin/sh\necho '2.1.150 (Claude Code)'\n");
    writeFileSync(
      join(crashed, MARKER_FILE),
      JSON.stringify({
        schema: 1,
        package: '@anthropic-ai/claude-code',
        version: '2.1.150',
        binary: 'bin/claude',
        binarySize: statSync(join(crashed, 'bin/claude')).size,
        versionOutput: '2.1.150 (Claude Code)',
        verifiedAt: new Date().toISOString(),
        verifiedBy: 'test',
      }),
    );
    const abandonedTrash = join(claudeDir, `.trash-2.1.150~${host}~${deadPid()}~0badf00d`);
    mkdirSync(abandonedTrash);
    // A work folder whose owner is alive (this process) belongs to an install in progress: kept.
    const inProgress = join(claudeDir, `.tmp-2.1.150~${host}~${process.pid}~0000aaaa`);
    mkdirSync(inProgress);

    expect(findInstalled('2.1.150', { cacheRoot: root })).toBeUndefined();
    const installed = await ensureInstalled('2.1.150', { cacheRoot: root, npm: fakeNpm() });
    expect(installed.installedNow).toBe(true);
    expect(npmCalls()).toHaveLength(1);
    expect(installed.binaryPath.startsWith(join(claudeDir, '2.1.150'))).toBe(true);
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(abandonedTrash)).toBe(false);
    expect(existsSync(inProgress)).toBe(true);
  });

  it('replaces a version folder whose marked binary is gone', async () => {
    const npm = fakeNpm();
    const first = await ensureInstalled('2.1.150', { cacheRoot: root, npm });
    rmSync(first.binaryPath);
    expect(findInstalled('2.1.150', { cacheRoot: root })).toBeUndefined();
    const second = await ensureInstalled('2.1.150', { cacheRoot: root, npm });
    expect(second.installedNow).toBe(true);
    expect(existsSync(second.binaryPath)).toBe(true);
    expect(npmCalls()).toHaveLength(2);
    expect(claudeEntries()).toEqual(['2.1.150']);
  });

  it('adopts a working install made by hand (no marker) without running npm', async () => {
    const dir = join(root, 'claude', '2.1.150');
    const binary = join(dir, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe');
    writeExecutable(binary, "#!/bin/sh\necho '2.1.150 (Claude Code)'\n");
    const installed = await ensureInstalled('2.1.150', { cacheRoot: root, npm: fakeNpm() });
    expect(installed).toEqual({ version: '2.1.150', dir, binaryPath: binary, installedNow: false });
    expect(npmCalls()).toEqual([]);
    expect(existsSync(join(dir, MARKER_FILE))).toBe(true);
  });

  it('replaces a hand-made folder whose binary does not work', async () => {
    const dir = join(root, 'claude', '2.1.150');
    writeExecutable(
      join(dir, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe'),
      "#!/bin/sh\necho '2.0.0 (Claude Code)'\n",
    );
    const installed = await ensureInstalled('2.1.150', { cacheRoot: root, npm: fakeNpm() });
    expect(installed.installedNow).toBe(true);
    expect(installed.binaryPath).toBe(join(dir, 'node_modules', platformPackage(), 'claude'));
    expect(claudeEntries()).toEqual(['2.1.150']);
  });

  it("includes npm's stderr tail when npm fails", async () => {
    const npm = fakeNpm({ failWith: 'npm error code ECONNREFUSED\nnpm error network request failed\n' });
    const error = (await ensureInstalled('2.1.150', { cacheRoot: root, npm }).catch(
      (e: unknown) => e,
    )) as ClideError;
    expect(error.code).toBe('install');
    expect(error.message).toContain('npm error network request failed');
    expect(error.message).toContain(join(root, 'claude', '2.1.150'));
    expect(claudeEntries()).toEqual([]);
  });

  it("on npm's engine-strict refusal (EBADENGINE), says to install without it", async () => {
    const npm = fakeNpm({
      failWith:
        'npm error code EBADENGINE\nnpm error engine Unsupported engine\nnpm error notsup Required: {"node":">=22.0.0"}\n',
    });
    const error = (await ensureInstalled('2.1.150', { cacheRoot: root, npm }).catch(
      (e: unknown) => e,
    )) as ClideError;
    expect(error.code).toBe('install');
    expect(error.message).toContain('npm error notsup Required: {"node":">=22.0.0"}');
    expect(error.hint).toContain('npm_config_engine_strict=false');
    expect(error.hint).toContain('docs/troubleshooting.md');
  });

  it('names an unpublished version and what to do', async () => {
    const npm = fakeNpm({
      failWith: 'npm error code ETARGET\nnpm error notarget No matching version found\n',
    });
    const error = (await ensureInstalled('9.9.9', { cacheRoot: root, npm }).catch(
      (e: unknown) => e,
    )) as ClideError;
    expect(error.code).toBe('install');
    expect(error.message).toBe('@anthropic-ai/claude-code@9.9.9 is not published on the npm registry');
    expect(error.hint).toContain('install latest');
  });

  it('rejects malformed versions before touching npm or the cache', async () => {
    const error = (await ensureInstalled('2.1.x.y', { cacheRoot: root, npm: fakeNpm() }).catch(
      (e: unknown) => e,
    )) as ClideError;
    expect(error.code).toBe('usage');
    expect(error.message).toContain('2.1.x.y');
    expect(npmCalls()).toEqual([]);
    expect(existsSync(root)).toBe(false);
  });

  it('resolves a dist-tag through the registry before installing', async () => {
    const npm = fakeNpm({ view: { stdout: '"2.1.150"\n', exitCode: 0 } });
    const installed = await ensureInstalled('latest', { cacheRoot: root, npm });
    expect(installed.version).toBe('2.1.150');
    expect(npmCalls()[0]).toEqual(['view', '@anthropic-ai/claude-code@latest', 'version', '--json']);
  });
});

describe('resolveVersion', () => {
  it('takes the highest of several matches and reports an unknown tag by name', async () => {
    expect(
      await resolveVersion('next', { npm: fakeNpm({ view: { stdout: '["2.1.1","2.1.2"]', exitCode: 0 } }) }),
    ).toBe('2.1.2');
    const e404 = JSON.stringify({ error: { code: 'E404', summary: 'No match found for version nope' } });
    const error = (await resolveVersion('nope', {
      npm: fakeNpm({ view: { stdout: e404, exitCode: 1 } }),
    }).catch((e: unknown) => e)) as ClideError;
    expect(error.message).toBe('@anthropic-ai/claude-code@nope is not published on the npm registry');
  });
});
