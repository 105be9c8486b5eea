/**
 * The engine that applies text rules to a string. A string is kept as a list of segments; every
 * replacement a rule makes that must not be touched again (a placeholder) is locked, and later
 * rules only ever see unlocked segments. So `$HOME` or `[redacted:…]` can never be mangled by a
 * user-name rule or a user regex, and no rule sees text that straddles a placeholder.
 */

export interface Replacement {
  start: number;
  end: number;
  text: string;
  /** Locked replacements are never looked at by later rules (placeholders are). */
  lock: boolean;
  /** Name counted for this hit, when not the rule's own (literals learnt from several rules). */
  rule?: string;
}

export interface TextRule {
  /** Name reported in counts (`rulesApplied`) and in the header. */
  readonly name: string;
  /**
   * Global regex, with the `d` flag when `replace` reads group indices. Several regexes are applied
   * one after the other as parts of the same rule (a large literal set is split into chunks).
   */
  readonly regex: RegExp | readonly RegExp[];
  /** A literal every match contains: segments without it are skipped (a cheap pre-test for slow regexes). */
  readonly requires?: string;
  /**
   * A cheap non-global regex that matches every text the rule's regex matches in: segments it does
   * not match are skipped. It must never miss.
   */
  readonly pretest?: RegExp;
  /** What to do with one match: a replacement, or null to leave it as it is. */
  replace(match: RegExpExecArray): Replacement | null;
}

interface Segment {
  text: string;
  locked: boolean;
}

function applyRegex(
  text: string,
  rule: TextRule,
  regex: RegExp,
  onHit: (rule: string) => void,
): Segment[] | null {
  regex.lastIndex = 0;
  let out: Segment[] | null = null;
  let last = 0;
  let pending = '';
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    if (m[0].length === 0) {
      regex.lastIndex += 1;
      continue;
    }
    const r = rule.replace(m);
    if (r === null || r.start < last) continue;
    out ??= [];
    onHit(r.rule ?? rule.name);
    if (r.lock) {
      out.push({ text: pending + text.slice(last, r.start), locked: false }, { text: r.text, locked: true });
      pending = '';
    } else {
      pending += text.slice(last, r.start) + r.text;
    }
    last = r.end;
  }
  if (out === null) return null;
  out.push({ text: pending + text.slice(last), locked: false });
  return out.filter((s) => s.text.length > 0 || s.locked);
}

/** Applies `rules` in order to `text`; `onHit` is called once per replacement with the rule's name. */
export function applyTextRules(
  text: string,
  rules: readonly TextRule[],
  onHit: (rule: string) => void,
): string {
  if (text.length < 2) return text;
  let segments: Segment[] = [{ text, locked: false }];
  for (const rule of rules) {
    const regexes = rule.regex instanceof RegExp ? [rule.regex] : rule.regex;
    for (const regex of regexes) {
      let changed = false;
      const next: Segment[] = [];
      for (const segment of segments) {
        const replaced =
          segment.locked ||
          segment.text.length < 2 ||
          (rule.requires !== undefined && !segment.text.includes(rule.requires)) ||
          (rule.pretest !== undefined && !rule.pretest.test(segment.text))
            ? null
            : applyRegex(segment.text, rule, regex, onHit);
        if (replaced === null) next.push(segment);
        else {
          changed = true;
          next.push(...replaced);
        }
      }
      if (changed) segments = next;
    }
  }
  return segments.length === 1 ? segments[0]!.text : segments.map((s) => s.text).join('');
}

/** Literal alternations are split into regexes of at most this much source. */
const MAX_REGEX_SOURCE = 32 * 1024;

/** Longer literals are not accepted into a literal set (see `LiteralRule.add`). */
export const MAX_LITERAL_LENGTH = 8 * 1024;

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a literal takes inside JSON text: as is, JSON-escaped, and with `/` escaped as `\/`. */
export function literalVariants(value: string): string[] {
  const escaped = JSON.stringify(value).slice(1, -1);
  const slashed = escaped.replaceAll('/', '\\/');
  return [...new Set([value, escaped, slashed])];
}

/**
 * A growing set of literal strings, each replaced by its own placeholder wherever it occurs (in any
 * of its JSON-escaped forms too), longest first.
 */
export class LiteralRule implements TextRule {
  private readonly map = new Map<string, { placeholder: string; rule: string }>();
  private compiled: RegExp[] | undefined;

  constructor(readonly name: string) {}

  get size(): number {
    return this.map.size;
  }

  /**
   * Adds `value` (and its escaped forms) unless already known; `rule` is the name counted on a hit.
   * Returns false, adding nothing, for an empty value or one longer than `MAX_LITERAL_LENGTH`.
   */
  add(value: string, placeholder: string, rule = this.name): boolean {
    if (value.length === 0 || value.length > MAX_LITERAL_LENGTH) return false;
    for (const variant of literalVariants(value)) {
      if (!this.map.has(variant)) {
        this.map.set(variant, { placeholder, rule });
        this.compiled = undefined;
      }
    }
    return true;
  }

  has(value: string): boolean {
    return this.map.has(value);
  }

  /** The literals as alternations, longest first, split so that no regex grows too large for the engine. */
  get regex(): readonly RegExp[] {
    if (this.compiled === undefined) {
      const chunks: string[][] = [];
      let size = Number.POSITIVE_INFINITY;
      for (const alternative of [...this.map.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp)) {
        if (size + alternative.length > MAX_REGEX_SOURCE) {
          chunks.push([]);
          size = 0;
        }
        chunks.at(-1)!.push(alternative);
        size += alternative.length + 1;
      }
      this.compiled = chunks.map((chunk) => new RegExp(chunk.join('|'), 'g'));
    }
    return this.compiled;
  }

  replace(match: RegExpExecArray): Replacement | null {
    const entry = this.map.get(match[0]);
    if (!entry) return null;
    return {
      start: match.index,
      end: match.index + match[0].length,
      text: entry.placeholder,
      lock: true,
      rule: entry.rule,
    };
  }
}
