import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ControlHandler } from './types.js';

/**
 * `seed_read_state`: the file counts as read (an Edit of it needs no Read first) when it has not
 * changed on disk since `mtime` (its mtime, floored to the millisecond, is not later); otherwise,
 * or when it does not exist, nothing is seeded. Answered with success either way.
 */
export const seedReadState: ControlHandler = {
  subtype: 'seed_read_state',
  handle(session, request, requestId) {
    const abs = resolve(session.facts().cwd, String(request.path ?? ''));
    try {
      const mtime = Math.floor(statSync(abs).mtimeMs);
      if (typeof request.mtime === 'number' && mtime <= request.mtime && !session.readFiles.has(abs)) {
        session.readFiles.add(abs);
        session.seededFiles.add(abs);
      }
    } catch {
      // no such file: nothing to seed
    }
    session.reply(requestId);
  },
};
