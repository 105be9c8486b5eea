import { JsonlFramer, readSettledLines } from '../protocol/index.js';
import type { ClientLine } from './handlers.js';

/**
 * One event of the client's side of the session: a line on stdin, the end of stdin, or a line the
 * CLI cannot read, which ends the session with `stderr` and exit code 1 (`eof` follows it).
 */
export type ClientEvent =
  | { kind: 'line'; line: ClientLine; lineNo: number }
  | { kind: 'fatal'; stderr: string }
  | { kind: 'eof' };

/** How the emulated CLI version reads its stdin (from fake-claude's behaviour data). */
export interface StdinRules {
  /** Whether a whitespace-only line is refused (`frame`) or ignored (`skip`). */
  blankLines: 'skip' | 'frame';
  /** The stderr line for a line that is not JSON. */
  parseError(line: string): string;
  /** The stderr line for a line that is JSON `null`. */
  nullError(line: string): string;
  /** Quiet time before lines are acted on (`readSettledLines`' `settleMs`; its default when absent). */
  settleMs?: number;
  /**
   * The emulated CLI acts on none of this input (stream-json from a regular file, on some
   * versions): it reads it to its end, writes nothing and exits 0, whatever the fixture holds.
   */
  ignoresInput?: boolean;
}

/**
 * Reads the client's stdin in the background into a queue of lines (JSONL, blank lines skipped,
 * non-JSON lines kept verbatim), so the replayer can take them one at a time when the fixture
 * expects one, and learn about end-of-input whenever it happens.
 */
export class ClientInput {
  private readonly queue: ClientEvent[] = [];
  private waiter: ((event: ClientEvent) => void) | undefined;
  private ended = false;

  constructor(
    stdin: AsyncIterable<Uint8Array | string>,
    private readonly rules?: StdinRules,
  ) {
    void this.pump(stdin);
  }

  get eofSeen(): boolean {
    return this.ended && this.queue.every((e) => e.kind === 'eof');
  }

  /** The next event (lines in order, then `eof` forever). */
  next(): Promise<ClientEvent> {
    const event = this.queue[0];
    if (event) {
      if (event.kind !== 'eof') this.queue.shift();
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
      if (event.kind !== 'eof') {
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
    if (this.rules) await this.pumpAsTheCli(stdin, this.rules);
    else await this.pumpEveryLine(stdin);
    this.ended = true;
    this.push({ kind: 'eof' });
  }

  /** As the emulated CLI reads stdin: a line it cannot read ends the input (see `readSettledLines`). */
  private async pumpAsTheCli(stdin: AsyncIterable<Uint8Array | string>, rules: StdinRules): Promise<void> {
    const { fatal } = await readSettledLines(
      stdin,
      (frames) => {
        for (const frame of frames) {
          this.push({ kind: 'line', line: { kind: 'json', msg: frame.value }, lineNo: frame.line });
        }
      },
      {
        blankLines: rules.blankLines,
        isFatal: (frame) => frame.value === null,
        ...(rules.settleMs === undefined ? {} : { settleMs: rules.settleMs }),
      },
    );
    if (fatal) {
      this.push({
        kind: 'fatal',
        stderr: fatal.ok ? rules.nullError(fatal.raw) : rules.parseError(fatal.raw),
      });
    }
  }

  /** Without a CLI version's rules: every line, a non-JSON one kept verbatim for matching. */
  private async pumpEveryLine(stdin: AsyncIterable<Uint8Array | string>): Promise<void> {
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
  }
}
