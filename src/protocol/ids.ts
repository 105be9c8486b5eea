import { createHash, randomBytes } from 'node:crypto';
import { isRecord } from '../util/json.js';
/**
 * Id placeholders: the CLI randomises session ids, uuids, request ids, `toolu_…` tool-use ids,
 * `msg_…` message ids, `req_…` API request ids, … Transcripts are compared (and fixtures redacted)
 * with every such id replaced by a stable, shape-preserving placeholder:
 *
 * - a UUID becomes `00000000-0000-4000-8000-00000000000N` (still a valid v4 UUID);
 * - a prefixed id keeps its letter-only prefix and body length: `toolu_01AbC…` → `toolu_0000…N`,
 *   `msg_1` → `msg_N`, `init-1` → `init-N`;
 * - anything else becomes a zero-padded counter of the same length (`k3j4h5g6f7d8s` → `0000000000001`).
 *
 * Numbering is per shape family and follows the order of first appearance, so normalising is
 * deterministic and idempotent (normalised data normalises to itself).
 *
 * Numbered placeholders are kept (both ways) for the whole session, about 350 bytes an id. A
 * mapping with `maxNumbered` (the redactor's: {@link MAX_NUMBERED_IDS}) numbers that many distinct
 * ids and no more: beyond, an id that looks like one (`looksLikeId`: found in any text by
 * `idsInText`) and whose shape holds 64 bits or more gets a **hashed** placeholder, derived from
 * a keyed hash of the id (SHA-256, a key random per mapping and never written) and kept nowhere,
 * so the same id still maps to the same placeholder wherever it appears, with no memory:
 *
 * - a UUID becomes `00000000-hhhh-4hhh-bhhh-hhhhhhhhhhhh` (a valid v4 UUID, 88 bits of hash; the
 *   variant nibble `b` tells it from a numbered one);
 * - a prefixed id with a body of 18+ characters keeps its prefix and body length, the body
 *   becoming `0x` and hex digits: `toolu_01AbC…` (24) → `toolu_0x3f9a…` (24);
 * - any other id (opaque, short) is numbered beyond the cap all the same: `idsInText` would not
 *   find it in a text, or its shape holds too few bits to hash without collisions. Such ids are
 *   rare (task and agent ids, client-chosen request ids); the protocol's many ids (the uuid of
 *   every stream event, message and tool-use ids) are uuids and prefixed ids.
 *
 * A hashed placeholder met again maps to itself, so normalising stays idempotent. What a hashed id
 * stands for is not kept: `originalOf`, `restoreIn` and `entries` know the numbered ids only.
 */

/**
 * Distinct ids the redactor numbers before it hashes (see above): far more than a scenario or an
 * ordinary session brings (the committed fixtures hold at most a few dozen), about 3.5 MB of
 * mapping at most.
 */
export const MAX_NUMBERED_IDS = 10_000;

export interface IdPlaceholdersOptions {
  /** Distinct ids numbered (and kept) at most; beyond, hashed placeholders. Default: no limit. */
  maxNumbered?: number;
  /** The key of the hashed placeholders. Default: 32 random bytes (tests pass one). */
  hashKey?: Uint8Array;
}

/** Keys whose string values are ids wherever they appear (plus `id`, see {@link NormalizeIdsOptions}). */
export const DEFAULT_ID_KEYS: readonly string[] = [
  'session_id',
  'sessionId',
  'uuid',
  'request_id',
  'tool_use_id',
  'toolUseId',
  'claudecode/toolUseId',
  'parent_tool_use_id',
  'preceding_tool_use_ids',
  'message_uuid',
  'parent_uuid',
  'parentUuid',
  'anchor_uuid',
  'head_uuid',
  'tail_uuid',
  'user_message_id',
  'task_id',
  'agent_id',
  // A task's run (2.1.332's task messages).
  'run_id',
  'hook_id',
  'elicitation_id',
  'file_id',
];

/** `type` values of objects whose `id` is a generated id (messages and tool-use blocks). */
const ID_BEARING_TYPES = /^(message|.*tool_use)$/;

const UUID_FULL = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Letter-only prefix segments ending in `_` or `-`, then an alphanumeric body. */
const PREFIXED_FULL = /^((?:[A-Za-z]+[_-])+)([A-Za-z0-9]+)$/;
/** Id-looking substrings found in any text: UUIDs and Anthropic-style prefixed ids. */
const ID_IN_TEXT =
  /(?<![A-Za-z0-9])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9])|(?<![A-Za-z0-9_])(?:srvtoolu|toolu|msg|req)_(?:[a-z]+_)?[0-9][A-Za-z0-9]*/g;

