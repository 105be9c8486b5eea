import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/support/temp-dirs.js';
import { ClideError } from '../errors/index.js';
import { validateJsonlFile } from './validate-jsonl-file.js';

const temp = tempDirs();

const ids = { uuid: 'u', session_id: 's' };
const status = JSON.stringify({ type: 'system', subtype: 'status', status: null, ...ids });

async function file(name: string, contents: string): Promise<string> {
  const dir = temp('clide-validate-');
  const path = join(dir, name);
  await writeFile(path, contents);
  return path;
}

describe('validateJsonlFile', () => {
  it('reports a non-JSON line as wire/non-json-line with its line number, and keeps going', async () => {
    const path = await file('cap.jsonl', `${status}\n\nnot json at all\n${status}`);
    const result = await validateJsonlFile(path, { version: '2.1.150' });
    expect(result.messages).toBe(2);
    expect(result.findings).toEqual([
      expect.objectContaining({
        code: 'wire/non-json-line',
        severity: 'breaking',
        location: { file: path, line: 3 },
      }),
    ]);
  });

  it('stamps file and line on schema findings', async () => {
    const path = await file(
      'cap.jsonl',
      `${status}\r\n${JSON.stringify({ type: 'system', subtype: 'status', ...ids })}\r\n`,
    );
    const result = await validateJsonlFile(path, { version: '2.1.150' });
    expect(result.findings).toEqual([
      expect.objectContaining({
        code: 'schema/missing-field',
        path: ['status'],
        location: { file: path, line: 2 },
      }),
    ]);
    expect(result).toMatchObject({ kind: 'plain', schemaVersion: '2.1.150' });
  });

  it('validates a plain capture of stdin with direction to-cli', async () => {
    const prompt = JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } });
    expect(
      (await validateJsonlFile(await file('in.jsonl', prompt), { version: '2.1.150', direction: 'to-cli' }))
        .findings,
    ).toEqual([]);
    const asStdout = await validateJsonlFile(await file('in.jsonl', prompt), { version: '2.1.150' });
    expect(asStdout.findings.map((f) => f.code)).toEqual(['schema/missing-field']); // parent_tool_use_id
  });

  it('notes an inexact schema version', async () => {
    const result = await validateJsonlFile(await file('c.jsonl', status), { version: '2.1.200' });
    expect(result.schemaVersion).toBe('2.1.150');
    expect(result.note).toMatch(/2\.1\.200.*2\.1\.150/);
  });

  it('refuses a recording still under its temporary name (never leak-scanned), naming record --recover', async () => {
    const path = await file('session.jsonl.recording', `${status}\n`);
    await expect(validateJsonlFile(path)).rejects.toMatchObject({
      code: 'fixture',
      where: path,
      hint: expect.stringContaining('record --recover'),
    });
  });

  it('throws an io ClideError naming a missing file', async () => {
    const missing = join(tmpdir(), 'clide-validate-does-not-exist.jsonl');
    await expect(validateJsonlFile(missing)).rejects.toMatchObject({ code: 'io', where: missing });
    await expect(validateJsonlFile(missing)).rejects.toBeInstanceOf(ClideError);
  });

  it('SEAM(fixture): validates clide-fixture/1 frames with their own direction and correlates control traffic', async () => {
    const request = {
      type: 'control_request',
      request_id: 'r1',
      request: { subtype: 'can_use_tool', tool_name: 'Write', input: {}, tool_use_id: 't' },
    };
    const bareAllow = {
      type: 'control_response',
      response: { subtype: 'success', request_id: 'r1', response: { behavior: 'allow' } },
    };
    const lines = [
      { kind: 'header', format: 'clide-fixture/1', cliVersion: '2.1.170' },
      { kind: 'frame', seq: 0, t: 1, dir: 'from-cli', msg: request },
      { kind: 'frame', seq: 1, t: 2, dir: 'stderr', raw: 'a warning' },
      { kind: 'frame', seq: 2, t: 3, dir: 'to-cli', msg: bareAllow },
      { kind: 'frame', seq: 3, t: 4, dir: 'from-cli', raw: 'garbage on stdout' },
      { kind: 'trailer', complete: true, frames: 4 },
    ];
    const result = await validateJsonlFile(
      await file('f.jsonl', lines.map((l) => JSON.stringify(l)).join('\n')),
    );
    expect(result).toMatchObject({ kind: 'fixture', messages: 2, schemaVersion: '2.1.150' });
    expect(result.note).toContain('2.1.170'); // the header's cliVersion picked the schema set
    expect(result.findings).toEqual([
      expect.objectContaining({
        code: 'schema/missing-field',
        severity: 'breaking',
        path: ['response', 'response', 'updatedInput'],
        location: { file: expect.any(String), line: 4, frame: 2 },
      }),
      expect.objectContaining({
        code: 'wire/non-json-line',
        location: { file: expect.any(String), line: 5, frame: 3 },
      }),
    ]);
  });
});

describe('validateJsonlFile on a recording that was cut', () => {
  const header = JSON.stringify({ kind: 'header', format: 'clide-fixture/1', cliVersion: '2.1.150' });
  const frame = (seq: number) =>
    JSON.stringify({ kind: 'frame', seq, t: seq, dir: 'from-cli', msg: JSON.parse(status) });

  it('reports a fixture without its trailer as cut at the first missing frame, the half-written last line included', async () => {
    const path = await file('cut.jsonl', `${header}\n${frame(0)}\n${frame(1)}\n{"kind":"frame","seq":2,"t"`);
    const result = await validateJsonlFile(path);
    expect(result.messages).toBe(2);
    expect(result.findings).toEqual([
      {
        code: 'fixture/cut',
        severity: 'changed',
        message:
          'the recording was cut at frame 2: it has no trailer (the recorder stopped before the session ended); its last line (line 4, 27 bytes) was cut mid-write and is left out',
        path: [],
        location: { file: path, line: 4, frame: 2 },
      },
    ]);
  });

  it('says nothing of a fixture with its trailer', async () => {
    const trailer = JSON.stringify({ kind: 'trailer', complete: false, frames: 1 });
    const result = await validateJsonlFile(await file('whole.jsonl', `${header}\n${frame(0)}\n${trailer}\n`));
    expect(result.findings).toEqual([]);
  });

  it.each([
    ['an empty file', '', /^empty file/],
    ['a header cut mid-write', '{"kind":"header","format":"clide-fix', /header line is cut short/],
    ['frames without a header', `${frame(0)}\n`, /no header line: the first line is a fixture frame/],
  ])('refuses %s with a fixture error', async (_name, contents, message) => {
    const error = await validateJsonlFile(await file('bad.jsonl', contents)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClideError);
    expect((error as ClideError).code).toBe('fixture');
    expect((error as ClideError).message).toMatch(message);
  });
});
