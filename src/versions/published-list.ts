import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ClideError } from '../errors/index.js';
import { listPublishedVersions } from '../install/index.js';

/**
 * npm's list of published CLI versions: from `file` (a JSON array of version strings, e.g. saved
 * from `npm view @anthropic-ai/claude-code versions --json`, for a machine without the registry),
 * else from the registry.
 */
export async function loadPublishedVersions(file?: string): Promise<string[]> {
  if (file === undefined) return listPublishedVersions();
  const path = resolve(file);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ClideError('usage', `cannot read the version list: ${(error as Error).message}`, {
      where: path,
      hint: 'save it with `npm view @anthropic-ai/claude-code versions --json > versions.json`',
      cause: error,
    });
  }
  if (!Array.isArray(data) || !data.every((v): v is string => typeof v === 'string')) {
    throw new ClideError('usage', 'the version list is not a JSON array of version strings', {
      where: path,
    });
  }
  return data;
}
