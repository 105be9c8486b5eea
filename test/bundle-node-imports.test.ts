import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import type { BuildOptions } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The kit's bundles are scripts without a module loader, so rolldown.config.mjs turns each
 * `import('node:…')` into a call that requires the module when reached. It must still behave as
 * `import()`: a promise of the module, for `await` and for `.then`, and a rejection for a module
 * that is not there. Checked on a bundle built with the kit's own bundle settings and run by the
 * bins' loader (bin/load-bundle.cjs).
 */

const dir = mkdtempSync(join(tmpdir(), 'clide-bundle-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENTRY = `
const seen = [];
const viaThen = import('node:path').then((path) => seen.push(\`then: \${typeof path.join}\`));
const viaAwait = (async () => {
  const fs = await import('node:fs/promises');
  seen.push(\`await: \${typeof fs.readFile}\`);
})();
const missing = import('node:nosuchmodule').then(
  () => seen.push('missing: loaded'),
  (error) => seen.push(\`missing: rejected \${error.code}\`),
);
seen.push('sync: before any of them settled');
Promise.all([viaThen, viaAwait, missing]).then(() => process.stdout.write(seen.join('\\n')));
`;

describe('a bundle of the kit', () => {
  it('keeps import() of a Node module a promise: .then and await both get the module, a missing one rejects', async () => {
    const config = (await import(pathToFileURL(resolve('rolldown.config.mjs')).href)) as {
      scriptBundle: (options: { name: string; input: string; dir: string }) => BuildOptions;
    };
    const { build } = await import('rolldown');
    writeFileSync(join(dir, 'entry.mjs'), ENTRY);
    const out = join(dir, 'out');
    await build(config.scriptBundle({ name: 'probe', input: join(dir, 'entry.mjs'), dir: out }));
    const run = await execa(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(resolve('bin/load-bundle.cjs'))}).runBundle(${JSON.stringify(join(out, 'probe.cjs'))})`,
      ],
      { reject: false },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n')).toEqual([
      'sync: before any of them settled',
      'then: function',
      'await: function',
      'missing: rejected ERR_UNKNOWN_BUILTIN_MODULE',
    ]);
  });
});
