import { TextDecoder } from 'node:util';
import { ClideError } from '../errors/index.js';
import type { Finding, FindingLocation } from '../findings/index.js';

/** One line of a JSONL stream, parsed or not. Line numbers are 1-based and count empty lines. */
export type Frame =
  | { line: number; raw: string; ok: true; value: unknown }
  | { line: number; raw: string; ok: false; error: string };

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
}

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
