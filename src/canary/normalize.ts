import { normalizeSandboxPaths } from '../util/sandbox-paths.js';

/**
 * What the structural comparison ignores in texts: everything a run randomises or that depends on
 * the machine (sandbox paths, ids). Texts are compared only after this, so a redacted baseline
 * fixture (`$CWD`, id placeholders) and a raw live transcript compare equal when they say the same.
 */
const ID_IN_TEXT =
  /(?<![A-Za-z0-9])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9])|(?<![A-Za-z0-9_])(?:srvtoolu|toolu|msg|req)_[A-Za-z0-9_]+/g;
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g;

/** Normalises a text for comparison: sandbox paths → `$CWD`/`$HOME`, ids → `<id>`, timestamps → `<time>`. */
export function normalizeText(text: string): string {
  return normalizeSandboxPaths(text).replace(ISO_TIME, '<time>').replace(ID_IN_TEXT, '<id>');
}

/** One line of a text for messages: normalised, squeezed, cut. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
