import { type Frame, JsonlFramer, type JsonlFramerOptions } from './jsonl-framer.js';

/** A stdin line that ends the session (not JSON, or a value the CLI cannot read). */
export type FatalLine = Frame;

export interface SettledLinesOptions extends JsonlFramerOptions {
  /** True when a parsed line ends the session (e.g. `null`, which the CLI cannot read). */
  isFatal?: (frame: Extract<Frame, { ok: true }>) => boolean;
  /**
   * Quiet time before lines are handed over while more input looks on its way: the last chunk
   * ended inside a line, or filled a whole pipe read (default 250 ms, within the real CLI's own
   * start-up, before which it acts on nothing: a client's write that a busy machine delivers in
   * pieces, or whose end of input comes late, is read as one, as the real CLI reads it). A chunk that ends on a line
   * boundary and is shorter than a pipe read is a client's finished write: its lines are handed
   * over on the next turn of the event loop. 0 hands over every chunk's lines at once.
   */
  settleMs?: number;
}

export interface SettledLinesResult {
  /** The line that ended the input, when one did; the lines that came with it were never handed over. */
  fatal?: FatalLine;
}

const DEFAULT_SETTLE_MS = 250;
/** What one read of a pipe returns at most (Node reads 64 KiB at a time). */
const PIPE_READ_BYTES = 64 * 1024;

/**
 * Reads a JSONL stream the way the real CLI reads its stdin: a line that is not JSON ends the
 * session at once, and whatever arrived with it is lost. The CLI takes a moment before it acts on
 * a message, so a client that writes its lines and a broken last one in one go sees nothing but the
 * error. Here, parsed lines are handed to `onLines` only once the stream has been quiet (or has
 * ended): for `settleMs` while more input looks on its way (the last chunk ended inside a line or
 * filled a pipe read), for one turn of the event loop after a finished write, so that a client's
 * message is acted on at once. A fatal line found before that drops them and stops the reading.
 *
 * Never throws for the content of the stream: a broken stream ends the input like a closed one.
 */
export async function readSettledLines(
  stream: AsyncIterable<Uint8Array | string>,
  onLines: (frames: Array<Extract<Frame, { ok: true }>>) => void,
  options: SettledLinesOptions = {},
): Promise<SettledLinesResult> {
  const framer = new JsonlFramer(options);
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  const iterator = stream[Symbol.asyncIterator]();
  let pending: Array<Extract<Frame, { ok: true }>> = [];
  const take = (frames: Frame[]): FatalLine | undefined => {
    for (const frame of frames) {
      if (!frame.ok || options.isFatal?.(frame)) return frame;
      pending.push(frame);
    }
    return undefined;
  };
  const flush = () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    onLines(batch);
  };
  let next = nextChunk(iterator);
  let wait = settleMs;
  for (;;) {
    let result = await (pending.length === 0 ? next : raceTimer(next, wait));
    if (result === 'quiet') {
      flush();
      result = await next;
    }
    if (result.done) break;
    const fatal = take(framer.push(result.value));
    if (fatal) {
      pending = [];
      void iterator.return?.();
      return { fatal };
    }
    const finishedWrite = framer.atLineBoundary && chunkLength(result.value) < PIPE_READ_BYTES;
    wait = finishedWrite ? 0 : settleMs;
    next = nextChunk(iterator);
  }
  const fatal = take(framer.end());
  if (fatal) return { fatal };
  flush();
  return {};
}

function chunkLength(chunk: Uint8Array | string): number {
  return typeof chunk === 'string' ? chunk.length : chunk.byteLength;
}

type Chunk = IteratorResult<Uint8Array | string, unknown>;

async function nextChunk(iterator: AsyncIterator<Uint8Array | string>): Promise<Chunk> {
  try {
    return await iterator.next();
  } catch {
    return { done: true, value: undefined };
  }
}

/**
 * `next`, or 'quiet' when it has not come within `ms`. The quiet time is over only after the event
 * loop has polled for input once more: a process that was not scheduled for longer than `ms` finds
 * its timer due before it reads what arrived meanwhile (libuv runs due timers before it polls), and
 * input that was already there when the time ran out is not quiet. With `ms` 0 (a finished write)
 * there is no timer, whose least delay is a millisecond: an immediate that queues another one, so
 * that the loop polls once between the two (libuv runs immediates after its poll).
 */
async function raceTimer(next: Promise<Chunk>, ms: number): Promise<Chunk | 'quiet'> {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const quiet = new Promise<'quiet'>((resolve) => {
    const afterPoll = () => {
      immediate = setImmediate(() => resolve('quiet'));
    };
    if (ms > 0) timer = setTimeout(afterPoll, ms);
    else immediate = setImmediate(afterPoll);
  });
  try {
    return await Promise.race([next, quiet]);
  } finally {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  }
}
