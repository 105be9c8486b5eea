/**
 * The leak scan's detector for secrets no rule knows: tokens of the credential alphabet
 * (letters, digits, `+ / _ - . = ~`) of 20 to 512 characters that mix upper case, lower case and
 * digits and whose Shannon entropy per character is high (paths and dotted names are judged part
 * by part). Protocol data is allow-listed: the
 * redactor's placeholders, uuids, hex digests (git, sha-1/256), the ids the protocol carries
 * (`toolu_…`, `msg_…`, `req_…`), and the values under keys that hold opaque data rather than
 * credentials (`signature` of thinking blocks, base64 `data` of images and documents).
 */

export const MIN_ENTROPY_TOKEN = 20;
/** Longer runs are data (an image, a bundle), not a credential; PEM keys have their own rule. */
export const MAX_ENTROPY_TOKEN = 512;

const TOKEN = /[A-Za-z0-9+/_=.~-]{20,}/g;

/** Keys whose string values are opaque protocol data, never credentials. */
const ALLOWED_KEYS = new Set(['signature', 'data', 'encrypted_content', 'redacted_thinking']);

const ALLOWED_TOKEN: readonly RegExp[] = [
  // uuids and the placeholders that keep their shape
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  // hex digests and hex ids
  /^(?:0x)?[0-9a-f]+$/i,
  // ids the protocol carries (and their placeholders)
  /^(?:toolu|srvtoolu|msg|req|call|file|msgbatch|chatcmpl|sess|session|run|batch|evt)_[A-Za-z0-9_-]+$/,
];

export function isAllowedKey(key: string | undefined): boolean {
  return key !== undefined && ALLOWED_KEYS.has(key);
}

/** Shannon entropy of `text` in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * The entropy a token of `length` characters must reach: what all but about one in a thousand
 * random base62 (or base64) texts of that length reach (sampled: 3.48 bits at 20 characters, 4.07 at
 * 32, 4.33 at 40, 4.82 at 64), and never more than 4.5 bits.
 */
export function entropyThreshold(length: number): number {
  return Math.min(4.5, Math.log2(length) - 0.85 - 0.0065 * Math.max(0, length - 20));
}

/**
 * Runs of 4+ letters of one case that are words (`clide-sandbox-S9eI5y`, `CamelCaseName2`,
 * `TMPDIR/cc-socks`): a run that reads as one (a quarter or more of its letters vowels, never four
 * consonants in a row), or one that is a whole part of the token (between separators `/ _ - . = ~`
 * or its ends: `TMPDIR`, `socks`). Random base62 or base64 text has runs of one case too (`GPGQ`,
 * `CWEDPY`: about one position in 20 starts one), but their vowels are one letter in five, their
 * consonants cluster and other letters or digits stand beside them; counting those runs as words
 * let about one random AWS secret key in nine through.
 */
const MAX_WORD_SHARE = 0.4;
const SEPARATOR = /[/_.=~-]/;

function readsAsWord(run: string): boolean {
  const vowels = run.match(/[aeiouAEIOU]/g)?.length ?? 0;
  return vowels * 4 >= run.length && !/[^aeiouAEIOU]{4}/.test(run);
}

function wordShare(text: string): number {
  let inWords = 0;
  for (const m of text.matchAll(/[a-z]{4,}|[A-Z][a-z]{3,}|[A-Z]{4,}/g)) {
    const before = text[m.index - 1];
    const after = text[m.index + m[0].length];
    const wholePart =
      (before === undefined || SEPARATOR.test(before)) && (after === undefined || SEPARATOR.test(after));
    if (wholePart || readsAsWord(m[0])) inWords += m[0].length;
  }
  return inWords / text.length;
}

/** True when `token`, taken whole, looks like a random credential (see the module comment). */
function isHighEntropyWord(token: string): boolean {
  const core = token.replace(/^[./=~-]+|[./=~-]+$/g, '');
  if (core.length < MIN_ENTROPY_TOKEN || core.length > MAX_ENTROPY_TOKEN) return false;
  if (!/[a-z]/.test(core) || !/[A-Z]/.test(core) || !/[0-9]/.test(core)) return false;
  if (ALLOWED_TOKEN.some((re) => re.test(core))) return false;
  if (wordShare(core) >= MAX_WORD_SHARE) return false;
  return shannonEntropy(core) >= entropyThreshold(core.length);
}

/** True when `token` looks like a random credential; a path is judged by its segments. */
export function isHighEntropyToken(token: string): boolean {
  // A path (`/tmp/clide-sandbox-AbC123/x.sock`, `./a/b`, `~/x`, a URL's `//`) is not one token.
  if (/^[.~]*\//.test(token) || token.includes('//')) return token.split('/').some(isHighEntropyToken);
  // Dotted names (`com.example.Service2Factory`) and JWTs are judged by their parts.
  if (token.includes('.')) return token.split('.').some(isHighEntropyWord);
  return isHighEntropyWord(token);
}

/** Every high-entropy token in `text`. */
export function findHighEntropy(text: string): string[] {
  return highEntropySpans(text).map((s) => s.value);
}

/** `findHighEntropy` with where each token is. */
export function highEntropySpans(text: string): Array<{ value: string; start: number; end: number }> {
  if (text.length < MIN_ENTROPY_TOKEN) return [];
  const out: Array<{ value: string; start: number; end: number }> = [];
  for (const m of text.matchAll(TOKEN)) {
    if (m[0].length <= MAX_ENTROPY_TOKEN + 8 && isHighEntropyToken(m[0]))
      out.push({ value: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}
