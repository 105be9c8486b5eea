/**
 * A corpus against its own version's schemas, split by who wrote the line: what the CLI wrote
 * must validate with no finding at all; the client lines are the scenarios' own (some wrong on
 * purpose). Run as a script after a build, when the set is new to the running process:
 *   node dist/src/pin/check-corpus.js <version> <fixture…>   (prints JSON)
 */
import { fileURLToPath } from 'node:url';
import type { Finding } from '../findings/index.js';
import { readFixture } from '../fixture/index.js';
import { ControlTracker, validateMessage } from '../validate/index.js';

export interface CorpusCheck {
  /** Findings on lines the CLI wrote, with file and frame. */
  cli: Finding[];
  /** Findings on lines the client wrote. */
  client: Finding[];
  messages: number;
}

export async function checkCorpus(version: string, files: readonly string[]): Promise<CorpusCheck> {
  const result: CorpusCheck = { cli: [], client: [], messages: 0 };
  for (const file of files) {
    const fixture = await readFixture(file);
    const tracker = new ControlTracker();
    for (const frame of fixture.frames) {
      if ((frame.dir !== 'from-cli' && frame.dir !== 'to-cli') || frame.msg === undefined) continue;
      result.messages += 1;
      const findings = validateMessage(frame.msg, {
        direction: frame.dir,
        version,
        tracker,
        location: { file, line: frame.seq },
      });
      (frame.dir === 'from-cli' ? result.cli : result.client).push(...findings);
    }
  }
  return result;
}

// No top-level await: this module is also part of the command line's bundle (rolldown.config.mjs),
// where it is never the main script. A failure rejects, which ends the process as a throw would.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [version, ...files] = process.argv.slice(2);
  if (!version) throw new Error('usage: check-corpus <version> <fixture…>');
  void checkCorpus(version, files).then((check) => {
    process.stdout.write(`${JSON.stringify(check)}\n`);
  });
}
