import { type Direction, decodeUtf8, encodeRecord, type FixtureFrame } from '../fixture/index.js';
import { JoinedText } from './joined-text.js';
import type { Redactor } from './redactor.js';
import { messageStep, type PieceField, pieceOf, rawStep, withPiece } from './stream-pieces.js';

/** A line already handed to the fixture file, rewritten in place: same length, a secret's part masked. */
export interface LinePatch {
  /** Byte offset of the line in the file. */
  offset: number;
  /** The line as it was written (with its newline). */
  before: string;
  /** The line with the part masked: exactly as many bytes. */
  after: string;
}

/** Where a piece was written, and what it was. */
interface Written {
  offset: number;
  /** The line as written (`encodeRecord(frame)`), worked out when a patch needs it. */
  line: string | undefined;
  frame: FixtureFrame;
  /** The piece's text as the CLI sent it. */
  original: string;
  /** The field of `frame` that holds the piece's text. */
  field: PieceField;
}

/** What a captured line is, as a piece of a stream, before it is written. */
export interface PreparedLine {
  /** The line to hand to the writer: the captured one, or one with a secret's part replaced. */
  line: Uint8Array | string;
  /** Set when the line is a piece of a stream: pass it to `written` with the frame. */
  piece?: {
    key: string;
    field: PieceField;
    original: string;
    earlier: Array<{ ref: Written; start: number; end: number }>;
  };
}

/**
 * Redaction over what the reader of a fixture sees: each content block's deltas joined (per
 * parent and block index: text, thinking, tool input JSON), the stderr lines joined, the raw
 * (non-JSON) stdout lines joined. Before a line is written, `prepare` replaces the part of a
 * secret that reaches into it from earlier pieces (a key cut over three deltas, `DB_PASSWORD=` in
 * one delta and the value in the next, a private key printed line by line); after it is written,
 * `written` returns the patches that mask the secret's parts in the earlier lines, already on
 * disk, where they are (same length, `*` for each byte). A secret wholly inside one line is the
 * redactor's, as before.
 */
export class JoinedFrames {
  private readonly joined: JoinedText<Written>;

  constructor(redactor: Pick<Redactor, 'findInJoined' | 'patternKeyword'>) {
    this.joined = new JoinedText(
      (text, options) => redactor.findInJoined(text, options),
      (text) => redactor.patternKeyword(text),
    );
  }

  prepare(dir: Direction, line: Uint8Array): PreparedLine {
    if (dir === 'stderr') return this.rawPiece('stderr', line);
    if (dir !== 'from-cli') return { line };
    const first = firstByte(line);
    if (first !== 0x7b && first !== 0x5b)
      return first === undefined ? { line } : this.rawPiece('stdout', line);
    if (!mayBeStreamEvent(line)) return { line };
    const text = decodeUtf8(line);
    if (text === undefined) return { line };
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return { line };
    }
    const step = messageStep(msg);
    if (step === undefined) return { line };
    if (step.kind === 'end') {
      this.joined.end(step.key);
      return { line };
    }
    if (step.kind === 'endAll') {
      this.joined.endAll(step.prefix);
      return { line };
    }
    const { key, field, text: original } = step;
    const plan = this.joined.push(key, original, { json: field === 'partial_json' });
    const piece = { key, field, original, earlier: plan.earlier };
    if (plan.current.length === 0) return { line, piece };
    const encoded = JSON.stringify(
      withPiece({ msg } as Pick<FixtureFrame, 'msg'>, field, replaceSpans(original, plan.current)).msg,
    );
    return { line: encoded === text ? line : encoded, piece };
  }

  /** The line of `prepared` was written as `frame` at `offset`: the patches for the earlier lines. */
  written(prepared: PreparedLine, frame: FixtureFrame, offset: number): LinePatch[] {
    const piece = prepared.piece;
    if (piece === undefined) return [];
    this.joined.written(piece.key, {
      offset,
      line: undefined,
      frame,
      original: piece.original,
      field: piece.field,
    });
    const patches: LinePatch[] = [];
    for (const part of piece.earlier) {
      const patch = maskWritten(part.ref, part.start, part.end);
      if (patch === undefined) continue;
      patches.push(patch);
    }
    return patches;
  }

  private rawPiece(stream: 'stderr' | 'stdout', line: Uint8Array): PreparedLine {
    const text = decodeUtf8(line);
    if (text === undefined) return { line };
    const plan = this.joined.push(stream, text, { separator: rawStep(stream, text).separator });
    const piece = { key: stream, field: 'raw' as const, original: text, earlier: plan.earlier };
    if (plan.current.length === 0) return { line, piece };
    const replaced = replaceSpans(text, plan.current);
    // A raw stdout line that became JSON-looking would be stored as a message: keep it raw.
    return stream === 'stdout' && /^\s*[[{]/.test(replaced) ? { line, piece } : { line: replaced, piece };
  }
}

function firstByte(line: Uint8Array): number | undefined {
  for (const byte of line) if (byte !== 0x20 && byte !== 0x09) return byte;
  return undefined;
}

const STREAM_EVENT = Buffer.from('"stream_event"');

function mayBeStreamEvent(line: Uint8Array): boolean {
  return Buffer.from(line.buffer, line.byteOffset, line.byteLength).includes(STREAM_EVENT);
}

function replaceSpans(
  text: string,
  spans: ReadonlyArray<{ start: number; end: number; placeholder: string }>,
): string {
  let out = '';
  let last = 0;
  for (const span of spans) {
    out += text.slice(last, span.start) + span.placeholder;
    last = span.end;
  }
  return out + text.slice(last);
}

/** Placeholders in written text a mask must not cut into. */
const PLACEHOLDER =
  /\[redacted:[^\]\s]*\]|email-\d+@redacted\.invalid|REDACTED(?:-\d+)?|\$(?:HOME|CWD|USER|HOSTNAME)(?:_SLUG)?\b/g;

/**
 * The patch that masks `[start, end)` of the piece's original text in its written line, or
 * undefined when that part is no longer there as it was (its own redaction replaced it).
 */
function maskWritten(ref: Written, start: number, end: number): LinePatch | undefined {
  const written = pieceOf(ref.frame, ref.field);
  if (written === undefined) return undefined;
  const part = ref.original.slice(start, end);
  let at: number;
  let length = part.length;
  if (written === ref.original) at = start;
  else if (end === ref.original.length) {
    // The part ends the piece: find how much of it ends the written text, up to a placeholder.
    length = commonSuffix(written, part);
    let floor = 0;
    for (const m of written.matchAll(PLACEHOLDER)) floor = Math.max(floor, m.index + m[0].length);
    length = Math.min(length, written.length - floor);
    at = written.length - length;
  } else {
    at = written.indexOf(part);
    if (at < 0) return undefined;
  }
  if (length <= 0) return undefined;
  const masked = written.slice(0, at) + stars(written.slice(at, at + length)) + written.slice(at + length);
  const frame = withPiece(ref.frame, ref.field, masked);
  const before = ref.line ?? encodeRecord(ref.frame);
  const after = encodeRecord(frame);
  if (Buffer.byteLength(after) !== Buffer.byteLength(before)) return undefined;
  const patch = { offset: ref.offset, before, after };
  ref.frame = frame;
  ref.line = after;
  return patch;
}

function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}

/** As many `*` as the text takes bytes in a JSON string, so the line keeps its length. */
function stars(text: string): string {
  let out = '';
  for (const ch of text) out += '*'.repeat(Buffer.byteLength(JSON.stringify(ch)) - 2);
  return out;
}
