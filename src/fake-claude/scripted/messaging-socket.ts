import { join, normalize } from 'node:path';

/** The longest socket path 2.1.332 takes in its folder of choice, in bytes (a sun_path's room, less some). */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * Where 2.1.332 puts its messaging socket (`system/init`'s `messaging_socket_path`), as its binary
 * computes it: `<dir>/cc-socks/<pid>.sock`, `<dir>` the first of XDG_RUNTIME_DIR,
 * CLAUDE_CODE_TMPDIR and the temporary folder (TMPDIR, else /tmp) that is set; when that path is
 * longer than 103 bytes, `/tmp/cc-socks-<uid>/<pid>.sock` instead (under Termux, `$PREFIX/tmp`).
 * Checked against the real 2.1.332: a TMPDIR of 83 characters keeps it, one of 85 moves it to /tmp.
 */
export function messagingSocketPath(
  env: Record<string, string | undefined>,
  pid: number,
  uid: number = process.getuid?.() ?? 0,
): string {
  const dir = env.XDG_RUNTIME_DIR || cliTmpDir(env);
  const path = normalize(join(dir, 'cc-socks', `${pid}.sock`));
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES) return path;
  const root = env.TERMUX_VERSION && env.PREFIX ? join(env.PREFIX, 'tmp') : '/tmp';
  return join(root, `cc-socks-${uid}`, `${pid}.sock`);
}

/**
 * The folder 2.1.332 keeps its temporary files in (a task's output, a prompt's images, its messaging
 * socket): CLAUDE_CODE_TMPDIR when set, else the temporary folder as its runtime reads it (TMPDIR
 * without its trailing slashes, else /tmp). Checked against the real CLI with CLAUDE_CODE_TMPDIR set:
 * a subagent's task output file and the socket are under it.
 */
export function cliTmpDir(env: Record<string, string | undefined>): string {
  if (env.CLAUDE_CODE_TMPDIR) return env.CLAUDE_CODE_TMPDIR;
  const dir = env.TMPDIR;
  if (!dir) return '/tmp';
  return dir.length > 1 ? dir.replace(/\/+$/, '') || '/' : dir;
}
