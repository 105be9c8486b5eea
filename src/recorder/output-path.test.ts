import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import { recordOutputPath } from './output-path.js';
import { recordClaude } from './record-claude.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'clide-out-path-')));
  dirs.push(dir);
  return dir;
}

describe('recordOutputPath (CLIDE_RECORD_OUT)', () => {
  it('takes a relative path in the cwd when PWD names the same folder, through a symlink too', () => {
    const cwd = temp();
    expect(recordOutputPath('fixtures/a.jsonl', cwd, cwd)).toBe(join(cwd, 'fixtures', 'a.jsonl'));
    const link = join(temp(), 'link');
    symlinkSync(cwd, link);
    expect(recordOutputPath('b.jsonl', cwd, link)).toBe(join(cwd, 'b.jsonl'));
  });

  it.each([
    ['PWD names another folder', (other: string) => other],
    ['there is no PWD', () => undefined],
    ['PWD is relative', () => 'somewhere'],
  ])('refuses a relative path when %s, naming the folder it runs in', (_name, pwd) => {
    const cwd = temp();
    const error = (() => {
      try {
        recordOutputPath('fixtures/a.jsonl', cwd, pwd(temp()));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ClideError);
    expect((error as ClideError).code).toBe('usage');
    expect((error as ClideError).message).toContain(`clide-record runs in ${cwd}`);
    expect((error as ClideError).hint).toContain('recordClaude({ out })');
  });

  it('takes an absolute path, or none (the default folder), wherever it runs', () => {
    const cwd = temp();
    const out = join(temp(), 'x.jsonl');
    expect(recordOutputPath(out, cwd, undefined)).toBe(out);
    expect(recordOutputPath(undefined, cwd, undefined)).toMatch(
      new RegExp(`^${cwd}/clide-recordings/\\d{8}T\\d{6}Z-\\d+\\.jsonl$`),
    );
  });
});

describe('recordClaude', () => {
  it('makes `out` absolute against this process, keeps a folder a folder, and gives the CLI this environment with the recorder settings', () => {
    process.env.CLIDE_TEST_INHERITED = 'yes';
    try {
      const rec = recordClaude({
        out: 'fixtures/s.jsonl',
        env: { EXTRA: '1', CLIDE_TEST_INHERITED: undefined },
        claude: 'bin/claude',
      });
      expect(rec.out).toBe(join(process.cwd(), 'fixtures', 's.jsonl'));
      expect(rec.env.CLIDE_RECORD_OUT).toBe(rec.out);
      expect(rec.env.CLIDE_REAL_CLAUDE).toBe(join(process.cwd(), 'bin', 'claude'));
      expect(rec.env.EXTRA).toBe('1');
      expect(rec.env.PATH).toBe(process.env.PATH);
      expect('CLIDE_TEST_INHERITED' in rec.env).toBe(false);
      expect(rec.sdkOptions).toEqual({ pathToClaudeCodeExecutable: rec.path, env: rec.env });
      expect(rec.path).toMatch(/\/bin\/clide-record$/);
      expect(recordClaude({ out: 'sessions/' }).out).toBe(`${join(process.cwd(), 'sessions')}/`);
    } finally {
      delete process.env.CLIDE_TEST_INHERITED;
    }
  });

  it('refuses a missing out', () => {
    expect(() => recordClaude({ out: '' })).toThrow(/needs `out`/);
  });
});
