import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isRecord } from '../../util/json.js';

type Json = Record<string, unknown>;

/** One command hook of a settings file: `{ "type": "command", "command": "…", "timeout": s }`. */
export interface CommandHook {
  command: string;
  /** Seconds before the run is stopped. */
  timeoutS?: number;
}

/** A matcher group of one event: the hooks that run when `matcher` matches. */
export interface CommandHookGroup {
  matcher?: string;
  hooks: CommandHook[];
}

/** Command hooks by event name (`PreToolUse`, `SessionStart`, …). */
export type CommandHookTable = Record<string, CommandHookGroup[]>;

export interface HookSettingsOptions {
  cwd: string;
  configDir: string;
  /** `--setting-sources` (comma-separated: user, project, local); every source when absent. */
  settingSources?: string;
  /** `--settings`: inline JSON or a file. */
  settings?: string;
}

const SOURCE_FILES: Record<string, (o: HookSettingsOptions) => string> = {
  user: (o) => join(o.configDir, 'settings.json'),
  project: (o) => join(o.cwd, '.claude', 'settings.json'),
  local: (o) => join(o.cwd, '.claude', 'settings.local.json'),
};

/**
 * The command hooks of the session's settings, as the real CLI reads them: the `hooks` of the user,
 * project and local settings files (those `--setting-sources` names), then of `--settings`, each
 * event's groups one after the other. A file that is missing or not JSON gives none.
 */
export function loadCommandHooks(options: HookSettingsOptions): CommandHookTable {
  const sources =
    options.settingSources === undefined
      ? Object.keys(SOURCE_FILES)
      : options.settingSources
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s in SOURCE_FILES);
  const settings = sources.map((source) => readJsonFile(SOURCE_FILES[source]!(options)));
  if (options.settings !== undefined) settings.push(readSettingsFlag(options.settings, options.cwd));
  const table: CommandHookTable = {};
  for (const value of settings) {
    const hooks = isRecord(value) && isRecord(value.hooks) ? value.hooks : {};
    for (const [event, groups] of Object.entries(hooks)) {
      if (!Array.isArray(groups)) continue;
      for (const group of groups) {
        const parsed = commandGroup(group);
        if (parsed) table[event] = [...(table[event] ?? []), parsed];
      }
    }
  }
  return table;
}

function commandGroup(group: unknown): CommandHookGroup | undefined {
  if (!isRecord(group) || !Array.isArray(group.hooks)) return undefined;
  const hooks = group.hooks
    .filter((h): h is Json => isRecord(h) && h.type === 'command' && typeof h.command === 'string')
    .map((h) => ({
      command: String(h.command),
      ...(typeof h.timeout === 'number' && h.timeout > 0 ? { timeoutS: h.timeout } : {}),
    }));
  if (hooks.length === 0) return undefined;
  return { ...(typeof group.matcher === 'string' ? { matcher: group.matcher } : {}), hooks };
}

function readSettingsFlag(value: string, cwd: string): unknown {
  const text = value.trim();
  if (text.startsWith('{')) return parseJson(text);
  return readJsonFile(resolve(cwd, value));
}

function readJsonFile(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return parseJson(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A hook matcher against a tool name or an event's source: empty or `*` matches all, else a regex. */
export function matchesHook(matcher: unknown, query: string): boolean {
  if (matcher === undefined || matcher === null || matcher === '' || matcher === '*') return true;
  if (typeof matcher !== 'string') return false;
  try {
    return new RegExp(`^(?:${matcher})$`).test(query);
  } catch {
    return matcher === query;
  }
}
