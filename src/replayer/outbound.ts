import { Writable } from 'node:stream';
import type { RecordedBytes, RecordedTextFrame } from '../fixture/index.js';
import { encodeLine } from '../protocol/index.js';
import { isRecord } from '../util/json.js';
import type { IdBindings } from './bindings.js';
import { mapJsonStrings, type PathSubstitution } from './paths.js';

/** Something text can be written to (a process stream, a PassThrough, a test buffer). */
interface Sink {
  write(text: string): unknown;
  /**
   * Resolves once the sink has room again after a write it could not take at once (the fake
   * server's client connection says so); undefined when it has room now or never says.
   */
  whenWritable?(): Promise<void> | undefined;
}

/** A sink that takes bytes and has written them when `write` returns (the fake's descriptor writer). */
interface ByteSink {
  write(chunk: string | Uint8Array): unknown;
  readonly acceptsBytes: true;
}

function isByteSink(sink: Sink): sink is Sink & ByteSink {
  return (sink as Partial<ByteSink>).acceptsBytes === true;
}

/** Flush once this much stdout text is waiting. */
const BATCH_CHARS = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * Coalesces the replay's stdout writes: frames played back to back go out in one write of up to
 * 64 KiB instead of one write each. Nothing waits behind the batch: it is flushed as soon as the
 * session stops to wait for anything (the client, a pacing delay: `setImmediate` runs before the
 * event loop blocks), before every stderr write (so the two streams keep their relative order),
 * and by `flush()` at the end of the session. Recorded bytes (`writeBytes`) reach a Node stream as
 * bytes, the fake's descriptor writer as bytes too, any other sink as the text they encode.
 */
export class BatchedOutput {
  private pending: string[] = [];
  private chars = 0;
  private scheduled = false;
  /** Recorded bytes waiting (`writeBytes`), after the text in `pending`. */
  private bytes = Buffer.allocUnsafe(BATCH_CHARS);
  private byteCount = 0;

  readonly stdout: Sink = { write: (text: string) => this.add(text) };
  readonly stderr: Sink = {
    write: (text: string) => {
      this.flush();
      return this.err.write(text);
    },
  };

  constructor(
    private readonly out: Sink,
    private readonly err: Sink,
  ) {}

  private add(text: string): boolean {
    if (isByteSink(this.out)) {
      // One byte buffer for text and recorded bytes alike: frames of both kinds go out together.
      const length = Buffer.byteLength(text, 'utf8');
      this.reserve(length);
      this.byteCount += this.bytes.write(text, this.byteCount, 'utf8');
      this.chars += length;
      this.added();
      return true;
    }
    this.settleBytes();
    this.pending.push(text);
    this.chars += text.length;
    this.added();
    return true;
  }

  /**
   * Writes a recorded message's bytes (whole lines of UTF-8: a batch never ends inside a
   * character) and, with `newline`, the `\n` after them.
   */
  writeBytes(source: RecordedBytes, newline: boolean): void {
    const length = source.end - source.start + (newline ? 1 : 0);
    this.reserve(length);
    this.byteCount += source.buffer.copy(this.bytes, this.byteCount, source.start, source.end);
    if (newline) this.bytes[this.byteCount++] = NEWLINE;
    this.chars += length;
    this.added();
  }

  /** Room for `length` more bytes: what is waiting goes out first when it would not fit. */
  private reserve(length: number): void {
    if (this.byteCount + length > this.bytes.length) {
      this.settleBytes();
      if (length > this.bytes.length) this.bytes = Buffer.allocUnsafe(length);
    }
  }

  private added(): void {
    if (this.chars >= BATCH_CHARS) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
  }

