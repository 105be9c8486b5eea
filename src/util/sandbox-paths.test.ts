import { expect, it } from 'vitest';
import { normalizeSandboxPaths } from './sandbox-paths.js';

it('normalises a sandbox path to the placeholders the recorder writes', () => {
  expect(
    normalizeSandboxPaths(
      '/tmp/clide-sandbox-S9eI5y/work/a /tmp/clide-sandbox-S9eI5y/home/.claude -tmp-clide-sandbox-S9eI5y-work /tmp/clide-sandbox-S9eI5y/cc-socks/31110.sock',
    ),
  ).toBe('$CWD/a $HOME/.claude $CWD_SLUG $TMPDIR/cc-socks/<pid>.sock');
  // A recorded fixture already holds the placeholders: normalising it again changes nothing.
  expect(normalizeSandboxPaths('$TMPDIR/cc-socks/<pid>.sock')).toBe('$TMPDIR/cc-socks/<pid>.sock');
});

it('normalises a sandbox path whose folder was redacted to $TMPDIR first (a TMPDIR of its own)', () => {
  // Under TMPDIR=/var/folders/zz/x/T the sandbox is /var/folders/zz/x/T/clide-sandbox-…, and a wire
  // log redacted with that TMPDIR reads $TMPDIR/clide-sandbox-…: the same placeholders as under /tmp.
  expect(
    normalizeSandboxPaths(
      '$TMPDIR/clide-sandbox-S9eI5y/work/a $TMPDIR/clide-sandbox-S9eI5y/home/.claude $TMPDIR_SLUG-clide-sandbox-S9eI5y-work $TMPDIR/clide-sandbox-S9eI5y/cc-socks/31110.sock',
    ),
  ).toBe('$CWD/a $HOME/.claude $CWD_SLUG $TMPDIR/cc-socks/<pid>.sock');
  expect(normalizeSandboxPaths('/var/folders/zz/x/T/clide-sandbox-S9eI5y/work')).toBe('$CWD');
});
