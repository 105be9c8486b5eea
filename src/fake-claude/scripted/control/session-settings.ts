import type { Json } from '../../behaviour/index.js';
import type { ControlSession } from './types.js';

/**
 * What the session's control requests changed of its settings, as the real CLI applies it live:
 * the flag layer (`apply_flag_settings`, merged by top-level key, `null` clears a key) and the
 * `outputStyle` written into the local settings file (`update_settings`).
 */
export interface SessionSettings {
  flag: Json;
  localOutputStyle?: string;
}

const bySession = new WeakMap<ControlSession, SessionSettings>();

export function sessionSettings(session: ControlSession): SessionSettings {
  let settings = bySession.get(session);
  if (!settings) {
    settings = { flag: {} };
    bySession.set(session, settings);
  }
  return settings;
}

/** The output style in force (the flag layer above the local file), if a control request set one. */
export function outputStyleInForce(session: ControlSession): string | undefined {
  const { flag, localOutputStyle } = sessionSettings(session);
  return typeof flag.outputStyle === 'string' ? flag.outputStyle : localOutputStyle;
}

/** Whether `--setting-sources` leaves `source` (`user`, `project`, `local`) on (every source when absent). */
export function settingSourceOn(session: ControlSession, source: string): boolean {
  const given = session.flags.settingSources;
  return given === undefined || given.split(',').includes(source);
}
