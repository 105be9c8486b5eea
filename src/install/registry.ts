import { ClideError } from '../errors/index.js';
import { npmErrorCode, npmFailure, runNpm } from './npm.js';
import type { RegistryOptions } from './types.js';
import { assertVersionSpec, CLAUDE_PACKAGE, isExactVersion } from './version-spec.js';

/**
 * Resolves `latest`, any other dist-tag, or an exact version to the exact published version, via
 * `npm view @anthropic-ai/claude-code@<spec> version --json`. An unpublished version or unknown
 * tag is a ClideError('install') naming it.
 */
export async function resolveVersion(spec: string, options: RegistryOptions = {}): Promise<string> {
  assertVersionSpec(spec);
  const where = `${CLAUDE_PACKAGE}@${spec}`;
  const result = await runNpm(['view', `${CLAUDE_PACKAGE}@${spec}`, 'version', '--json'], {
    npm: options.npm,
    timeoutMs: 120_000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!result.ok) {
    const code = npmErrorCode(result);
    if (code === 'E404' || code === 'ETARGET') throw notPublished(spec);
    throw npmFailure(`npm view ${where}`, result, where);
  }
  const text = result.stdout.trim();
  if (text === '') throw notPublished(spec);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ClideError(
      'install',
      `npm view ${where} printed something that is not JSON: ${text.slice(0, 200)}`,
      {
        where,
        cause: error,
      },
    );
  }
  // A spec matching several versions yields an array, oldest first.
  const version = Array.isArray(parsed) ? parsed.at(-1) : parsed;
  if (typeof version !== 'string' || !isExactVersion(version)) {
    throw new ClideError(
      'install',
      `npm view ${where} did not name one exact version: ${text.slice(0, 200)}`,
      {
        where,
      },
    );
  }
  return version;
}

/** Every published version of the CLI, oldest first (`npm view @anthropic-ai/claude-code versions --json`). */
export async function listPublishedVersions(options: RegistryOptions = {}): Promise<string[]> {
  const result = await runNpm(['view', CLAUDE_PACKAGE, 'versions', '--json'], {
    npm: options.npm,
    timeoutMs: 120_000,
  });
  if (!result.ok) throw npmFailure(`npm view ${CLAUDE_PACKAGE} versions`, result, CLAUDE_PACKAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.stdout);
  } catch (error) {
    throw new ClideError(
      'install',
      `npm view ${CLAUDE_PACKAGE} versions printed something that is not JSON`,
      {
        where: CLAUDE_PACKAGE,
        cause: error,
      },
    );
  }
  const list = typeof parsed === 'string' ? [parsed] : parsed;
  if (!Array.isArray(list) || !list.every((v): v is string => typeof v === 'string')) {
    throw new ClideError('install', `npm view ${CLAUDE_PACKAGE} versions did not print a list of versions`, {
      where: CLAUDE_PACKAGE,
    });
  }
  return list;
}

export function notPublished(spec: string): ClideError {
  return new ClideError('install', `${CLAUDE_PACKAGE}@${spec} is not published on the npm registry`, {
    hint: 'check the version (`npm view @anthropic-ai/claude-code versions --json` lists them), or use `clide-conformance install latest`',
  });
}
