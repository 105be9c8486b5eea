import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { LinesDigest } from '../fixture/digest.js';
import {
  encodeRecord,
  type FixtureFinding,
  type FixtureFrame,
  type FixtureRecord,
  LineSplitter,
} from '../fixture/index.js';
import { isRecord } from '../util/json.js';
import { base64Forms, percentForms } from './encodings.js';
import { type LeakHit, type LeakPart, unescapedForms } from './leak-scan.js';
import { pieceOf, withPiece } from './stream-pieces.js';

/**
 * Masks in a written recording what its leak scan found, so that a secret the redaction missed
 * costs the recording nothing: `source` is copied to `target` line by line, and on each line with
 * a hit the secret is replaced where it stands — in every string of the recorded content and in
 * every form the scan looks for it in (as it is, JSON-escaped up to three times, percent-encoded,
 * base64 at each alignment; in the bytes of a `rawBase64` frame) — by `[redacted:leak#N]`; a
 * string that still carries it (an escaping no form covers) is replaced whole; and, for the lines
 * in `withhold` (what masking could not clean, withheld by `record --recover` only), the frame's
 * content is withheld. The trailer, when there is one, names each secret masked in its `findings`
 * (never the value) and gets the digest of the new bytes. A line cut short stays cut.
 */
export async function maskLeaks(
  source: string,
  target: string,
  hits: readonly LeakHit[],
  options: { withhold?: ReadonlySet<number> } = {},
): Promise<FixtureFinding[]> {
  const byLine = new Map<number, LeakHit[]>();
  for (const hit of hits) byLine.set(hit.leak.line, [...(byLine.get(hit.leak.line) ?? []), hit]);
  /** The parts of split secrets (found in a stream's joined text), by the line that holds each. */
  const partsByLine = new Map<number, Array<LeakPart & { value: string }>>();
  for (const hit of hits)
    for (const part of hit.parts ?? [])
      partsByLine.set(part.line, [...(partsByLine.get(part.line) ?? []), { ...part, value: hit.value }]);
  const numbers = new Map<string, number>();
  const placeholder = (value: string): string => {
    let n = numbers.get(value);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(value, n);
    }
    return `[redacted:leak#${n}]`;
  };
  const findings: FixtureFinding[] = [];
  const digest = new LinesDigest();
  const fd = openSync(target, 'w', 0o600);
  const write = (text: string, trailer: boolean): void => {
    const bytes = Buffer.from(text, 'utf8');
    if (!trailer) digest.update(bytes);
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
  };
  let lineNo = 0;
  const one = (bytes: Buffer, eol: boolean): void => {
    lineNo += 1;
    const text = bytes.toString('utf8');
    const lineHits = byLine.get(lineNo) ?? [];
    const withhold = options.withhold?.has(lineNo) ?? false;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      record = undefined;
    }
    const trailer = isRecord(record) && record.kind === 'trailer';
    const parts = partsByLine.get(lineNo);
    if (lineHits.length === 0 && !withhold && !trailer && parts === undefined) {
      write(eol ? `${text}\n` : text, false);
      return;
    }
    // A split secret's part in this line's piece, replaced where it is (before the rest moves it).
    if (parts !== undefined && isRecord(record) && record.kind === 'frame')
      record = maskParts(record, parts, placeholder);
    const values = lineHits.map((h) => h.value);
    let out: string;
    let level: FixtureFinding['masked'] = 'value';
    if (!isRecord(record)) {
      // A line cut by a crash (the reader leaves it out): masked as text, or emptied.
      const masked = maskText(text, values, placeholder);
      out = withhold || masked.whole ? placeholder(values[0] ?? text) : masked.text;
      level = withhold ? 'frame' : masked.whole ? 'string' : 'value';
    } else {
      const masked = withhold ? withheld(record, placeholder) : maskRecord(record, values, placeholder);
      level = withhold ? 'frame' : masked.whole ? 'string' : 'value';
      if (masked.record.kind === 'trailer') {
        const earlier = Array.isArray(record.findings) ? (record.findings as FixtureFinding[]) : [];
        const all = [...earlier, ...findings, ...lineFindings(lineNo, lineHits, level)];
        out = encodeRecord({
          ...(masked.record as FixtureRecord & { kind: 'trailer' }),
          ...(all.length > 0 ? { findings: all } : {}),
          // The digest of the bytes now before the trailer.
          ...(record.digest === undefined ? {} : { digest: digest.value() }),
        }).slice(0, -1);
        write(eol ? `${out}\n` : out, true);
        return;
      }
      const kind = masked.record.kind;
      out =
        kind === 'header' || kind === 'frame'
          ? encodeRecord(masked.record as FixtureRecord).slice(0, -1)
          : JSON.stringify(masked.record);
    }
    findings.push(...lineFindings(lineNo, lineHits, level));
    write(eol ? `${out}\n` : out, false);
  };
  const splitter = new LineSplitter();
  const stream = createReadStream(source, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) for (const line of splitter.push(chunk as Buffer)) one(line, true);
    const rest = splitter.end();
    if (rest !== undefined) one(rest, false);
  } finally {
    stream.destroy();
    closeSync(fd);
  }
  return findings;
}

