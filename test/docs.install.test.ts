import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/**
 * The install instructions work today: the package is not on the npm registry, so every page
 * installs the tarball `npm pack` writes (test/fresh-project.test.ts installs such a tarball into a
 * new project and uses it; test/npm-pack.test.ts packs a fresh clone), never `clide-conformance`
 * by name.
 */
const root = packageInfo().root;

/** README.md and every hand-written page of docs/ (the generated reports aside). */
function pages(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .filter((file) => !file.startsWith('coverage/') && !file.startsWith('changelog/'))
    .map((file) => join(root, 'docs', file));
  return [join(root, 'README.md'), ...docs];
}

describe('install instructions', () => {
  test('no page installs the kit from the npm registry: every npm install of it names a packed tarball', () => {
    const installs: string[] = [];
    for (const page of pages()) {
      const text = readFileSync(page, 'utf8');
      for (const line of text.split('\n')) {
        if (!/\bnpm (?:install|i|add)\b/.test(line) || !line.includes('clide-conformance')) continue;
        installs.push(`${relative(root, page)}: ${line.trim()}`);
      }
    }
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) expect(install).toMatch(/clide-conformance-\d+\.\d+\.\d+\.tgz/);
  });

  test("the README's tarball is the one npm pack writes for this version, and the pages link to it", async () => {
    const pack = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root });
    const [{ filename }] = JSON.parse(pack.stdout) as [{ filename: string }];
    expect(filename).toBe(`clide-conformance-${packageInfo().version}.tgz`);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('\n## Install into your project\n');
    expect(readme).toContain('npm ci && npm pack ');
    expect(readme).toContain(`npm install --save-dev ../clide-conformance/${filename}`);
    for (const doc of ['mock-claude.md', 'record.md', 'ci-gate.md', 'json-schemas.md']) {
      expect(readFileSync(join(root, 'docs', doc), 'utf8'), doc).toContain(
        '(../README.md#install-into-your-project)',
      );
    }
  });
});
