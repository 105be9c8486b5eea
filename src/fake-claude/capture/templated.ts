import { isRecord } from '../../util/json.js';

type Json = Record<string, unknown>;

/** Fields filled per message by the fake (`<uuid>`, `<session_id>`, `<timestamp>`). */
const PER_MESSAGE: Record<string, string> = {
  uuid: '<uuid>',
  session_id: '<session_id>',
  timestamp: '<timestamp>',
  logical_parent_uuid: '<uuid>',
};

/**
 * A message the real CLI emitted, as a template the fake fills in (src/fake-claude/scripted/
 * message-kinds/fill.ts): per-message ids and times as `<uuid>`, `<session_id>`, `<timestamp>`;
 * the sandbox's folders (`root` is its root) as `<config-dir>`, `<home>`, `<cwd>`, `<tmpdir>`, its
 * project slug as `{cwdSlug}`; each known value (`knowns`: name → what the run used) as `{name}`,
 * longest first.
 */
export function templated(
  value: unknown,
  root: string,
  knowns: Record<string, string>,
  key?: string,
): unknown {
  if (key !== undefined && key in PER_MESSAGE && typeof value === 'string') return PER_MESSAGE[key];
  if (typeof value === 'string') return templatedText(value, root, knowns);
  if (Array.isArray(value)) return value.map((v) => templated(v, root, knowns));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, templated(v, root, knowns, k)]));
  return value;
}

/** One text as `templated` makes it. */
export function templatedText(text: string, root: string, knowns: Record<string, string>): string {
  const slug = `${root}/work`.replace(/[^a-zA-Z0-9]/g, '-');
  let out = text
    .split(slug)
    .join('{cwdSlug}')
    .replaceAll(`${root}/home/.claude`, '<config-dir>')
    .replaceAll(`${root}/home`, '<home>')
    .replaceAll(`${root}/work`, '<cwd>')
    .replaceAll(root, '<tmpdir>');
  const names = Object.entries(knowns)
    .filter(([, given]) => given !== '')
    .sort(([, a], [, b]) => b.length - a.length);
  for (const [name, given] of names) out = out.split(given).join(`{${name}}`);
  return out;
}

/** `message` with the fields of `whole` replaced by `{=name}` placeholders (fields it lacks stay out). */
export function withWholeValues(message: Json, whole: Record<string, string>): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(message)) out[key] = key in whole ? `{=${whole[key]}}` : value;
  return out;
}

/** The sandbox root of a run whose cwd is `<root>/work`. */
export const sandboxRootOf = (cwd: string) => cwd.replace(/\/work$/, '');
