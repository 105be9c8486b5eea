import type { FixtureTransform, HeaderRedaction } from '../fixture/index.js';
import type { IdPlaceholders } from '../protocol/ids.js';
import { jsonDepth, MAX_WALKED_DEPTH, stringifyJson } from '../util/deep-json.js';
import { isRecord } from '../util/json.js';
import { redactAccount } from './account.js';
import { encodedForms } from './encodings.js';
import { createIdNormalizer, type IdNormalizer } from './ids-bridge.js';
import type { JoinedMatch } from './joined-text.js';
import { mapAtPath } from './json-path.js';
import { unescapeJsonText } from './json-text.js';
import { machineRules, resolveMachine } from './machine.js';
import {
  combinedPretest,
  SECRET_PATTERNS,
  type SecretPattern,
  secretSpan,
  userinfoPlaceholder,
} from './patterns.js';
import { knownEnvValues } from './secret-env.js';
import { isNotSecretValue, isSecretKey, isSecretMapKey, isSecretMapValue } from './secret-keys.js';
import {
  applyTextRules,
  LiteralRule,
  MAX_LITERAL_LENGTH,
  type Replacement,
  type TextRule,
} from './text-rules.js';
import { type CompiledUserRule, compileUserRules, expandReplacement, type UserRule } from './user-rules.js';

export interface RedactorOptions {
  /** The CLI's environment: values of secret-looking names are redacted everywhere. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Home folder → `$HOME`. Default: this process's; `''` disables. */
  home?: string;
  /** Working folder → `$CWD`. Default: this process's; `''` disables. */
  cwd?: string;
  /** User name → `$USER` (whole words). Default: this process's; `''` disables. */
  user?: string;
  /** Host name → `$HOSTNAME` (whole words). Default: this machine's; `''` disables. */
  hostname?: string;
  /**
   * The process's own temp folder → `$TMPDIR` (a system-wide one such as `/tmp` never). Default:
   * `TMPDIR` of `env`; `''` disables.
   */
  tmpdir?: string;
  /** User rules (see `loadRedactionRules`). */
  rules?: readonly UserRule[];
  /**
   * Normalise ids to stable placeholders (src/protocol/ids.ts). Default true; pass an
   * `IdPlaceholders` to share (or pre-seed) the mapping.
   */
  ids?: boolean | IdPlaceholders;
  /**
   * FOR TESTS ONLY: rules (by name, as in `describe().rules`) that are not applied, so that
   * redaction misses on purpose and the leak scan has to refuse the file. `clide-record` reads it
   * from `CLIDE_RECORD_UNSAFE_SKIP_RULES`.
   */
  unsafeSkipRules?: readonly string[];
  /**
   * Every rule's regex over every string, without the pre-tests that skip text a rule cannot
   * match. The output is the same either way (the tests compare them); default false.
   */
  fullRules?: boolean;
}

/** A secret literal the redactor knows, for the leak scan. `kind` names where it came from, never its value. */
export interface SecretLiteral {
  kind: string;
  value: string;
}

export interface RuleCount {
  name: string;
  count: number;
}

export interface Redactor extends FixtureTransform {
  /**
   * Deep, non-mutating: a redacted copy of `message` (the redactor learns secrets and ids as it
   * goes). `source`, when given, is the JSON text `message` was parsed from (a pre-test over it
   * spares the strings the patterns); the result is the same with or without it.
   */
  redact(message: unknown, source?: string): unknown;
  redactText(text: string): string;
  /**
   * A command-line argument: one that is a JSON object or array (`--mcp-config '{…}'`,
   * `--settings '{…}'`) is redacted as the message it is — so the values under secret-shaped keys,
   * an MCP server's `env` and `headers`, are replaced whatever they look like — keeping its text
   * as it was around them; any other as text.
   */
  redactArg(arg: string): string;
  /**
   * Every secret literal known, in the order learnt: env secrets, literals matched by built-in
   * patterns, account values, home/cwd. With `from`: those from the `from`-th on.
   */
  secretsSeen(from?: number): SecretLiteral[];
  /** How many secret literals are known (`secretsSeen().length`, without the copies). */
  secretCount(): number;
  /**
   * The secrets in a stream's joined text (`JoinedText`): known literals, built-in patterns, user
   * regex rules and — in JSON text (a streamed tool input) — the values of secret-shaped keys. A
   * match's `placeholder()` learns and counts it as redacting it would.
   */
  findInJoined(text: string, options: { json: boolean; patterns?: boolean }): JoinedMatch[];
  /** Whether `text` holds a keyword of a built-in pattern (their combined pre-test). */
  patternKeyword(text: string): boolean;
  /** Replacements per rule so far (names and counts, never values), in rule order. */
  rulesApplied(): RuleCount[];
  /** For the fixture header: the active rules. */
  describe(): HeaderRedaction;
  /** Things the user should know (e.g. a secret-looking env var too short to redact safely). */
  notes(): string[];
  /** The id mapping (undefined with `ids: false`). */
  readonly ids: IdPlaceholders | undefined;
}

