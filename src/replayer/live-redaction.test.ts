import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientPipe, type FrameSpec, makeFixture, Sink } from '../../test/support/replay-client.js';
import { createRedactor } from '../redact/redactor.js';
import { LiveRedaction } from './live-redaction.js';
import type { ReplayMode } from './options.js';
import { PathSubstitution } from './paths.js';
import { replaySession } from './replay.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const HOME = '/home/alice-replay';
const KEY = `sk-ant-api03-${'Zq8xT2mW9vR4kL7pN3sB'.repeat(4)}-AbCdEfGh`;
const RESULT = { type: 'result', subtype: 'success', is_error: false, result: 'ok', session_id: 's' };
const user = (text: string) => ({ type: 'user', message: { role: 'user', content: text } });

/** The recorder's own redaction of a client message: what a fixture made by clide-record holds. */
function recorded(message: unknown, cwd: string, seen: unknown[] = []): unknown {
  const redactor = createRedactor({ env: { HOME }, home: HOME, cwd, user: '', hostname: '' });
  for (const earlier of seen) redactor.redact(earlier);
  return redactor.redact(message);
}

function replay(specs: (cwd: string) => FrameSpec[], mode: ReplayMode = 'strict') {
  const cwd = mkdtempSync(join(tmpdir(), 'replayer-redaction-'));
  dirs.push(cwd);
  const client = clientPipe();
  const stdout = new Sink();
  const stderr = new Sink();
  const done = replaySession({
    fixture: makeFixture(specs(cwd)),
    fixtureName: 'test.jsonl',
    mode,
    pacing: { kind: 'instant' },
    paths: new PathSubstitution({ cwd, home: HOME, user: '', hostname: '' }),
    liveRedaction: new LiveRedaction({ env: { HOME }, home: HOME, cwd, tmpdir: '' }),
    cwd,
    stdin: client.stdin,
    stdout,
    stderr,
  });
  return { client, stdout, stderr, done, cwd };
}

describe('strict replay of what the recorder redacted in client messages', () => {
  it("matches the client's own prompt with an e-mail address, a home path and an API key in it", async () => {
    const prompt = `Mail alice@contoso-mail.net the file ${HOME}/notes.txt; the key is ${KEY}.`;
    const r = replay((cwd) => [
      { dir: 'to-cli', msg: recorded(user(prompt), cwd) },
      { dir: 'from-cli', msg: RESULT },
    ]);
    r.client.send(user(prompt));
    r.client.end();
    const outcome = await r.done;
    expect(r.stderr.text).toBe('');
    expect(outcome).toMatchObject({ exitCode: 0, ok: true });
    expect(r.stdout.json()).toEqual([RESULT]);
  });

  it('pairs numbered placeholders with the recorded ones, whatever the recorder numbered first, and holds the pairing', async () => {
    // The recorder met bob@ first (in the CLI's output): alice@ is email-2 in the fixture.
    const first = user('Write to alice@contoso-mail.net.');
    const again = user('And once more to alice@contoso-mail.net.');
    const r = replay((cwd) => {
      const seen = [{ type: 'assistant', text: 'bob@fabrikam-mail.org' }];
      return [
        { dir: 'to-cli', msg: recorded(first, cwd, seen) },
        { dir: 'from-cli', msg: RESULT },
        { dir: 'to-cli', msg: recorded(again, cwd, [...seen, first]) },
        { dir: 'from-cli', msg: RESULT },
      ];
    });
    r.client.send(first);
    await r.stdout.untilLines(1);
    r.client.send(again);
    r.client.end();
    expect((await r.done).exitCode).toBe(0);
    expect(r.stderr.text).toBe('');
  });

  it('fails on another address where the recording already paired that placeholder, showing the redacted difference', async () => {
    const first = user('Write to alice@contoso-mail.net.');
    const again = user('And once more to alice@contoso-mail.net.');
    const r = replay((cwd) => [
      { dir: 'to-cli', msg: recorded(first, cwd) },
      { dir: 'from-cli', msg: RESULT },
      { dir: 'to-cli', msg: recorded(again, cwd, [first]) },
      { dir: 'from-cli', msg: RESULT },
    ]);
    r.client.send(first);
    await r.stdout.untilLines(1);
    r.client.send(user('And once more to carol@northwind-mail.net.'));
    r.client.end();
    const outcome = await r.done;
    expect(outcome.exitCode).toBe(1);
    expect(r.stderr.text).toContain(
      '$.message.content[0].text: expected "And once more to email-1@redacted.invalid.", actual "And once more to email-2@redacted.invalid."',
    );
  });

  it('still fails on a real difference next to a redacted value', async () => {
    const r = replay((cwd) => [
      { dir: 'to-cli', msg: recorded(user(`Read ${HOME}/a.txt, key ${KEY}`), cwd) },
      { dir: 'from-cli', msg: RESULT },
    ]);
    r.client.send(user(`Read ${HOME}/b.txt, key ${KEY}`));
    r.client.end();
    const outcome = await r.done;
    expect(outcome.exitCode).toBe(1);
    expect(r.stderr.text).toContain(
      '$.message.content[0].text: expected "Read $HOME/a.txt, key [redacted:anthropic-key#1]", actual "Read $HOME/b.txt, key [redacted:anthropic-key#1]"',
    );
    expect(r.stderr.text).not.toContain(KEY);
  });
});
