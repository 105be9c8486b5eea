import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Json } from '../../behaviour/index.js';
import { answerAsCaptured, capturedReplies } from './captured.js';
import type { ControlHandler } from './types.js';

/** The bytes of a file under `cwd` (a folder, a file outside it or a cap of 0 or less: none). */
function readUnder(cwd: string, path: string, maxBytes: unknown): { abs: string; bytes: Buffer } | undefined {
  const abs = resolve(cwd, path);
  const rel = relative(cwd, abs);
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  if (typeof maxBytes === 'number' && maxBytes <= 0) return undefined;
  try {
    if (!statSync(abs).isFile()) return undefined;
    return { abs, bytes: readFileSync(abs) };
  } catch {
    return undefined;
  }
}

/**
 * `read_file`: a file under the session's folder, as text (utf-8, `lossy` when it is not valid
 * utf-8) or `base64`, cut at `max_bytes` (`truncated`), with the fields of the version's captured
 * success shape (2.1.332 adds `lossy` and `requested_path`); a missing file, a folder or a file
 * outside the session's folder gets the version's captured error.
 */
export const readFile: ControlHandler = {
  subtype: 'read_file',
  handle(session, request, requestId) {
    const captured = capturedReplies(session.b.version, 'read_file');
    const ok = captured.find((c) => c.envelope.subtype === 'success');
    const failed = captured.find((c) => c.envelope.subtype === 'error');
    const path = String(request.path ?? '');
    const read = readUnder(session.facts().cwd, path, request.max_bytes);
    if (!ok || !failed) {
      session.replyError(
        requestId,
        session.b.unsupportedSubtype('read_file'),
        session.b.errorEnvelope('unsupported'),
      );
      return;
    }
    if (!read) {
      answerAsCaptured(session, failed, request, requestId);
      return;
    }
    const shape = (ok.envelope.response ?? {}) as Json;
    const max = typeof request.max_bytes === 'number' ? request.max_bytes : undefined;
    const truncated = max !== undefined && read.bytes.length > max;
    const bytes = truncated ? read.bytes.subarray(0, max) : read.bytes;
    const base64 = request.encoding === 'base64';
    const text = bytes.toString('utf8');
    const response: Json = {
      contents: base64 ? bytes.toString('base64') : text,
      absPath: read.abs,
      ...(truncated ? { truncated: true } : {}),
      ...(base64
        ? { encoding: 'base64' }
        : 'lossy' in shape
          ? { lossy: !Buffer.from(text, 'utf8').equals(bytes) }
          : {}),
      ...('requested_path' in shape ? { requested_path: path } : {}),
    };
    session.reply(requestId, response);
  },
};