/** Literals shorter than this, matched by a pattern, are replaced but not hunted by the leak scan. */
const MIN_LEARNED_LENGTH = 8;

const PLACEHOLDER_LIKE = /^(?:\[redacted:[^\]]*\]|\$[A-Z_]+|email-\d+@redacted\.invalid)$/;
/**
 * A `"key": "value` pair in JSON text that may be cut anywhere (a tool input streamed in pieces):
 * the value runs to its closing quote or to the end of the text (it may go on in the next piece).
 */
const JSON_KEY_VALUE = /"(?<key>(?:[^"\\]|\\.){1,128})"\s*:\s*"(?<secret>(?:[^"\\]|\\.)*)(?:"|\\?$)/dg;

/** The text of a JSON string's body (`a\"b` → `a"b`), or undefined when it is cut inside an escape. */
function unescapeJsonString(body: string): string | undefined {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return undefined;
  }
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // An assignment makes the same own data property, except for `__proto__` (a setter on Object.prototype).
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * Creates a redactor. Order, per message: the `account` block (structural) → user path rules → ids
 * → every string and key through the text rules: known secret literals → built-in patterns → user
 * regex rules → machine paths/slugs → host name → user name. Per raw text: ids → the same text rules.
 */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const counts = new Map<string, number>();
  const hit = (name: string): void => {
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  const notes: string[] = [];
  const secrets: SecretLiteral[] = [];
  const secretValues = new Set<string>();
  const numbering = new Map<string, number>();
  const placeholders = new Map<string, string>();

  /**
   * Stable placeholder per (kind, value): `[redacted:kind#n]`, `email-n@redacted.invalid`, or for
   * a URL's userinfo `REDACTED` (then `REDACTED-2`, …), so that the URL keeps a URL's shape
   * (`postgres://REDACTED@db:5432/app`) and no scanner takes the placeholder for a password.
   */
  const placeholder = (kind: string, value: string, shape: SecretPattern['shape'] = 'secret'): string => {
    const key = `${shape}\u0000${shape === 'email' ? value.toLowerCase() : `${kind}\u0000${value}`}`;
    const known = placeholders.get(key);
    if (known) return known;
    const family = shape === 'email' ? 'email' : kind;
    const n = (numbering.get(family) ?? 0) + 1;
    numbering.set(family, n);
    const made =
      shape === 'email'
        ? `email-${n}@redacted.invalid`
        : shape === 'userinfo'
          ? userinfoPlaceholder(n)
          : `[redacted:${kind}#${n}]`;
    placeholders.set(key, made);
    return made;
  };

  // 1. Known literals: env secrets first, then everything the patterns and the account block teach.
  const literals = new LiteralRule('env-secret');
  /** Remembers a secret for the leak scan. */
  const remember = (kind: string, value: string): void => {
    // Beyond this length a secret is not hunted literally (the patterns still find it).
    if (value.length > MAX_LITERAL_LENGTH) return;
    if (!secretValues.has(value)) {
      secretValues.add(value);
      secrets.push({ kind, value });
    }
  };
  /** Remembers a secret and replaces it everywhere from now on. */
  const learn = (kind: string, value: string, replacement: string, rule: string): boolean => {
    if (!literals.add(value, replacement, rule)) return false;
    remember(kind, value);
    return true;
  };
  const skip = new Set(options.unsafeSkipRules ?? []);
  // Every value of the environment that could be a credential, and the values of the headers the
  // CLI sends: raw, JSON-escaped, base64 and percent-encoded.
  const env = knownEnvValues(options.env ?? process.env);
  for (const known of env.values) {
    if (skip.has(known.rule)) continue;
    if (known.encodedOnly) {
      remember(known.kind, known.value);
      for (const form of encodedForms(known.value).slice(1))
        literals.add(form, known.placeholder, known.rule);
      continue;
    }
    if (!learn(known.kind, known.value, known.placeholder, known.rule)) {
      if (known.rule === 'env-secret') env.skipped.push(known.kind.slice('env:'.length));
      continue;
    }
    for (const form of encodedForms(known.value)) literals.add(form, known.placeholder, known.rule);
  }
  if (env.skipped.length > 0) {
    notes.push(
      `not redacted (value too short, too common or too long to replace everywhere): ${env.skipped.join(', ')}`,
    );
  }

  // 2. Built-in patterns.
  const patternRule = (pattern: SecretPattern): TextRule => ({
    name: pattern.name,
    regex: pattern.regex,
    ...(pattern.requires === undefined ? {} : { requires: pattern.requires }),
    ...(options.fullRules ? {} : { pretest: pattern.pretest }),
    replace(match): Replacement | null {
      const [start, end] = secretSpan(match);
      const value = match.input.slice(start, end);
      if (pattern.accept && !pattern.accept(value)) return null;
      const text = placeholder(pattern.name, value, pattern.shape);
      if (value.length >= MIN_LEARNED_LENGTH) {
        // Context-free patterns find every occurrence themselves: remember for the scan only.
        if (pattern.contextFree) remember(pattern.name, value);
        else learn(pattern.name, value, text, pattern.name);
      }
      return { start, end, text, lock: true };
    },
  });

  // 3. User rules.
  const userRules: CompiledUserRule[] = compileUserRules(options.rules ?? []);
  const userTextRule = (rule: CompiledUserRule & { regex: RegExp }): TextRule => ({
    name: `user:${rule.name}`,
    regex: rule.regex,
    replace(match) {
      if (rule.secret && match[0].length >= 4) remember(`user:${rule.name}`, match[0]);
      return {
        start: match.index,
        end: match.index + match[0].length,
        text: expandReplacement(rule.replacement, match),
        lock: false,
      };
    },
  });
  const globalUserRules = userRules.filter(
    (r): r is CompiledUserRule & { regex: RegExp } => r.path === undefined && r.regex !== undefined,
  );
  const pathRules = userRules.filter((r) => r.path !== undefined);

  // 4. Machine specifics.
  const machine = machineRules(
    resolveMachine({ ...options, tmpdir: options.tmpdir ?? (options.env ?? process.env).TMPDIR ?? '' }),
  );
  for (const { kind, value } of machine.paths) remember(kind, value);

  const patterns = SECRET_PATTERNS.filter((p) => !skip.has(p.name));
  const userTextRules = globalUserRules.map(userTextRule);
  const textRules: TextRule[] = [
    literals,
    ...patterns.filter((p) => p.stage !== 'late').map(patternRule),
    ...userTextRules,
    ...machine.rules,
    ...patterns.filter((p) => p.stage === 'late').map(patternRule),
  ];
  /** The rules that are not built-in patterns (the fast path tests their own regexes). */
  const otherRules: TextRule[] = [literals, ...userTextRules, ...machine.rules];
  // The fast path: one case-insensitive regex of every pattern's pre-test and the regexes of the
  // other rules (literal sets, user rules, machine names) say whether any rule can match `value`
  // at all; when none can, applying the rules would change nothing and count nothing.
  const patternGate = combinedPretest(patterns);
  const othersMayMatch = (value: string): boolean => {
    for (const rule of otherRules) {
      const regexes = rule.regex instanceof RegExp ? [rule.regex] : rule.regex;
      for (const regex of regexes) {
        regex.lastIndex = 0;
        if (regex.test(value)) return true;
      }
    }
    return false;
  };
  const mayMatch = (value: string): boolean => patternGate.test(value) || othersMayMatch(value);
  const text = options.fullRules
    ? (value: string): string => applyTextRules(value, textRules, hit)
    : (value: string): string =>
        value.length < 2 || !mayMatch(value) ? value : applyTextRules(value, textRules, hit);
  /** `text` for a string known to fail the patterns' combined pre-test. */
  const textWithoutPatterns = (value: string): string =>
    value.length < 2 || !othersMayMatch(value) ? value : applyTextRules(value, textRules, hit);

  const idNormalizer: IdNormalizer | undefined =
    options.ids === false
      ? undefined
      : createIdNormalizer(options.ids === true || options.ids === undefined ? undefined : options.ids);

  const accountRedaction = {
    placeholder: (key: string, value: string) =>
      /email/i.test(key) && value.includes('@')
        ? placeholder('email', value, 'email')
        : placeholder(`account-${key}`, value),
    learn: (key: string, value: string) => {
      if (value.length >= 4) {
        learn(
          `account:${key}`,
          value,
          /email/i.test(key) && value.includes('@')
            ? placeholder('email', value, 'email')
            : placeholder(`account-${key}`, value),
          'account-block',
        );
      }
    },
    hit: () => hit('account-block'),
  };

  const sensitiveValue = (key: string, value: string): string => {
    if (value === '' || PLACEHOLDER_LIKE.test(value) || isNotSecretValue(value)) return value;
    // Keep a scheme word visible ("Bearer [redacted…]") — it is not the secret.
    const scheme = /^(bearer|basic|token|digest|negotiate)\s+/i.exec(value)?.[0] ?? '';
    const secret = value.slice(scheme.length);
    if (secret === '' || PLACEHOLDER_LIKE.test(secret) || isNotSecretValue(secret)) return value;
    const replacement = placeholder('sensitive-key', secret);
    if (secret.length >= MIN_LEARNED_LENGTH)
      learn(`sensitive-key:${key}`, secret, replacement, 'sensitive-key');
    hit('sensitive-key');
    return scheme + replacement;
  };

  /**
   * Every string and key through the text rules. With `ids`, each string first gets the ids
   * replaced as `IdNormalizer.message` would (`slot`: it is an id slot's value), in the same walk.
   * `plain`: the message was parsed from a JSON text the patterns' combined pre-test failed on, so
   * its strings (all in that text) cannot match a pattern — those the ids leave as they were, and
   * every key (ids never change keys) — and only the other rules are tried on them.
   */
  const walk = (
    value: unknown,
    ids: IdNormalizer | undefined,
    plain: boolean,
    slot = false,
    secretMap?: string,
  ): unknown => {
    if (typeof value === 'string') {
      const replaced = ids ? ids.inString(value, slot) : value;
      return plain && replaced === value ? textWithoutPatterns(value) : text(replaced);
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, ids, plain, slot));
    if (isRecord(value)) {
      const keyText = plain ? textWithoutPatterns : text;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) {
        let name = keyText(key);
        // Two keys redacted to the same text must not overwrite each other.
        for (let n = 2; Object.hasOwn(out, name); n++) name = `${keyText(key)}~${n}`;
        const childSlot = ids ? ids.isSlot(value, key) : false;
        const secret = (s: string): string => sensitiveValue(key, ids ? ids.inString(s, childSlot) : s);
        let redacted: unknown;
        if (
          typeof child === 'string' &&
          (secretMap ? isSecretMapValue(secretMap, key, child) : isSecretKey(key))
        )
          redacted = secret(child);
        else if (Array.isArray(child) && isSecretKey(key) && child.every((c) => typeof c === 'string'))
          redacted = child.map((c) => secret(c as string));
        else
          redacted = walk(
            child,
            ids,
            plain,
            childSlot,
            isSecretMapKey(key) && isRecord(child) ? key : undefined,
          );
        setOwn(out, name, redacted);
      }
      return out;
    }
    return value;
  };

  const applyPathRule = (message: unknown, rule: CompiledUserRule): unknown =>
    mapAtPath(message, rule.path!, (node) => {
      if (rule.regex === undefined) {
        hit(`user:${rule.name}`);
        return rule.replacement;
      }
      const only = userTextRule(rule as CompiledUserRule & { regex: RegExp });
      const deep = (v: unknown): unknown => {
        if (typeof v === 'string') return applyTextRules(v, [only], hit);
        if (Array.isArray(v)) return v.map(deep);
        if (isRecord(v)) {
          const out: Record<string, unknown> = {};
          for (const [k, c] of Object.entries(v)) setOwn(out, k, deep(c));
          return out;
        }
        return v;
      };
      return deep(node);
    });

  const ruleNames = (): string[] =>
    [
      'env-secret',
      'env-value',
      'header-value',
      ...patterns.filter((p) => p.stage !== 'late').map((p) => p.name),
      'sensitive-key',
      'account-block',
      ...userRules.map((r) => `user:${r.name}`),
      ...machine.names,
      ...patterns.filter((p) => p.stage === 'late').map((p) => p.name),
      ...(idNormalizer ? ['ids'] : []),
    ].filter((name) => !skip.has(name));

  const redactMessage = (message: unknown, source?: string): unknown => {
    // Deeper than the walks below take: redacted as its JSON text, by the text rules.
    if (jsonDepth(message, MAX_WALKED_DEPTH) > MAX_WALKED_DEPTH) {
      const json = stringifyJson(message);
      const redacted = text(idNormalizer ? idNormalizer.text(json) : json);
      try {
        return JSON.parse(redacted) as unknown;
      } catch {
        return redacted;
      }
    }
    let out = redactAccount(message, accountRedaction);
    for (const rule of pathRules) out = applyPathRule(out, rule);
    // The reference: the ids replaced in a copy first, then every rule over every string.
    if (options.fullRules) return walk(idNormalizer ? idNormalizer.message(out) : out, undefined, false);
    // The message as parsed (no account block, no path rule changed it) from a text in which no
    // pattern's pre-test matches: the strings the ids leave alone skip the patterns.
    const plain = source !== undefined && out === message && !patternGate.test(unescapeJsonText(source));
    idNormalizer?.learn(out);
    return walk(out, idNormalizer, plain);
  };

  const redactText = (value: string): string => text(idNormalizer ? idNormalizer.text(value) : value);

  const literalsMayMatch = (value: string): boolean => {
    for (const rule of [literals, ...userTextRules]) {
      const regexes = rule.regex instanceof RegExp ? [rule.regex] : rule.regex;
      for (const regex of regexes) {
        regex.lastIndex = 0;
        if (regex.test(value)) return true;
      }
    }
    return false;
  };
  const findInJoined = (
    value: string,
    { json, patterns: withPatterns = true }: { json: boolean; patterns?: boolean },
  ): JoinedMatch[] => {
    const found: JoinedMatch[] = [];
    const add = (
      m: RegExpExecArray,
      span: [number, number],
      placeholderOf: () => string,
      inPieceRule = true,
    ): void => {
      let made: string | undefined;
      found.push({
        ...(inPieceRule ? {} : { inPieceRule: false as const }),
        matchStart: m.index,
        matchEnd: m.index + m[0].length,
        start: span[0],
        end: span[1],
        placeholder: () => {
          made ??= placeholderOf();
          return made;
        },
      });
    };
    const each = (regex: RegExp, onMatch: (m: RegExpExecArray) => void): void => {
      regex.lastIndex = 0;
      for (let m = regex.exec(value); m !== null; m = regex.exec(value)) {
        if (m[0].length === 0) regex.lastIndex += 1;
        else onMatch(m);
      }
    };
    if (literals.size > 0 && literalsMayMatch(value))
      for (const regex of literals.regex)
        each(regex, (m) => {
          const r = literals.replace(m);
          if (r)
            add(m, [r.start, r.end], () => {
              hit(r.rule ?? 'env-secret');
              return r.text;
            });
        });
    if (withPatterns && patternGate.test(value))
      for (const pattern of patterns) {
        if (pattern.requires !== undefined && !value.includes(pattern.requires)) continue;
        if (!pattern.pretest.test(value)) continue;
        const rule = patternRule(pattern);
        each(pattern.regex, (m) => {
          const span = secretSpan(m);
          if (pattern.accept && !pattern.accept(value.slice(span[0], span[1]))) return;
          add(m, span, () => {
            hit(pattern.name);
            return rule.replace(m)?.text ?? '';
          });
        });
      }
    for (const rule of globalUserRules)
      each(rule.regex, (m) => {
        const span: [number, number] = [m.index, m.index + m[0].length];
        add(m, span, () => {
          hit(`user:${rule.name}`);
          return userTextRule(rule).replace(m)?.text ?? '';
        });
      });
    if (json)
      each(JSON_KEY_VALUE, (m) => {
        const key = unescapeJsonString(m.groups?.key ?? '');
        const secret = unescapeJsonString(m.groups?.secret ?? '');
        if (key === undefined || !isSecretKey(key) || secret === undefined || isNotSecretValue(secret))
          return;
        if (PLACEHOLDER_LIKE.test(secret)) return;
        const span = m.indices?.groups?.secret ?? [m.index, m.index + m[0].length];
        add(
          m,
          span,
          () => {
            hit('sensitive-key');
            const made = placeholder('sensitive-key', secret);
            if (secret.length >= MIN_LEARNED_LENGTH)
              learn(`sensitive-key:${key}`, secret, made, 'sensitive-key');
            return made;
          },
          false,
        );
      });
    return found;
  };

  return {
    ids: idNormalizer?.placeholders,
    redact: redactMessage,
    redactText,
    findInJoined,
    patternKeyword: (value) => patternGate.test(value),
    redactArg(arg) {
      const parsed = jsonArgument(arg);
      if (parsed === undefined) return redactText(arg);
      const redacted = redactMessage(parsed);
      if (stringifyJson(redacted) === stringifyJson(parsed)) return redactText(arg);
      return editJsonText(arg, parsed, redacted);
    },
    secretsSeen: (from = 0) => secrets.slice(from).map((s) => ({ ...s })),
    secretCount: () => secrets.length,
    rulesApplied: () =>
      ruleNames().map((name) => ({
        name,
        count: name === 'ids' ? (idNormalizer?.count() ?? 0) : (counts.get(name) ?? 0),
      })),
    describe: () => ({ enabled: true, rules: ruleNames(), ids: idNormalizer !== undefined }),
    notes: () => [...notes],
  };
}

