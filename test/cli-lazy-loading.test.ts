import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/**
 * The executables run from their bundles (dist/bundle/cli, one script each: rolldown.config.mjs),
 * and the command line's entry loads only what the command being run needs: help, the version, a
 * usage error and `list` never build a schema set, load zod, the canary or execa. The bundle keeps
 * each `import()` of the sources lazy (a module's top level runs when it is first imported), so
 * that is observed on the entry the bundle is made from, dist/src/cli/clide-conformance.js: a
 * module loader hook (`--import`) writes every module URL the process loads to a file.
 */
const root = packageInfo().root;
const dir = mkdtempSync(join(tmpdir(), 'cli-lazy-loading-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.CLIDE_MODULE_LOG, url + '\\n');
  return next(url, context);
}`;
const register = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
const importHook = `data:text/javascript,${encodeURIComponent(register)}`;

let runs = 0;
/** Runs a script of the package with the hook; returns its exit code and the loaded modules (paths relative to the package). */
async function loaded(script: string, args: string[]): Promise<{ exitCode?: number; modules: string[] }> {
  const log = join(dir, `modules-${++runs}.txt`);
  const run = await execa(process.execPath, ['--import', importHook, join(root, script), ...args], {
    env: { CLIDE_MODULE_LOG: log },
    reject: false,
  });
  const modules = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((url) => relative(root, fileURLToPath(url)));
  return { exitCode: run.exitCode, modules };
}

const heavy = (modules: string[]) =>
  modules.filter(
    (m) =>
      // schemas/version.js only compares version strings; the sets are the rest of dist/schemas/.
      (m.startsWith('dist/schemas/') && m !== 'dist/schemas/version.js') ||
      m.startsWith('dist/src/canary/run-canary') ||
      m.startsWith('dist/src/validate/') ||
      m.includes('node_modules/zod/') ||
      m.includes('node_modules/execa/'),
  );

const fixture = join(root, 'fixtures', packageInfo().pinned, 'control__initialize.jsonl');
const ENTRY = 'dist/src/cli/clide-conformance.js';

describe('clide-conformance loads only what the command needs', () => {
  test.each([
    [['--version']],
    [['--help']],
    [['run', '--help']],
    [['validate', '--format', 'xml', fixture]],
    [['matrix']],
    [['list']],
  ])('%j: no schema set, zod, canary run or execa', async (args) => {
    const { modules } = await loaded(ENTRY, args);
    expect(modules).toContain('dist/src/cli/main.js');
    expect(heavy(modules)).toEqual([]);
  });

  test('validate loads the schema sets and the engine it runs', async () => {
    const { exitCode, modules } = await loaded(ENTRY, ['validate', fixture]);
    expect(exitCode).toBe(0);
    expect(modules).toContain(`dist/schemas/${packageInfo().pinned}/index.js`);
    expect(modules).toContain('dist/src/validate/validate-jsonl-file.js');
    expect(modules.some((m) => m.includes('node_modules/execa/'))).toBe(false);
  });
});

describe('the executables run from their bundles', () => {
  test.each([
    ['bin/clide-record', ['--help']],
    ['bin/clide-conformance', ['--help']],
    ['bin/clide-conformance', ['validate', fixture]],
  ])(
    '%s %j loads no module of dist/src or node_modules: one script of dist/bundle/cli',
    async (bin, args) => {
      const { exitCode, modules } = await loaded(bin, args);
      expect(exitCode).toBe(0);
      expect(modules).toEqual([bin]);
    },
  );
});
