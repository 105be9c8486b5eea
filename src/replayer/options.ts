import { ClideError } from '../errors/index.js';

/**
 * The environment knobs of replay mode, validated loudly: a typo in a mode must never silently
 * turn strict checking off.
 */

export const REPLAY_ENV = {
  fixture: 'CLIDE_FAKE_FIXTURE',
  mode: 'CLIDE_FAKE_MODE',
  pacing: 'CLIDE_FAKE_PACING',
  cwd: 'CLIDE_FAKE_CWD',
  /**
   * The home folder of the client that recorded the fixture, when the fake runs with a HOME of its
   * own (`fakeClaude()` sets both): a path in the client's messages under it compares as `$HOME`,
   * as the recorder wrote it.
   */
  clientHome: 'CLIDE_FAKE_CLIENT_HOME',
} as const;

export const REPLAY_MODES = ['strict', 'lenient'] as const;
/** `strict` (default): any mismatch or unused recorded frame fails. `lenient`: warn on stderr, carry on. */
export type ReplayMode = (typeof REPLAY_MODES)[number];

/**
 * How outbound frames are timed: `instant` (default) sends them as soon as they are due,
 * `scale` reproduces the recorded gaps multiplied by `factor` (`recorded` is factor 1).
 */
export type Pacing = { kind: 'instant' } | { kind: 'scale'; factor: number };

export function parseReplayMode(value: string | undefined): ReplayMode {
  if (value === undefined || value === '') return 'strict';
  if ((REPLAY_MODES as readonly string[]).includes(value)) return value as ReplayMode;
  throw new ClideError('usage', `${REPLAY_ENV.mode}=${JSON.stringify(value)} is not a replay mode`, {
    where: REPLAY_ENV.mode,
    hint: `allowed values: ${REPLAY_MODES.join(', ')} (default strict)`,
  });
}

export function parsePacing(value: string | undefined): Pacing {
  if (value === undefined || value === '' || value === 'instant') return { kind: 'instant' };
  if (value === 'recorded') return { kind: 'scale', factor: 1 };
  const factor = /^\d+(\.\d+)?$|^\.\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isFinite(factor) && factor >= 0)
    return factor === 0 ? { kind: 'instant' } : { kind: 'scale', factor };
  throw new ClideError('usage', `${REPLAY_ENV.pacing}=${JSON.stringify(value)} is not a pacing`, {
    where: REPLAY_ENV.pacing,
    hint: 'allowed values: instant (default), recorded, or a non-negative scale factor such as 0.5 (half the recorded gaps)',
  });
}
