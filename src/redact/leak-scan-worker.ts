import { parentPort, workerData } from 'node:worker_threads';
import { batchScan, type ScanBatch } from './batch-scan.js';
import type { ScanOptions } from './leak-scan.js';

/**
 * The worker thread of `leakScanThread` (scan-thread.ts): the streaming leak scan of a recording,
 * fed the lines the recorder wrote and the secrets its redactor learnt, in order.
 */
export type { ScanBatch };
export type ToScanWorker = { batch: ScanBatch } | { finish: true };
export type FromScanWorker = { scanned: number } | { leaks: unknown[] } | { failed: string };

const { filePath, options } = workerData as { filePath: string; options: ScanOptions };
const scan = batchScan(filePath, options);
const port = parentPort!;
port.on('message', (message: ToScanWorker) => {
  if ('batch' in message) {
    // Acknowledged once scanned through, secretlint's part included: the recorder's backlog then
    // counts every line still held here, and it pauses its sources when that grows (bounded memory).
    const size = message.batch.size;
    void scan.batch(message.batch).then(() => port.postMessage({ scanned: size } satisfies FromScanWorker));
    return;
  }
  scan.finish().then(
    (leaks) => port.postMessage({ leaks } satisfies FromScanWorker),
    (error: unknown) =>
      port.postMessage({ failed: String((error as Error)?.message ?? error) } satisfies FromScanWorker),
  );
});
