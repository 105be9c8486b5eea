import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { isRecord } from '../util/json.js';

/**
 * Replays the file effects of the cheap tools so a client sees them on disk: when the recorded CLI
 * reports a successful Write (`tool_use_result: {type:'create'|'update', filePath, content}`) or
 * Edit (`{filePath, oldString, newString, replaceAll?, originalFile}`), the same change is made
 * before the tool result is sent, exactly as the real CLI does. Only inside the working folder;
 * anything else (Bash, MCP tools) is never re-run.
 */

type Json = Record<string, unknown>;

export interface ToolEffect {
  tool: 'Write' | 'Edit';
  path: string;
}

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

/** Applies the effect of one outbound message (paths already real); returns what it did. */
export function applyToolEffect(message: unknown, cwd: string): ToolEffect | undefined {
  if (!isRecord(message) || message.type !== 'user' || !isRecord(message.tool_use_result)) return undefined;
  const result = message.tool_use_result;
  if (typeof result.filePath !== 'string' || !succeeded(message)) return undefined;
  const path = resolve(cwd, result.filePath);
  if (!inside(resolve(cwd), path)) return undefined;
  if ((result.type === 'create' || result.type === 'update') && typeof result.content === 'string') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, result.content);
    return { tool: 'Write', path };
  }
  if (typeof result.oldString === 'string' && typeof result.newString === 'string') {
    const base = existsSync(path)
      ? readFileSync(path, 'utf8')
      : typeof result.originalFile === 'string'
        ? result.originalFile
        : undefined;
    if (base === undefined) return undefined;
    const { oldString, newString } = result;
    const next =
      result.replaceAll === true
        ? base.split(oldString).join(newString)
        : base.replace(oldString, () => newString);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, next);
    return { tool: 'Edit', path };
  }
  return undefined;
}
