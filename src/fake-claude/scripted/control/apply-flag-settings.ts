import { isRecord } from '../../../util/json.js';

/** The kind of a JSON value as the captured refusals name it (`null` has none: it clears a key). */
function kindOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? 'array' : typeof value;
}

import { answerAsCaptured, capturedReplies, flagSettingRejections } from './captured.js';
import { sessionSettings } from './session-settings.js';
import type { ControlHandler } from './types.js';

/**
 * `apply_flag_settings`: a request giving a key a kind of value the version refuses for it (its
 * captured refusals, capture/flag-settings.ts) applies nothing and is refused, the keys named in
 * the CLI's order (2.1.332's text); otherwise the settings are merged into the session's flag layer
 * by top-level key (`null` clears a key) and applied live where the fake models them
 * (`outputStyle`: the output style `initialize` reports), answered with the version's captured
 * success. A value of the right kind the real CLI would still refuse (a negative
 * `cleanupPeriodDays`, a `permissions` object with a wrong member) is taken.
 */
export const applyFlagSettings: ControlHandler = {
  subtype: 'apply_flag_settings',
  handle(session, request, requestId) {
    const [captured] = capturedReplies(session.b.version, 'apply_flag_settings');
    if (!captured) {
      session.replyError(
        requestId,
        session.b.unsupportedSubtype('apply_flag_settings'),
        session.b.errorEnvelope('unsupported'),
      );
      return;
    }
    const settings = isRecord(request.settings) ? request.settings : {};
    const refused = Object.entries(flagSettingRejections(session.b.version))
      .filter(([key, kinds]) => key in settings && kinds.includes(kindOf(settings[key]) ?? 'null'))
      .map(([key]) => key);
    if (refused.length > 0) {
      session.replyError(
        requestId,
        `apply_flag_settings: nothing in this request was applied and earlier settings stay in force. Fix or remove these invalid settings and send it again: ${refused.join(', ')}`,
      );
      return;
    }
    if (captured.envelope.subtype === 'success' && isRecord(request.settings)) {
      const { flag } = sessionSettings(session);
      for (const [key, value] of Object.entries(request.settings)) {
        if (value === null) delete flag[key];
        else flag[key] = value;
      }
    }
    answerAsCaptured(session, captured, request, requestId);
  },
};
