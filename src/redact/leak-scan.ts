import { createReadStream, readFileSync, renameSync, rmSync } from 'node:fs';
import { ClideError } from '../errors/index.js';
import { LineSplitter } from '../fixture/index.js';
import { isRecord } from '../util/json.js';
import { base64Forms, percentForms } from './encodings.js';
import { findHighEntropy, isAllowedKey } from './entropy.js';
import { findSecrets } from './patterns.js';
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
  /\[redacted:[^\]\s]*\]|email-\d+@redacted\.invalid|\$(?:HOME|CWD|USER|HOSTNAME)(?:_SLUG)?\b/;

function betweenPlaceholders(text: string): string[] {
  return text.includes('[redacted:') || text.includes('@redacted.invalid') || text.includes('$')
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

function literalMatcher(secrets: readonly SecretLiteral[]): ((text: string) => SecretLiteral[]) | undefined {
  // The redactor's own literal set (chunked regexes, longest first, escaped forms included), with
  // each secret's own value as its "placeholder" so every escaped form reports the secret it is.
  // Every encoded form (base64 at each alignment, percent-encoding) is hunted too.
  const set = new LiteralRule('leak');
  for (const s of secrets) {
    set.add(s.value, s.value, s.kind);
    for (const form of percentForms(s.value)) set.add(form, s.value, `${s.kind} (url-encoded)`);
    for (const form of base64Forms(s.value)) set.add(form, s.value, `${s.kind} (base64)`);
  }
  if (set.size === 0) return undefined;
  return (text) => {
    const hits: SecretLiteral[] = [];
    for (const regex of set.regex) {
      // `test` first: most text holds no literal, and `matchAll` copies the regex on every call.
      regex.lastIndex = 0;
      const any = regex.test(text);
      // `matchAll` starts where the regex's `lastIndex` is.
      regex.lastIndex = 0;
      if (!any) continue;
      for (const m of text.matchAll(regex)) {
        const entry = set.replace(m);
        if (entry?.rule !== undefined) hits.push({ kind: entry.rule, value: entry.text });
      }
    }
    return hits;
  };
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
  const literals = literalMatcher(known);
  const entropy = options.entropy !== false;
  const leaks: Leak[] = [];
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
    leaks.push({ line, kind, preview: maskSecret(value), found });
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
  /** For secretlint: reported unless another detector already reported the same secret on that line. */
  const report = (line: number, kind: string, value: string, found: Leak['found']): void => {
    if (overlapsAny(value, reportedValues.get(line) ?? [])) return;
    push(line, kind, value, found);
  };
  const scanText = (text: string, found: Leak['found'], withLiterals: boolean, key?: string): void => {
    for (const form of forms(text)) {
      for (const piece of betweenPlaceholders(form)) {
        if (withLiterals && literals)
          for (const hit of literals(piece))
            pending.push({ kind: hit.kind, value: hit.value, found, source: 'literal' });
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
    // The whole line: patterns only (literals could collide with the envelope's own words).
    scanText(text, 'text', false);
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
    for (const s of parts.json) {
      scanText(s.text, 'json', true, s.key);
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
  return { leaks, scanLine, report, forgetLines };
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
  return scanner.leaks.sort((a, b) => a.line - b.line);
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

function moveIntoPlace(tempPath: string, finalPath: string): void {
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
 * The last step of a recording: scans `tempPath` for leaks, then renames it to `finalPath` (no
 * rename when they are the same path). On any hit — or if the file cannot be scanned — the file
 * is DELETED and a `ClideError('leak')` is thrown: an unredacted fixture never remains on disk.
 */
export async function finalizeFixture(
  tempPath: string,
  finalPath: string,
  redactor: { secretsSeen(): ReadonlyArray<SecretLiteral> },
  options: ScanOptions = {},
): Promise<{ path: string }> {
  let leaks: Leak[];
  try {
    leaks = await scanForLeaks(tempPath, redactor.secretsSeen(), options);
  } catch (error) {
    rmSync(tempPath, { force: true });
    throw error;
  }
  if (leaks.length > 0) {
    rmSync(tempPath, { force: true });
    throw leakError(leaks, finalPath);
  }
  moveIntoPlace(tempPath, finalPath);
  return { path: finalPath };
}

/** `finalizeFixture`, synchronously and without secretlint (canary wire logs). */
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
