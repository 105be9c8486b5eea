import { randomUuid } from '../../../util/uuid.js';
import type { ControlHandler } from './types.js';

/** `set_permission_mode`: a known mode is taken (and a status message says so); another is refused. */
export const setPermissionMode: ControlHandler = {
  subtype: 'set_permission_mode',
  handle(session, request, requestId) {
    const { b } = session;
    const mode = String(request.mode);
    const refused = b.isPermissionMode(mode) ? undefined : b.invalidPermissionMode(mode);
    if (refused) {
      session.replyError(requestId, refused.error, refused.envelope);
      return;
    }
    session.reply(requestId, { mode });
    if (b.isPermissionMode(mode)) {
      session.permissionMode = mode;
      session.emit(b.statusMessage(session.facts(), null, randomUuid(), true));
    }
  },
};
