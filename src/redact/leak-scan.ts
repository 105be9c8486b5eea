import { createReadStream, readFileSync, renameSync, rmSync } from 'node:fs';
import { ClideError } from '../errors/index.js';
import { LineSplitter } from '../fixture/index.js';
import { isRecord } from '../util/json.js';
import { base64Forms, percentForms } from './encodings.js';
import { findHighEntropy, isAllowedKey } from './entropy.js';
import { unescapeJsonText } from './json-text.js';
import { ANY_PATTERN_PRETEST, findSecrets } from './patterns.js';
import type { SecretLiteral } from './redactor.js';
import { knownEnvValues } from './secret-env.js';
import { secretlintBatcher } from './secretlint.js';
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
function forms(text: string): string[] {
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
  const push = (line: number, kind: string, value: string, found: Leak['found']): void => {
    const key = `${line}\u0000${kind}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    const leak: Leak = { line, kind, preview: maskSecret(value), found };
    leaks.push(leak);
    hits.push({ leak, value });
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
  ): void => {
    for (const form of forms(text)) {
      const pieces = betweenPlaceholders(form);
      // The pieces are in the form: when the pre-test fails on it, it fails on each.
      const formPatterns =
        patterns && (options.fullScan || pieces.length === 1 || ANY_PATTERN_PRETEST.test(form));
      for (const piece of pieces) {
        if (withLiterals && literalsMayMatch && literals.size > 0)
          for (const hit of literals.match(piece))
            pending.push({ kind: hit.kind, value: hit.value, found, source: 'literal' });
        if (formPatterns)
          for (const hit of findSecrets(piece))
            pending.push({ kind: hit.pattern, value: hit.value, found, source: 'pattern' });
        if (entropy && withLiterals && !isAllowedKey(key)) {
          for (const token of findHighEntropy(piece))
            pending.push({ kind: 'high-entropy', value: token, found, source: 'entropy' });
        }
      }
    }
  };
  const scanLine = (lineNo: number, text: string, content?: string[]): void => {
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
      content?.push(text);
      flushLine(lineNo);
      return;
    }
    const parts = contentOf(record);
    // Every string (and key) of the line is in its text with JSON's escapes undone; when that holds
    // no backslash, each string is its only form, so a pre-test that fails on the whole fails on
    // every piece of every string: the patterns' combined one, and the literals' own regexes.
    const unescaped = options.fullScan ? '\\' : plainLine ? text : unescapeJsonText(text);
    const stringsPlain = !unescaped.includes('\\');
    const patterns = !stringsPlain || (plainLine ? plainMayMatch : ANY_PATTERN_PRETEST.test(unescaped));
    const literalsMayMatch = !stringsPlain || literals.test(unescaped);
    for (const s of parts.json) {
      scanText(s.text, 'json', true, s.key, patterns, literalsMayMatch);
      if (!isAllowedKey(s.key)) content?.push(s.text);
    }
    for (const s of parts.base64) {
      scanText(s, 'base64', true);
      content?.push(s);
    }
    flushLine(lineNo);
  };
  /** Called after each secretlint batch: the lines before it are done. */
  const forgetLines = (): void => reportedValues.clear();
  return { leaks, hits, scanLine, report, forgetLines, literals };
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
    const content: string[] | undefined = lint ? [] : undefined;
    scanner.scanLine(lineNo, text, content);
    if (lint && content) await lint.add(lineNo, content);
  };
  try {
    for await (const chunk of stream) {
      for (const line of splitter.push(chunk as Buffer)) await scanOne(line.toString('utf8'));
    }
    const rest = splitter.end();
    if (rest !== undefined) await scanOne(rest.toString('utf8'));
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
      const content: string[] = [];
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
  const scanner = lineScanner(secrets, { entropy: false });
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
