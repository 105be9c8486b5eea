import { TextDecoder } from 'node:util';
import { ClideError } from '../errors/index.js';
import type { Finding, FindingLocation } from '../findings/index.js';

/**
 * One line of a JSONL stream, parsed or not. Line numbers are 1-based and count empty lines. A
 * line over `maxLineBytes` is not read: its frame has `tooLong` (its length in bytes) and the
 * first characters of the line as `raw`.
 */
export type Frame =
  | { line: number; raw: string; ok: true; value: unknown }
  | { line: number; raw: string; ok: false; error: string; tooLong?: number };

/** A line that was not valid JSON. */
export type BadFrame = Extract<Frame, { ok: false }>;

/**
 * Streaming JSONL framer: feed it chunks as they arrive (any boundaries, UTF-8 split anywhere),
 * get back complete frames. Empty (or whitespace-only) lines are skipped but counted, CRLF is
 * accepted, a UTF-8 byte-order mark at the very start is dropped, a final line without newline is
 * flushed by `end()`, and a non-JSON line becomes a frame with `ok: false` instead of an exception.
 * Invalid UTF-8 byte sequences decode to U+FFFD (they never throw).
 *
 * Linear time in the input size: the pieces of an incomplete line are kept in a list and joined
 * once, when its newline arrives — a 10 MB line fed in tiny chunks costs no more than one chunk.
 */
export interface JsonlFramerOptions {
  /**
   * `skip` (default): whitespace-only lines are skipped. `frame`: a non-empty whitespace-only line
   * becomes an `ok: false` frame like any other line that is not JSON (empty lines are still
   * skipped). Some CLI versions refuse such a line on stdin.
   */
  blankLines?: 'skip' | 'frame';
  /**
   * Lines of more bytes than this (pushed as bytes) are not held or read: the framer skips to the
   * next newline and gives a frame with `tooLong` (see `MAX_LINE_BYTES`). Default: no limit.
   */
  maxLineBytes?: number;
}

/** Characters of an over-long line kept in its frame's `raw`. */
const TOO_LONG_HEAD = 200;

export class JsonlFramer {
  constructor(private readonly options: JsonlFramerOptions = {}) {}

  // TextDecoder in streaming mode keeps an incomplete multi-byte sequence for the next chunk and
  // reads exactly the bytes of the view it is given (byteOffset/byteLength), never the whole
  // underlying ArrayBuffer. The BOM is handled here (ignoreBOM: true keeps it in the text), so that
  // mixing string and byte chunks cannot drop a U+FEFF in the middle of a stream.
  private decoder = newDecoder();
  /** Bytes were decoded since the last flush: the decoder may hold part of a character. */
  private decoderUsed = false;
  /** Pieces of the current, not yet terminated line. */
  private parts: string[] = [];
  private lineNo = 0;
  /** No text seen yet: a leading BOM is dropped. */
  private atStart = true;
  private ended = false;
  /** Bytes of the current line so far (counted only with `maxLineBytes`). */
  private lineBytes = 0;
  /** The current line is over `maxLineBytes`: its first characters, the rest is skipped. */
  private skipping: string | undefined;

  /** True when the text pushed so far ends on a line boundary (no part of a line is waiting). */
  get atLineBoundary(): boolean {
    return this.parts.length === 0;
  }

  /** Number of lines completed so far (including skipped empty ones). */
  get linesSeen(): number {
    return this.lineNo;
  }

  push(chunk: Uint8Array | string): Frame[] {
    if (this.ended) {
      throw new ClideError('internal', 'JsonlFramer.push() called after end()', {
        where: 'src/protocol/jsonl-framer.ts',
        hint: 'create a new JsonlFramer per stream',
      });
    }
    const max = this.options.maxLineBytes;
    if (max !== undefined && typeof chunk !== 'string') return this.pushLimited(chunk, max);
    return this.pushText(chunk);
  }

  /**
   * Bytes under a line limit: each line's bytes are counted (a newline byte is never part of a
   * UTF-8 sequence); a line that goes past the limit is dropped from there to its newline, and
   * only the text of lines within it is decoded.
   */
  private pushLimited(bytes: Uint8Array, max: number): Frame[] {
    const frames: Frame[] = [];
    let from = 0;
    while (from < bytes.length) {
      const nl = bytes.indexOf(0x0a, from);
      const end = nl < 0 ? bytes.length : nl;
      if (this.skipping === undefined && this.lineBytes + (end - from) > max) {
        // Over the limit: what was kept of the line, and a little of this piece, is its head.
        const head = this.parts.join('') + this.flushDecoder() + textOf(bytes, from, end);
        this.skipping = (this.atStart && head.charCodeAt(0) === 0xfeff ? head.slice(1) : head).slice(
          0,
          TOO_LONG_HEAD,
        );
        this.atStart = false;
        this.parts = [];
      }
      this.lineBytes += end - from;
      if (this.skipping === undefined) {
        for (const frame of this.pushText(bytes.subarray(from, nl < 0 ? end : nl + 1))) frames.push(frame);
      } else if (nl >= 0) {
        this.emitTooLong(frames);
      }
      if (nl < 0) break;
      this.lineBytes = 0;
      from = nl + 1;
    }
    return frames;
  }

