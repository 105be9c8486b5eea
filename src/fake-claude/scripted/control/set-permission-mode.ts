import { randomUuid } from '../../../util/uuid.js';
import type { ControlHandler } from './types.js';

/** `set_permission_mode`: a known mode is taken (and a status message says so); another is refused, or taken silently by a version that echoes it. */
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
    // A version that echoes an unknown mode takes it too (2.1.150: then every tool asks, as in
    // `default`), without a status message.
    session.permissionMode = mode;
    if (b.isPermissionMode(mode)) session.emit(b.statusMessage(session.facts(), null, randomUuid(), true));
  },
};
