import { describe, expect, it } from 'vitest';
import { formatWireLine, wireDebug } from './session.js';

describe('wire debug switch', () => {
  it('is on for CLIDE_DEBUG=wire and DEBUG=clide, off otherwise', () => {
    expect(wireDebug({ CLIDE_DEBUG: 'wire' })).toBe(true);
    expect(wireDebug({ CLIDE_DEBUG: 'other,wire' })).toBe(true);
    expect(wireDebug({ DEBUG: 'clide' })).toBe(true);
    expect(wireDebug({ DEBUG: 'express,clide:*' })).toBe(true);
    expect(wireDebug({ DEBUG: 'clidex' })).toBe(false);
    expect(wireDebug({})).toBe(false);
  });

  it('prints one line per frame with direction, time and the exact message', () => {
    expect(formatWireLine({ seq: 0, t: 12, dir: 'to-cli', msg: { type: 'user' } }, 42)).toBe(
      '[wire 42 +12ms →cli] {"type":"user"}\n',
    );
    expect(formatWireLine({ seq: 1, t: 30, dir: 'stderr', raw: 'oops' }, 42)).toBe(
      '[wire 42 +30ms stderr] oops\n',
    );
  });
});
