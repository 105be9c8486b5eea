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
