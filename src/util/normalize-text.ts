import { normalizeSandboxPaths } from './sandbox-paths.js';

/**
 * What the structural comparison ignores in texts: everything a run randomises or that depends on
 * the machine (sandbox paths, ids). Texts are compared only after this, so a redacted baseline
 * fixture (`$CWD`, id placeholders) and a raw live transcript compare equal when they say the same.
 * A subagent's id (`a` and 16 hex digits, or the recorder's 17-digit placeholder for it) is an id
 * too: the Agent tool's result names it in its text.
 */
const ID_IN_TEXT =
  /(?<![A-Za-z0-9])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9])|(?<![A-Za-z0-9_])(?:srvtoolu|toolu|msg|req)_[A-Za-z0-9_]+|(?<![A-Za-z0-9])(?:a[0-9a-f]{16}|0{12}[0-9]{5})(?![A-Za-z0-9])/g;
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g;
/** A subagent's run time in the usage lines of the Agent tool's result (`duration_ms: 96</usage>`). */
const USAGE_DURATION = /(\nduration_ms: )\d+(<\/usage>)/g;

/**
 * Texts already normalised, by text: a comparison normalises every string of both runs, and the
 * same texts come again and again (a baseline compared with many runs, the mutation test's
 * mutants). Bounded: emptied when full; long texts are not kept.
 */
const normalized = new Map<string, string>();
const CACHE_ENTRIES = 50_000;
const CACHE_TEXT_CHARS = 16_384;

/** Normalises a text for comparison: sandbox paths → `$CWD`/`$HOME`, ids → `<id>`, timestamps and run times → `<time>`. */
export function normalizeText(text: string): string {
  if (text.length > CACHE_TEXT_CHARS) return normalizeUncached(text);
  let out = normalized.get(text);
  if (out === undefined) {
    if (normalized.size >= CACHE_ENTRIES) normalized.clear();
    out = normalizeUncached(text);
    normalized.set(text, out);
  }
  return out;
}

function normalizeUncached(text: string): string {
  return normalizeSandboxPaths(text)
    .replace(ISO_TIME, '<time>')
    .replace(USAGE_DURATION, '$1<time>$2')
    .replace(ID_IN_TEXT, '<id>');
}

/** One line of a text for messages: normalised, squeezed, cut. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
