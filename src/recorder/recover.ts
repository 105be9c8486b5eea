import { existsSync } from 'node:fs';
import { ClideError } from '../errors/index.js';
import { isRecordingPath, readFixture, recordingPath, recoveredPath } from '../fixture/index.js';
import { finalizeFixture } from '../redact/index.js';

export interface RecoverResult {
  /** The final name the recording now has. */
  fixturePath: string;
  frames: number;
  complete: boolean;
}

/**
 * `record --recover <file>`: a recording left under its temporary name (`x.jsonl.recording`, the
 * recorder was killed before its leak scan) is scanned — for the known values of `env` (the
 * environment of this command: record and recover from the same shell), every built-in pattern,
 * the entropy detector and secretlint — and, when clean, renamed to its final name. On a hit it is
 * deleted, like any recording that fails the scan. `file` may name either the temporary or the
 * final name.
 */
export async function recoverRecording(
  file: string,
  env: Record<string, string | undefined> = process.env,
): Promise<RecoverResult> {
  const temp = isRecordingPath(file) ? file : recordingPath(file);
  if (!existsSync(temp)) {
    throw new ClideError('usage', 'no unscanned recording to recover here', {
      where: temp,
      hint: 'pass the `.recording` file a killed recorder left behind',
    });
  }
  const final = recoveredPath(temp);
  await finalizeFixture(temp, final, { secretsSeen: () => [] }, { env });
  const fixture = await readFixture(final);
  return { fixturePath: final, frames: fixture.frames.length, complete: fixture.complete };
}