/** Ids at least this long are replaced inside any string; shorter ones only as whole id-key values. */
const STRONG_LENGTH = 8;

export interface IdEntry {
  original: string;
  placeholder: string;
  /** Replaced inside any text, not only as a whole id value. */
  strong: boolean;
}

/** True when `value` looks like a generated id (a UUID or an Anthropic-style prefixed id). */
export function looksLikeId(value: string): boolean {
  const m = new RegExp(ID_IN_TEXT.source).exec(value);
  return m !== null && m.index === 0 && m[0].length === value.length;
}

/** The id-looking substrings of `text`, in order. */
export function idsInText(text: string): string[] {
  // Every id has a `-` (a UUID) or a `_` (a prefixed id): text without either has none.
  if (!text.includes('-') && !text.includes('_')) return [];
  // The shared regex from the start, run to the end before returning (nothing else runs meanwhile).
  const found: string[] = [];
  ID_IN_TEXT.lastIndex = 0;
  for (let m = ID_IN_TEXT.exec(text); m !== null; m = ID_IN_TEXT.exec(text)) found.push(m[0]);
  ID_IN_TEXT.lastIndex = 0;
  return found;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Bodies of prefixed ids shorter than this are never hashed (under 64 bits of hash: collisions). */
const MIN_HASHED_BODY = 18;
const HASHED_UUID = /^00000000-[0-9a-f]{4}-4[0-9a-f]{3}-b[0-9a-f]{3}-[0-9a-f]{12}$/;
const HASHED_PREFIXED = new RegExp(`^(?:[A-Za-z]+[_-])+0x[0-9a-f]{${MIN_HASHED_BODY - 2},}$`);

/** True when `value` is a hashed placeholder (see the module comment). */
export function isHashedPlaceholder(value: string): boolean {
  return HASHED_UUID.test(value) || HASHED_PREFIXED.test(value);
}

/** How many hashed placeholders are remembered (a message names an id more than once). */
const HASH_CACHE = 1024;

/**
 * A bijection between id values and placeholders. The same value always gets the same
 * placeholder, distinct values distinct placeholders; the reverse map serves replay rebinding.
 */
export class IdPlaceholders {
  private readonly toPlaceholder = new Map<string, IdEntry>();
  private readonly toOriginal = new Map<string, IdEntry>();
  private readonly counters = new Map<string, number>();
  /** Strong ids → placeholders, and back, for replacement inside texts. */
  private readonly forward = new Substituter();
  private readonly reverse = new Substituter();
  private readonly maxNumbered: number;
  private readonly hashKey: Uint8Array;
  /** The last hashed placeholders made (cleared when full): bounded. */
  private readonly hashCache = new Map<string, string>();
  private hashedLearnt = 0;

  constructor(options: IdPlaceholdersOptions = {}) {
    this.maxNumbered = options.maxNumbered ?? Number.POSITIVE_INFINITY;
    this.hashKey = options.hashKey ?? randomBytes(32);
  }

  /** Number of distinct ids known (numbered). */
  get size(): number {
    return this.toPlaceholder.size;
  }

  /** Ids given a hashed placeholder by `learn` (each time: they are not remembered). */
  get hashedCount(): number {
    return this.hashedLearnt;
  }

  /** True once `maxNumbered` ids are numbered: ids new from then on are hashed when they can be. */
  get full(): boolean {
    return this.toPlaceholder.size >= this.maxNumbered;
  }

  /**
   * Learns `value` (if new) and returns its placeholder. `strong` forces (true) or forbids
   * (false) replacement inside longer texts; by default ids of 8+ characters and id-looking
   * values are strong. Learning an id again can only make it stronger.
   */
  learn(value: string, strong?: boolean): string {
    const known = this.toPlaceholder.get(value);
    const isStrong = strong ?? (value.length >= STRONG_LENGTH || looksLikeId(value));
    if (known) {
      if (isStrong && !known.strong) {
        known.strong = true;
        this.forward.add(known.original, known.placeholder);
        this.reverse.add(known.placeholder, known.original);
      }
      return known.placeholder;
    }
    if (this.full && looksLikeId(value)) {
      const hashed = this.hashedOf(value);
      if (hashed !== undefined) {
        this.hashedLearnt += 1;
        return hashed;
      }
    }
    const entry: IdEntry = { original: value, placeholder: this.nextPlaceholder(value), strong: isStrong };
    this.add(entry);
    return entry.placeholder;
  }

  /**
   * Pins `original` to `placeholder` (e.g. a replayer binding the live id it just saw to the
   * fixture's placeholder). Returns false, changing nothing, when either side is already bound
   * to something else; true when bound (or already bound exactly so).
   */
  bind(original: string, placeholder: string, strong?: boolean): boolean {
    const a = this.toPlaceholder.get(original);
    const b = this.toOriginal.get(placeholder);
    if (a || b) return a !== undefined && a === b;
    this.add({
      original,
      placeholder,
      strong: strong ?? (original.length >= STRONG_LENGTH || looksLikeId(original)),
    });
    return true;
  }

  has(value: string): boolean {
    return this.toPlaceholder.has(value);
  }

  placeholderFor(value: string): string | undefined {
    return this.toPlaceholder.get(value)?.placeholder;
  }

  /** The reverse map: the original id a placeholder stands for. */
  originalOf(placeholder: string): string | undefined {
    return this.toOriginal.get(placeholder)?.original;
  }

  /** Every mapping, in order of first appearance. */
  entries(): IdEntry[] {
    return [...this.toPlaceholder.values()].map((e) => ({ ...e }));
  }

  /**
   * Replaces every known strong id occurring in `text` (all at once, longest first). Once `full`,
   * every id-looking substring (`idsInText`) that is not known and can be hashed gets its hashed
   * placeholder first: what `learn` would have given it.
   */
  replaceIn(text: string): string {
    return this.forward.apply(this.full ? this.hashIn(text) : text);
  }

  /** `text` with every id-looking substring that is not known replaced by its hashed placeholder. */
  private hashIn(text: string): string {
    if (!text.includes('-') && !text.includes('_')) return text;
    let out: string[] | undefined;
    let last = 0;
    ID_IN_TEXT.lastIndex = 0;
    for (let m = ID_IN_TEXT.exec(text); m !== null; m = ID_IN_TEXT.exec(text)) {
      const id = m[0];
      if (this.toPlaceholder.has(id)) continue;
      const hashed = this.hashedOf(id);
      if (hashed === undefined || hashed === id) continue;
      out ??= [];
      out.push(text.slice(last, m.index), hashed);
      last = m.index + id.length;
    }
    ID_IN_TEXT.lastIndex = 0;
    if (!out) return text;
    out.push(text.slice(last));
    return out.join('');
  }

  /**
   * The hashed placeholder of an id-looking `value`: itself when it is one already; undefined when
   * its shape cannot hold one (see the module comment).
   */
  private hashedOf(value: string): string | undefined {
    const cached = this.hashCache.get(value);
    if (cached !== undefined) return cached;
    if (isHashedPlaceholder(value)) return value;
    let made: string | undefined;
    if (UUID_FULL.test(value)) {
      const h = this.hash(value);
      made = `00000000-${h.slice(0, 4)}-4${h.slice(4, 7)}-b${h.slice(7, 10)}-${h.slice(10, 22)}`;
    } else {
      const prefixed = PREFIXED_FULL.exec(value);
      const width = prefixed?.[2]?.length ?? 0;
      if (prefixed && width >= MIN_HASHED_BODY) {
        let h = this.hash(value);
        while (h.length < width - 2) h += this.hash(h);
        made = `${prefixed[1]}0x${h.slice(0, width - 2)}`;
      }
    }
    if (made === undefined) return undefined;
    if (this.hashCache.size >= HASH_CACHE) this.hashCache.clear();
    this.hashCache.set(value, made);
    return made;
  }

  private hash(value: string): string {
    return createHash('sha256').update(this.hashKey).update(value).digest('hex');
  }

  /** Replaces every known strong placeholder occurring in `text` by its original. */
  restoreIn(text: string): string {
    return this.reverse.apply(text);
  }

  private add(entry: IdEntry): void {
    this.toPlaceholder.set(entry.original, entry);
    this.toOriginal.set(entry.placeholder, entry);
    if (entry.strong) {
      this.forward.add(entry.original, entry.placeholder);
      this.reverse.add(entry.placeholder, entry.original);
    }
  }

  private nextPlaceholder(value: string): string {
    let family: string;
    let render: (n: number) => string;
    const prefixed = PREFIXED_FULL.exec(value);
    if (UUID_FULL.test(value)) {
      family = 'uuid';
      render = (n) => `00000000-0000-4000-8000-${pad(n, 12)}`;
    } else if (prefixed) {
      const prefix = prefixed[1]!;
      const width = prefixed[2]!.length;
      family = `prefix:${prefix}`;
      render = (n) => `${prefix}${pad(n, width)}`;
    } else {
      family = 'opaque';
      render = (n) => pad(n, value.length);
    }
    let n = this.counters.get(family) ?? 0;
    let candidate: string;
    // Skip placeholders taken by bind() (or, for odd widths, by a sibling family).
    do {
      n += 1;
      candidate = render(n);
    } while (this.toOriginal.has(candidate));
    this.counters.set(family, n);
    return candidate;
  }
}

/**
 * Whether an id may start at `i`: not glued to a letter or digit, and a digit-led id (an opaque
 * placeholder such as `00000000001`) never right after `_`, where it would be the body of a prefixed
 * id (`toolu_00000000001`).
 */
function boundaryBefore(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text.charCodeAt(i - 1);
  if (isAlnum(prev)) return false;
  const first = text.charCodeAt(i);
  return !(prev === 95 && first >= 48 && first <= 57);
}

const ALL_DIGITS = /^[0-9]+$/;

/**
 * Whether `text[i, end)` is one group of a `-`/`_`-joined token (a UUID group, the body of a
 * prefixed id) or the fraction of a decimal number. An all-digit key (an opaque placeholder such as `000000000001`) never matches
 * there: the last group of the UUID placeholder `00000000-0000-4000-8000-000000000001` is not
 * the opaque id `000000000001`.
 */
function joinedToToken(text: string, i: number, end: number): boolean {
  const before = i > 0 ? text[i - 1] : '';
  const after = end < text.length ? text[end] : '';
  return before === '-' || before === '_' || before === '.' || after === '-' || after === '_';
}

function isAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * Replaces, all at once and longest first, every occurrence of a known string that is not
 * glued to a letter or digit on either side (`msg_1` is found in `msg_1.` but not in `msg_10`).
 * Linear in the text (times the few distinct id lengths), whatever the number of ids: a session
 * has thousands of uuids.
 */
class Substituter {
  private readonly map = new Map<string, string>();
  /** Distinct key lengths, longest first. */
  private lengths: number[] = [];
  private readonly firstChars = new Set<number>();
  /** The shortest key: a shorter text holds none. */
  private shortest = Number.POSITIVE_INFINITY;

  add(from: string, to: string): void {
    if (from === '' || this.map.has(from)) return;
    this.map.set(from, to);
    this.shortest = Math.min(this.shortest, from.length);
    this.firstChars.add(from.charCodeAt(0));
    if (!this.lengths.includes(from.length))
      this.lengths = [...this.lengths, from.length].sort((a, b) => b - a);
  }

  apply(text: string): string {
    if (this.map.size === 0 || text.length < this.shortest) return text;
    const n = text.length;
    let parts: string[] | undefined;
    let last = 0;
    let i = 0;
    while (i < n) {
      if (boundaryBefore(text, i) && this.firstChars.has(text.charCodeAt(i))) {
        let matched = 0;
        for (const len of this.lengths) {
          const end = i + len;
          if (end > n || (end < n && isAlnum(text.charCodeAt(end)))) continue;
          const key = text.slice(i, end);
          const replacement = this.map.get(key);
          if (replacement !== undefined && !(ALL_DIGITS.test(key) && joinedToToken(text, i, end))) {
            parts ??= [];
            parts.push(text.slice(last, i), replacement);
            last = end;
            matched = len;
            break;
          }
        }
        if (matched > 0) {
          i += matched;
          continue;
        }
      }
      i += 1;
    }
    if (!parts) return text;
    parts.push(text.slice(last));
    return parts.join('');
  }
}

export interface NormalizeIdsOptions {
  /**
   * Keys whose string values (or arrays of strings) are ids. Default {@link DEFAULT_ID_KEYS}.
   * `callback_id` is not among them: hook callback ids are chosen by the client (`hook_0`, …)
   * and are deterministic; add it when comparing clients that number them differently.
   */
  keys?: readonly string[];
  /** Also learn the `id` of objects whose `type` is `message` or `*tool_use` (default true). */
  blockIds?: boolean;
  /** Also learn id-looking substrings (UUIDs, `toolu_…`, `msg_…`, `req_…`) of every string (default true). */
  scanText?: boolean;
}

interface Resolved {
  keys: ReadonlySet<string>;
  blockIds: boolean;
  scanText: boolean;
}

function resolve(options: NormalizeIdsOptions): Resolved {
  return {
    keys: new Set(options.keys ?? DEFAULT_ID_KEYS),
    blockIds: options.blockIds ?? true,
    scanText: options.scanText ?? true,
  };
}

/** Whether the value under `key` of `parent` is an id slot. */
function isIdSlot(parent: Record<string, unknown>, key: string, o: Resolved): boolean {
  if (o.keys.has(key)) return true;
  return o.blockIds && key === 'id' && typeof parent.type === 'string' && ID_BEARING_TYPES.test(parent.type);
}

const DEFAULT_RESOLVED = resolve({});

/** Whether the value under `key` of `parent` is an id slot, with the default options. */
export function isDefaultIdSlot(parent: Record<string, unknown>, key: string): boolean {
  return isIdSlot(parent, key, DEFAULT_RESOLVED);
}

/**
 * What `replaceIds` (default options) makes of one string: in an id slot, its own placeholder
 * when it has one; anywhere, every known strong id inside it replaced. Learns nothing.
 */
export function replaceIdsIn(text: string, slot: boolean, placeholders: IdPlaceholders): string {
  return slot
    ? (placeholders.placeholderFor(text) ?? placeholders.replaceIn(text))
    : placeholders.replaceIn(text);
}

/** Learns every id of `value` into `placeholders` (document order), without changing anything. */
export function learnIds(
  value: unknown,
  placeholders: IdPlaceholders,
  options: NormalizeIdsOptions = {},
): void {
  const o = resolve(options);
  const visit = (v: unknown, slot: boolean): void => {
    if (typeof v === 'string') {
      if (slot && v !== '') placeholders.learn(v);
      if (o.scanText) for (const id of idsInText(v)) placeholders.learn(id, true);
    } else if (Array.isArray(v)) {
      for (const item of v) visit(item, slot);
    } else if (isRecord(v)) {
      for (const [key, child] of Object.entries(v)) visit(child, isIdSlot(v, key, o));
    }
  };
  visit(value, false);
}

/** Replaces known ids in `value` (a new value; keys untouched), learning nothing. */
export function replaceIds(
  value: unknown,
  placeholders: IdPlaceholders,
  options: NormalizeIdsOptions = {},
): unknown {
  const o = resolve(options);
  return mapStrings(value, o, (s, slot) =>
    slot ? (placeholders.placeholderFor(s) ?? placeholders.replaceIn(s)) : placeholders.replaceIn(s),
  );
}

/**
 * Learns the ids of `message` (from id keys, message/tool-use `id`s and id-looking substrings),
 * then returns a deep copy with every occurrence of every known id replaced by its placeholder —
 * inside any string (paths, texts), keys untouched. Pure apart from teaching `placeholders`.
 */
export function normalizeIds<T>(
  message: T,
  placeholders: IdPlaceholders,
  options: NormalizeIdsOptions = {},
): T {
  learnIds(message, placeholders, options);
  return replaceIds(message, placeholders, options) as T;
}

/**
 * Like {@link normalizeIds} over a whole transcript, but learns from every message first, so an
 * id is replaced even where it appears before the message that reveals it is an id.
 */
export function normalizeIdsInAll<T>(
  messages: readonly T[],
  placeholders: IdPlaceholders,
  options: NormalizeIdsOptions = {},
): T[] {
  for (const m of messages) learnIds(m, placeholders, options);
  return messages.map((m) => replaceIds(m, placeholders, options) as T);
}

/** The reverse of {@link normalizeIds}: placeholders back to the originals they stand for. */
export function restoreIds<T>(
  message: T,
  placeholders: IdPlaceholders,
  options: NormalizeIdsOptions = {},
): T {
  const o = resolve(options);
  return mapStrings(message, o, (s, slot) =>
    slot ? (placeholders.originalOf(s) ?? placeholders.restoreIn(s)) : placeholders.restoreIn(s),
  ) as T;
}

function mapStrings(value: unknown, o: Resolved, fn: (s: string, slot: boolean) => string): unknown {
  const visit = (v: unknown, slot: boolean): unknown => {
    if (typeof v === 'string') return fn(v, slot);
    if (Array.isArray(v)) return v.map((item) => visit(item, slot));
    if (isRecord(v)) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(v)) {
        const mapped = visit(child, isIdSlot(v, key, o));
        // defineProperty for a JSON key named `__proto__`, so that it stays an own property.
        if (key === '__proto__')
          Object.defineProperty(out, key, {
            value: mapped,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else out[key] = mapped;
      }
      return out;
    }
    return v;
  };
  return visit(value, false);
}