  /** The waiting bytes written out (a stream) or kept as text (any other sink), text written after them after them. */
  private settleBytes(): void {
    if (this.byteCount === 0) return;
    if (isByteSink(this.out)) {
      // Written when the call returns: the buffer serves the next batch.
      this.writeText();
      this.out.write(this.bytes.subarray(0, this.byteCount));
      this.written += this.byteCount;
      this.chars = 0;
    } else if (this.out instanceof Writable) {
      this.writeText();
      this.out.write(this.bytes.subarray(0, this.byteCount));
      this.written += this.byteCount;
      // A stream may keep what it is given until it is written out: then the batch takes a new
      // buffer. The process's stdout has written it when nothing is left waiting (a file, or a
      // pipe or terminal written at once), and the buffer serves the next batch.
      if (this.out !== process.stdout || this.out.writableLength !== 0)
        this.bytes = Buffer.allocUnsafe(BATCH_CHARS);
      this.chars = 0;
    } else this.pending.push(this.bytes.toString('utf8', 0, this.byteCount));
    this.byteCount = 0;
  }

  private writeText(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
    this.pending = [];
    this.chars = 0;
    this.out.write(text);
    this.written += text.length;
  }

  /** Bytes (or characters) written out since `wroteBatches()` last said so. */
  private written = 0;

  /**
   * Whether a full batch's worth went out since it last said so: a session that plays a long run
   * of frames gives the event loop a turn then, so that a sink that writes in the background (a
   * pipe, a client in the same process) writes it out before more is queued. Not after every
   * small flush: a turn lets the batch's own flush run, which would then end every batch after
   * one frame.
   */
  wroteBatches(): boolean {
    if (this.written < BATCH_CHARS) return false;
    this.written = 0;
    return true;
  }

  flush(): void {
    this.settleBytes();
    this.writeText();
  }

  /** The stdout sink's own `whenWritable` (a client that reads late holds the session up). */
  whenWritable(): Promise<void> | undefined {
    return this.out.whenWritable?.();
  }
}

/** A frame whose replay may change files (a Write/Edit result): it needs the message itself. */
function mayHaveToolEffect(msg: unknown): boolean {
  return isRecord(msg) && msg.type === 'user' && isRecord(msg.tool_use_result);
}

/**
 * An outbound message as the client gets it (`encodeLine` of the message with machine paths real
 * and the client's ids restored), and the message itself when it had to be built. The substitution
 * is done on the encoded line (placeholders → JSON-escaped real values), which gives the same text
 * as substituting every string and key of the message and encoding it; only a frame where a bound
 * id occurs, or one with a file effect to replay, is rebuilt as an object.
 */
export function outboundLine(
  msg: unknown,
  paths: PathSubstitution,
  ids: IdBindings,
): { line: string; message?: unknown } {
  const line = paths.toRealInJson(encodeLine(msg));
  if (!ids.occursIn(line) && !mayHaveToolEffect(msg)) return { line };
  const message = ids.toLive(mapJsonStrings(msg, (s) => paths.toReal(s)));
  return { line: encodeLine(message), message };
}

/**
 * `outboundLine` of a CLI message kept as its recorded (canonical) text: the text is the encoded
 * message, so only the path substitution runs on it; the message is parsed and rebuilt only when
 * a bound id occurs in it or it may have a file effect, exactly as `outboundLine` would.
 */
export function outboundRecordedLine(
  frame: RecordedTextFrame,
  paths: PathSubstitution,
  ids: IdBindings,
): { line: string; message?: unknown } {
  const text = frame.text;
  const line = paths.toRealInJson(`${text}\n`);
  if (!ids.occursIn(line) && !(mayHaveFileEffect(frame, text) && frame.top.toolUseResult)) return { line };
  return outboundLine(frame.msg, paths, ids);
}

/**
 * A recorded user message whose text names a `filePath` key: only such a message can have a file
 * effect (`applyToolEffect` needs `tool_use_result.filePath`), so only it is parsed to replay one.
 */
function mayHaveFileEffect(frame: RecordedTextFrame, text: string): boolean {
  return frame.type === 'user' && text.includes(FILE_PATH_KEY);
}

/** How the key `applyToolEffect` needs appears in a message's canonical text. */
export const FILE_PATH_KEY = '"filePath":';
