import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { versionOrder } from '../../../schemas/version.js';
import { packageInfo } from '../../config/package-info.js';
import { DATA_FILES } from '../behaviour/data/types.js';

/**
 * The fake's registries of versions, each a generated `.ts` file derived from version-named files
 * or folders: adding a version is adding its file or folder, and the list of versions is derived
 * from it (`clide-conformance pin` and the captures regenerate them, `npm run registries` too; a
 * test holds the committed ones to what the folders say).
 *
 * - the per-version JSON data folders (`<folder>/<version>.json`), each with an `index.ts`;
 * - the behaviour data, `behaviour/data/<version>/*.json`, registered in `behaviour/data/versions.ts`;
 * - the override sets, `behaviour/<version>/overrides.ts`, and the members a version takes from a
 *   later set, `behaviour/<version>/overrides.json`, registered in `behaviour/override-sets.ts` by
 *   the version each starts at (its folder's name).
 */
export const VERSION_DATA_FOLDERS: readonly string[] = [
  'src/fake-claude/model-side/data',
  'src/fake-claude/scripted/control/data',
  'src/fake-claude/scripted/session-state/data',
  'src/fake-claude/scripted/structured-output/data',
  'src/fake-claude/scripted/message-kinds/data',
  'src/fake-claude/scripted/bash-permission/data',
  'src/fake-claude/usage/data',
];

/** The folder of the behaviour data's version folders. */
export const BEHAVIOUR_DATA_FOLDER = 'src/fake-claude/behaviour/data';
/** The folder of the override sets' version folders. */
export const OVERRIDES_FOLDER = 'src/fake-claude/behaviour';

const VERSION = /^\d+\.\d+\.\d+$/;
const VERSION_FILE = /^(\d+\.\d+\.\d+)\.json$/;
const identifier = (v: string) => `v${v.replace(/\./g, '_')}`;

/** The line width of the checkout's formatter (biome.json), which generated sources keep to. */
const LINE_WIDTH = 110;

/** `head[a, b];` on one line when it fits, else one item a line, as biome formats it. */
export function arrayLiteral(head: string, items: readonly string[]): string {
  const flat = `${head}[${items.join(', ')}];`;
  return flat.length <= LINE_WIDTH || items.length === 0
    ? flat
    : [`${head}[`, ...items.map((i) => `  ${i},`), '];'].join('\n');
}

/** The versions a folder has data for, oldest first. */
export function versionsIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => VERSION_FILE.exec(name)?.[1])
    .filter((v): v is string => v !== undefined)
    .sort(versionOrder);
}

/** The version-named folders of `folder` that hold `file`, oldest first. */
export function versionFoldersIn(folder: string, file: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isDirectory() && VERSION.test(e.name) && existsSync(join(folder, e.name, file)))
    .map((e) => e.name)
    .sort(versionOrder);
}

/** The `index.ts` a folder holding `versions` gets. */
export function registrySource(versions: readonly string[]): string {
  return [
    '// Generated from the <version>.json files of this folder (src/fake-claude/capture/version-registries.ts): do not edit.',
    ...versions.map((v) => `import ${identifier(v)} from './${v}.json' with { type: 'json' };`),
    '',
    "/** This folder's data by version, oldest first. */",
    `export const DATA_BY_VERSION: Readonly<Record<string, unknown>> = {${versions.length === 0 ? '};' : ''}`,
    ...(versions.length === 0 ? [] : [...versions.map((v) => `  '${v}': ${identifier(v)},`), '};']),
    '',
  ].join('\n');
}

