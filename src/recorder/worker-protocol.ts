import type { FixtureHeaderInput } from '../fixture/index.js';
import type { UserRule } from '../redact/index.js';

/**
 * What the forwarding thread (record-process.ts) and the recording thread (record-worker.ts) share
 * and say to each other. The forwarding thread only copies bytes: every chunk it forwards is also
 * copied into a ring buffer shared with the recording thread (`ring`, a SharedArrayBuffer of the
 * queue's size: no allocation per chunk, and the queue's bound is its size) and announced with a
 * small message; the recording thread splits lines, redacts, writes the fixture and leak-scans it
 * at the end. Chunks are announced in the order the forwarding thread saw them, all directions in
 * one stream, so the fixture's interleaving is the order of arrival.
 */

/** Directions as small numbers on the wire; index into `WIRE_DIRECTIONS`. */
export const WIRE_DIRECTIONS = ['to-cli', 'from-cli', 'stderr'] as const;
export type WireDirection = 0 | 1 | 2;

/**
 * Flow control in `control` (an Int32Array on a SharedArrayBuffer): the forwarding thread counts the
 * bytes it put in the ring, the recording thread the bytes it consumed, both modulo 2^32 (the ring
 * never holds 4 GiB, so the difference is exact); the bytes of chunk n start where chunk n-1's
 * ended (wrapping). When the ring is nearly full the forwarding thread pauses its sources, sets
 * `waiting` and re-checks; the recording thread, after each chunk, clears `waiting`
 * (compare-and-exchange: exactly one side wins) once the ring is down to the low-water mark and
 * posts `resume`.
 */
export const SLOT = { posted: 0, recorded: 1, waiting: 2 } as const;

/**
 * What each announced chunk counts for in the flow-control counters on top of its bytes: the
 * message announcing it takes memory too, so a stream of tiny chunks is bounded by count as well
 * (a 16 MiB queue holds at most 64 Ki announcements). The ring is never overwritten early: the
 * charged total is at least the bytes it holds.
 */
export const CHUNK_OVERHEAD_BYTES = 256;
export const SHARED_SLOTS = 3;

export interface WorkerInit {
  /** The fixture, opened (truncated) and closed by the forwarding thread: failing to create it fails before the CLI starts. */
  fd: number;
  /** Its temporary path (`<out>.recording`): the leak scan re-reads it and deletes it on a hit. */
  temp: string;
  /** The final path: the scanned fixture is renamed to it. */
  out: string;
  header: FixtureHeaderInput;
  redaction: {
    env: Record<string, string | undefined>;
    home: string | undefined;
    cwd: string;
    rules: UserRule[];
    /** FOR TESTS ONLY: redaction rules not applied (see `RedactorOptions.unsafeSkipRules`). */
    unsafeSkipRules: string[];
  };
  /** `performance.timeOrigin + performance.now()` when the recording started (frame times are relative to it). */
  startedAt: number;
  /** Known up front; else taken from `system/init`, else asked of the binary at the end. */
  cliVersion: string | undefined;
  /** For the `--version` probe. */
  command: string;
  cwd: string;
  env: Record<string, string | undefined>;
  /** `SHARED_SLOTS` Int32 counters (see `SLOT`). */
  control: SharedArrayBuffer;
  /** The ring of forwarded bytes. */
  ring: SharedArrayBuffer;
  lowWaterBytes: number;
}

export type ToWorker =
  /** A forwarded chunk: its `length` bytes are next in the ring. `t`: ms since the start, when it arrived. */
  | { kind: 'chunk'; dir: WireDirection; t: number; length: number }
  /** The stream of `dir` ended: its last line, when it had no newline, is recorded now. */
  | { kind: 'eof'; dir: WireDirection; t: number }
  /** The CLI exited (or never started): finish the fixture. */
  | {
      kind: 'end';
      t: number;
      outcome: { code: number | null; signal: NodeJS.Signals | null } | { spawnError: string };
      receivedSignal: NodeJS.Signals | undefined;
    };

export interface WireError {
  code: string;
  message: string;
  where?: string;
  hint?: string;
  exitCode?: number;
}

export type FromWorker =
  /** The queue went down to the low-water mark while the forwarding thread was waiting. */
  | { kind: 'resume' }
  /** Recording failed (the fixture was finished as far as possible and leak-scanned); forwarding goes on. */
  | { kind: 'failed'; error: WireError }
  /** The fixture is complete, closed and leak-scanned. */
  | { kind: 'done'; frames: number };
