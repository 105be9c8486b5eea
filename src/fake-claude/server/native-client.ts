import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { packageInfo } from '../../config/package-info.js';
import { cacheRoot } from '../../install/cache-root.js';

/**
 * The native client of the fake server (native/fake-client.c): a `claude`-compatible executable
 * that carries a session to the server with no Node process, so a served session starts in the
 * time a C program does instead of the time any Node program does. It is built on the user's
 * machine with the machine's C compiler (`$CC`, else `cc`), once per kit version, Node binary,
 * compiler and platform, into the kit's cache (`<cache>/fake-client/<key>/fake-claude`); a machine
 * without a compiler keeps `bin/fake-claude` as the client.
 */

export type NativeClient =
  | { ok: true; path: string }
  | { ok: false /** Why there is none (no compiler, a failed build), for a log line. */; problem: string };

export interface NativeClientOptions {
  /** The kit's cache root (default: `cacheRoot()`: `CLIDE_CACHE_DIR`, XDG, or `~/.cache/clide-conformance`). */
  cacheDir?: string;
  /** The C compiler (default: `$CC`, else `cc`). */
  compiler?: string;
  /** The environment the compiler runs in (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** What the client runs when no server takes a session (default: this kit's bin/fake-claude). */
  fallback?: string;
}

/** The kit's own `bin/fake-claude`: what the native client runs when no server takes a session. */
export function fakeClaudeBin(): string {
  return join(packageInfo().root, 'bin', 'fake-claude');
}

/** The native client, built now if this machine has none of this key yet. Never throws. */
export async function nativeClient(options: NativeClientOptions = {}): Promise<NativeClient> {
  const env = options.env ?? process.env;
  const compiler = options.compiler ?? (env.CC?.trim() || 'cc');
  const root = packageInfo().root;
  const sourceFile = join(root, 'native', 'fake-client.c');
  let source: string;
  try {
    source = readFileSync(sourceFile, 'utf8');
  } catch (error) {
    return { ok: false, problem: `its source ${sourceFile} cannot be read: ${(error as Error).message}` };
  }
  const config = configHeader(packageInfo().version, process.execPath, options.fallback ?? fakeClaudeBin());
  const key = createHash('sha256')
    .update([source, config, compiler, process.platform, process.arch].join('\0'))
    .digest('hex')
    .slice(0, 16);
  const folder = join(options.cacheDir ?? cacheRoot(env), 'fake-client');
  const target = join(folder, key);
  const executable = join(target, 'fake-claude');
  if (existsSync(executable)) return { ok: true, path: executable };
  let work: string;
  try {
    mkdirSync(folder, { recursive: true });
    work = mkdtempSync(join(folder, `.build-${key}-`));
  } catch (error) {
    return {
      ok: false,
      problem: `the cache folder ${folder} cannot be written: ${(error as Error).message}`,
    };
  }
  try {
    writeFileSync(join(work, 'fake-client.c'), source);
    writeFileSync(join(work, 'fake-client-config.h'), config);
    const built = await execa(compiler, ['-O2', '-o', 'fake-claude', 'fake-client.c'], {
      cwd: work,
      env,
      reject: false,
      timeout: 120_000,
      stdin: 'ignore',
    });
    if (built.failed) {
      const why =
        built.exitCode === undefined
          ? (built.originalMessage ?? built.shortMessage)
          : `exit ${built.exitCode}: ${String(built.stderr).trim().split('\n').slice(-3).join(' | ')}`;
      return { ok: false, problem: `${compiler} could not build it (${why})` };
    }
    try {
      renameSync(work, target);
    } catch {
      // Another process built the same key first: its build is the same.
      if (!existsSync(executable)) throw new Error(`${target} could not be made`);
    }
    return { ok: true, path: executable };
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** fake-client-config.h: the build's constants as C string literals. */
export function configHeader(kitVersion: string, node: string, fallback: string): string {
  return [
    '/* Written by clide-conformance for one build of native/fake-client.c. */',
    `#define CLIDE_KIT_VERSION ${cString(kitVersion)}`,
    `#define CLIDE_NODE ${cString(node)}`,
    `#define CLIDE_FALLBACK ${cString(fallback)}`,
    '',
  ].join('\n');
}

/** A C string literal of `text`'s UTF-8 bytes: printable ASCII as it is, the rest as octal escapes. */
export function cString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f && byte !== 0x3f) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}
