import { createReadStream, renameSync, rmSync } from 'node:fs';
import { ClideError } from '../errors/index.js';
import { LineSplitter } from '../fixture/index.js';
import { findSecrets } from './patterns.js';
import type { SecretLiteral } from './redactor.js';
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      out.push(key);
      collectStrings(child, out);
    }
  }
}

/** The parts of a fixture line that carry recorded content (the envelope's own fields are not scanned for literals). */
function contentOf(record: unknown): { json: string[]; base64: string[] } {
  const json: string[] = [];
  const base64: string[] = [];
  if (!isRecord(record)) {
    collectStrings(record, json);
    return { json, base64 };
  }
  switch (record.kind) {
    case 'frame':
      collectStrings(record.msg, json);
      if (typeof record.raw === 'string') json.push(record.raw);
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
  const set = new LiteralRule('leak');
  for (const s of secrets) set.add(s.value, s.value, s.kind);
  if (set.size === 0) return undefined;
  return (text) => {
    const hits: SecretLiteral[] = [];
    for (const regex of set.regex) {
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

/**
 * Re-reads a written fixture looking for every secret literal given (env secrets, literals the
 * redactor learnt, home/cwd) and every built-in pattern — in each line's text, in every
 * JSON-unescaped string of the recorded content (secrets hide as `\/` or `\u0073k-ant-…`), and in
 * decoded base64 bytes. Streams: constant memory on large fixtures.
 */
export async function scanForLeaks(
  filePath: string,
  secrets: ReadonlyArray<string | SecretLiteral>,
): Promise<Leak[]> {
  const literals = literalMatcher(normalise(secrets));
  const leaks: Leak[] = [];
  const seen = new Set<string>();
  const report = (line: number, kind: string, value: string, found: Leak['found']): void => {
    const key = `${line}\u0000${kind}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    leaks.push({ line, kind, preview: maskSecret(value), found });
  };
  const scanText = (line: number, text: string, found: Leak['found'], withLiterals: boolean): void => {
    for (const form of forms(text)) {
      for (const piece of betweenPlaceholders(form)) {
        for (const hit of findSecrets(piece)) report(line, hit.pattern, hit.value, found);
        if (withLiterals && literals)
          for (const hit of literals(piece)) report(line, hit.kind, hit.value, found);
      }
    }
  };
  const scanLine = (lineNo: number, text: string): void => {
    // The whole line: patterns only (literals could collide with the envelope's own words).
    scanText(lineNo, text, 'text', false);
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      // A cut last line: no structure to trust, so the whole text is content.
      scanText(lineNo, text, 'text', true);
      return;
    }
    const content = contentOf(record);
    for (const s of content.json) scanText(lineNo, s, 'json', true);
    for (const s of content.base64) scanText(lineNo, s, 'base64', true);
  };

  const splitter = new LineSplitter();
  let lineNo = 0;
  const stream = createReadStream(filePath, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) {
      for (const line of splitter.push(chunk as Buffer)) {
        lineNo += 1;
        scanLine(lineNo, line.toString('utf8'));
      }
    }
  } catch (error) {
    throw new ClideError('io', `cannot read the fixture to scan it: ${(error as Error).message}`, {
      where: filePath,
      cause: error,
    });
  } finally {
    stream.destroy();
  }
  const rest = splitter.end();
  if (rest !== undefined) scanLine(lineNo + 1, rest.toString('utf8'));
  return leaks;
}

/** One line per leak for messages: `line 12: anthropic-key sk-a…(108 chars) (in json)`. */
export function formatLeaks(leaks: readonly Leak[], limit = 10): string {
  const shown = leaks.slice(0, limit).map((l) => `  line ${l.line}: ${l.kind} ${l.preview} (in ${l.found})`);
  if (leaks.length > limit) shown.push(`  … and ${leaks.length - limit} more`);
  return shown.join('\n');
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
): Promise<{ path: string }> {
  let leaks: Leak[];
  try {
    leaks = await scanForLeaks(tempPath, redactor.secretsSeen());
  } catch (error) {
    rmSync(tempPath, { force: true });
    throw error;
  }
  if (leaks.length > 0) {
    rmSync(tempPath, { force: true });
    const kinds = [...new Set(leaks.map((l) => l.kind))].join(', ');
    throw new ClideError(
      'leak',
      `refusing to keep the fixture: ${leaks.length} secret(s) survived redaction (${kinds}); the file was deleted\n${formatLeaks(leaks)}`,
      {
        where: finalPath,
        hint: 'add a redaction rule for it (a "pattern" or "path" in the rules file) and record again',
      },
    );
  }
  if (tempPath !== finalPath) {
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
  return { path: finalPath };
}
