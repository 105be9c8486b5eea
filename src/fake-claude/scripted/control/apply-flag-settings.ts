import { isRecord } from '../../../util/json.js';
import { answerAsCaptured, capturedReplies } from './captured.js';
import { sessionSettings } from './session-settings.js';
import type { ControlHandler } from './types.js';

/**
 * `apply_flag_settings`: the settings are merged into the session's flag layer by top-level key
 * (`null` clears a key) and applied live where the fake models them (`outputStyle`: the
 * output style `initialize` reports), answered with the version's captured success.
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
