import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../util/json.js';

/**
 * The device id the CLI puts in every request's `metadata.user_id`: the `userID` of its global
 * config (`$CLAUDE_CONFIG_DIR/.claude.json`, else `~/.claude.json`), 64 hex digits made on first
 * use. The fake reads it there; where there is no such file it writes one holding only that id
 * (as the real CLI does on a fresh HOME), and it never rewrites an existing file.
 */
export function deviceId(env: Record<string, string | undefined>): string {
  const file = env.CLAUDE_CONFIG_DIR
    ? join(env.CLAUDE_CONFIG_DIR, '.claude.json')
    : join(env.HOME ?? '/tmp', '.claude.json');
  try {
    if (existsSync(file)) {
      const config: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isRecord(config) && typeof config.userID === 'string') return config.userID;
      return randomBytes(32).toString('hex');
    }
    const id = randomBytes(32).toString('hex');
    writeFileSync(file, `${JSON.stringify({ userID: id }, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return id;
  } catch {
    return randomBytes(32).toString('hex');
  }
}
