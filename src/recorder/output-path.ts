import { existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { ClideError } from '../errors/index.js';

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

/**
 * `CLIDE_RECORD_OUT` as `clide-record` reads it. `clide-record` runs in the working folder its
 * client gave the CLI — the Agent SDK's `cwd` option, often a temporary work folder — so a relative
 * path is taken relative to it only when that is also the folder the path was written in: the
 * shell's (`PWD` names the same folder). Otherwise a relative path is refused, naming both folders,
 * rather than written somewhere the user would not look; an absolute path (`recordClaude()` makes
 * one) always works.
 */
export function recordOutputPath(out: string | undefined, cwd: string, pwd: string | undefined): string {
  if (out && !isAbsolute(out) && !sameFolder(pwd, cwd)) {
    throw new ClideError(
      'usage',
      `CLIDE_RECORD_OUT is a relative path ("${out}"), but clide-record runs in ${cwd}, the working folder its client gave the CLI${pwd ? `, not in ${pwd} (PWD)` : ''}: it cannot tell which folder the path is relative to`,
      {
        where: 'CLIDE_RECORD_OUT',
        hint: `give an absolute path (from Node: recordClaude({ out }) from 'clide-conformance/recorder' makes one; in a shell: CLIDE_RECORD_OUT="$PWD/${out}")`,
      },
    );
  }
  return resolveOutputPath(out, cwd);
}

function sameFolder(a: string | undefined, b: string): boolean {
  if (!a || !isAbsolute(a)) return false;
  if (resolve(a) === resolve(b)) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
