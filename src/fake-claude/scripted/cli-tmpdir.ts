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
  return dir.replace(/\/+$/, '') || '/';
}
