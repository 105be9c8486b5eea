import { chmodSync, renameSync, rmSync } from 'node:fs';
import { ClideError } from '../errors/index.js';
import { type FixtureFinding, quarantinePath, uniqueRecordingPath } from '../fixture/index.js';
import {
  formatLeaks,
  type Leak,
  moveIntoPlace,
  type ScanOptions,
  type StreamingLeakScan,
  scanForLeakHits,
} from './leak-scan.js';
import { maskLeaks } from './mask-leaks.js';
import type { SecretLiteral } from './redactor.js';

export interface FinalizeOptions extends ScanOptions {
  /** The scan done while `tempPath` was written (`streamingLeakScan`): its verdict instead of a new scan. */
  streamed?: StreamingLeakScan;
  /**
   * Mask what the scan finds (default true). False — FOR TESTS ONLY, `CLIDE_RECORD_UNSAFE_SKIP_RULES`
   * naming `leak-mask` — keeps a file with any hit as a quarantine instead, as if it could not be masked.
   */
  mask?: boolean;
  /**
   * What masking leaves (a secret in a form no mask reaches) is withheld — the frame's content —
   * instead of quarantining the file: `record --recover`, which a person runs on a quarantine.
   */
  withhold?: boolean;
}

export interface FinalizeResult {
  /** Where the fixture is. */
  path: string;
  /** The secrets the scan found and masked in the file (also in its trailer's `findings`). */
  findings: FixtureFinding[];
}

/**
 * The last step of a recording, which never loses it: scans `tempPath` for leaks and renames it
 * to `finalPath`. What the scan finds is masked in place (`maskLeaks`: the secret replaced where
 * it stands, named in the trailer's `findings`) and the masked file is scanned again; when that
 * still finds something (or the file cannot be scanned or masked), the recording is kept as a
 * private quarantine (`<final>.quarantine`, mode 0600, refused by every reader until
 * `record --recover` cleans it) and a `ClideError('leak')` says where. With `withhold`, what
 * masking leaves is withheld instead, and scanned once more.
 */
export async function finalizeFixture(
  tempPath: string,
  finalPath: string,
  redactor: { secretsSeen(): ReadonlyArray<SecretLiteral> },
  options: FinalizeOptions = {},
): Promise<FinalizeResult> {
  let leaks: Leak[];
  try {
    leaks = options.streamed
      ? await options.streamed.finish()
      : (await scanForLeakHits(tempPath, redactor.secretsSeen(), options)).map((h) => h.leak);
  } catch (error) {
    throw quarantine(
      tempPath,
      tempPath,
      finalPath,
      `it could not be scanned: ${(error as Error).message}`,
      [],
    );
  }
  if (leaks.length === 0) {
    moveIntoPlace(tempPath, finalPath);
    return { path: finalPath, findings: [] };
  }
  if (options.mask === false)
    throw quarantine(tempPath, tempPath, finalPath, 'masking is switched off (leak-mask)', leaks);

  const passes = options.withhold ? 2 : 1;
  const findings: FixtureFinding[] = [];
  let current = tempPath;
  for (let pass = 0; ; pass++) {
    let hits: Awaited<ReturnType<typeof scanForLeakHits>>;
    try {
      hits = await scanForLeakHits(current, redactor.secretsSeen(), options);
    } catch (error) {
      throw quarantine(
        current,
        tempPath,
        finalPath,
        `it could not be scanned: ${(error as Error).message}`,
        [],
      );
    }
    if (hits.length === 0) {
      moveIntoPlace(current, finalPath);
      if (current !== tempPath && tempPath !== finalPath) rmSync(tempPath, { force: true });
      return { path: finalPath, findings };
    }
    if (pass === passes)
      throw quarantine(
        current,
        tempPath,
        finalPath,
        'what the scan found could not all be masked',
        hits.map((h) => h.leak),
      );
    const next = uniqueRecordingPath(finalPath);
    try {
      const withhold = pass === 1 ? new Set(hits.map((h) => h.leak.line)) : undefined;
      findings.push(...(await maskLeaks(current, next, hits, withhold ? { withhold } : {})));
    } catch (error) {
      rmSync(next, { force: true });
      throw quarantine(
        current,
        tempPath,
        finalPath,
        `it could not be masked: ${(error as Error).message}`,
        [],
      );
    }
    if (current !== tempPath) rmSync(current, { force: true });
    current = next;
  }
}

/**
 * Keeps `file` (the recording, or its masked copy) as the private quarantine of `finalPath`,
 * removes the unmasked original when it is another file, and returns the error that says where.
 */
function quarantine(
  file: string,
  original: string,
  finalPath: string,
  why: string,
  leaks: readonly Leak[],
): ClideError {
  let kept = quarantinePath(finalPath);
  try {
    chmodSync(file, 0o600);
    renameSync(file, kept);
  } catch {
    // Left under its temporary name, which every reader refuses as well.
    kept = file;
  }
  if (original !== file) rmSync(original, { force: true });
  const kinds = [...new Set(leaks.map((l) => l.kind))].join(', ');
  const found = leaks.length > 0 ? `: ${leaks.length} secret(s) survived redaction (${kinds})` : '';
  return new ClideError(
    'leak',
    `the recording is kept as a private quarantine, not a fixture: ${why}${found}; it is at ${kept} (mode 0600; replay and validate refuse it)${leaks.length > 0 ? `\n${formatLeaks(leaks)}` : ''}`,
    {
      where: finalPath,
      hint: `clean it with \`clide-record --recover ${kept}\` (it masks what it can and withholds the frames it cannot), or add a redaction rule and record again`,
    },
  );
}

/** A warning naming the secrets masked in a fixture (never their values), or '' when none was. */
export function formatFindings(path: string, findings: readonly FixtureFinding[], limit = 10): string {
  if (findings.length === 0) return '';
  const lines = findings
    .slice(0, limit)
    .map((f) => `  line ${f.line}: ${f.kind} (${f.chars} chars, in ${f.found}) → ${f.masked} masked`);
  if (findings.length > limit) lines.push(`  … and ${findings.length - limit} more`);
  return `warning: ${findings.length} secret(s) the redaction missed were masked in ${path} (its trailer names them in "findings"):\n${lines.join('\n')}\n  hint: add a redaction rule for them so that the next recording needs no masking`;
}
