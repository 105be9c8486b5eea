import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Transcript } from '../driver/index.js';
import { readFixture, recoveredPath, uniqueRecordingPath } from '../fixture/index.js';
import { writeWireLog } from './wire-log-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const transcript: Transcript = {
  binary: '/c/claude',
  argv: ['claude', '-p'],
  startedAt: '2026-01-01T00:00:00.000Z',
  frames: [{ seq: 0, t: 1, dir: 'from-cli', msg: { type: 'result', subtype: 'success', is_error: false } }],
  exitCode: 0,
  signal: null,
  durationMs: 5,
  findings: [],
};

describe('writeWireLog', () => {
  it("writes under a temporary name of its own: another writer's temporary file beside it is left alone", () => {
    const dir = mkdtempSync(join(tmpdir(), 'clide-wire-log-'));
    dirs.push(dir);
    const path = join(dir, 'a__one.jsonl');
    // What another run writing the same wire log into this folder has on disk at this moment.
    const other = `${path}.recording`;
    writeFileSync(other, 'the other run is still writing this\n');
    writeWireLog(path, transcript, { scenario: 'a/one', cliVersion: '2.1.332' });
    expect(readFileSync(other, 'utf8')).toBe('the other run is still writing this\n');
    expect(readdirSync(dir).sort()).toEqual(['a__one.jsonl', 'a__one.jsonl.recording']);
  });

  it('gives a wire log that reads back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clide-wire-log-'));
    dirs.push(dir);
    const path = join(dir, 'a__one.jsonl');
    writeWireLog(path, transcript, { scenario: 'a/one', cliVersion: '2.1.332' });
    expect((await readFixture(path)).frames).toHaveLength(1);
  });
});

describe('uniqueRecordingPath', () => {
  it('differs from call to call, names this process, and recovers to the final name', () => {
    const a = uniqueRecordingPath('/r/wire/x.jsonl');
    const b = uniqueRecordingPath('/r/wire/x.jsonl');
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^/r/wire/x\\.jsonl\\.${process.pid}-[0-9a-f]{8}\\.recording$`));
    expect(recoveredPath(a)).toBe('/r/wire/x.jsonl');
    expect(recoveredPath('/r/wire/x.jsonl.recording')).toBe('/r/wire/x.jsonl');
  });
});