  /** The frame of the over-long line that just ended (or the stream did). */
  private emitTooLong(out: Frame[]): void {
    this.lineNo += 1;
    const bytes = this.lineBytes;
    out.push({
      line: this.lineNo,
      raw: this.skipping ?? '',
      ok: false,
      error: `the line is ${bytes} bytes long, over the ${this.options.maxLineBytes} a line may have`,
      tooLong: bytes,
    });
    this.skipping = undefined;
  }

  private pushText(chunk: Uint8Array | string): Frame[] {
    let text: string;
    if (typeof chunk === 'string') {
      // A string after bytes that ended mid-character: flush the broken sequence (as U+FFFD)
      // first, so the text stays in arrival order.
      text = this.flushDecoder() + chunk;
    } else {
      text = this.decoder.decode(chunk, { stream: true });
      this.decoderUsed = true;
    }
    if (this.atStart && text.length > 0) {
      this.atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const frames: Frame[] = [];
    let nl = text.indexOf('\n');
    if (nl === -1) {
      if (text.length > 0) this.parts.push(text);
      return frames;
    }
    let line: string;
    if (this.parts.length > 0) {
      this.parts.push(text.slice(0, nl));
      line = this.parts.join('');
      this.parts = [];
    } else {
      line = text.slice(0, nl);
    }
    for (;;) {
      this.emit(line, frames);
      const start = nl + 1;
      nl = text.indexOf('\n', start);
      if (nl === -1) {
        if (start < text.length) this.parts.push(text.slice(start));
        break;
      }
      line = text.slice(start, nl);
    }
    return frames;
  }

  /** Flushes the last line when it has no trailing newline. The framer cannot be used afterwards. */
  end(): Frame[] {
    if (this.ended) return [];
    this.ended = true;
    if (this.skipping !== undefined) {
      const frames: Frame[] = [];
      this.emitTooLong(frames);
      return frames;
    }
    const tail = this.flushDecoder();
    if (tail.length > 0)
      this.parts.push(this.atStart && tail.charCodeAt(0) === 0xfeff ? tail.slice(1) : tail);
    const rest = this.parts.join('');
    this.parts = [];
    const frames: Frame[] = [];
    if (rest.length > 0) this.emit(rest, frames);
    return frames;
  }

  private flushDecoder(): string {
    if (!this.decoderUsed) return '';
    const rest = this.decoder.decode();
    this.decoder = newDecoder();
    this.decoderUsed = false;
    return rest;
  }

  private emit(line: string, out: Frame[]): void {
    this.lineNo += 1;
    const raw = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (raw.length === 0 || (isBlank(raw) && this.options.blankLines !== 'frame')) return;
    try {
      out.push({ line: this.lineNo, raw, ok: true, value: JSON.parse(raw) });
    } catch (error) {
      out.push({
        line: this.lineNo,
        raw,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

/** The text of a few bytes of a line, for a message (a character cut at the end becomes U+FFFD). */
function textOf(bytes: Uint8Array, from: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.min(end - from, TOO_LONG_HEAD * 4)).toString(
    'utf8',
  );
}

function newDecoder(): TextDecoder {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0b && c !== 0x0c) return false;
  }
  return true;
}

/** Frames of a whole byte or text stream (e.g. a child's stdout, or `fs.createReadStream`). */
export async function* framesFromReadable(
  stream: AsyncIterable<Uint8Array | string>,
  framer: JsonlFramer = new JsonlFramer(),
): AsyncGenerator<Frame, void, undefined> {
  for await (const chunk of stream) {
    yield* framer.push(chunk);
  }
  yield* framer.end();
}

/** Frames of a complete text or byte buffer (a whole capture file). */
export function framesFromText(input: string | Uint8Array): Frame[] {
  const framer = new JsonlFramer();
  return [...framer.push(input), ...framer.end()];
}

const MAX_ACTUAL = 200;

/** The finding for a line that is not JSON (code `wire/non-json-line`, severity `breaking`). */
export function nonJsonFinding(frame: BadFrame, location: FindingLocation = {}): Finding {
  const actual =
    frame.raw.length > MAX_ACTUAL
      ? `${frame.raw.slice(0, MAX_ACTUAL)}… (${frame.raw.length} chars)`
      : frame.raw;
  return {
    code: 'wire/non-json-line',
    severity: 'breaking',
    message: `line ${frame.line} is not JSON: ${frame.error}`,
    path: [],
    expected: 'one JSON value per line',
    actual,
    location: { ...location, line: frame.line },
  };
}

/** Serialises one message as a JSONL line (with the trailing newline). */
export function encodeLine(message: unknown): string {
  const json = JSON.stringify(message);
  if (json === undefined) {
    throw new ClideError('internal', `cannot encode ${typeof message} as a JSONL line`, {
      where: 'src/protocol/jsonl-framer.ts encodeLine',
      hint: 'pass a JSON-serialisable value (object, array, string, number, boolean or null)',
    });
  }
  return `${json}\n`;
}
