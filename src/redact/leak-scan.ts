import { createReadStream, readFileSync, renameSync, rmSync } from 'node:fs';
import { ClideError } from '../errors/index.js';
import { LineSplitter } from '../fixture/index.js';
import { isRecord } from '../util/json.js';
import { base64Forms, percentForms } from './encodings.js';
import { findHighEntropy, highEntropySpans, isAllowedKey } from './entropy.js';
import { type JoinedMatch, JoinedText, MAX_JOINED_STREAMS } from './joined-text.js';
import { unescapeJsonText } from './json-text.js';
import { ANY_PATTERN_PRETEST, findSecretMatches, findSecrets } from './patterns.js';
import type { SecretLiteral } from './redactor.js';
import { owns, SCAN_WINDOW, scanWindows } from './scan-windows.js';
import { knownEnvValues } from './secret-env.js';
import { type LintPart, secretlintBatcher } from './secretlint.js';
import { messageStep, type PieceField, rawStep, type StreamStep } from './stream-pieces.js';
import { LiteralRule } from './text-rules.js';

/** A secret found in a written fixture. Never carries the secret: only a masked preview. */
export interface Leak {
  /** 1-based line of the fixture. */
  line: number;
  /** Where the secret came from (`env:GITHUB_TOKEN`, `home`, …) or which pattern matched (`anthropic-key`). */
  kind: string;
  /** A few leading characters and the length, e.g. `sk-a…(108 chars)`. */
  preview: string;
  /** How it was found: in the line's text, in a JSON-unescaped string, or in decoded base64 bytes. */
  found: 'text' | 'json' | 'base64';
}

/**
 * A leak with the secret it found: for masking it in the file, never for reporting (the scan's
 * callers print `Leak`s only).
 */
export interface LeakHit {
  leak: Leak;
  value: string;
  /**
   * For a secret found in a stream's joined text (split over deltas or stderr lines): its part in
   * each line's piece (offsets into that piece's text as written), to mask there.
   */
  parts?: LeakPart[];
}

/** A part of a split secret: in line `line`, the piece in `field`, characters `[start, end)`. */
export interface LeakPart {
  line: number;
  field: PieceField;
  start: number;
  end: number;
}

/** `sk-a…(108 chars)`: enough to recognise, never enough to use. */
export function maskSecret(value: string): string {
  const shown = value.length >= 16 ? 4 : value.length >= 8 ? 2 : 0;
  return `${value.slice(0, shown)}…(${value.length} chars)`;
}

/**
 * Placeholders the redactor writes. The scan looks at the text between them, piece by piece, as
 * the redactor did (its placeholders are locked segments): a secret that happens to be a word of a
 * placeholder is not a hit, and no pattern is matched across one.
 */
const PLACEHOLDERS =
  /\[redacted:[^\]\s]*\]|email-\d+@redacted\.invalid|\$(?:HOME|CWD|USER|HOSTNAME)(?:_SLUG)?\b|(?<=:\/\/)REDACTED(?:-\d+)?(?=@)/;

/** True when `text` holds one of the kit's own placeholders (`PLACEHOLDERS`). */
export function holdsPlaceholder(text: string): boolean {
  return PLACEHOLDERS.test(text);
}

function betweenPlaceholders(text: string): string[] {
  return text.includes('[redacted:') ||
    text.includes('@redacted.invalid') ||
    text.includes('$') ||
    text.includes('REDACTED')
    ? text.split(PLACEHOLDERS).filter((piece) => piece.length > 0)
    : [text];
}

/** Undoes JSON-style escaping leniently (`\/`, `\uXXXX`, `\"`, `\n`, `\\`), for text that is escaped once more. */
export function unescapeLenient(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(
    /\\(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(.))/gs,
    (_, hex4?: string, hex2?: string, ch?: string) => {
      if (hex4) return String.fromCharCode(Number.parseInt(hex4, 16));
      if (hex2) return String.fromCharCode(Number.parseInt(hex2, 16));
      return ch === 'n' ? '\n' : ch === 't' ? '\t' : ch === 'r' ? '\r' : (ch ?? '');
    },
  );
}

/** Every form of `text` worth scanning: as is, and unescaped up to three levels deep. */
export function unescapedForms(text: string): string[] {
  const out = [text];
  let current = text;
  for (let i = 0; i < 3 && current.includes('\\'); i++) {
    current = unescapeLenient(current);
    out.push(current);
  }
  return out;
}

/** A string of the recorded content and the object key it sits under (for the entropy allow-list). */
interface ContentString {
  text: string;
  key: string | undefined;
}

