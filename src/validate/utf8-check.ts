import { isUtf8 } from 'node:buffer';
import type { Finding } from '../findings/index.js';

/** One place where a file is not UTF-8. */
export interface InvalidUtf8 {
  /** 1-based line number (lines end with `\n`). */
  line: number;
  /** Byte offset of the first bad byte from the start of the file. */
  offset: number;
  /** Byte offset of it from the start of its line. */
  column: number;
  /** The bad bytes, as hex (at most 4). */
  bytes: string;
}

/**
 * Streaming UTF-8 check of a byte stream, chunk by chunk (a character may be split anywhere),
 * reporting the first invalid sequence of each line. Valid chunks take Node's native check
 * (`buffer.isUtf8`); only a chunk that fails it is walked byte by byte. Memory is constant.
 */
export class Utf8Checker {
  private line = 1;
  /** File offset of the first byte not checked yet (the first byte of `carry`). */
  private consumed = 0;
  private lineStart = 0;
  /** The line of the last report: one per line. */
  private reportedLine = 0;
  /** Bytes of a character begun at the end of the previous chunk. */
  private carry: Buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): InvalidUtf8[] {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : Buffer.from(chunk);
    const base = this.consumed;
    const end = completeEnd(bytes);
    this.carry = Buffer.from(bytes.subarray(end));
    const body = bytes.subarray(0, end);
    this.consumed = base + end;
    if (isUtf8(body)) {
      this.countLines(body, base);
      return [];
    }
    return this.walk(body, base);
  }

  /** The end of the stream: a character cut short there is invalid too. */
  end(): InvalidUtf8[] {
    if (this.carry.length === 0) return [];
    const base = this.consumed;
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    this.consumed += rest.length;
    return this.walk(rest, base);
  }

  private countLines(body: Buffer, base: number): void {
    let nl = body.indexOf(0x0a);
    while (nl !== -1) {
      this.line += 1;
      this.lineStart = base + nl + 1;
      nl = body.indexOf(0x0a, nl + 1);
    }
  }

  private walk(body: Buffer, base: number): InvalidUtf8[] {
    const out: InvalidUtf8[] = [];
    let i = 0;
    while (i < body.length) {
      const b = body[i]!;
      if (b === 0x0a) {
        this.line += 1;
        this.lineStart = base + i + 1;
        i += 1;
        continue;
      }
      if (b < 0x80) {
        i += 1;
        continue;
      }
      const length = sequenceLength(body, i);
      if (length > 0) {
        i += length;
        continue;
      }
      const bad = Math.max(1, -length);
      if (this.reportedLine !== this.line) {
        this.reportedLine = this.line;
        out.push({
          line: this.line,
          offset: base + i,
          column: base + i - this.lineStart,
          bytes: body.subarray(i, i + Math.min(bad, 4)).toString('hex'),
        });
      }
      i += bad;
    }
    return out;
  }
}

/** The index after the last complete character (up to 3 bytes of a started one are held back). */
function completeEnd(bytes: Buffer): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back]!;
    if (b < 0x80) return n; // ASCII: nothing is open
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return need > back ? n - back : n;
    }
  }
  return n;
}

/**
 * The length of the valid UTF-8 sequence at `i` (2–4), or minus the number of bytes to skip when
 * it is invalid (the lead byte and any continuation bytes that belong to it).
 */
function sequenceLength(body: Buffer, i: number): number {
  const b = body[i]!;
  let need: number;
  let min: number;
  if (b >= 0xc2 && b <= 0xdf) {
    need = 2;
    min = 0x80;
  } else if (b >= 0xe0 && b <= 0xef) {
    need = 3;
    min = 0x800;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 4;
    min = 0x10000;
  } else return -1; // a stray continuation byte, an overlong lead (C0, C1) or F5–FF
  let cp = b & (need === 2 ? 0x1f : need === 3 ? 0x0f : 0x07);
  for (let k = 1; k < need; k++) {
    const c = body[i + k];
    if (c === undefined) return -k; // cut short by the end of the stream
    if ((c & 0xc0) !== 0x80) return -k;
    cp = (cp << 6) | (c & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return -need;
  return need;
}

/** The finding for a line with bytes that are not UTF-8 (code `wire/invalid-utf8`, breaking). */
export function invalidUtf8Finding(bad: InvalidUtf8, file: string): Finding {
  return {
    code: 'wire/invalid-utf8',
    severity: 'breaking',
    message: `line ${bad.line} is not valid UTF-8: byte ${bad.column} of the line (offset ${bad.offset} in the file) starts an invalid sequence (${bad.bytes})`,
    path: [],
    expected: 'UTF-8 text',
    actual: `0x${bad.bytes}`,
    location: { file, line: bad.line },
  };
}
