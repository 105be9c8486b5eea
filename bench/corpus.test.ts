import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFixture } from '../src/fixture/index.js';
import {
  BENCH_PROMPT,
  loadCorpus,
  proxiedLines,
  repeatTo,
  streamBody,
  writeSessionFixture,
} from './corpus.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the benchmark corpus', () => {
  const corpus = loadCorpus();

  it('holds the recorded messages of both directions', () => {
    expect(corpus.some((m) => m.dir === 'from-cli' && m.msg.type === 'assistant')).toBe(true);
    expect(corpus.some((m) => m.dir === 'to-cli' && m.msg.type === 'user')).toBe(true);
    expect(corpus.every((m) => JSON.parse(m.line).type === m.msg.type)).toBe(true);
  });

  it('keeps control traffic and file-writing tool results out of a generated session', () => {
    const body = streamBody(corpus);
    expect(body.some((m) => String(m.msg.type).startsWith('control'))).toBe(false);
    expect(body.some((m) => m.msg.type === 'result')).toBe(false);
    expect(body.every((m) => m.dir === 'from-cli')).toBe(true);
  });

  it('writes a session fixture of exactly the asked number of frames that the fixture reader accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-corpus-'));
    dirs.push(dir);
    const file = join(dir, 'session.jsonl');
    const bytes = writeSessionFixture(file, 250, corpus);
    const fixture = await readFixture(file);
    expect(bytes).toBeGreaterThan(250 * 50);
    expect(fixture.complete).toBe(true);
    expect(fixture.frames).toHaveLength(250);
    expect(fixture.frames[0]).toMatchObject({ dir: 'to-cli', msg: BENCH_PROMPT });
    expect(fixture.frames[1]!.msg).toMatchObject({ type: 'system', subtype: 'init' });
    expect(fixture.frames.at(-1)!.msg).toMatchObject({ type: 'result' });
  });

  it('puts real paths and a key-shaped secret into the proxied lines so redaction has work', () => {
    const lines = proxiedLines(corpus, { home: '/home/bench-user', cwd: '/home/bench-user/project' });
    expect(lines[0]).toContain('sk-ant-api03-');
    expect(lines.some((l) => l.includes('/home/bench-user/project'))).toBe(true);
    expect(lines.some((l) => l.includes('$CWD'))).toBe(false);
  });

  it('repeats a list to any size', () => {
    expect(repeatTo([1, 2, 3], 7)).toEqual([1, 2, 3, 1, 2, 3, 1]);
    expect(repeatTo([], 3)).toEqual([]);
  });
});
