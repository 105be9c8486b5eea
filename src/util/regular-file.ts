import { closeSync, constants, fstatSync, openSync, type Stats } from 'node:fs';
import { ClideError } from '../errors/index.js';

/**
 * Opens a file the kit reads whole (a fixture, a capture, a report) only when it is a regular
 * file: a FIFO, a device (`/dev/zero`), a socket or a folder is refused with a `ClideError` naming
 * it, before a byte is read. Opened without blocking (a FIFO's open waits for a writer), and with
 * `noFollow` without following a link in the last component.
 */

/** What a file that is not a regular one is, in words. */
export function fileKind(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isSymbolicLink()) return 'a symbolic link';
  return 'a special file';
}

export function notRegularError(path: string, stat: Stats, hint?: string): ClideError {
  return new ClideError('io', `not a regular file (${fileKind(stat)})`, {
    where: path,
    hint: hint ?? 'give the path of a file (a fixture or a JSONL capture)',
  });
}

export interface OpenRegularOptions {
  /** Refuse a symbolic link as the last component instead of following it. */
  noFollow?: boolean;
  /** The hint of the refusal. */
  hint?: string;
}

/**
 * The descriptor of `path`, open for reading, when it is a regular file (the caller closes it);
 * a `ClideError('io')` naming the path otherwise. Errors of `open` itself (ENOENT, EACCES) are
 * thrown as they are, for the caller to word.
 */
export function openRegularFile(path: string, options: OpenRegularOptions = {}): { fd: number; stat: Stats } {
  const flags = constants.O_RDONLY | constants.O_NONBLOCK | (options.noFollow ? constants.O_NOFOLLOW : 0);
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    if (options.noFollow && (error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new ClideError('io', 'a symbolic link, not a regular file', {
        where: path,
        hint: options.hint ?? 'give the path of the file itself',
      });
    }
    throw error;
  }
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    throw notRegularError(path, stat, options.hint);
  }
  return { fd, stat };
}
