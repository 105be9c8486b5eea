import { type Frame, JsonlFramer, type JsonlFramerOptions } from './jsonl-framer.js';

/** A stdin line that ends the session (not JSON, or a value the CLI cannot read). */
export type FatalLine = Frame;

export interface SettledLinesOptions extends JsonlFramerOptions {
  /** True when a parsed line ends the session (e.g. `null`, which the CLI cannot read). */
  isFatal?: (frame: Extract<Frame, { ok: true }>) => boolean;
  /** Quiet time after the last chunk before its lines are handed over (default 30 ms). */
  settleMs?: number;
}

export interface SettledLinesResult {
  /** The line that ended the input, when one did; the lines that came with it were never handed over. */
  fatal?: FatalLine;
}

const DEFAULT_SETTLE_MS = 30;

/**
 * Reads a JSONL stream the way the real CLI reads its stdin: a line that is not JSON ends the
 * session at once, and whatever arrived with it is lost. The CLI takes a moment before it acts on
 * a message, so a client that writes its lines and a broken last one in one go sees nothing but the
 * error. Here, parsed lines are handed to `onLines` only once the stream has been quiet for
 * `settleMs` (or has ended); a fatal line found before that drops them and stops the reading.
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
  for (;;) {
    let result = await (pending.length === 0 ? next : raceTimer(next, settleMs));
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
    next = nextChunk(iterator);
  }
  const fatal = take(framer.end());
  if (fatal) return { fatal };
  flush();
  return {};
}

type Chunk = IteratorResult<Uint8Array | string, unknown>;

async function nextChunk(iterator: AsyncIterator<Uint8Array | string>): Promise<Chunk> {
  try {
    return await iterator.next();
  } catch {
    return { done: true, value: undefined };
  }
}

async function raceTimer(next: Promise<Chunk>, ms: number): Promise<Chunk | 'quiet'> {
  let timer: NodeJS.Timeout | undefined;
  const quiet = new Promise<'quiet'>((resolve) => {
    timer = setTimeout(() => resolve('quiet'), ms);
  });
  try {
    return await Promise.race([next, quiet]);
  } finally {
    clearTimeout(timer);
  }
}
