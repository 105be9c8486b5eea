/**
 * The kit's registries of pinned versions, derived from the version folders: `schemas/pinned.ts`
 * (generated from the `schemas/<version>/` folders: what the registry serves), the package's
 * versioned subpath exports in `package.json` (data: every folder's two subpaths, added, never
 * removed), and the fake's registries (`src/fake-claude/capture/version-registries.ts`). `pin`
 * regenerates them, and so does `npm run registries` after a folder is added by hand;
 * `version-registries.test.ts` holds the committed files to what the folders say.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { versionOrder } from '../../schemas/version.js';
import { packageInfo } from '../config/package-info.js';
import { ClideError } from '../errors/index.js';
import {
  arrayLiteral,
  fakeRegistries,
  type GeneratedFile,
  versionFoldersIn,
  writeGenerated,
} from '../fake-claude/capture/version-registries.js';

const identifier = (version: string) => `v${version.replace(/[^0-9A-Za-z]/g, '_')}`;

/** The pinned versions: the `schemas/<version>/` folders with an `index.ts`, oldest first. */
export function schemaVersions(root = packageInfo().root): string[] {
  return versionFoldersIn(join(root, 'schemas'), 'index.ts');
}

/** The source of `schemas/pinned.ts` for these versions. */
export function renderPinnedList(versions: readonly string[]): string {
  const sorted = [...new Set(versions)].sort(versionOrder);
  return [
    '// Generated from the <version>/ folders of schemas/ (src/pin/register.ts, `npm run registries`): do not edit.',
    ...sorted.map((v) => `import { schemaSet as ${identifier(v)} } from './${v}/index.js';`),
    "import type { SchemaSet } from './schema-set.js';",
    '',
    '/** Every pinned schema set, oldest first: one per folder, never removed (users import old sets by path). */',
    arrayLiteral('export const PINNED_SETS: readonly SchemaSet[] = ', sorted.map(identifier)),
    '',
  ].join('\n');
}

type Exports = Record<string, unknown>;

/** `exports` with the subpaths of `version` added after those of the versions before it. */
export function withVersionExports(exports: Exports, version: string): Exports {
  const own: Exports = {
    [`./schemas/${version}`]: {
      types: `./dist/schemas/${version}/index.d.ts`,
      default: `./dist/schemas/${version}/index.js`,
    },
    [`./schemas/${version}/json/*`]: `./schemas/${version}/generated/*`,
  };
  const entries = Object.entries(exports).filter(([key]) => !(key in own));
  const versionOf = (key: string) => /^\.\/schemas\/(\d+\.\d+\.\d+)(?:\/|$)/.exec(key)?.[1];
  let insertAt = entries.findIndex(([key]) => {
    const v = versionOf(key);
    return v !== undefined && versionOrder(v, version) > 0;
  });
  if (insertAt < 0) {
    const lastVersioned = entries.map(([key]) => versionOf(key) !== undefined).lastIndexOf(true);
    insertAt = lastVersioned >= 0 ? lastVersioned + 1 : entries.length;
  }
  entries.splice(insertAt, 0, ...Object.entries(own));
  return Object.fromEntries(entries);
}

interface PackageJson {
  exports?: Exports;
  clideConformance?: { pinned?: string };
}

function readPackageJson(file: string): PackageJson {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch (error) {
    throw new ClideError('parse', 'package.json is not valid JSON', { where: file, cause: error });
  }
}

/**
 * The text of `package.json` with the subpaths of every pinned version (and, with `makeDefault`,
 * that version as the default pin); every other key as it was.
 */
export function packageJsonSource(root: string, versions: readonly string[], makeDefault?: string): string {
  const pkg = readPackageJson(join(root, 'package.json'));
  let exports = pkg.exports ?? {};
  for (const version of versions) exports = withVersionExports(exports, version);
  pkg.exports = exports;
  if (makeDefault !== undefined) pkg.clideConformance = { ...pkg.clideConformance, pinned: makeDefault };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** Every registry of the kit as the version folders make it (`root`: the checkout). */
export function kitRegistries(
  root = packageInfo().root,
  options: { makeDefault?: string } = {},
): GeneratedFile[] {
  const versions = schemaVersions(root);
  return [
    { file: join(root, 'schemas', 'pinned.ts'), source: renderPinnedList(versions) },
    ...(existsSync(join(root, 'package.json'))
      ? [{ file: join(root, 'package.json'), source: packageJsonSource(root, versions, options.makeDefault) }]
      : []),
    ...fakeRegistries(root),
  ];
}

/** Rewrites every registry of the kit from the folders; returns the files that changed. */
export function writeKitRegistries(
  root = packageInfo().root,
  options: { makeDefault?: string } = {},
): string[] {
  return writeGenerated(kitRegistries(root, options));
}
