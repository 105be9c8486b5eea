import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { RECORD_ENV } from '../src/recorder/index.js';

/** `clide-record --help` answers by itself: no CLI is started, no fixture is written. */
const bin = join(packageInfo().root, 'bin', 'clide-record');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('clide-record --help', () => {
  test.each(['--help', '-h'])(
    "%s prints the recorder's own help and its variables, starts no CLI, records nothing",
    async (flag) => {
      const cwd = mkdtempSync(join(tmpdir(), 'clide-record-help-'));
      made.push(cwd);
      const run = await execa(process.execPath, [bin, flag], {
        cwd,
        // A CLI that cannot start: had the recorder tried, it would fail.
        env: { [RECORD_ENV.realClaude]: join(cwd, 'no-such-claude'), [RECORD_ENV.out]: `${cwd}/out/` },
        reject: false,
      });
      expect(run.exitCode).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^Usage: clide-record /);
      for (const name of Object.values(RECORD_ENV)) expect(run.stdout).toContain(name);
      expect(readdirSync(cwd)).toEqual([]);
    },
  );
});
