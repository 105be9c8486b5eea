import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/**
 * The kit's layers (README, Status; `.dependency-cruiser.cjs`), checked by `npm run lint`. Here:
 * the tree holds them, the README and the config list the same tiers, every folder of src/ has a
 * place, and a violation of each rule planted in a scratch tree is caught (and allowed imports are
 * not).
 */
const root = packageInfo().root;
const config = join(root, '.dependency-cruiser.cjs');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const LAYERS = (createRequire(import.meta.url)(config) as { LAYERS: string[][] }).LAYERS;

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** `npm run lint:layers` (part of `npm run lint`), as package.json says it, in `cwd`. */
async function lintLayers(cwd: string) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [bin, ...args] = pkg.scripts['lint:layers']!.split(' ');
  return execa(join(root, 'node_modules', '.bin', bin!), args, { cwd, reject: false });
}

/** The violations dependency-cruiser finds in `cwd` with `cwd`'s config. */
async function violations(cwd: string): Promise<Violation[]> {
  const run = await execa(
    depcruise,
    ['src', 'schemas', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    {
      cwd,
      reject: false,
    },
  );
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** The README's tiers: the backticked places of its layer list, `→` between tiers. */
function readmeTiers(): string[][] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('Layers, from the bottom up');
  expect(start).toBeGreaterThanOrEqual(0);
  const paragraph = readme.slice(start, readme.indexOf('\n\n', start));
  const list = paragraph.slice(paragraph.indexOf('`src/errors/`')).replace(/\([^)]*\)/g, '');
  return list.split('→').map((tier) => [...tier.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, '')));
}

describe('layers', () => {
  it('the tree holds them: no violation in src/ and schemas/', async () => {
    const lint = await lintLayers(root);
    expect(lint.exitCode, lint.stdout).toBe(0);
    expect(lint.stdout).toContain('no dependency violations found');
  });

  it("the README's layer list is the config's, tier by tier", () => {
    expect(readmeTiers()).toEqual(LAYERS);
  });

  it('every folder of src/ has a place in the layers, and every place exists', () => {
    const places = LAYERS.flat();
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `src/${e.name}`);
    expect(folders.filter((f) => !places.includes(f))).toEqual([]);
    expect(places.filter((p) => p !== 'src/index.ts' && p !== 'schemas' && !folders.includes(p))).toEqual([]);
  });

  describe('a planted violation of each rule is caught', () => {
    let dir = '';
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'clide-layers-'));
      const plant = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      plant(
        'package.json',
        JSON.stringify({
          name: 'planted',
          type: 'module',
          dependencies: { zod: '*' },
          devDependencies: { vitest: '*' },
        }),
      );
      plant(
        'tsconfig.json',
        JSON.stringify({
          compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true },
        }),
      );
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
      copyFileSync(config, join(dir, '.dependency-cruiser.cjs'));
      // A tier above: the wire knows nothing of the canary.
      plant('src/protocol/up.ts', "import { down } from '../canary/down.js';\nexport const up = down;\n");
      plant('src/canary/down.ts', "import { z } from 'zod';\nexport const down = z.string();\n");
      // Downwards is allowed: the canary reads the wire, the schemas read the errors.
      plant('src/errors/index.ts', 'export class ClideError extends Error {}\n');
      plant(
        'schemas/registry.ts',
        "import { ClideError } from '../src/errors/index.js';\nexport const E = ClideError;\n",
      );
      plant(
        'src/canary/reads-wire.ts',
        "import { wire } from '../protocol/wire.js';\nexport const read = wire;\n",
      );
      plant('src/protocol/wire.ts', 'export const wire = 1;\n');
      // Two folders of one tier import each other: a peer edge both ways, and a cycle across folders.
      plant('src/driver/a.ts', "import { b } from '../model-api/b.js';\nexport const a = () => b;\n");
      plant('src/model-api/b.ts', "import { a } from '../driver/a.js';\nexport const b = () => a;\n");
      // A cycle within one folder is the folder's own affair.
      plant('src/fixture/c1.ts', "import { c2 } from './c2.js';\nexport const c1 = () => c2;\n");
      plant('src/fixture/c2.ts', "import { c1 } from './c1.js';\nexport const c2 = () => c1;\n");
      // Shipped code imports no test support and no dev dependency; a test beside it may.
      plant('test/support/helper.ts', 'export const helper = 1;\n');
      plant(
        'src/util/uses-support.ts',
        "import { helper } from '../../test/support/helper.js';\nexport const h = helper;\n",
      );
      plant('src/util/uses-vitest.ts', "import { expect } from 'vitest';\nexport const e = expect;\n");
      plant(
        'src/util/allowed.test.ts',
        "import { expect } from 'vitest';\nimport { helper } from '../../test/support/helper.js';\nexpect(helper).toBe(1);\n",
      );
      // An import that resolves to nothing.
      plant('src/util/dangling.ts', "export { gone } from './gone.js';\n");
    });

    it('each rule names its planted edge, nothing else is flagged, and the run fails', async () => {
      const lint = await lintLayers(dir);
      expect(lint.exitCode, lint.stdout).not.toBe(0);
      // A package by its name (the scratch tree's node_modules is the kit's, reached by a link); a
      // cycle by its two ends, whichever of them dependency-cruiser starts from.
      const found = (await violations(dir))
        .map(({ rule, from, to }) =>
          rule.name === 'no-circular-across-folders'
            ? `${rule.name}: ${[from, to].sort().join(' ↔ ')}`
            : `${rule.name}: ${from} → ${to.replace(/^.*node_modules\/([^/]+)\/.*$/, '$1')}`,
        )
        .sort();
      expect(found).toEqual(
        [
          'layer:src/protocol: src/protocol/up.ts → src/canary/down.ts',
          'layer:src/driver: src/driver/a.ts → src/model-api/b.ts',
          'layer:src/model-api: src/model-api/b.ts → src/driver/a.ts',
          'no-circular-across-folders: src/driver/a.ts ↔ src/model-api/b.ts',
          'not-to-test-code: src/util/uses-support.ts → test/support/helper.ts',
          'not-to-dev-dependency: src/util/uses-vitest.ts → vitest',
          'not-unresolvable: src/util/dangling.ts → ./gone.js',
        ].sort(),
      );
    });
  });
});
