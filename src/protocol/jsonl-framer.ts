import { StringDecoder } from 'node:string_decoder';

/** One line of a JSONL stream, parsed or not. Line numbers are 1-based and count empty lines. */
export type Frame =
  | { line: number; raw: string; ok: true; value: unknown }
  | { line: number; raw: string; ok: false; error: string };

/**
 * Streaming JSONL framer: feed it chunks as they arrive (any boundaries, UTF-8 split anywhere),
 * get back complete frames. Empty lines are skipped (but counted), CRLF is accepted, a final line
 * without newline is flushed by `end()`, and a non-JSON line becomes a frame with `ok: false`
 * instead of an exception.
 */
export class JsonlFramer {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private lineNo = 0;

  push(chunk: Uint8Array | string): Frame[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    const frames: Frame[] = [];
    let start = 0;
    let nl = text.indexOf('\n');
    if (nl === -1) {
      this.pending += text;
      return frames;
    }
    let line = this.pending + text.slice(0, nl);
    this.pending = '';
    for (;;) {
      this.emit(line, frames);
      start = nl + 1;
      nl = text.indexOf('\n', start);
      if (nl === -1) break;
      line = text.slice(start, nl);
    }
    this.pending = text.slice(start);
    return frames;
  }

  end(): Frame[] {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    const frames: Frame[] = [];
    if (rest.length > 0) this.emit(rest, frames);
    return frames;
  }

  private emit(line: string, out: Frame[]): void {
    this.lineNo += 1;
    const raw = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (raw.trim() === '') return;
    try {
      out.push({ line: this.lineNo, raw, ok: true, value: JSON.parse(raw) });
    } catch (error) {
      out.push({ line: this.lineNo, raw, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** Serialises one message as a JSONL line (with the trailing newline). */
export function encodeLine(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}
