import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientPipe, makeFixture, Sink } from '../../test/support/replay-client.js';
import { ClideError } from '../errors/index.js';
import { encodeRecord } from '../fixture/index.js';
import { runReplay } from './run-replay.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-run-replay-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const hello = { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Hi' }] } };

async function replayFile(content: string) {
  const path = join(dir, 'session.jsonl');
  writeFileSync(path, content);
  const client = clientPipe();
  const stdout = new Sink();
  const stderr = new Sink();
  client.end();
  const outcome = await runReplay({
    fixture: path,
    argv: [],
    env: { HOME: dir },
    cwd: dir,
    stdin: client.stdin,
    stdout,
    stderr,
  });
  return { path, outcome, stdout, stderr };
}

describe('runReplay of a recording that was cut', () => {
  it('plays what there is and warns on stderr at which frame the recording was cut', async () => {
    const whole = makeFixture([{ dir: 'from-cli', msg: hello }]);
    const tail = '{"kind":"frame","seq":1,"t":5,"di';
    const cut = `${encodeRecord(whole.header)}${encodeRecord(whole.frames[0]!)}${tail}`;
    const { path, outcome, stdout, stderr } = await replayFile(cut);
    expect(outcome.exitCode).toBe(0);
    expect(stdout.json()).toEqual([hello]);
    expect(stderr.text).toBe(
      `fake-claude: warning: ${path}: the recording was cut at frame 1: it has no trailer (the recorder stopped before the session ended); its last line (line 3, ${tail.length} bytes) was cut mid-write and is left out; the replay ends where the recording does\n`,
    );
  });

  it('says nothing about a fixture with its trailer', async () => {
    const whole = makeFixture([{ dir: 'from-cli', msg: hello }]);
    const { stderr } = await replayFile(
      [whole.header, ...whole.frames, whole.trailer!].map((r) => encodeRecord(r)).join(''),
    );
    expect(stderr.text).toBe('');
  });

  it.each([
    ['an empty file', '', /^empty file/],
    ['a header cut mid-write', '{"kind":"header","format":"cli', /the only line is cut short/],
  ])('refuses %s with a fixture error before writing anything', async (_name, content, message) => {
    const path = join(dir, 'bad.jsonl');
    writeFileSync(path, content);
    const stdout = new Sink();
    const error = await runReplay({
      fixture: path,
      argv: [],
      env: { HOME: dir },
      cwd: dir,
      stdin: clientPipe().stdin,
      stdout,
      stderr: new Sink(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClideError);
    expect((error as ClideError).code).toBe('fixture');
    expect((error as ClideError).message).toMatch(message);
    expect(stdout.text).toBe('');
  });
});
