import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { answerAsCaptured, capturedReplies } from './captured.js';
import type { ControlHandler } from './types.js';

/**
 * `read_file`: a file under the session's folder is read and its text returned in the version's
 * captured success shape; a missing one gets the version's captured error.
 */
export const readFile: ControlHandler = {
  subtype: 'read_file',
  handle(session, request, requestId) {
    const captured = capturedReplies(session.b.version, 'read_file');
    const ok = captured.find((c) => c.envelope.subtype === 'success');
    const failed = captured.find((c) => c.envelope.subtype === 'error');
    const path = String(request.path ?? '');
    let contents: string | undefined;
    try {
      const abs = resolve(session.facts().cwd, path);
      if (statSync(abs).isFile()) contents = readFileSync(abs, 'utf8');
    } catch {
      contents = undefined;
    }
    const reply = contents === undefined ? failed : ok;
    if (!reply) {
      session.replyError(
        requestId,
        session.b.unsupportedSubtype('read_file'),
        session.b.errorEnvelope('unsupported'),
      );
      return;
    }
    answerAsCaptured(session, reply, request, requestId, contents === undefined ? {} : { contents });
  },
};
