import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fchmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ClideError } from '../../errors/index.js';
import { TOKEN_BYTES, tokenPath } from './frames.js';

/**
 * Where the fake server's socket lives, and who may reach it. Two gates, each enough on its own
 * against another user:
 *
 * - The socket's place. The socket is made 0600 whatever the umask, in a folder that is its
 *   user's and private (0700, no one else may enter). Without a path that folder is a new one; a
 *   path's folder that does not exist is made so (and removed on close); an existing folder must
 *   already be so, or the server does not start. A socket left at the path by a server that died
 *   is replaced; that of a live server never is.
 * - A token only the server's user can read. Node cannot read a peer's credentials
 *   (`SO_PEERCRED` / `getpeereid` need a native addon), so the server proves its peer's user
 *   otherwise: it writes 32 random bytes (64 hex digits) to `<socket>.token` (frames.ts's
 *   `tokenPath`), 0600 in that private folder, and takes no hello without them. A process of
 *   another user that reaches the socket anyway (a socket whose modes were opened later, a
 *   system that ignores a socket file's modes, a connection handed over) cannot read the token,
 *   so it gets no session. The file is made whole under a name of its own with O_EXCL and renamed
 *   into place (a client never reads half of it), and removed on close. Decision 17.
 */

/** Longest socket path Linux takes (sun_path is 108 bytes with its NUL); macOS takes 103. */
const MAX_SOCKET_PATH = process.platform === 'darwin' ? 103 : 107;

export interface SocketPlace {
  socketPath: string;
  /** A folder the server made for the socket: removed with it. */
  ownFolder?: string;
  /** The token the server wrote beside the socket (`writeToken`): removed with it. */
  token?: string;
}

function octal(mode: number): string {
  return (mode & 0o7777).toString(8);
}

const FOLDER_PREFIX = 'clide-fake-server-';

/**
 * Where the server makes its own folder: the temporary folder, or /tmp when a socket in there
 * would be too long a path (a long TMPDIR, as macOS's and nested test runs' are), as the real CLI
 * moves its own messaging socket to /tmp then. The folder is private (0700) either way.
 */
function defaultParent(): string {
  const base = tmpdir();
  const longest = join(base, `${FOLDER_PREFIX}XXXXXX`, 'fake.sock');
  return Buffer.byteLength(longest) <= MAX_SOCKET_PATH ? base : '/tmp';
}

/** The socket's path and folder, checked (and the folder made when there is none). */
export function socketPlace(socketPath: string | undefined): SocketPlace {
  if (socketPath === undefined) {
    const ownFolder = mkdtempSync(join(defaultParent(), FOLDER_PREFIX));
    const place = { socketPath: join(ownFolder, 'fake.sock'), ownFolder };
    checkLength(place);
    return place;
  }
  const place: SocketPlace = { socketPath };
  checkLength(place);
  const folder = dirname(resolve(socketPath));
  try {
    lstatSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw placeError(folder, `cannot be read`, error);
    try {
      mkdirSync(folder, { mode: 0o700 });
    } catch (made) {
      throw placeError(folder, 'does not exist and cannot be made', made);
    }
    place.ownFolder = folder;
  }
  if (place.ownFolder) chmodSync(folder, 0o700);
  checkPrivate(folder);
  checkTokenPlace(place);
  return place;
}

/** A token file: 64 hex digits, as `writeToken` writes it (what a server that died leaves). */
const TOKEN_TEXT = new RegExp(`^[0-9a-f]{${TOKEN_BYTES * 2}}$`);

/**
 * Nothing but a token (one a server that died left) is at the token's path: a file of the user's
 * own that happens to be there is never replaced.
 */
function checkTokenPlace(place: SocketPlace): void {
  const path = tokenPath(place.socketPath);
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    return;
  }
  const isToken = (() => {
    if (!stat.isFile() || stat.size !== TOKEN_BYTES * 2) return false;
    try {
      return TOKEN_TEXT.test(readFileSync(path, 'utf8'));
    } catch {
      return false;
    }
  })();
  if (isToken) return;
  throw new ClideError(
    'usage',
    `the fake server's token file ${path} is taken by a file that is no token of a fake server`,
    { where: path, hint: 'pick another socket path, or remove that file' },
  );
}

/** A new token: `TOKEN_BYTES` random bytes as hex digits. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('hex');
}

/**
 * Writes `token` to the place's token file, 0600 whatever the umask: made whole under a name of
 * its own (O_EXCL: never a file or link already there) and renamed over the token path, so a
 * client reads the whole token or none, and a token a dead server left is replaced at once.
 * Called once the server listens (so no live server's token is replaced).
 */
