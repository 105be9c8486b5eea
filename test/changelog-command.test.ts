import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { pinnedVersions } from '../schemas/registry.js';
import { tempDirs } from './support/temp-dirs.js';

const temp = tempDirs();

/** Black-box: the built `clide-conformance changelog` (run `npm run build` first; `npm test` does). */
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'clide-conformance');
const run = (...args: string[]) => execa('node', [BIN, 'changelog', ...args], { reject: false, cwd: ROOT });

describe('clide-conformance changelog: usage errors', () => {
  it('refuses a version that is not pinned, naming the pinned ones (exit 2, nothing on stdout)', async () => {
    const result = await run('2.1.150', '2.1.999');
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error[usage]: <to>: no schema set is pinned for 2.1.999');
    expect(result.stderr).toMatch(/hint: pinned versions: .*2\.1\.150/);
  });

  it('refuses a version below every pinned one instead of mapping it to the nearest', async () => {
    const result = await run('1.0.0', '2.1.150');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error[usage]: <from>: no schema set is pinned for 1.0.0');
  });

  it('refuses a string that is no version', async () => {
    const result = await run('latest', '2.1.150');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error[usage]: <from>: "latest" is not a CLI version');
  });

  it('refuses the same version twice', async () => {
    const result = await run('2.1.150', 'v2.1.150');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      'error[usage]: <from> <to>: both versions are 2.1.150: nothing to compare',
    );
  });

  it('refuses an unknown --format and a missing argument', async () => {
    const format = await run('2.1.150', '2.1.150', '--format', 'html');
    expect(format.exitCode).toBe(2);
    expect(format.stderr).toContain('error[usage]: --format: must be md or json, not "html"');
    const missing = await run('2.1.150');
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("missing required argument 'to'");
  });
});

describe.runIf(pinnedVersions().length >= 2)(
  'clide-conformance changelog between the two oldest pinned versions',
  () => {
    const [from, to] = pinnedVersions() as [string, string];

    it('writes the same changelog to stdout, --out and --out-dir, Markdown and JSON', async () => {
      const dir = temp('clide-changelog-cmd-');
      const md = await run(from, to);
      expect(md.exitCode).toBe(0);
      expect(md.stdout).toContain(`# Claude Code CLI ${from} → ${to}: stream-json protocol changes`);
      const json = await run(from, to, '--format', 'json', '--out', join(dir, 'one.json'));
      expect(json.exitCode).toBe(0);
      expect(json.stdout).toBe('');
      const both = await run(from, to, '--out-dir', dir);
      expect(both.exitCode).toBe(0);
      const stem = join(dir, `changelog-${from}-${to}`);
      expect(await readFile(`${stem}.md`, 'utf8')).toBe(`${md.stdout}\n`);
      const written = await readFile(`${stem}.json`, 'utf8');
      expect(await readFile(join(dir, 'one.json'), 'utf8')).toBe(written);
      expect(JSON.parse(written)).toMatchObject({ format: 'clide-changelog/1', from, to });
    });
  },
);
