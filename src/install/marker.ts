import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { z } from 'zod';
import { packageInfo } from '../config/package-info.js';
import type { InstalledCli } from './types.js';
import { CLAUDE_PACKAGE } from './version-spec.js';

/** The marker file in a version folder: present only once the install was verified. */
export const MARKER_FILE = 'install.json';

const MarkerSchema = z.object({
  schema: z.literal(1),
  package: z.literal(CLAUDE_PACKAGE),
  version: z.string(),
  /** The binary, relative to the version folder (so the cache root can move). */
  binary: z.string(),
  /** The binary's size when it was verified: a cheap guard against a truncated or replaced file. */
  binarySize: z.number().int().nonnegative(),
  versionOutput: z.string(),
  verifiedAt: z.string(),
  verifiedBy: z.string(),
});
export type InstallMarker = z.infer<typeof MarkerSchema>;

export function buildMarker(
  dir: string,
  version: string,
  binaryPath: string,
  versionOutput: string,
): InstallMarker {
  const relative = binaryPath.startsWith(dir + sep) ? binaryPath.slice(dir.length + 1) : binaryPath;
  const info = packageInfo();
  return {
    schema: 1,
    package: CLAUDE_PACKAGE,
    version,
    binary: relative.split(sep).join('/'),
    binarySize: statSync(binaryPath).size,
    versionOutput,
    verifiedAt: new Date().toISOString(),
    verifiedBy: `${info.name}@${info.version}`,
  };
}

/** Writes the marker atomically (temp file + rename), so a reader sees either none or a whole one. */
export async function writeMarker(dir: string, marker: InstallMarker): Promise<void> {
  const target = join(dir, MARKER_FILE);
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(marker, null, 2)}\n`);
    await rename(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * The verified install in `dir`, or undefined: the marker must parse, name `version`, and point at
 * an executable file inside `dir` of the size that was verified. Spawns nothing, touches no network.
 */
export function readInstalled(dir: string, version: string): InstalledCli | undefined {
  let marker: InstallMarker;
  try {
    const parsed = MarkerSchema.safeParse(JSON.parse(readFileSync(join(dir, MARKER_FILE), 'utf8')));
    if (!parsed.success) return undefined;
    marker = parsed.data;
  } catch {
    return undefined;
  }
  if (marker.version !== version) return undefined;
  const relative = normalize(marker.binary);
  if (isAbsolute(relative) || relative.startsWith('..')) return undefined;
  const binaryPath = join(dir, relative);
  try {
    const stat = statSync(binaryPath);
    if (!stat.isFile() || stat.size !== marker.binarySize) return undefined;
    if (process.platform !== 'win32' && (stat.mode & 0o111) === 0) return undefined;
  } catch {
    return undefined;
  }
  return { version, binaryPath, dir, installedNow: false };
}