/** Every string of `value` (keys too), in document order, with the key it is under; no recursion (any depth). */
function collectStrings(value: unknown, out: ContentString[], key?: string): void {
  const stack: Array<[unknown, string | undefined]> = [[value, key]];
  while (stack.length > 0) {
    const [node, under] = stack.pop()!;
    if (typeof node === 'string') out.push({ text: node, key: under });
    else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], under]);
    } else if (isRecord(node)) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        stack.push([child, k], [k, undefined]);
      }
    }
  }
}

/** The parts of a fixture line that carry recorded content (the envelope's own fields are not scanned for literals). */
function contentOf(record: unknown): { json: ContentString[]; base64: string[] } {
  const json: ContentString[] = [];
  const base64: string[] = [];
  if (!isRecord(record)) {
    collectStrings(record, json);
    return { json, base64 };
  }
  switch (record.kind) {
    case 'frame':
      collectStrings(record.msg, json);
      if (typeof record.raw === 'string') json.push({ text: record.raw, key: undefined });
      if (typeof record.rawBase64 === 'string') {
        const bytes = Buffer.from(record.rawBase64, 'base64');
        base64.push(bytes.toString('utf8'), bytes.toString('latin1'));
      }
      break;
    case 'header':
      collectStrings(record.argv, json);
      collectStrings(record.env, json);
      collectStrings(record.meta, json);
      collectStrings(record.scenario, json);
      break;
    case 'trailer':
      collectStrings(record.reason, json);
      break;
    default:
      // Not a fixture record (an old plain capture): everything is content.
      collectStrings(record, json);
  }
  return { json, base64 };
}

/**
 * The literal part of the scan: the redactor's own literal set (chunked regexes, longest first,
 * escaped forms included), with each secret's own value as its "placeholder" so every escaped
 * form reports the secret it is. Every encoded form (base64 at each alignment, percent-encoding)
 * is hunted too. Secrets can be added as a streaming scan learns them.
 */
class LiteralMatcher {
  private readonly set = new LiteralRule('leak');

  add(s: SecretLiteral): void {
    this.set.add(s.value, s.value, s.kind);
    for (const form of percentForms(s.value)) this.set.add(form, s.value, `${s.kind} (url-encoded)`);
    for (const form of base64Forms(s.value)) this.set.add(form, s.value, `${s.kind} (base64)`);
  }

  get size(): number {
    return this.set.size;
  }

  /** True when `text` holds one of the literals (cheaper than `match`). */
  test(text: string): boolean {
    for (const regex of this.set.regex) {
      regex.lastIndex = 0;
      const any = regex.test(text);
      regex.lastIndex = 0;
      if (any) return true;
    }
    return false;
  }

  /** Every literal in `text`, with where it is. */
  spans(text: string): Array<SecretLiteral & { start: number; end: number }> {
    const out: Array<SecretLiteral & { start: number; end: number }> = [];
    for (const regex of this.set.regex) {
      regex.lastIndex = 0;
      for (const m of text.matchAll(regex)) {
        const entry = this.set.replace(m);
        if (entry?.rule !== undefined)
          out.push({ kind: entry.rule, value: entry.text, start: entry.start, end: entry.end });
      }
    }
    return out;
  }

  match(text: string): SecretLiteral[] {
    const hits: SecretLiteral[] = [];
    for (const regex of this.set.regex) {
      // `test` first: most text holds no literal, and `matchAll` copies the regex on every call.
      regex.lastIndex = 0;
      const any = regex.test(text);
      // `matchAll` starts where the regex's `lastIndex` is.
      regex.lastIndex = 0;
      if (!any) continue;
      for (const m of text.matchAll(regex)) {
        const entry = this.set.replace(m);
        if (entry?.rule !== undefined) hits.push({ kind: entry.rule, value: entry.text });
      }
    }
    return hits;
  }
}

function normalise(secrets: ReadonlyArray<string | SecretLiteral>): SecretLiteral[] {
  return secrets.map((s, i) => (typeof s === 'string' ? { kind: `secret#${i + 1}`, value: s } : s));
}

export interface ScanOptions {
  /**
   * The environment of the recorded session: the scan works out for itself which of its values
   * are known secrets (`knownEnvValues`, the same rule as the redactor, computed here
   * independently), and hunts each in every encoding.
   */
  env?: Record<string, string | undefined>;
  /** The entropy detector (`findHighEntropy`). Default true. */
  entropy?: boolean;
  /** Also run secretlint's recommended rules over the recorded content (async scans only). Default true. */
  secretlint?: boolean;
  /**
   * Every pattern over every form of every string, without the pre-tests that skip a line's
   * strings when none can match. The result is the same either way (the tests compare them).
   */
  fullScan?: boolean;
  /**
   * Also look in what a reader joins: each content block's deltas, stderr's lines, raw stdout
   * lines (`stream-pieces.ts`), for a secret split over lines. Default true.
   */
  joined?: boolean;
}

