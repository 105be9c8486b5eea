// Preloaded into a process under measurement (`NODE_OPTIONS=--require …/heap-probe.cjs`, which
// Node also runs in each worker thread, where `--import` is not): every CLIDE_BENCH_HEAP_MS
// (default 200) ms it appends the thread's V8 heap figures to the file CLIDE_BENCH_HEAP_LOG, one
// JSON line a sample. The timer does not keep the process alive. Bench only: the recorder has no
// such hook of its own.
import { appendFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';

/** One line of the log, sizes in KiB. */
export interface HeapProbeSample {
  /** 0 for the main thread. */
  thread: number;
  /** Date.now() of the sample. */
  at: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory of Buffers and other objects outside the V8 heap (process-wide in Node). */
  arrayBuffers: number;
}

const file = process.env.CLIDE_BENCH_HEAP_LOG;
if (file) {
  const every = Number(process.env.CLIDE_BENCH_HEAP_MS ?? 200);
  const thread = isMainThread ? 0 : threadId;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    const sample: HeapProbeSample = {
      thread,
      at: Date.now(),
      heapUsed: Math.round(m.heapUsed / 1024),
      heapTotal: Math.round(m.heapTotal / 1024),
      arrayBuffers: Math.round(m.arrayBuffers / 1024),
    };
    try {
      appendFileSync(file, `${JSON.stringify(sample)}\n`);
    } catch {
      // The log's directory is gone (the session is over): nothing to record.
    }
  }, every);
  timer.unref();
}