/** The frame with each part of its piece replaced by the placeholder of the secret it belongs to. */
function maskParts(
  frame: Record<string, unknown>,
  parts: ReadonlyArray<LeakPart & { value: string }>,
  placeholder: (value: string) => string,
): Record<string, unknown> {
  let out = frame as Pick<FixtureFrame, 'msg' | 'raw'>;
  for (const field of new Set(parts.map((p) => p.field))) {
    let text = pieceOf(out, field);
    if (text === undefined) continue;
    // Overlapping parts (two finds of one secret) as one, then from the end, so offsets still hold.
    const merged: Array<LeakPart & { value: string }> = [];
    for (const part of parts.filter((p) => p.field === field).sort((a, b) => a.start - b.start)) {
      const last = merged.at(-1);
      if (last !== undefined && part.start < last.end) last.end = Math.max(last.end, part.end);
      else merged.push({ ...part });
    }
    for (const part of merged.reverse())
      text = text.slice(0, part.start) + placeholder(part.value) + text.slice(part.end);
    out = withPiece(out, field, text);
  }
  return out as Record<string, unknown>;
}

function lineFindings(
  line: number,
  hits: readonly LeakHit[],
  masked: FixtureFinding['masked'],
): FixtureFinding[] {
  const seen = new Set<string>();
  const out: FixtureFinding[] = [];
  for (const { leak, value } of hits) {
    const key = `${leak.kind}\u0000${value.length}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ line, kind: leak.kind, found: leak.found, chars: value.length, masked });
  }
  return out;
}

/** Every form in which the scan can find `value` in a string: as is, escaped, encoded. */
function valueForms(value: string): string[] {
  const forms = new Set<string>([value]);
  let escaped = value;
  for (let i = 0; i < 3; i++) {
    escaped = JSON.stringify(escaped).slice(1, -1);
    forms.add(escaped);
    forms.add(escaped.replaceAll('/', '\\/'));
  }
  for (const form of percentForms(value)) forms.add(form);
  for (const form of base64Forms(value)) forms.add(form);
  forms.add(Buffer.from(value, 'utf8').toString('latin1'));
  return [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

/** Whether `text` still carries `value` in a form the scan reads (a multi-line value by any long line of it). */
function carries(text: string, value: string): boolean {
  const parts = value.includes('\n') ? value.split('\n').filter((p) => p.length >= 8) : [value];
  return unescapedForms(text).some((form) => parts.some((part) => form.includes(part)));
}

/** `text` with each value replaced in every form; `whole` when it still carries one (replace it whole). */
function maskText(
  text: string,
  values: readonly string[],
  placeholder: (value: string) => string,
): { text: string; whole: boolean } {
  let out = text;
  for (const value of values) {
    for (const form of valueForms(value))
      if (out.includes(form)) out = out.split(form).join(placeholder(value));
  }
  return { text: out, whole: values.some((v) => carries(out, v)) };
}

/** Every string (and key) of `value` through `fn`, without recursion limits on width. */
function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      let name = fn(key);
      for (let n = 2; Object.hasOwn(out, name); n++) name = `${fn(key)}~${n}`;
      Object.defineProperty(out, name, {
        value: mapStrings(child, fn),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** The content parts of a fixture record, each masked with `fn` (the envelope is not content). */
function mapContent(record: Record<string, unknown>, fn: (text: string) => string): Record<string, unknown> {
  const out = { ...record };
  const parts =
    record.kind === 'header'
      ? ['argv', 'env', 'meta', 'scenario']
      : record.kind === 'frame'
        ? ['msg', 'raw']
        : record.kind === 'trailer'
          ? ['reason']
          : Object.keys(record);
  for (const part of parts) if (out[part] !== undefined) out[part] = mapStrings(out[part], fn);
  if (record.kind === 'frame' && typeof record.rawBase64 === 'string') {
    const latin1 = Buffer.from(record.rawBase64, 'base64').toString('latin1');
    out.rawBase64 = Buffer.from(fn(latin1), 'latin1').toString('base64');
  }
  return out;
}

function maskRecord(
  record: Record<string, unknown>,
  values: readonly string[],
  placeholder: (value: string) => string,
): { record: Record<string, unknown>; whole: boolean } {
  let whole = false;
  const masked = mapContent(record, (text) => {
    const m = maskText(text, values, placeholder);
    if (!m.whole) return m.text;
    whole = true;
    return placeholder(values.find((v) => carries(m.text, v)) ?? text);
  });
  return { record: masked, whole };
}

/** What a withheld frame's content becomes. */
export const WITHHELD = '[redacted:leak:withheld]';

/** The record with its content withheld: a frame keeps its place, direction and time only. */
function withheld(
  record: Record<string, unknown>,
  placeholder: (value: string) => string,
): { record: Record<string, unknown>; whole: boolean } {
  if (record.kind === 'frame') {
    const { msg: _m, raw: _r, rawBase64: _b, exact: _e, ...envelope } = record;
    return { record: { ...envelope, raw: WITHHELD }, whole: true };
  }
  if (record.kind === 'trailer') {
    const { reason: _reason, ...rest } = record;
    return { record: rest, whole: true };
  }
  return { record: mapContent(record, (text) => placeholder(text)), whole: true };
}
