import { join, normalize } from 'node:path';
import { cliTmpDir } from './cli-tmpdir.js';

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
