import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { versionOrder } from '../../../schemas/version.js';
import { packageInfo } from '../../config/package-info.js';

/**
 * The fake's per-version JSON data folders (`<folder>/<version>.json`), each with a generated
 * `index.ts` that imports every version's file there: adding a version is adding its file, and the
 * list of versions is derived from the folder (capture/all.ts regenerates them; a test holds the
 * committed ones to what the folders say).
 */
export const VERSION_DATA_FOLDERS: readonly string[] = [
  'src/fake-claude/model-side/data',
  'src/fake-claude/scripted/control/data',
  'src/fake-claude/scripted/session-state/data',
  'src/fake-claude/scripted/structured-output/data',
  'src/fake-claude/scripted/message-kinds/data',
];

const VERSION_FILE = /^(\d+\.\d+\.\d+)\.json$/;

/** The versions a folder has data for, oldest first. */
export function versionsIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => VERSION_FILE.exec(name)?.[1])
    .filter((v): v is string => v !== undefined)
    .sort(versionOrder);
}

/** The `index.ts` a folder holding `versions` gets. */
export function registrySource(versions: readonly string[]): string {
  const name = (v: string) => `v${v.replace(/\./g, '_')}`;
  return [
    '// Generated from the <version>.json files of this folder (src/fake-claude/capture/version-registries.ts): do not edit.',
    ...versions.map((v) => `import ${name(v)} from './${v}.json' with { type: 'json' };`),
    '',
    "/** This folder's data by version, oldest first. */",
    'export const DATA_BY_VERSION: Readonly<Record<string, unknown>> = {',
    ...versions.map((v) => `  '${v}': ${name(v)},`),
    '};',
    '',
  ].join('\n');
}

/** Rewrites every folder's `index.ts` from its files (`root`: the checkout); returns those that changed. */
export function writeVersionRegistries(root = packageInfo().root): string[] {
  const changed: string[] = [];
  for (const folder of VERSION_DATA_FOLDERS) {
    const dir = join(root, folder);
    const file = join(dir, 'index.ts');
    const source = registrySource(versionsIn(dir));
    if (!existsSync(file) || readFileSync(file, 'utf8') !== source) {
      writeFileSync(file, source);
      changed.push(file);
    }
  }
  return changed;
}
