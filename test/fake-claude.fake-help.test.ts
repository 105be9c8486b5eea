import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/**
 * The fake's own help: `fake-claude --fake-help` names every CLIDE_FAKE_* variable the kit reads,
 * while `--help` stays the emulated CLI's text (compared byte for byte in fake-claude.flags.test.ts).
 */
const root = packageInfo().root;
const FAKE = join(root, 'bin', 'fake-claude');
const fake = (args: string[], env: Record<string, string> = {}) =>
  execa(FAKE, args, { env: { PATH: process.env.PATH ?? '', ...env }, extendEnv: false, reject: false });

/** Every CLIDE_FAKE_* name in the sources (tests excluded): what the help must cover. */
function variablesInSources(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/CLIDE_FAKE_[A-Z][A-Z_]*[A-Z]/g)) found.add(m[0]);
      }
    }
  };
  walk(join(root, 'src'));
  return [...found].sort();
}

describe('fake-claude --fake-help', () => {
  test('lists every CLIDE_FAKE_* variable the kit reads, and the two options of its own', async () => {
    const variables = variablesInSources();
    expect(variables.length).toBeGreaterThanOrEqual(7);
    const run = await fake(['--fake-help']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe('');
    for (const name of variables) expect(run.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(run.stdout).toContain('--scenario <file>');
    expect(run.stdout).toContain('--fixture <file>');
  });

  test("--help stays the emulated CLI's own text; a fake with no mode points at --fake-help", async () => {
    const help = await fake(['--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^Usage: claude /);
    expect(help.stdout).not.toContain('CLIDE_FAKE_');
    const noMode = await fake(['-p', 'hi']);
    expect(noMode.exitCode).toBe(2);
    expect(noMode.stderr).toContain('fake-claude --fake-help');
  });
});
