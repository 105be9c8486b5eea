/**
 * The one way of recognising a sandbox folder (`createSandbox`: `…/clide-sandbox-XXXX/work|home`)
 * in a text, and its project slug (`-tmp-clide-sandbox-XXXX-work`), as the recorder's
 * placeholders `$CWD`, `$HOME`, `$CWD_SLUG`, `$HOME_SLUG`.
 */
// The folder holding the sandbox may already read `$TMPDIR` (`$TMPDIR_SLUG` in a slug): a text
// redacted under a TMPDIR of its own (macOS's, a nested run's) before it was normalised.
const SANDBOX_PATH = /(?:\$TMPDIR)?(?:\/[^/\s"'`]+)*\/clide-sandbox-[A-Za-z0-9]+\/(work|home)/g;
const SANDBOX_SLUG = /(?:\$TMPDIR_SLUG)?-[A-Za-z0-9-]*clide-sandbox-[A-Za-z0-9]+-(work|home)/g;
/** Anything else in a sandbox (`/tmp/clide-sandbox-XXXX/cc-socks/…`). */
const SANDBOX_ROOT = /(?:\$TMPDIR)?(?:\/[^/\s"'`]+)*\/clide-sandbox-[A-Za-z0-9]+(?=\/|\b)/g;
/** A socket named after a process id (`…/30760.sock`). */
const PID_SOCKET = /\/\d+\.sock\b/g;

/**
 * Sandbox paths → `$CWD` / `$HOME`, anything else in the sandbox → `$TMPDIR` (the sandbox root is
 * the CLI's `TMPDIR`, which the recorder redacts to the same placeholder), slugs → `$CWD_SLUG` /
 * `$HOME_SLUG`, pid sockets → `<pid>.sock`.
 */
export function normalizeSandboxPaths(text: string): string {
  return text
    .replace(SANDBOX_PATH, (_m, which: string) => (which === 'work' ? '$CWD' : '$HOME'))
    .replace(SANDBOX_SLUG, (_m, which: string) => (which === 'work' ? '$CWD_SLUG' : '$HOME_SLUG'))
    .replace(SANDBOX_ROOT, '$TMPDIR')
    .replace(PID_SOCKET, '/<pid>.sock');
}
