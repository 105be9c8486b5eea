import { JsonlFramer } from '../protocol/index.js';
import type { ClientLine } from './handlers.js';

/** One event of the client's side of the session: a line on stdin, or the end of stdin. */
export type ClientEvent = { kind: 'line'; line: ClientLine; lineNo: number } | { kind: 'eof' };

/**
 * Reads the client's stdin in the background into a queue of lines (JSONL, blank lines skipped,
 * non-JSON lines kept verbatim), so the replayer can take them one at a time when the fixture
 * expects one, and learn about end-of-input whenever it happens.
 */
export class ClientInput {
  private readonly queue: ClientEvent[] = [];
  private waiter: ((event: ClientEvent) => void) | undefined;
  private ended = false;

  constructor(stdin: AsyncIterable<Uint8Array | string>) {
    void this.pump(stdin);
  }

  get eofSeen(): boolean {
    return this.ended && this.queue.every((e) => e.kind === 'eof');
  }

  /** The next event (lines in order, then `eof` forever). */
  next(): Promise<ClientEvent> {
    const event = this.queue[0];
    if (event) {
      if (event.kind === 'line') this.queue.shift();
      return Promise.resolve(event);
    }
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  private push(event: ClientEvent): void {
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = undefined;
      if (event.kind === 'line') {
        waiter(event);
        return;
      }
      this.queue.push(event);
      waiter(event);
      return;
    }
    this.queue.push(event);
  }

  private async pump(stdin: AsyncIterable<Uint8Array | string>): Promise<void> {
    const framer = new JsonlFramer();
    const emit = (frames: ReturnType<JsonlFramer['push']>) => {
      for (const frame of frames) {
        const line: ClientLine = frame.ok
          ? { kind: 'json', msg: frame.value }
          : { kind: 'raw', text: frame.raw };
        this.push({ kind: 'line', line, lineNo: frame.line });
      }
    };
    try {
      for await (const chunk of stdin) emit(framer.push(chunk));
    } catch {
      // A broken stdin ends the input like a closed one.
    }
    emit(framer.end());
    this.ended = true;
    this.push({ kind: 'eof' });
  }
}
