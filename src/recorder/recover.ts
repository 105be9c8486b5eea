import { existsSync } from 'node:fs';
import { ClideError } from '../errors/index.js';
import {
  type FixtureFinding,
  isQuarantinePath,
  isRecordingPath,
  quarantinePath,
  readFixture,
  recordingPath,
  recoveredPath,
} from '../fixture/index.js';
import { finalizeFixture } from '../redact/index.js';

export interface RecoverResult {
  /** The final name the recording now has. */
  fixturePath: string;
  frames: number;
  complete: boolean;
  /** What the scan found and masked, or withheld (the trailer's `findings` name them too). */
  findings: FixtureFinding[];
}

/**
 * `record --recover <file>` (also `clide-record --recover <file>`): a recording left under its
 * temporary name (`x.jsonl.recording`: the recorder was killed before its leak scan) or kept as a
 * private quarantine (`x.jsonl.quarantine`: its scan found what could not be masked) is scanned —
 * for the known values of `env` (the environment of this command: record and recover from the
 * same shell), every built-in pattern, the entropy detector and secretlint — and given its final
 * name. What the scan finds is masked in place; what masking leaves is withheld (the frame's
 * content), so the result is clean; the trailer names each in its `findings`. Should even that
 * leave something, the file stays a quarantine and the error says where. `file` may name the
 * temporary, the quarantined or the final name.
 */
export async function recoverRecording(
  file: string,
  env: Record<string, string | undefined> = process.env,
): Promise<RecoverResult> {
  const source = recoverable(file);
  const final = recoveredPath(source);
  const { findings } = await finalizeFixture(
    source,
    final,
    { secretsSeen: () => [] },
    { env, withhold: true },
  );
  const fixture = await readFixture(final);
  return { fixturePath: final, frames: fixture.frames.length, complete: fixture.complete, findings };
}

function recoverable(file: string): string {
  const candidates =
    isRecordingPath(file) || isQuarantinePath(file) ? [file] : [recordingPath(file), quarantinePath(file)];
  const found = candidates.find((path) => existsSync(path));
  if (found === undefined) {
    throw new ClideError('usage', 'no unscanned or quarantined recording to recover here', {
      where: candidates.join(' or '),
      hint: 'pass the `.recording` file a killed recorder left behind, or the `.quarantine` file a recording was kept as',
    });
  }
  return found;
}
