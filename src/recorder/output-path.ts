import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Folder used when `CLIDE_RECORD_OUT` is not set: one fixture per session, in the cwd. */
export const DEFAULT_RECORD_DIR = 'clide-recordings';

/**
 * Where one session's fixture goes: `out` names a file, or a folder (an existing one, or a path
 * ending in `/`) that gets `<UTC timestamp>-<pid>.jsonl`. Missing folders are created.
 */
export function resolveOutputPath(
  out: string | undefined,
  cwd: string,
  now = new Date(),
  pid = process.pid,
): string {
  const target = resolve(cwd, out && out.length > 0 ? out : `${DEFAULT_RECORD_DIR}/`);
  const isDir = (out ?? '').endsWith('/') || !out || (existsSync(target) && statSync(target).isDirectory());
  if (isDir) {
    mkdirSync(target, { recursive: true });
    const stamp = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    return join(target, `${stamp}-${pid}.jsonl`);
  }
  mkdirSync(dirname(target), { recursive: true });
  return target;
}
