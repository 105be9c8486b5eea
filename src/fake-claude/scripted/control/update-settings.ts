import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isRecord } from '../../../util/json.js';
import type { Json } from '../../behaviour/index.js';
import { sessionSettings, settingSourceOn } from './session-settings.js';
import type { ControlHandler, ControlSession } from './types.js';
import { answeredAsUnsupported } from './version-refusal.js';

/** The keys each settings file takes through `update_settings`, and the source `--setting-sources` names it by. */
const FILES: Record<string, { keys: string[]; source: string }> = {
  localSettings: { keys: ['outputStyle'], source: 'local' },
  userSettings: { keys: ['effortLevel'], source: 'user' },
};
const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'];

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Merges `change` into the JSON object of `path` (created with its folder), written as the CLI writes it. */
function mergeInto(path: string, change: (settings: Json) => void): void {
  let settings: Json = {};
  try {
    const parsed: unknown = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
    if (isRecord(parsed)) settings = parsed;
  } catch {
    settings = {};
  }
  change(settings);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`);
}

/** Why 2.1.332 refuses the request (its texts), or `undefined`. */
function refusal(session: ControlSession, request: Json): { error: string; extra?: Json } | undefined {
  const source = String(request.source);
  const file = FILES[source];
  if (!file) return { error: `update_settings: unsupported source ${source}` };
  const settings = request.settings;
  if (!isRecord(settings)) {
    return { error: `update_settings requires \`settings\` to be an object, got ${kindOf(settings)}` };
  }
  if (!settingSourceOn(session, file.source)) {
    return {
      error: `update_settings: the ${source} source is disabled for this session (--setting-sources)`,
    };
  }
  const keys = Object.keys(settings);
  if (keys.length === 0) return { error: 'update_settings requires at least one key' };
  const foreign = keys.filter((k) => !file.keys.includes(k));
  if (foreign.length > 0) return { error: `update_settings keys not allowed: ${foreign.join(', ')}` };
  const notStrings = keys.filter((k) => typeof settings[k] !== 'string');
  if (notStrings.length > 0) {
    return {
      error: `update_settings values must be strings (deletion is not supported): ${notStrings.join(', ')}`,
    };
  }
  if (typeof settings.effortLevel === 'string' && !EFFORT_LEVELS.includes(settings.effortLevel)) {
    return {
      error: `update_settings: effortLevel must be one of ${EFFORT_LEVELS.join(', ')}`,
      extra: { error_code: 'invalid_effort_level' },
    };
  }
  return undefined;
}

/**
 * `update_settings` (2.1.332; 2.1.150 answers it "unsupported"): writes an allowed key into a
 * settings file and applies it live. `localSettings` takes `outputStyle` (into
 * `<cwd>/.claude/settings.local.json`; the session's output style from then on), `userSettings`
 * takes `effortLevel`, saved for the session's current model under `modelSettings` of the user's
 * `settings.json` (`max` is never written), without changing the running session's level. What is
 * refused, with 2.1.332's texts: another source, a source `--setting-sources` leaves out, no key,
 * a key the file does not take, a value that is not a string, an unknown effort level.
 */
export const updateSettings: ControlHandler = {
  subtype: 'update_settings',
  handle(session, request, requestId) {
    if (answeredAsUnsupported(session, request, requestId)) return;
    const refused = refusal(session, request);
    if (refused) {
      session.replyError(requestId, refused.error, refused.extra);
      return;
    }
    const settings = request.settings as Record<string, string>;
    const facts = session.facts();
    if (request.source === 'localSettings' && settings.outputStyle !== undefined) {
      const outputStyle = settings.outputStyle;
      mergeInto(join(facts.cwd, '.claude', 'settings.local.json'), (s) => {
        s.outputStyle = outputStyle;
      });
      sessionSettings(session).localOutputStyle = outputStyle;
    }
    if (
      request.source === 'userSettings' &&
      settings.effortLevel !== undefined &&
      settings.effortLevel !== 'max'
    ) {
      const level = settings.effortLevel;
      const model = session.model.replace(/\[1m\]$/i, '');
      mergeInto(join(facts.configDir, 'settings.json'), (s) => {
        const perModel = isRecord(s.modelSettings) ? s.modelSettings : {};
        const entry = isRecord(perModel[model]) ? perModel[model] : {};
        s.modelSettings = { ...perModel, [model]: { ...entry, effortLevel: level } };
      });
    }
    session.reply(requestId, {});
  },
};
