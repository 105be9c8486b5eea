import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
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
 * caught up by half. Without the worker's compiled module (running from sources) or when it
 * fails, the scan is done on the calling thread, or on the finished file: the verdict is the same.
 */
export function leakScanThread(
  filePath: string,
  secrets: GrowingSecrets,
  options: ScanOptions = {},
  onBacklog: (behind: boolean) => void = () => {},
): ScanThread {
  const entry = new URL('./leak-scan-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(entry))) {
    const scan = streamingLeakScan(filePath, secrets, options);
    return { line: (text) => scan.line(text), finish: () => scan.finish(), close: () => {} };
  }
  // A young generation of 8 MiB: the scan allocates fast and keeps little (a line, a batch), and
  // V8 would otherwise grow it to its default ceiling as a long session goes on (RSS kept rising
  // for the first few hundred MiB of a recording, 28 MiB higher on a 64 MiB one, same throughput).
  const worker = new Worker(entry, {
    workerData: { filePath, options },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MIB },
  });
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
  worker.on('message', (message: FromScanWorker) => {
    if ('scanned' in message) {
      backlog -= message.scanned;
      if (behind && backlog <= MAX_BACKLOG / 2) {
        behind = false;
        onBacklog(false);
      }
    } else if ('leaks' in message) settle?.(message.leaks as Leak[]);
    else fail();
  });
  worker.on('error', fail);
  worker.on('exit', fail);
  const post = (message: ToScanWorker): void => {
    if (!failed) worker.postMessage(message);
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
      post({ finish: true });
      const leaks = await outcome;
      void worker.terminate();
      // The worker could not give a verdict: the finished file is scanned here, as it always was.
      return leaks ?? scanForLeaks(filePath, secrets.secretsSeen(), options);
    },
    close() {
      failed = true;
      void worker.terminate();
    },
  };
}