/** `arg` parsed, when it is a JSON object or array; otherwise undefined. */
function jsonArgument(arg: string): object | undefined {
  const first = arg.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    const parsed: unknown = JSON.parse(arg);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The JSON text `text` (which parses to `before`) with every string that differs in `after` (the
 * same structure, redacted) replaced where it stands, so the rest of the text keeps its layout;
 * when that does not give `after` back (a string that also occurs elsewhere), `after` itself.
 */
function editJsonText(text: string, before: unknown, after: unknown): string {
  const changes = new Map<string, string>();
  const pair = (a: unknown, b: unknown): void => {
    if (typeof a === 'string' && typeof b === 'string') {
      if (a !== b) changes.set(a, b);
    } else if (Array.isArray(a) && Array.isArray(b)) {
      for (const [i, item] of a.entries()) pair(item, b[i]);
    } else if (isRecord(a) && isRecord(b)) {
      const keysA = Object.keys(a);
      const keysB = Object.keys(b);
      for (const [i, key] of keysA.entries()) {
        pair(key, keysB[i]);
        pair(a[key], keysB[i] === undefined ? undefined : b[keysB[i]!]);
      }
    }
  };
  pair(before, after);
  let edited = text;
  for (const [from, to] of changes) edited = edited.split(JSON.stringify(from)).join(JSON.stringify(to));
  try {
    if (stringifyJson(JSON.parse(edited)) === stringifyJson(after)) return edited;
  } catch {
    // not JSON any more: the redacted structure, written anew
  }
  return stringifyJson(after);
}
