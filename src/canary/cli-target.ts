import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { execa } from 'execa';
import { packageInfo } from '../config/package-info.js';
import { ClideError } from '../errors/index.js';
import { ensureInstalled, isExactVersion, resolveVersion } from '../install/index.js';

/** The CLI a canary runs against. */
export interface CliTarget {
  version: string;
  binary: string;
}

export interface CliTargetOptions {
  /** An exact version or a dist-tag (`latest`); installed into the cache when missing. */
  ccVersion?: string;
  /** A binary to use as it is (its version is asked with `--version`). */
  claudePath?: string;
  onProgress?: (line: string) => void;
  /** Aborted (SIGINT / SIGTERM): an install under way is stopped at once (npm killed). */
  signal?: AbortSignal;
}

const VERSION_OUTPUT = /^(\d+\.\d+\.\d+\S*) \(Claude Code\)/;

/** Finds or installs the CLI to run: `--claude PATH`, else `--cc-version V`, else the pinned version. */
export async function resolveCliTarget(options: CliTargetOptions): Promise<CliTarget> {
  if (options.claudePath !== undefined && options.ccVersion !== undefined) {
    throw new ClideError('usage', '--cc-version and --claude exclude each other', {
      hint: 'give the version to install, or the binary to run, not both',
    });
  }
  if (options.claudePath !== undefined) return binaryTarget(resolve(options.claudePath));
  const requested = options.ccVersion ?? packageInfo().pinned;
  const signal = options.signal ? { signal: options.signal } : {};
  const version = isExactVersion(requested) ? requested : await resolveVersion(requested, signal);
  if (version !== requested) options.onProgress?.(`${requested} is ${version}`);
  const installed = await ensureInstalled(version, { onProgress: options.onProgress, ...signal });
  return { version: installed.version, binary: installed.binaryPath };
}

async function binaryTarget(binary: string): Promise<CliTarget> {
  if (!existsSync(binary)) {
    throw new ClideError('usage', 'the claude binary does not exist', {
      where: binary,
      hint: 'check --claude',
    });
  }
  const result = await execa(binary, ['--version'], {
    reject: false,
    stdin: 'ignore',
    timeout: 60_000,
    extendEnv: false,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    },
  });
  const out = String(result.stdout ?? '').trim();
  const match = VERSION_OUTPUT.exec(out);
  if (!match) {
    throw new ClideError(
      'usage',
      `\`--version\` printed ${JSON.stringify(out.slice(0, 120))}, not "<version> (Claude Code)"`,
      {
        where: binary,
        hint: '--claude must point at a Claude Code CLI binary',
      },
    );
  }
  return { version: match[1]!, binary };
}