export function writeToken(place: SocketPlace, token: string): void {
  const path = tokenPath(place.socketPath);
  const making = `${path}.${randomBytes(6).toString('hex')}`;
  try {
    const fd = openSync(making, 'wx', 0o600);
    try {
      fchmodSync(fd, 0o600);
      writeSync(fd, token);
    } finally {
      closeSync(fd);
    }
    renameSync(making, path);
  } catch (error) {
    rmSync(making, { force: true });
    throw new ClideError(
      'io',
      `the fake server cannot write its token file ${path}: ${(error as Error).message}`,
      {
        where: path,
        cause: error,
      },
    );
  }
  place.token = token;
}

/** Removes the token file, when it still holds this server's token. */
function removeToken(place: SocketPlace): void {
  if (place.token === undefined) return;
  const path = tokenPath(place.socketPath);
  try {
    if (readFileSync(path, 'utf8') === place.token) unlinkSync(path);
  } catch {}
  delete place.token;
}

function checkLength(place: SocketPlace): void {
  const bytes = Buffer.byteLength(place.socketPath);
  if (bytes <= MAX_SOCKET_PATH) return;
  if (place.ownFolder) rmSync(place.ownFolder, { recursive: true, force: true });
  throw new ClideError(
    'usage',
    `the fake server's socket path is ${bytes} bytes long, over the ${MAX_SOCKET_PATH} a Unix socket path may have`,
    { where: place.socketPath, hint: 'pass a shorter socketPath (or --socket), e.g. under /tmp' },
  );
}

function placeError(folder: string, what: string, cause?: unknown): ClideError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return new ClideError(
    'usage',
    `the fake server's socket folder ${folder} ${what}${code ? ` (${code})` : ''}`,
    {
      where: folder,
      hint: 'pass a --socket (socketPath) in a folder of your own that only you may enter (chmod 700), or none: the server then makes such a folder',
      ...(cause === undefined ? {} : { cause }),
    },
  );
}

/** The folder (what it leads to, if a link) is a folder of this user that no one else may enter. */
function checkPrivate(folder: string): void {
  const real = realpathSync(folder);
  const stat = statSync(real);
  const shown = real === folder ? folder : `${folder} (${real})`;
  if (!stat.isDirectory()) throw placeError(shown, 'is not a folder');
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid)
    throw placeError(shown, `belongs to uid ${stat.uid}, not to uid ${uid}`);
  if ((stat.mode & 0o077) !== 0)
    throw placeError(shown, `is not private: mode ${octal(stat.mode)}, where only its owner may enter (700)`);
}

/** Whether a server answers at the socket `path` (a live one), or none does (a stale socket). */
function liveSocket(path: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      done(true);
    });
    probe.once('error', () => done(false));
  });
}

async function tryListen(server: Server, path: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((done) => {
    const failed = (error: NodeJS.ErrnoException) => done(error);
    server.once('error', failed);
    server.listen(path, () => {
      server.off('error', failed);
      done(undefined);
    });
  });
}

/**
 * Listens at the place's socket, made 0600; a socket a dead server left there is replaced. The
 * place's own folder is removed again when it cannot listen.
 */
export async function listenAt(server: Server, place: SocketPlace): Promise<void> {
  const { socketPath } = place;
  let error = await tryListen(server, socketPath);
  let why: string | undefined;
  if (error?.code === 'EADDRINUSE') {
    const isSocket = (() => {
      try {
        return lstatSync(socketPath).isSocket();
      } catch {
        return false;
      }
    })();
    if (isSocket && !(await liveSocket(socketPath))) {
      // A dead server's socket, in a folder that is ours alone: nobody else can have put it there.
      unlinkSync(socketPath);
      error = await tryListen(server, socketPath);
    } else if (isSocket) why = 'another server listens there';
  }
  if (error) {
    removeOwnFolder(place);
    const code = error.code;
    throw new ClideError(
      'usage',
      `the fake server cannot listen on ${socketPath}: ${why ?? code ?? String(error)}`,
      {
        where: socketPath,
        hint: why
          ? 'stop that server first, or pick another path'
          : code === 'EADDRINUSE'
            ? 'a file is there already: pick another path or remove it'
            : 'pick a path in a folder you may write',
      },
    );
  }
  // Whatever the umask: only this user may connect.
  chmodSync(socketPath, 0o600);
}

/** Removes the token file and the socket, and the folder the server made for them. */
export function removeSocket(place: SocketPlace): void {
  // The token first: once the socket is gone, another server may take the path and its token's.
  removeToken(place);
  rmSync(place.socketPath, { force: true });
  removeOwnFolder(place);
}

/** The folder the server made, when it is empty: whatever else someone put there stays. */
function removeOwnFolder(place: SocketPlace): void {
  if (!place.ownFolder) return;
  try {
    rmdirSync(place.ownFolder);
  } catch {}
}
