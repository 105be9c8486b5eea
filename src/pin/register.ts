/**
 * Registering a pinned schema set in a checkout of the kit: the list `schemas/pinned.ts` (what the
 * registry serves) and the package's versioned subpath exports. Both only ever gain entries.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compareVersions, parseVersion } from '../../schemas/version.js';
import { ClideError } from '../errors/index.js';

const byVersion = (a: string, b: string) => compareVersions(parseVersion(a)!, parseVersion(b)!);
const identifier = (version: string) => `v${version.replace(/[^0-9A-Za-z]/g, '_')}`;

/** The source of `schemas/pinned.ts` for these versions (oldest first). */
export function renderPinnedList(versions: readonly string[]): string {
  const sorted = [...new Set(versions)].sort(byVersion);
  const imports = sorted.map((v) => `import { schemaSet as ${identifier(v)} } from './${v}/index.js';`);
  return `/**
 * Every pinned schema set, oldest first. \`clide-conformance pin\` adds a line here; an entry is
 * never removed (users import old sets by path).
 */
${imports.join('\n')}
import type { SchemaSet } from './schema-set.js';

export const PINNED_SETS: readonly SchemaSet[] = [${sorted.map(identifier).join(', ')}];
`;
}

/** Reads the versions listed in `schemas/pinned.ts`. */
export async function readPinnedList(root: string): Promise<string[]> {
  const text = await readFile(join(root, 'schemas', 'pinned.ts'), 'utf8');
  return [...text.matchAll(/from '\.\/([^/']+)\/index\.js'/g)].map((m) => m[1]!);
}

export async function registerPinnedSet(root: string, version: string): Promise<string> {
  const file = join(root, 'schemas', 'pinned.ts');
  const versions = await readPinnedList(root);
  await writeFile(file, renderPinnedList([...versions, version]));
  return file;
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
    return v !== undefined && byVersion(v, version) > 0;
  });
  if (insertAt < 0) {
    const lastVersioned = entries.map(([key]) => versionOf(key) !== undefined).lastIndexOf(true);
    insertAt = lastVersioned >= 0 ? lastVersioned + 1 : entries.length;
  }
  entries.splice(insertAt, 0, ...Object.entries(own));
  return Object.fromEntries(entries);
}

/** Adds the version's subpaths to package.json (and, with `makeDefault`, makes it the default pin). */
export async function registerPackageExports(
  root: string,
  version: string,
  makeDefault: boolean,
): Promise<string> {
  const file = join(root, 'package.json');
  const text = await readFile(file, 'utf8');
  let pkg: { exports?: Exports; clideConformance?: { pinned?: string } };
  try {
    pkg = JSON.parse(text) as typeof pkg;
  } catch (error) {
    throw new ClideError('parse', 'package.json is not valid JSON', { where: file, cause: error });
  }
  pkg.exports = withVersionExports(pkg.exports ?? {}, version);
  if (makeDefault) pkg.clideConformance = { ...pkg.clideConformance, pinned: version };
  await writeFile(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return file;
}
