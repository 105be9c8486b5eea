import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureWriter } from '../fixture/writer.js';
import { validateJsonlFile } from './validate-jsonl-file.js';

/**
 * `validate` checks a `clide-fixture/2` trailer's digest: the lines before the trailer must be
 * the bytes its writer wrote. An edited or damaged fixture is reported (`fixture/digest-mismatch`),
 * with the digest the trailer carries and the one the lines have.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-validate-digest-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ids = { uuid: 'u', session_id: 's' };

function writeSession(path: string): void {
  const writer = createFixtureWriter(path, { argv: ['-p'], cliVersion: '2.1.332' }, { now: () => 0 });
  writer.frame('from-cli', { msg: { type: 'system', subtype: 'status', status: null, ...ids } });
  writer.frame('from-cli', { msg: { type: 'system', subtype: 'status', status: 'compacting', ...ids } });
  writer.close({ complete: true, exitCode: 0 });
}

const digestFindings = async (path: string) =>
  (await validateJsonlFile(path)).findings.filter((f) => f.code === 'fixture/digest-mismatch');

describe('validate and the fixture digest', () => {
  it('says nothing of a fixture as its writer wrote it', async () => {
    const path = join(dir, 'session.jsonl');
    writeSession(path);
    expect(readFileSync(path, 'utf8')).toContain('"digest":"sha256:');
    expect(await digestFindings(path)).toEqual([]);
  });

  it('reports a fixture whose lines were edited after it was written, with both digests', async () => {
    const path = join(dir, 'edited.jsonl');
    writeSession(path);
    // Still valid JSON and still a valid message: only the digest can tell.
    writeFileSync(path, readFileSync(path, 'utf8').replace('"compacting"', '"compactinG"'));
    const findings = await digestFindings(path);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      severity: 'changed',
      path: ['digest'],
      expected: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      actual: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      location: { file: path, line: 4 },
    });
    expect(findings[0]!.expected).not.toBe(findings[0]!.actual);
  });

  it('reports a trailer that is no longer the last line: what its digest covers cannot be told', async () => {
    const path = join(dir, 'appended.jsonl');
    writeSession(path);
    appendFileSync(path, `${JSON.stringify({ type: 'system', subtype: 'status', status: null, ...ids })}\n`);
    const findings = await digestFindings(path);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message).toMatch(/not the last line/);
  });
});
