import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readFixture } from '../fixture/index.js';
import type { CorpusFile } from './infer-amendments.js';

/** Reads every fixture of a corpus folder (`fixtures/<version>/`) as inference input. */
export async function readCorpus(dir: string): Promise<CorpusFile[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.jsonl')).sort();
  const files: CorpusFile[] = [];
  for (const name of names) {
    const fixture = await readFixture(join(dir, name));
    files.push({
      file: name,
      ...(typeof fixture.header.scenario === 'string' ? { scenario: fixture.header.scenario } : {}),
      frames: fixture.frames
        .filter((f) => (f.dir === 'to-cli' || f.dir === 'from-cli') && f.msg !== undefined)
        .map((f) => ({ dir: f.dir as 'to-cli' | 'from-cli', seq: f.seq, msg: f.msg })),
    });
  }
  return files;
}
