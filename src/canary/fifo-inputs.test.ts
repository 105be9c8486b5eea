import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSession } from '../report/report-sessions.js';
import { DEFAULT_SCENARIO_MS, recordedDurations } from './shard.js';

/**
 * A FIFO where a fixture or wire log is looked for (a baseline folder, a report folder): the
 * readers that take a duration or a timeline from it move on instead of waiting for a writer.
 */
const dir = mkdtempSync(join(tmpdir(), 'clide-fifo-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fifo = join(dir, 'a__one.jsonl');
execFileSync('mkfifo', [fifo]);

describe('a FIFO named like a fixture', () => {
  it('gives no recorded duration (the shard split takes the fallback)', () => {
    expect(recordedDurations(dir, ['a/one'])('a/one')).toBe(DEFAULT_SCENARIO_MS);
  });

  it('is a timeline the HTML report shows as unreadable, saying why', () => {
    expect(loadSession(fifo, 'wire/a__one.jsonl')).toEqual({
      path: 'wire/a__one.jsonl',
      error: 'not a regular file (a FIFO)',
    });
  });
});
