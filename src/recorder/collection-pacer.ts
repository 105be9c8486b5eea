import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bytes recorded (all streams) between two full collections in `clide-record`'s process. */
export const COLLECT_EVERY_BYTES = 64 * 2 ** 20;

let exposed: (() => void) | null | undefined;

/**
 * V8's full collection (`gc()`), exposed to a context of its own only (the process's globals do
 * not change), or null when V8 does not give it.
 */
export function fullCollection(): (() => void) | null {
  if (exposed !== undefined) return exposed;
  try {
    const own = (globalThis as { gc?: unknown }).gc;
    if (typeof own === 'function') {
      exposed = own as () => void;
    } else {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      exposed = typeof gc === 'function' ? (gc as () => void) : null;
    }
  } catch {
    exposed = null;
  }
  return exposed;
}

/**
 * Runs a full collection once every `every` bytes recorded. Why: the recorder proxies pipe chunks
 * (64 KiB Buffers, their memory outside V8's heap); those still queued on a pipe when the young
 * generation is collected are moved to the old space, whose collections its slow growth makes rare,
 * so their memory stayed allocated — the recorder's RSS climbed by 20–30 MiB late in a 1 GiB
 * session while its heap in use stayed flat. One full collection of its small heap every 64 MiB
 * costs a few milliseconds.
 */
export class CollectionPacer {
  private since = 0;

  constructor(
    private readonly every: number = COLLECT_EVERY_BYTES,
    private readonly collect: (() => void) | null = fullCollection(),
  ) {}

  /** Counts `bytes` recorded; collects when `every` bytes have been since the last collection. */
  add(bytes: number): void {
    if (this.collect === null) return;
    this.since += bytes;
    if (this.since < this.every) return;
    this.since = 0;
    this.collect();
  }
}