/** `text` for secretlint: as it is, or its windows when it is too long for one pass (`scanWindows`). */
function pushContent(content: LintPart[], text: string): void {
  if (text.length <= SCAN_WINDOW) content.push(text);
  else for (const w of scanWindows(text)) content.push(w);
}

/** A value another detector already reported on the same text contains this one, or the other way round. */
function overlapsAny(value: string, others: readonly string[]): boolean {
  return others.some((o) => o.includes(value) || value.includes(o));
}

/**
 * The line-by-line core of the scan, shared by the streaming scan of recordings and the
 * synchronous one of canary wire logs. `content` collects each line's recorded text for the
 * secretlint pass.
 */
function lineScanner(secrets: ReadonlyArray<string | SecretLiteral>, options: ScanOptions) {
  const known = normalise(secrets);
  if (options.env) {
    for (const v of knownEnvValues(options.env).values) known.push({ kind: v.kind, value: v.value });
  }
  const literals = new LiteralMatcher();
  for (const s of known) literals.add(s);
  const entropy = options.entropy !== false;
  const leaks: Leak[] = [];
  const hits: LeakHit[] = [];
  const seen = new Set<string>();
  type Source = 'literal' | 'pattern' | 'entropy' | 'secretlint';
  /** The hits of the line being scanned: one secret found by several detectors is reported by the most precise. */
  let pending: Array<{ kind: string; value: string; found: Leak['found']; source: Source }> = [];
  /** Values reported per line, for lines whose secretlint batch is not linted yet. */
  const reportedValues = new Map<number, string[]>();
  const push = (
    line: number,
    kind: string,
    value: string,
    found: Leak['found'],
    parts?: LeakPart[],
  ): void => {
    const key = `${line}\u0000${kind}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    const leak: Leak = { line, kind, preview: maskSecret(value), found };
    leaks.push(leak);
    hits.push(parts ? { leak, value, parts } : { leak, value });
  };
  const joined = options.joined === false ? undefined : joinedScanner(literals, entropy);
  /** Takes back a leak reported before (a split secret found again, longer). */
  const forget = (line: number, kind: string, value: string): void => {
    seen.delete(`${line}\u0000${kind}\u0000${value}`);
    const at = hits.findLastIndex((h) => h.leak.line === line && h.leak.kind === kind && h.value === value);
    if (at < 0) return;
    const leak = hits[at]!.leak;
    hits.splice(at, 1);
    leaks.splice(leaks.lastIndexOf(leak), 1);
  };
  const flushLine = (line: number): void => {
    const literalValues = pending.filter((h) => h.source === 'literal').map((h) => h.value);
    const kept = pending.filter((h) => h.source === 'literal' || !overlapsAny(h.value, literalValues));
    const preciseValues = kept.filter((h) => h.source !== 'entropy').map((h) => h.value);
    const values: string[] = [];
    for (const h of kept) {
      if (h.source === 'entropy' && overlapsAny(h.value, preciseValues)) continue;
      push(line, h.kind, h.value, h.found);
      values.push(h.value);
    }
    if (values.length > 0) reportedValues.set(line, values);
    pending = [];
  };
  /**
   * For secretlint: reported unless another detector already reported the same secret on that
   * line, or what it flags holds one of the kit's own placeholders (a connection string whose
   * password is already `[redacted:…]`): the kit's placeholders are allow-listed, and the text
   * around them is scanned by the other detectors all the same.
   */
  const report = (line: number, kind: string, value: string, found: Leak['found']): void => {
    if (holdsPlaceholder(value)) return;
    if (overlapsAny(value, reportedValues.get(line) ?? [])) return;
    push(line, kind, value, found);
  };
  const scanText = (
    text: string,
    found: Leak['found'],
    withLiterals: boolean,
    key?: string,
    patterns = true,
    literalsMayMatch = true,
    entropyHere = true,
  ): void => {
    for (const form of unescapedForms(text)) {
      const pieces = betweenPlaceholders(form);
      // The pieces are in the form: when the pre-test fails on it, it fails on each.
      const formPatterns =
        patterns && (options.fullScan || pieces.length === 1 || ANY_PATTERN_PRETEST.test(form));
      for (const piece of pieces) {
        if (piece.length <= SCAN_WINDOW) {
          if (withLiterals && literalsMayMatch && literals.size > 0)
            for (const hit of literals.match(piece))
              pending.push({ kind: hit.kind, value: hit.value, found, source: 'literal' });
          if (formPatterns)
            for (const hit of findSecrets(piece))
              pending.push({ kind: hit.pattern, value: hit.value, found, source: 'pattern' });
          if (entropy && entropyHere && withLiterals && !isAllowedKey(key))
            for (const token of findHighEntropy(piece))
              pending.push({ kind: 'high-entropy', value: token, found, source: 'entropy' });
          continue;
        }
        // A piece too long for one regex pass (a blob of tens of MiB): window by window.
        for (const w of scanWindows(piece)) {
          if (withLiterals && literalsMayMatch && literals.size > 0)
            for (const hit of literals.spans(w.text))
              if (owns(w, hit.start))
                pending.push({ kind: hit.kind, value: hit.value, found, source: 'literal' });
          if (formPatterns)
            for (const hit of findSecrets(w.text))
              if (owns(w, hit.index))
                pending.push({ kind: hit.pattern, value: hit.value, found, source: 'pattern' });
          if (entropy && entropyHere && withLiterals && !isAllowedKey(key))
            for (const token of highEntropySpans(w.text))
              if (owns(w, token.start))
                pending.push({ kind: 'high-entropy', value: token.value, found, source: 'entropy' });
        }
      }
    }
  };
  const scanLine = (lineNo: number, text: string, content?: LintPart[]): void => {
    const plainLine = !options.fullScan && !text.includes('\\');
    // A line without a backslash is its only form, and its pieces are in it: the pre-test decides.
    const plainMayMatch = plainLine && ANY_PATTERN_PRETEST.test(text);
    // The whole line: patterns only (literals could collide with the envelope's own words).
    if (!plainLine || plainMayMatch) scanText(text, 'text', false);
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      // A cut last line: no structure to trust, so the whole text is content.
      scanText(text, 'text', true);
      if (content) pushContent(content, text);
      flushLine(lineNo);
      return;
    }
    const step = joined && isRecord(record) && record.kind === 'frame' ? frameStep(record) : undefined;
    const split = step && joined ? joined.line(lineNo, step) : [];
    const parts = contentOf(record);
    // Every string (and key) of the line is in its text with JSON's escapes undone; when that holds
    // no backslash, each string is its only form, so a pre-test that fails on the whole fails on
    // every piece of every string: the patterns' combined one, and the literals' own regexes.
    const unescaped = options.fullScan ? '\\' : plainLine ? text : unescapeJsonText(text);
    const stringsPlain = !unescaped.includes('\\');
    const patterns = !stringsPlain || (plainLine ? plainMayMatch : ANY_PATTERN_PRETEST.test(unescaped));
    const literalsMayMatch = !stringsPlain || literals.test(unescaped);
    // A stream's piece is judged for entropy in the stream's joined text (a token cut by a piece
    // boundary is not one: `oolu_01…` of `toolu_01…`).
    const pieceText = step?.kind === 'piece' ? step.text : undefined;
    for (const s of parts.json) {
      const piece =
        pieceText !== undefined &&
        s.text === pieceText &&
        (step?.kind !== 'piece' || s.key === step.field || s.key === undefined);
      scanText(s.text, 'json', true, s.key, patterns, literalsMayMatch, !piece);
      if (content && !isAllowedKey(s.key)) pushContent(content, s.text);
    }
    for (const s of parts.base64) {
      scanText(s, 'base64', true);
      if (content) pushContent(content, s);
    }
    flushLine(lineNo);
    reportSplit(split);
  };
  /** Reports what the joined look found (after the line's own detectors, which it defers to). */
  const reportSplit = (split: readonly SplitHit[]): void => {
    for (const hit of split) {
      const reported = reportedValues.get(hit.line) ?? [];
      // Wholly in one line and found by that line's own detectors already: reported once.
      if (!hit.supersedes && hit.parts.every((p) => p.line === hit.line) && overlapsAny(hit.value, reported))
        continue;
      // A secret that grew since (a token streamed on): one finding, the longer, with every part.
      if (hit.supersedes)
        forget(
          hit.supersedes.line,
          splitKind({ kind: hit.kind, parts: hit.supersedes.parts }),
          hit.supersedes.value,
        );
      push(hit.line, splitKind(hit), hit.value, 'text', hit.parts);
      reportedValues.set(hit.line, [...reported, hit.value]);
    }
  };
  /** The end of the file: what the joined look still held back (a token at the very end) is reported. */
  const finish = (): void => {
    if (joined) reportSplit(joined.finish());
  };
  /** Called after each secretlint batch: the lines before it are done. */
  const forgetLines = (): void => reportedValues.clear();
  return { leaks, hits, scanLine, finish, report, forgetLines, literals };
}

/**
 * Re-reads a written fixture looking for every secret literal given (env secrets, literals the
 * redactor learnt, home/cwd) and the known values of `options.env`, each in every encoding (raw,
 * JSON-escaped, base64, percent-encoded); every built-in pattern; high-entropy tokens
 * (`findHighEntropy`); and secretlint's recommended rules — in each line's text, in every
 * JSON-unescaped string of the recorded content (secrets hide as `\/` or `\u0073k-ant-…`), and in
 * decoded base64 bytes. Streams: constant memory on large fixtures.
 */
export async function scanForLeaks(
  filePath: string,
  secrets: ReadonlyArray<string | SecretLiteral>,
  options: ScanOptions = {},
): Promise<Leak[]> {
  return (await scanForLeakHits(filePath, secrets, options)).map((h) => h.leak);
}

/** `scanForLeaks` with the secret each leak found (to mask it in the file; never to print). */
export async function scanForLeakHits(
  filePath: string,
  secrets: ReadonlyArray<string | SecretLiteral>,
  options: ScanOptions = {},
): Promise<LeakHit[]> {
  const scanner = lineScanner(secrets, options);
  const lint =
    options.secretlint === false ? undefined : await secretlintBatcher(scanner.report, scanner.forgetLines);
  const splitter = new LineSplitter();
  let lineNo = 0;
  const stream = createReadStream(filePath, { highWaterMark: 1 << 20 });
  const scanOne = async (text: string): Promise<void> => {
    lineNo += 1;
    const content: LintPart[] | undefined = lint ? [] : undefined;
    scanner.scanLine(lineNo, text, content);
    if (lint && content) await lint.add(lineNo, content);
  };
  try {
    for await (const chunk of stream) {
      for (const line of splitter.push(chunk as Buffer)) await scanOne(line.toString('utf8'));
    }
    const rest = splitter.end();
    if (rest !== undefined) await scanOne(rest.toString('utf8'));
    scanner.finish();
    await lint?.flush();
  } catch (error) {
    throw new ClideError('io', `cannot read the fixture to scan it: ${(error as Error).message}`, {
      where: filePath,
      cause: error,
    });
  } finally {
    stream.destroy();
  }
  return scanner.hits.sort((a, b) => a.leak.line - b.leak.line);
}

/** The secrets of a recording in progress: the redactor, which learns more as it goes. */
export interface GrowingSecrets {
  /** The secrets known so far, from the `from`-th on (in the order they were learnt). */
  secretsSeen(from?: number): ReadonlyArray<SecretLiteral>;
  /** How many secrets are known so far. */
  secretCount(): number;
}

/** The leak scan of a file while it is written, line by line (see `streamingLeakScan`). */
export interface StreamingLeakScan {
  /** Scans the next line handed to the file (in file order, with or without its newline). */
  line(text: string): void;
  /**
   * Settles once every line handed over so far is scanned through (secretlint's part runs after
   * `line` returns, batched): what a producer waits for so that lines do not pile up unscanned.
   */
  drained?(): Promise<void>;
  /**
   * Once the file is complete: its leaks, the same list `scanForLeaks` of the file with every
   * secret known by then would give.
   */
  finish(): Promise<Leak[]>;
}

/**
 * The leak scan of `filePath` done while it is written: each line is scanned as it is handed to
 * the file (the lines are at hand: nothing is re-read), with the secrets known at that moment.
 * `finish` then re-reads only what it must, so that the result is `scanForLeaks`' own:
 *
 * - a line scanned before a secret was learnt is not yet checked for that secret: the lines up to
 *   the last such line are checked for the secrets learnt after them (literals only: nothing
 *   else differs), when a line could hold one;
 * - when anything is found — by that check, or by any detector while writing — the whole file is
 *   scanned again by `scanForLeaks` and its report is returned, so a leak is reported exactly as
 *   before (every detector, every line), and a clean file costs no second pass.
 *
 * So the verdict (leak or not) and every report are the same as scanning the finished file.
 */
export function streamingLeakScan(
  filePath: string,
  secrets: GrowingSecrets,
  options: ScanOptions = {},
): StreamingLeakScan {
  const scanner = lineScanner(secrets.secretsSeen(), options);
  let synced = secrets.secretCount();
  /** Secrets learnt after the first line was scanned, with the first line scanned with them. */
  const late: Array<{ secret: SecretLiteral; fromLine: number }> = [];
  let lineNo = 0;
  let failed = false;
  let lint: Promise<Awaited<ReturnType<typeof secretlintBatcher>> | undefined> =
    options.secretlint === false
      ? Promise.resolve(undefined)
      : secretlintBatcher(scanner.report, scanner.forgetLines);
  // An error of secretlint is the final scan's to report (it runs it again).
  lint = lint.catch(() => {
    failed = true;
    return undefined;
  });
  let linting: Promise<void> = Promise.resolve();
  return {
    line(raw) {
      const text = raw.endsWith('\n') ? raw.slice(0, -1) : raw;
      lineNo += 1;
      const count = secrets.secretCount();
      if (count > synced) {
        for (const secret of secrets.secretsSeen(synced)) {
          scanner.literals.add(secret);
          if (lineNo > 1) late.push({ secret, fromLine: lineNo });
        }
        synced = count;
      }
      const content: LintPart[] = [];
      try {
        scanner.scanLine(lineNo, text, content);
      } catch {
        failed = true;
        return;
      }
      const at = lineNo;
      linting = linting.then(async () => {
        try {
          await (await lint)?.add(at, content);
        } catch {
          failed = true;
        }
      });
    },
    drained() {
      return linting;
    },
    async finish() {
      await linting;
      try {
        scanner.finish();
      } catch {
        failed = true;
      }
      try {
        await (await lint)?.flush();
      } catch {
        failed = true;
      }
      if (failed || scanner.leaks.length > 0 || (await lateSecretsFound(filePath, late))) {
        return scanForLeaks(filePath, secrets.secretsSeen(), options);
      }
      return [];
    },
  };
}

/**
 * Whether a secret learnt late could be in a line written before it was learnt. A line without
 * a backslash or base64 bytes holds its strings as they are, so a line none of the late literals
 * occurs in is skipped; any other is scanned for them as the full scan would.
 */
async function lateSecretsFound(
  filePath: string,
  late: ReadonlyArray<{ secret: SecretLiteral; fromLine: number }>,
): Promise<boolean> {
  if (late.length === 0) return false;
  const last = Math.max(...late.map((l) => l.fromLine)) - 1;
  const secrets = late.map((l) => l.secret);
  const quick = new LiteralMatcher();
  for (const s of secrets) quick.add(s);
  const scanner = lineScanner(secrets, { entropy: false, joined: false });
  const splitter = new LineSplitter();
  const stream = createReadStream(filePath, { highWaterMark: 1 << 20 });
  let lineNo = 0;
  const check = (text: string): boolean => {
    lineNo += 1;
    if (!text.includes('\\') && !text.includes('"rawBase64"') && !quick.test(text)) return false;
    scanner.scanLine(lineNo, text);
    return scanner.leaks.length > 0;
  };
  try {
    for await (const chunk of stream) {
      for (const line of splitter.push(chunk as Buffer)) {
        if (check(line.toString('utf8'))) return true;
        if (lineNo >= last) return false;
      }
    }
    const rest = splitter.end();
    return rest !== undefined && lineNo < last && check(rest.toString('utf8'));
  } catch {
    // The full scan reads the file again and reports what went wrong.
    return true;
  } finally {
    stream.destroy();
  }
}

/** The same scan, synchronously and without secretlint (for small files written synchronously: canary wire logs). */
export function scanForLeaksSync(
  filePath: string,
  secrets: ReadonlyArray<string | SecretLiteral>,
  options: Omit<ScanOptions, 'secretlint'> = {},
): Leak[] {
  const scanner = lineScanner(secrets, options);
  let bytes: Buffer;
  try {
    bytes = readFileSync(filePath);
  } catch (error) {
    throw new ClideError('io', `cannot read the fixture to scan it: ${(error as Error).message}`, {
      where: filePath,
      cause: error,
    });
  }
  const splitter = new LineSplitter();
  let lineNo = 0;
  for (const line of splitter.push(bytes)) scanner.scanLine(++lineNo, line.toString('utf8'));
  const rest = splitter.end();
  if (rest !== undefined) scanner.scanLine(++lineNo, rest.toString('utf8'));
  scanner.finish();
  return scanner.leaks;
}

/** One line per leak for messages: `line 12: anthropic-key sk-a…(108 chars) (in json)`. */
export function formatLeaks(leaks: readonly Leak[], limit = 10): string {
  const shown = leaks.slice(0, limit).map((l) => `  line ${l.line}: ${l.kind} ${l.preview} (in ${l.found})`);
  if (leaks.length > limit) shown.push(`  … and ${leaks.length - limit} more`);
  return shown.join('\n');
}

function leakError(leaks: readonly Leak[], where: string, what = 'the fixture'): ClideError {
  const kinds = [...new Set(leaks.map((l) => l.kind))].join(', ');
  return new ClideError(
    'leak',
    `refusing to keep ${what}: ${leaks.length} secret(s) survived redaction (${kinds}); the file was deleted\n${formatLeaks(leaks)}`,
    {
      where,
      hint: 'add a redaction rule for it (a "pattern" or "path" in the rules file) and record again',
    },
  );
}

export function moveIntoPlace(tempPath: string, finalPath: string): void {
  if (tempPath === finalPath) return;
  try {
    renameSync(tempPath, finalPath);
  } catch (error) {
    throw new ClideError('io', `cannot move the scanned fixture into place: ${(error as Error).message}`, {
      where: finalPath,
      hint: `the scanned fixture is still at ${tempPath}`,
      cause: error,
    });
  }
}

/**
 * The last step of a canary wire log, synchronously and without secretlint: scans `tempPath`,
 * then renames it to `finalPath`; on any hit (or if it cannot be scanned) the file is deleted and
 * a `ClideError('leak')` is thrown. (A recording is kept whatever the scan finds: `finalizeFixture`.)
 */
export function finalizeFixtureSync(
  tempPath: string,
  finalPath: string,
  redactor: { secretsSeen(): ReadonlyArray<SecretLiteral> },
  options: Omit<ScanOptions, 'secretlint'> = {},
): { path: string } {
  let leaks: Leak[];
  try {
    leaks = scanForLeaksSync(tempPath, redactor.secretsSeen(), options);
  } catch (error) {
    rmSync(tempPath, { force: true });
    throw error;
  }
  if (leaks.length > 0) {
    rmSync(tempPath, { force: true });
    throw leakError(leaks, finalPath, 'the wire log');
  }
  moveIntoPlace(tempPath, finalPath);
  return { path: finalPath };
}

/** What a fixture frame is to the streams a reader joins (as the recorder decided it when writing). */
function frameStep(frame: Record<string, unknown>): StreamStep | undefined {
  if (typeof frame.raw === 'string') {
    if (frame.dir === 'stderr') return rawStep('stderr', frame.raw);
    // The recorder joins raw stdout lines that do not look like JSON (see JoinedFrames.prepare).
    const first = frame.raw.trimStart()[0];
    if (frame.dir === 'from-cli' && first !== undefined && first !== '{' && first !== '[')
      return rawStep('stdout', frame.raw);
    return undefined;
  }
  return frame.dir === 'from-cli' ? messageStep(frame.msg) : undefined;
}

/** The pieces of `text` between the kit's placeholders, each with where it starts. */
function segmentsBetweenPlaceholders(text: string): Array<{ at: number; text: string }> {
  const out: Array<{ at: number; text: string }> = [];
  const all = new RegExp(PLACEHOLDERS.source, 'g');
  let last = 0;
  for (const m of text.matchAll(all)) {
    if (m.index > last) out.push({ at: last, text: text.slice(last, m.index) });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ at: last, text: text.slice(last) });
  return out;
}

/** A secret found in a stream's joined text, with its part in each line. */
interface SplitHit {
  kind: string;
  value: string;
  parts: LeakPart[];
  /** The line to report it at: the last that holds a part. */
  line: number;
  /** A find of the same secret reported before, shorter (it grew since): to take back. */
  supersedes?: { line: number; value: string; parts: readonly LeakPart[] };
}

/** The kind a split find is reported as: `… (joined)` when its parts are in more than one line. */
function splitKind(hit: { kind: string; parts: readonly LeakPart[] }): string {
  const lines = new Set(hit.parts.map((p) => p.line));
  return lines.size > 1 ? `${hit.kind} (joined)` : hit.kind;
}

/** Finds kept per stream (where each began) to tell a longer find of one secret; beyond this many, the oldest go. */
const MAX_STARTED = 1024;

/**
 * The scan's look at what a reader joins: per stream, the secrets (built-in patterns, known
 * literals) that reach into a line from the lines before it — split over a block's deltas or
 * stderr's lines, so that no line holds them whole — and every high-entropy token touching the
 * line (a piece alone is not judged: a cut turns `toolu_01…` into `oolu_01…`), each with its
 * parts. A token that reaches the end of the text may go on in the next piece: it is reported
 * once it ends (a piece goes on with something else, the stream ends, or the file does).
 */
function joinedScanner(literals: LiteralMatcher, entropy: boolean) {
  type Ref = { line: number; field: PieceField };
  const found = new Map<string, { kind: string; value: string; open: boolean }>();
  /** Finds reported, by stream, detector and where they start: a longer find of one supersedes it. */
  const started = new Map<string, { line: number; value: string; parts: LeakPart[] }>();
  /** Per stream, a token that reached the end of the text, not reported yet. */
  const pending = new Map<string, { at: string; hit: SplitHit }>();
  let next = 0;
  const joined = new JoinedText<Ref>(
    (window, { patterns }) => {
      const out: JoinedMatch[] = [];
      // A segment too long for one regex pass (a huge raw line): window by window.
      for (const seg of segmentsBetweenPlaceholders(window))
        for (const w of scanWindows(seg.text)) {
          const at = seg.at + w.at;
          const add = (
            kind: string,
            value: string,
            span: [number, number],
            match: [number, number],
            token = false,
          ): void => {
            if (!owns(w, span[0])) return;
            const open = token && at + span[1] === window.length;
            out.push({
              ...(token ? { inPieceRule: false as const } : {}),
              start: at + span[0],
              end: at + span[1],
              matchStart: at + match[0],
              matchEnd: at + match[1],
              placeholder: () => {
                const id = `joined#${next++}`;
                found.set(id, { kind, value, open });
                return id;
              },
            });
          };
          if (patterns)
            for (const m of findSecretMatches(w.text))
              add(m.pattern, m.value, [m.start, m.end], [m.matchStart, m.matchEnd]);
          if (literals.size > 0 && literals.test(w.text))
            for (const m of literals.spans(w.text)) add(m.kind, m.value, [m.start, m.end], [m.start, m.end]);
          if (entropy)
            for (const t of highEntropySpans(w.text))
              add('high-entropy', t.value, [t.start, t.end], [t.start, t.end], true);
        }
      return out;
    },
    (text) => ANY_PATTERN_PRETEST.test(text),
  );
  const report = (at: string, hit: SplitHit): SplitHit => {
    const before = started.get(at);
    const parts = before ? mergeParts(before.parts, hit.parts) : hit.parts;
    started.delete(at);
    started.set(at, { line: hit.line, value: hit.value, parts });
    if (started.size > MAX_STARTED) started.delete(started.keys().next().value!);
    return { ...hit, parts, ...(before ? { supersedes: before } : {}) };
  };
  /** Reports the waiting token of each stream `match` accepts. */
  const settle = (match: (key: string) => boolean): SplitHit[] => {
    const out: SplitHit[] = [];
    for (const [key, p] of [...pending]) {
      if (!match(key)) continue;
      pending.delete(key);
      out.push(report(p.at, p.hit));
    }
    return out;
  };
  return {
    /** Line `lineNo` is `step`: the split secrets found, each with its parts. */
    line(lineNo: number, step: StreamStep): SplitHit[] {
      if (step.kind === 'end') {
        joined.end(step.key);
        return settle((key) => key === step.key);
      }
      if (step.kind === 'endAll') {
        joined.endAll(step.prefix);
        return settle((key) => key.startsWith(step.prefix));
      }
      const plan = joined.push(step.key, step.text, {
        separator: step.separator,
        json: step.json,
        inside: false,
      });
      joined.written(step.key, { line: lineNo, field: step.field });
      const byId = new Map<string, LeakPart[]>();
      const add = (id: string, part: LeakPart): void => {
        byId.set(id, [...(byId.get(id) ?? []), part]);
      };
      for (const span of plan.current)
        add(span.placeholder, { line: lineNo, field: step.field, start: span.start, end: span.end });
      for (const part of plan.earlier)
        add(part.placeholder, {
          line: part.ref.line,
          field: part.ref.field,
          start: part.start,
          end: part.end,
        });
      const out: SplitHit[] = [];
      const waiting = pending.get(step.key);
      pending.delete(step.key);
      // The waiting token went on into this piece (whatever it turned into), or ended before it.
      const grown = step.separator === '' && /^[A-Za-z0-9+/_=.~-]/.test(step.text);
      if (waiting !== undefined && step.text === '') pending.set(step.key, waiting);
      for (const [id, parts] of byId) {
        const hit = found.get(id);
        if (hit === undefined) continue;
        parts.sort((a, b) => a.line - b.line || a.start - b.start);
        const first = parts[0]!;
        const at = `${step.key}\u0000${hit.kind}\u0000${first.line}\u0000${first.field}\u0000${first.start}`;
        const split: SplitHit = { kind: hit.kind, value: hit.value, parts, line: parts.at(-1)!.line };
        if (hit.open) pending.set(step.key, { at, hit: split });
        else out.push(report(at, split));
      }
      found.clear();
      // The token that reached the end before did not go on: it ended there.
      if (waiting !== undefined && !grown && step.text !== '') out.push(report(waiting.at, waiting.hit));
      // Streams that never end (a subagent cut short) leave their token waiting: the oldest is reported.
      while (pending.size > MAX_JOINED_STREAMS) {
        const [key, p] = pending.entries().next().value!;
        pending.delete(key);
        out.push(report(p.at, p.hit));
      }
      return out;
    },
    /** The end of the file: every token still waiting is reported. */
    finish(): SplitHit[] {
      return settle(() => true);
    },
  };
}

/** Both lists of parts, each part once (one that lies within another of the same piece is dropped). */
function mergeParts(a: readonly LeakPart[], b: readonly LeakPart[]): LeakPart[] {
  const all = [...a, ...b];
  return all
    .filter(
      (p, i) =>
        !all.some(
          (q, j) =>
            j !== i &&
            q.line === p.line &&
            q.field === p.field &&
            q.start <= p.start &&
            q.end >= p.end &&
            (q.start < p.start || q.end > p.end || j < i),
        ),
    )
    .sort((x, y) => x.line - y.line || x.start - y.start);
}