/** `behaviour/data/versions.ts` for the versions with a data folder: each one's JSON loaded lazily. */
export function behaviourDataRegistrySource(versions: readonly string[]): string {
  const loaders = versions.map((v) =>
    [
      `  '${v}': () =>`,
      '    Promise.all([',
      ...DATA_FILES.map(([, name]) => `      import('./${v}/${name}', { with: { type: 'json' } }),`),
      '    ]).then(assemble),',
    ].join('\n'),
  );
  return [
    '// Generated from the <version>/ folders of this folder (src/fake-claude/capture/version-registries.ts): do not edit.',
    "// The versions the fake has captured data for; each one's JSON is loaded only when it is emulated.",
    "import { type CapturedData, DATA_FILES } from './types.js';",
    '',
    'function assemble(modules: Array<{ default: unknown }>): CapturedData {',
    '  return Object.fromEntries(',
    '    DATA_FILES.map(([key], i) => [key, modules[i]?.default]),',
    '  ) as unknown as CapturedData;',
    '}',
    '',
    '/** Oldest first. */',
    arrayLiteral(
      'export const CAPTURED_VERSIONS: readonly string[] = ',
      versions.map((v) => `'${v}'`),
    ),
    '',
    `export const CAPTURED_DATA: Readonly<Record<string, () => Promise<CapturedData>>> = {${versions.length === 0 ? '};' : ''}`,
    ...(versions.length === 0 ? [] : [...loaders, '};']),
    '',
  ].join('\n');
}

/**
 * `behaviour/override-sets.ts` for the versions with an `overrides.ts` in their folder (a set of
 * code) and those with an `overrides.json` (a later set's members taken, as data).
 */
export function overrideSetsSource(versions: readonly string[], picks: readonly string[] = []): string {
  const pick = (v: string) => `p${v.replace(/\./g, '_')}`;
  const record = (head: string, entries: string[]) =>
    entries.length === 0 ? [`${head}{};`] : [`${head}{`, ...entries, '};'];
  return [
    '// Generated from the <version>/overrides.ts and overrides.json files of this folder (src/fake-claude/capture/version-registries.ts): do not edit.',
    ...versions.map((v) => `import { overrides as ${identifier(v)} } from './${v}/overrides.js';`),
    ...picks.map((v) => `import ${pick(v)} from './${v}/overrides.json' with { type: 'json' };`),
    "import type { OverridePicks, VersionOverrides } from './overrides.js';",
    '',
    '/** Every override set, by the version it starts at (its folder), oldest first. */',
    ...record(
      'export const OVERRIDE_SETS: Readonly<Record<string, VersionOverrides>> = ',
      versions.map((v) => `  '${v}': ${identifier(v)},`),
    ),
    '',
    "/** Every version folder's members taken from a later set, by the folder, oldest first. */",
    ...record(
      'export const OVERRIDE_PICKS: Readonly<Record<string, OverridePicks>> = ',
      picks.map((v) => `  '${v}': ${pick(v)},`),
    ),
    '',
  ].join('\n');
}

/** A generated file and what its folder says it should hold. */
export interface GeneratedFile {
  /** Absolute path. */
  file: string;
  source: string;
}

/** Every registry of the fake, as its folders make it (`root`: the checkout; a folder it lacks has none). */
export function fakeRegistries(root = packageInfo().root): GeneratedFile[] {
  const behaviourData = join(root, BEHAVIOUR_DATA_FOLDER);
  const overrides = join(root, OVERRIDES_FOLDER);
  const registries: GeneratedFile[] = [
    ...VERSION_DATA_FOLDERS.map((folder) => ({
      file: join(root, folder, 'index.ts'),
      source: registrySource(versionsIn(join(root, folder))),
    })),
    {
      file: join(behaviourData, 'versions.ts'),
      source: behaviourDataRegistrySource(versionFoldersIn(behaviourData, DATA_FILES[0][1])),
    },
    {
      file: join(overrides, 'override-sets.ts'),
      source: overrideSetsSource(
        versionFoldersIn(overrides, 'overrides.ts'),
        versionFoldersIn(overrides, 'overrides.json'),
      ),
    },
  ];
  return registries.filter(({ file }) => existsSync(dirname(file)));
}

/** Writes each generated file whose content differs; returns those written. */
export function writeGenerated(files: readonly GeneratedFile[]): string[] {
  const changed: string[] = [];
  for (const { file, source } of files) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== source) {
      writeFileSync(file, source);
      changed.push(file);
    }
  }
  return changed;
}

/** Rewrites every registry of the fake from its folders (`root`: the checkout); returns those that changed. */
export function writeVersionRegistries(root = packageInfo().root): string[] {
  return writeGenerated(fakeRegistries(root));
}
