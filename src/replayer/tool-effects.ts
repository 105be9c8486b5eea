import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ClideError } from '../errors/index.js';
import { isRecord } from '../util/json.js';

/**
 * Replays the file effects of the cheap tools so a client sees them on disk: when the recorded CLI
 * reports a successful Write (`tool_use_result: {type:'create'|'update', filePath, content}`) or
 * Edit (`{filePath, oldString, newString, replaceAll?, originalFile}`), the same change is made
 * before the tool result is sent, exactly as the real CLI does. Only inside the working folder;
 * anything else (Bash, MCP tools) is never re-run.
 *
 * Confined to the working folder on disk, not only by name: the nearest existing folder of the
 * target is resolved through its links and must lie inside the working folder's real path, and the
 * file itself is opened without following a link (`O_NOFOLLOW`) and must be a regular file. A
 * recorded path that cannot be applied (a NUL byte, a folder, a link, a way out through a link) is
 * a `fixture` error naming the frame; a path the recording itself places outside the working
 * folder is left alone, as before.
 */

type Json = Record<string, unknown>;

export interface ToolEffect {
  tool: 'Write' | 'Edit';
  path: string;
}

export interface ToolEffectOptions {
  /** Where the effect was recorded, for errors: the fixture and the frame (`f.jsonl frame seq 4`). */
  where: string;
}

const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function succeeded(message: Json): boolean {
  const content = isRecord(message.message) ? message.message.content : undefined;
  if (!Array.isArray(content)) return false;
  const results = content.filter((b) => isRecord(b) && b.type === 'tool_result');
  return results.length > 0 && results.every((b) => (b as Json).is_error !== true);
}

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

class Target {
  constructor(
    private readonly recorded: string,
    private readonly tool: 'Write' | 'Edit',
    private readonly where: string,
  ) {}

  refuse(what: string, cause?: unknown): never {
    throw new ClideError('fixture', `the recorded ${this.tool} of ${JSON.stringify(this.recorded)} ${what}`, {
      where: this.where,
      hint: 'replay applies Write and Edit only to regular files inside the working folder, never through a symbolic link',
      ...(cause === undefined ? {} : { cause }),
    });
  }

  /** A file system error while applying the effect, said as what is wrong with the path. */
  failed(error: unknown): never {
    const code = errnoOf(error);
    if (code === 'ELOOP') this.refuse('names a symbolic link (replay does not write through links)', error);
    if (code === 'EISDIR') this.refuse('is a folder, not a file', error);
    if (code === 'ENOTDIR') this.refuse('goes through something that is not a folder', error);
    if (code === 'ENXIO') this.refuse('names a FIFO or socket, not a regular file', error);
    this.refuse(`cannot be applied: ${error instanceof Error ? error.message : String(error)}`, error);
  }

  /**
   * The real path of the file `path` names: its nearest existing ancestor resolved through its
   * links, the missing folders after it as named. Refused when that leads out of `realCwd`.
   */
  realPath(path: string, realCwd: string): string {
    let existing = dirname(path);
    const missing: string[] = [];
    for (;;) {
      try {
        lstatSync(existing);
        break;
      } catch (error) {
        if (errnoOf(error) !== 'ENOENT') this.failed(error);
      }
      missing.unshift(basename(existing));
      existing = dirname(existing);
    }
    let real: string;
    try {
      real = realpathSync(existing);
    } catch (error) {
      if (errnoOf(error) === 'ENOENT')
        this.refuse(`goes through a symbolic link that leads nowhere (${existing})`);
      this.failed(error);
    }
    if (!statSync(real).isDirectory()) this.refuse(`goes through ${existing}, which is not a folder`);
    const file = join(real, ...missing, basename(path));
    if (!inside(realCwd, file)) {
      this.refuse(
        `resolves to ${file}, outside the working folder ${realCwd} (through the symbolic link at or above ${existing})`,
      );
    }
    return file;
  }

  /** The file's text, or undefined when there is none; never through a link, only a regular file. */
  read(file: string): string | undefined {
    let fd: number;
    try {
      fd = openSync(file, READ_FLAGS);
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return undefined;
      this.failed(error);
    }
    try {
      this.regular(fd);
      return readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  }

  /** Writes `text` as the whole file, creating its missing folders; never through a link. */
  write(file: string, text: string): void {
    let fd: number;
    try {
      mkdirSync(dirname(file), { recursive: true });
      fd = openSync(file, WRITE_FLAGS, 0o666);
    } catch (error) {
      this.failed(error);
    }
    try {
      this.regular(fd);
      ftruncateSync(fd, 0);
      const bytes = Buffer.from(text, 'utf8');
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, done);
    } finally {
      closeSync(fd);
    }
  }

  private regular(fd: number): void {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) this.refuse('is a folder, not a file');
    if (!stat.isFile()) this.refuse('is not a regular file');
  }
}

/** Applies the effect of one outbound message (paths already real); returns what it did. */
export function applyToolEffect(
  message: unknown,
  cwd: string,
  options: ToolEffectOptions,
): ToolEffect | undefined {
  if (!isRecord(message) || message.type !== 'user' || !isRecord(message.tool_use_result)) return undefined;
  const result = message.tool_use_result;
  if (typeof result.filePath !== 'string' || !succeeded(message)) return undefined;
  const isWrite =
    (result.type === 'create' || result.type === 'update') && typeof result.content === 'string';
  const isEdit = !isWrite && typeof result.oldString === 'string' && typeof result.newString === 'string';
  if (!isWrite && !isEdit) return undefined;
  const target = new Target(result.filePath, isWrite ? 'Write' : 'Edit', options.where);
  if (result.filePath.includes('\u0000')) target.refuse('holds a NUL byte');
  const folder = resolve(cwd);
  const path = resolve(folder, result.filePath);
  if (path === folder || /[/\\]$/.test(result.filePath)) target.refuse('names a folder, not a file');
  if (!inside(folder, path)) return undefined;
  let realCwd: string;
  try {
    realCwd = realpathSync(folder);
  } catch (error) {
    throw new ClideError('io', `the working folder ${folder} cannot be resolved`, {
      where: options.where,
      cause: error,
    });
  }
  const file = target.realPath(path, realCwd);
  if (isWrite) {
    target.write(file, result.content as string);
    return { tool: 'Write', path };
  }
  const base =
    target.read(file) ?? (typeof result.originalFile === 'string' ? result.originalFile : undefined);
  if (base === undefined) return undefined;
  const oldString = result.oldString as string;
  const newString = result.newString as string;
  const next =
    result.replaceAll === true
      ? base.split(oldString).join(newString)
      : base.replace(oldString, () => newString);
  target.write(file, next);
  return { tool: 'Edit', path };
}
