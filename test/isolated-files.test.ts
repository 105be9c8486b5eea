import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_FILES, PROCESS_STATE_PATTERNS } from './support/isolated-files.js';

const ROOT = join(import.meta.dirname, '..');

/**
 * What each black-box test file does to its process (by PROCESS_STATE_PATTERNS), file by file; this
 * file (whose samples match every pattern, and which changes nothing) left out.
 */
function processStateOf(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const files = readdirSync(join(ROOT, 'test')).filter(
    (f) => f.endsWith('.test.ts') && f !== 'isolated-files.test.ts',
  );
  for (const name of files.sort()) {
    const source = readFileSync(join(ROOT, 'test', name), 'utf8');
    const what = PROCESS_STATE_PATTERNS.filter((p) => p.pattern.test(source)).map((p) => p.what);
    if (what.length > 0) out[`test/${name}`] = what;
  }
  return out;
}

describe('the black-box files that get a worker of their own', () => {
  it('include every file that changes its process’s state or looks at its handles', () => {
    const missing = Object.entries(processStateOf()).filter(([file]) => !ISOLATED_FILES.includes(file));
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('name test files that exist, each once', () => {
    expect(ISOLATED_FILES.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
    expect(new Set(ISOLATED_FILES).size).toBe(ISOLATED_FILES.length);
  });

  it('catch each kind of change in a source (a pattern that matched nothing would guard nothing)', () => {
    const samples: Record<string, string> = {
      'spies on process members': "vi.spyOn(process.stdout, 'write')",
      'replaces process.stdout/stderr members': 'process.stdout.write = () => true;',
      'sets process.exitCode': 'process.exitCode = 1;',
      'installs process event handlers': "process.on('SIGINT', stop)",
      'changes process.env': "process.env.HOME = '/tmp'; delete process.env.X",
      'mocks modules or globals': "vi.mock('node:fs')",
      'changes the cwd': 'process.chdir(dir)',
      'looks at the process’s own handles': 'process.getActiveResourcesInfo()',
    };
    for (const { what, pattern } of PROCESS_STATE_PATTERNS)
      expect(pattern.test(samples[what] ?? ''), what).toBe(true);
    // Comparisons and reads are not changes.
    for (const { what, pattern } of PROCESS_STATE_PATTERNS)
      expect(
        pattern.test('if (process.exitCode === 1 && process.env.HOME === x) read(process.env[key]);'),
        what,
      ).toBe(false);
  });
});
