import type { RecordedTextFrame } from '../fixture/index.js';
import { encodeLine } from '../protocol/index.js';
import { isRecord } from '../util/json.js';
import type { IdBindings } from './bindings.js';
import { mapJsonStrings, type PathSubstitution } from './paths.js';

/** Something text can be written to (a process stream, a PassThrough, a test buffer). */
interface Sink {
  write(text: string): unknown;
}

/** Flush once this much stdout text is waiting. */
const BATCH_CHARS = 64 * 1024;

/**
 * Coalesces the replay's stdout writes: frames played back to back go out in one write of up to
 * 64 KiB instead of one write each. Nothing waits behind the batch: it is flushed as soon as the
 * session stops to wait for anything (the client, a pacing delay: `setImmediate` runs before the
 * event loop blocks), before every stderr write (so the two streams keep their relative order),
 * and by `flush()` at the end of the session.
 */
export class BatchedOutput {
  private pending: string[] = [];
  private chars = 0;
  private scheduled = false;

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
    this.pending.push(text);
    this.chars += text.length;
    if (this.chars >= BATCH_CHARS) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
    return true;
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
    this.pending = [];
    this.chars = 0;
    this.out.write(text);
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
  const line = paths.toRealInJson(`${frame.text}\n`);
  if (!ids.occursIn(line) && !(frame.top.toolUseResult && frame.top.type === 'user')) return { line };
  return outboundLine(frame.msg, paths, ids);
}
