import { describe, expect, it } from 'vitest';
import { PathSubstitution } from './paths.js';

describe('PathSubstitution', () => {
  const machine = {
    cwd: '/tmp/clide-sandbox-abc123/work',
    home: '/tmp/clide-sandbox-abc123/home',
    user: 'u1',
    hostname: 'h1',
  };

  it("restores the recording's $TMPDIR to the replaying process's own temp folder, and back", () => {
    const paths = new PathSubstitution({ ...machine, tmpdir: '/tmp/clide-sandbox-abc123' });
    const recorded = '"messaging_socket_path":"$TMPDIR/cc-socks/10451.sock","cwd":"$CWD"';
    const live = paths.toReal(recorded);
    expect(live).toBe(
      '"messaging_socket_path":"/tmp/clide-sandbox-abc123/cc-socks/10451.sock","cwd":"/tmp/clide-sandbox-abc123/work"',
    );
    expect(paths.toPlaceholders(live)).toBe(recorded);
  });

  it('never substitutes a system-wide temp folder', () => {
    const paths = new PathSubstitution({ ...machine, tmpdir: '/tmp' });
    expect(paths.toReal('$TMPDIR/x')).toBe('$TMPDIR/x');
    expect(paths.toPlaceholders('/tmp/x')).toBe('/tmp/x');
  });
});
