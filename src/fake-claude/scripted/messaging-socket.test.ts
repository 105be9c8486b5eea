import { describe, expect, test } from 'vitest';
import { messagingSocketPath } from './messaging-socket.js';

describe("messagingSocketPath: where 2.1.332's messaging socket goes", () => {
  test('in TMPDIR (trailing slashes dropped), else /tmp', () => {
    expect(messagingSocketPath({ TMPDIR: '/tmp/s' }, 42)).toBe('/tmp/s/cc-socks/42.sock');
    expect(messagingSocketPath({ TMPDIR: '/tmp/s//' }, 42)).toBe('/tmp/s/cc-socks/42.sock');
    expect(messagingSocketPath({}, 42)).toBe('/tmp/cc-socks/42.sock');
  });

  test('XDG_RUNTIME_DIR first, then CLAUDE_CODE_TMPDIR, then TMPDIR', () => {
    const env = { XDG_RUNTIME_DIR: '/run/user/7', CLAUDE_CODE_TMPDIR: '/c', TMPDIR: '/t' };
    expect(messagingSocketPath(env, 1)).toBe('/run/user/7/cc-socks/1.sock');
    expect(messagingSocketPath({ ...env, XDG_RUNTIME_DIR: '' }, 1)).toBe('/c/cc-socks/1.sock');
    expect(messagingSocketPath({ TMPDIR: '/t', CLAUDE_CODE_TMPDIR: '' }, 1)).toBe('/t/cc-socks/1.sock');
  });

  test('a path over 103 bytes moves to /tmp/cc-socks-<uid> (Termux: $PREFIX/tmp)', () => {
    const at = (length: number) => `/${'x'.repeat(length - 1)}`;
    // 93 + '/cc-socks/' + '12345.sock' = 113; 83 → 103 bytes, the longest kept.
    expect(messagingSocketPath({ TMPDIR: at(83) }, 12345, 0)).toBe(`${at(83)}/cc-socks/12345.sock`);
    expect(messagingSocketPath({ TMPDIR: at(84) }, 12345, 0)).toBe('/tmp/cc-socks-0/12345.sock');
    expect(messagingSocketPath({ TMPDIR: at(93) }, 12345, 1000)).toBe('/tmp/cc-socks-1000/12345.sock');
    expect(
      messagingSocketPath(
        { TMPDIR: at(93), TERMUX_VERSION: '0.118', PREFIX: '/data/data/com.termux/files/usr' },
        7,
        0,
      ),
    ).toBe('/data/data/com.termux/files/usr/tmp/cc-socks-0/7.sock');
    // Bytes, not characters.
    expect(messagingSocketPath({ TMPDIR: `/${'é'.repeat(42)}` }, 12345, 0)).toBe(
      '/tmp/cc-socks-0/12345.sock',
    );
  });
});
