import { type Leak, type ScanOptions, streamingLeakScan } from './leak-scan.js';
import type { SecretLiteral } from './redactor.js';

/**
 * The streaming leak scan of a recording fed in batches, each with the secrets the redactor learnt
 * before its lines: what the scan thread's worker runs (leak-scan-worker.ts), and what the
 * recorder's own thread runs for a session too short to start the worker for (scan-thread.ts).
 */
export interface ScanBatch {
  /** Secrets learnt since the last batch (before these lines were scanned on the recorder's side). */
  secrets: SecretLiteral[];
  lines: string[];
  /** Characters in `lines`, acknowledged once they are scanned. */
  size: number;
}

export interface BatchScan {
  /** Scans the batch; resolves once it is scanned through, secretlint's part included. */
  batch(batch: ScanBatch): Promise<void>;
  finish(): Promise<Leak[]>;
}

export function batchScan(filePath: string, options: ScanOptions): BatchScan {
  const known: SecretLiteral[] = [];
  const scan = streamingLeakScan(
    filePath,
    { secretsSeen: (from = 0) => known.slice(from), secretCount: () => known.length },
    options,
  );
  return {
    batch(batch) {
      known.push(...batch.secrets);
      for (const line of batch.lines) scan.line(line);
      return scan.drained?.() ?? Promise.resolve();
    },
    finish: () => scan.finish(),
  };
}
