import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * Private folders next to the version folders, never mistaken for an install (lookups only read
 * `<root>/claude/<version>`): `.tmp-…` is one npm install in progress, `.trash-…` a broken install
 * moved aside before deletion. The owner is in the name: `.tmp-<version>~<host>~<pid>~<random>`.
 */
export type WorkKind = 'tmp' | 'trash';

/** A work folder older than this is stale even when its owner cannot be checked (another host). */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

function thisHost(): string {
  return hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'localhost';
}

export function workDirName(kind: WorkKind, version: string): string {
  return `.${kind}-${version}~${thisHost()}~${process.pid}~${randomBytes(6).toString('hex')}`;
}

export interface WorkDirOwner {
  kind: WorkKind;
  version: string;
  host: string;
  pid: number;
}

export function parseWorkDirName(name: string): WorkDirOwner | undefined {
  const match = /^\.(tmp|trash)-([^~]+)~([^~]+)~(\d+)~[0-9a-f]+$/.exec(name);
  if (!match) return undefined;
  return { kind: match[1] as WorkKind, version: match[2]!, host: match[3]!, pid: Number(match[4]) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when nobody can still be working in the folder: its owner on this host is gone, or it is a day old. */
export function isStale(name: string, path: string, now = Date.now()): boolean {
  const owner = parseWorkDirName(name);
  if (owner && owner.host === thisHost() && owner.pid !== process.pid && !isAlive(owner.pid)) return true;
  try {
    return now - statSync(path).mtimeMs > STALE_AFTER_MS;
  } catch {
    return false;
  }
}

/** Deletes the stale work folders left in `<root>/claude` by crashed installs; returns their names. */
export async function removeStaleWorkDirs(claudeDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(claudeDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith('.tmp-') && !name.startsWith('.trash-')) continue;
    const path = join(claudeDir, name);
    if (!isStale(name, path)) continue;
    await rm(path, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
