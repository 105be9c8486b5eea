import { resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { emulatedVersions, fakeClaude } from '../src/fake-claude/index.js';

/** The fake's versions: every pinned version is emulated, the default is the pin, others are refused. */

const FAKE = resolve('bin/fake-claude');
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

describe('fake-claude versions', () => {
  it('emulates the pinned version and every version with captured data, oldest first', () => {
    const versions = emulatedVersions();
    expect(versions).toContain(packageInfo().pinned);
    expect(versions).toEqual(expect.arrayContaining(['2.1.150', '2.1.332']));
    expect([...versions].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))).toEqual(versions);
  });

  it('--version answers as the chosen version, and as the pinned one by default', async () => {
    for (const version of emulatedVersions()) {
      const run = await execa(FAKE, ['--version'], {
        env: { ...env, CLIDE_FAKE_VERSION: version },
        extendEnv: false,
      });
      expect(run.stdout).toBe(`${version} (Claude Code)`);
    }
    const byDefault = await execa(FAKE, ['--version'], { env, extendEnv: false });
    expect(byDefault.stdout).toBe(`${packageInfo().pinned} (Claude Code)`);
  });

  it('refuses a version it has no data for, naming the ones it has', async () => {
    const run = await execa(FAKE, ['--version'], {
      env: { ...env, CLIDE_FAKE_VERSION: '2.0.0' },
      extendEnv: false,
      reject: false,
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('fake-claude cannot emulate claude 2.0.0');
    expect(run.stderr).toContain(emulatedVersions().join(', '));
    await expect(fakeClaude({ version: '2.0.0', scenario: { version: 1, turns: [] } })).rejects.toThrow(
      /cannot emulate claude 2\.0\.0/,
    );
  });

  it('fakeClaude({ version }) hands the version to the executable', async () => {
    const fake = await fakeClaude({ version: '2.1.332', scenario: { version: 1, turns: [] } });
    try {
      expect(fake.env.CLIDE_FAKE_VERSION).toBe('2.1.332');
      const run = await execa(fake.path, ['--version'], { env: fake.env, extendEnv: false });
      expect(run.stdout).toBe('2.1.332 (Claude Code)');
    } finally {
      await fake.close();
    }
  });
});
