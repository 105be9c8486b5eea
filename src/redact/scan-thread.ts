import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { batchScan } from './batch-scan.js';
import {
  type GrowingSecrets,
  type Leak,
  type ScanOptions,
  type StreamingLeakScan,
  scanForLeaks,
  streamingLeakScan,
} from './leak-scan.js';
import type { FromScanWorker, ToScanWorker } from './leak-scan-worker.js';

/** Characters of lines handed to the worker and not scanned yet beyond which the writer is held. */
const MAX_BACKLOG = 8 * 2 ** 20;
/**
 * Characters handed over before the worker is started: a session shorter than this is scanned on
 * the calling thread when it finishes (starting a worker costs ~0.15 s of CPU, more than scanning
 * this much), a longer one goes to the worker, which gets the batches held until then.
 */
const WORKER_AFTER = 256 * 1024;
/** The scan thread's young generation (V8's nursery), MiB. */
const YOUNG_GENERATION_MIB = 8;

export interface ScanThread extends StreamingLeakScan {
  /** Stops the scan without a verdict (the recording failed: the file gets a full scan of its own). */
  close(): void;
}

/**
 * `streamingLeakScan` on a worker thread: the recorder's thread only hands each written line over
 * (with the secrets learnt before it), so the scan costs the forwarding nothing. When the worker
 * falls `MAX_BACKLOG` characters behind, `onBacklog(true)` asks the caller to stop producing lines
 * (the recorder pauses its sources: memory stays bounded), and `onBacklog(false)` once it has
 * caught up by half. The worker starts once `workerAfter` characters were handed over: a shorter
 * session is scanned on the calling thread when it finishes. Without the worker's compiled module
 * (running from sources) or when it fails, the scan is done on the calling thread, or on the
 * finished file: the verdict is the same.
 */
export function leakScanThread(
  filePath: string,
  secrets: GrowingSecrets,
  options: ScanOptions = {},
  onBacklog: (behind: boolean) => void = () => {},
  workerAfter = WORKER_AFTER,
): ScanThread {
  const entry = new URL('./leak-scan-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(entry))) {
    const scan = streamingLeakScan(filePath, secrets, options);
    return { line: (text) => scan.line(text), finish: () => scan.finish(), close: () => {} };
  }
  let worker: Worker | undefined;
  /** The batches handed over before the worker is started (all of them, for a short session). */
  let held: ToScanWorker[] = [];
  let heldSize = 0;
  let synced = 0;
  let backlog = 0;
  let behind = false;
  let failed = false;
  let pending: string[] = [];
  let pendingSize = 0;
  let settle: ((leaks: Leak[] | undefined) => void) | undefined;
  const outcome = new Promise<Leak[] | undefined>((resolve) => {
    settle = resolve;
  });
  const fail = (): void => {
    failed = true;
    settle?.(undefined);
    if (behind) {
      behind = false;
      onBacklog(false);
    }
  };
  const onMessage = (message: FromScanWorker): void => {
    if ('scanned' in message) {
      backlog -= message.scanned;
      if (behind && backlog <= MAX_BACKLOG / 2) {
        behind = false;
        onBacklog(false);
      }
    } else if ('leaks' in message) settle?.(message.leaks as Leak[]);
    else fail();
  };
  const start = (): void => {
    // A young generation of 8 MiB: the scan allocates fast and keeps little (a line, a batch), and
    // V8 would otherwise grow it to its default ceiling as a long session goes on (RSS kept rising
    // for the first few hundred MiB of a recording, 28 MiB higher on a 64 MiB one, same throughput).
    worker = new Worker(entry, {
      workerData: { filePath, options },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MIB },
    });
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', fail);
    for (const message of held) worker.postMessage(message);
    held = [];
  };
  const post = (message: ToScanWorker): void => {
    if (failed) return;
    if (worker) worker.postMessage(message);
    else {
      held.push(message);
      if ('batch' in message) heldSize += message.batch.size;
      if (heldSize > workerAfter) start();
    }
  };
  /** Hands the lines collected so far over, with the secrets learnt before them. */
  const send = (): void => {
    if (pending.length === 0) return;
    const count = secrets.secretCount();
    const learnt = count > synced ? [...secrets.secretsSeen(synced)] : [];
    synced = count;
    post({ batch: { secrets: learnt, lines: pending, size: pendingSize } });
    backlog += pendingSize;
    pending = [];
    pendingSize = 0;
    if (!behind && backlog > MAX_BACKLOG) {
      behind = true;
      onBacklog(true);
    }
  };
  let scheduled = false;
  return {
    line(text) {
      pending.push(text);
      pendingSize += text.length;
      // One message per burst of lines: sent once the current callback is done.
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(() => {
          scheduled = false;
          send();
        });
      }
    },
    async finish() {
      send();
      if (!worker && !failed) {
        // A short session: its batches are scanned here, as the worker would have scanned them.
        const here = batchScan(filePath, options);
        const batches = held.flatMap((message) => ('batch' in message ? [message.batch] : []));
        held = [];
        try {
          for (const batch of batches) await here.batch(batch);
          return await here.finish();
        } catch {
          return scanForLeaks(filePath, secrets.secretsSeen(), options);
        }
      }
      post({ finish: true });
      const leaks = await outcome;
      void worker?.terminate();
      // The worker could not give a verdict: the finished file is scanned here, as it always was.
      return leaks ?? scanForLeaks(filePath, secrets.secretsSeen(), options);
    },
    close() {
      failed = true;
      held = [];
      void worker?.terminate();
    },
  };
}
