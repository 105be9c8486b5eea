import { parentPort, workerData } from 'node:worker_threads';
import { type ScanOptions, streamingLeakScan } from './leak-scan.js';
import type { SecretLiteral } from './redactor.js';

/**
 * The worker thread of `leakScanThread` (scan-thread.ts): the streaming leak scan of a recording,
 * fed the lines the recorder wrote and the secrets its redactor learnt, in order.
 */
export interface ScanBatch {
  /** Secrets learnt since the last batch (before these lines were scanned on the recorder's side). */
  secrets: SecretLiteral[];
  lines: string[];
  /** Characters in `lines`, acknowledged once they are scanned. */
  size: number;
}
export type ToScanWorker = { batch: ScanBatch } | { finish: true };
export type FromScanWorker = { scanned: number } | { leaks: unknown[] } | { failed: string };

const { filePath, options } = workerData as { filePath: string; options: ScanOptions };
const known: SecretLiteral[] = [];
const scan = streamingLeakScan(
  filePath,
  { secretsSeen: (from = 0) => known.slice(from), secretCount: () => known.length },
  options,
);
const port = parentPort!;
port.on('message', (message: ToScanWorker) => {
  if ('batch' in message) {
    known.push(...message.batch.secrets);
    for (const line of message.batch.lines) scan.line(line);
    // Acknowledged once scanned through, secretlint's part included: the recorder's backlog then
    // counts every line still held here, and it pauses its sources when that grows (bounded memory).
    const size = message.batch.size;
    void (scan.drained?.() ?? Promise.resolve()).then(() =>
      port.postMessage({ scanned: size } satisfies FromScanWorker),
    );
    return;
  }
  scan.finish().then(
    (leaks) => port.postMessage({ leaks } satisfies FromScanWorker),
    (error: unknown) =>
      port.postMessage({ failed: String((error as Error)?.message ?? error) } satisfies FromScanWorker),
  );
});
