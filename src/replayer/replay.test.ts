import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientPipe, type FrameSpec, makeFixture, Sink } from '../../test/support/replay-client.js';
import type { Fixture } from '../fixture/index.js';
import type { ReplayMode } from './options.js';
import { PathSubstitution } from './paths.js';
import { replaySession } from './replay.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(fixture: Fixture, mode: ReplayMode = 'strict') {
  const cwd = mkdtempSync(join(tmpdir(), 'replayer-test-'));
  dirs.push(cwd);
  const client = clientPipe();
  const stdout = new Sink();
  const stderr = new Sink();
  const done = replaySession({
    fixture,
    fixtureName: 'test.jsonl',
    mode,
    pacing: { kind: 'instant' },
    paths: new PathSubstitution({
      cwd,
      home: '/home/replay-test',
      user: 'replay-user',
      hostname: 'replay-host',
    }),
    cwd,
    stdin: client.stdin,
    stdout,
    stderr,
  });
  return { client, stdout, stderr, done, cwd };
}

const INIT = {
  type: 'system',
  subtype: 'init',
  cwd: '$CWD',
  session_id: '00000000-0000-4000-8000-000000000001',
};
const RESULT = {
  type: 'result',
  subtype: 'success',
  is_error: false,
  num_turns: 1,
  result: 'ok',
  session_id: '00000000-0000-4000-8000-000000000001',
};
const user = (content: unknown) => ({ type: 'user', message: { role: 'user', content } });
const ASK_ID = '00000000-0000-4000-8000-000000000004';
const ask = {
  type: 'control_request',
  request_id: ASK_ID,
  request: {
    subtype: 'can_use_tool',
    tool_name: 'Write',
    input: { file_path: 'banana.txt', content: 'yellow\n' },
  },
};
const allow = {
  type: 'control_response',
  response: {
    subtype: 'success',
    request_id: ASK_ID,
    response: { behavior: 'allow', updatedInput: { file_path: 'banana.txt', content: 'yellow\n' } },
  },
};
const writeResult = {
  type: 'user',
  message: {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'ok', is_error: false }],
  },
  tool_use_result: {
    type: 'create',
    filePath: '$CWD/banana.txt',
    content: 'yellow\n',
    structuredPatch: [],
    originalFile: null,
  },
};

const permissionTurn: FrameSpec[] = [
  { dir: 'to-cli', msg: user('Write banana.txt.') },
  { dir: 'from-cli', msg: INIT },
  { dir: 'from-cli', msg: ask },
  { dir: 'to-cli', msg: allow },
  { dir: 'from-cli', msg: writeResult },
  { dir: 'from-cli', msg: RESULT },
];

describe('replaySession', () => {
  it('plays the recorded output in order, with real paths, and replays the Write effect in the cwd', async () => {
    const r = start(makeFixture(permissionTurn));
    r.client.send(user('Write banana.txt.'));
    await r.stdout.untilLines(2);
    r.client.send(allow);
    r.client.end();
    const outcome = await r.done;
    expect(outcome).toMatchObject({ exitCode: 0, ok: true, problems: [] });
    const out = r.stdout.json() as Array<Record<string, unknown>>;
    expect(out.map((m) => m.type)).toEqual(['system', 'control_request', 'user', 'result']);
    expect(out[0]!.cwd).toBe(r.cwd);
    expect(readFileSync(join(r.cwd, 'banana.txt'), 'utf8')).toBe('yellow\n');
    expect(r.stderr.text).toBe('');
  });

  it('answers a client control request under the CLIENT request id (rebinding the recorded one)', async () => {
    const fixture = makeFixture([
      {
        dir: 'to-cli',
        msg: { type: 'control_request', request_id: 'init-1', request: { subtype: 'initialize', hooks: {} } },
      },
      {
        dir: 'from-cli',
        msg: {
          type: 'control_response',
          response: { subtype: 'success', request_id: 'init-1', response: { pid: 1 } },
        },
      },
    ]);
    const r = start(fixture);
    // The SDK picks random ids and sends more initialize fields than the recording had.
    r.client.send({
      type: 'control_request',
      request_id: 'x7k2p9q4w1',
      request: { subtype: 'initialize', hooks: {}, systemPrompt: 'extra field, not compared' },
    });
    r.client.end();
    expect((await r.done).exitCode).toBe(0);
    expect(r.stdout.json()).toEqual([
      {
        type: 'control_response',
        response: { subtype: 'success', request_id: 'x7k2p9q4w1', response: { pid: 1 } },
      },
    ]);
  });

  it('strict mode: a different permission decision fails with a near-miss report, an error result and exit 1', async () => {
    const r = start(makeFixture(permissionTurn));
    r.client.send(user('Write banana.txt.'));
    await r.stdout.untilLines(2);
    r.client.send({
      type: 'control_response',
      response: { subtype: 'success', request_id: ASK_ID, response: { behavior: 'deny', message: 'No.' } },
    });
    const outcome = await r.done;
    expect(outcome.exitCode).toBe(1);
    expect(outcome.ok).toBe(false);
    const last = r.stdout.json().at(-1) as Record<string, unknown>;
    expect(last).toMatchObject({ type: 'result', subtype: 'error_during_execution', is_error: true });
    expect(String((last.errors as string[])[0])).toContain('does not match');
    // The near miss travels in the result too, for a client that hides stderr.
    expect(last.errors).toEqual([
      "fake-claude replay: the client's message does not match the recorded one (control_response)",
      expect.stringMatching(
        /^recorded frame seq 3 \(control_response\/success\) differs at \$\.response\.response\.behavior: expected "allow", actual "deny", /,
      ),
      expect.stringMatching(/^closest other client frame: seq \d+ /),
      expect.stringMatching(/^fixture: .* \(the full near-miss report is on stderr\)$/),
    ]);
    const report = r.stderr.text;
    expect(report).toContain('replay failed');
    expect(report).toContain('expected (frame seq 3');
    expect(report).toContain('actual (control_response/success)');
    expect(report).toContain('$.response.response.behavior: expected "allow", actual "deny"');
    expect(report).toContain(
      '$.response.response.updatedInput: expected {"file_path":"banana.txt","content":"yellow\\n"}, actual (absent) (missing key)',
    );
    expect(report).toMatch(
      /diff \(- expected, \+ actual\):\n(.*\n)*\s+-\s+"behavior": "allow",\n(.*\n)*\s+\+\s+"behavior": "deny",/,
    );
    expect(report).toContain('closest other client frames in the fixture:');
    expect(existsSync(join(r.cwd, 'banana.txt'))).toBe(false);
  });

  it('strict mode: a mismatching client control request is answered with an error control_response first', async () => {
    const fixture = makeFixture([
      {
        dir: 'to-cli',
        msg: { type: 'control_request', request_id: 'c-1', request: { subtype: 'interrupt' } },
      },
      {
        dir: 'from-cli',
        msg: { type: 'control_response', response: { subtype: 'success', request_id: 'c-1' } },
      },
    ]);
    const r = start(fixture);
    r.client.send({
      type: 'control_request',
      request_id: 'live-9',
      request: { subtype: 'set_model', model: 'x' },
    });
    expect((await r.done).exitCode).toBe(1);
    const [reply, result] = r.stdout.json() as Array<Record<string, unknown>>;
    expect(reply).toMatchObject({
      type: 'control_response',
      response: { subtype: 'error', request_id: 'live-9' },
    });
    expect(result).toMatchObject({ type: 'result', is_error: true });
    expect(r.stderr.text).toContain('$.request.subtype: expected "interrupt", actual "set_model"');
  });

  it('lenient mode: warns on stderr and completes with the recorded exit code', async () => {
    const r = start(makeFixture(permissionTurn, 3), 'lenient');
    r.client.send(user('Something else entirely.'));
    await r.stdout.untilLines(2);
    r.client.send(allow);
    r.client.end();
    const outcome = await r.done;
    expect(outcome.exitCode).toBe(3);
    expect(outcome.problems).toHaveLength(1);
    expect(r.stderr.text).toContain('replay warning (lenient mode, carrying on)');
    expect(r.stderr.text).toContain(
      '$.message.content[0].text: expected "Write banana.txt.", actual "Something else entirely."',
    );
    expect((r.stdout.json() as Array<Record<string, unknown>>).map((m) => m.type)).toEqual([
      'system',
      'control_request',
      'user',
      'result',
    ]);
  });

  it('strict mode: closing stdin with recorded client frames unused fails and lists them', async () => {
    const r = start(makeFixture(permissionTurn));
    r.client.send(user('Write banana.txt.'));
    r.client.end();
    const outcome = await r.done;
    expect(outcome.exitCode).toBe(1);
    expect(r.stderr.text).toContain('the client closed stdin with 1 recorded client frame(s) unused');
    expect(r.stderr.text).toContain('seq 3 (control_response/success)');
  });

  it('strict mode: a message after the last recorded client frame is unexpected', async () => {
    const r = start(
      makeFixture([
        { dir: 'to-cli', msg: user('hi') },
        { dir: 'from-cli', msg: RESULT },
      ]),
    );
    r.client.send(user('hi'));
    r.client.send(user('one more'));
    expect((await r.done).exitCode).toBe(1);
    expect(r.stderr.text).toContain('but the fixture expects no more client messages');
  });

  it('holds the output after an unanswered CLI request until stdin closes', async () => {
    const fixture = makeFixture([
      { dir: 'to-cli', msg: user('Write banana.txt.') },
      { dir: 'from-cli', msg: ask },
      { dir: 'from-cli', msg: { ...RESULT, result: 'after end of input' } },
    ]);
    const r = start(fixture);
    r.client.send(user('Write banana.txt.'));
    await r.stdout.untilLines(1);
    // Give the replay every chance to run ahead: nothing more may come before end of input.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.stdout.lines()).toHaveLength(1);
    r.client.end();
    expect((await r.done).exitCode).toBe(0);
    expect(r.stdout.lines()).toHaveLength(2);
  });

  it('reproduces recorded stderr lines and a non-JSON client line; exits by itself after a fatal input', async () => {
    const fixture = makeFixture(
      [
        { dir: 'to-cli', raw: 'this is not json' },
        { dir: 'stderr', raw: 'Error parsing streaming input line: this is not json' },
      ],
      1,
    );
    const r = start(fixture);
    r.client.sendRaw('this is not json\n');
    // stdin stays open: the real CLI exits on its own after a parse error.
    expect((await r.done).exitCode).toBe(1);
    expect(r.stderr.text).toBe('Error parsing streaming input line: this is not json\n');
  });

  it('compares user content with the live cwd as $CWD', async () => {
    const r = start(
      makeFixture([
        { dir: 'to-cli', msg: user('Read $CWD/notes.md') },
        { dir: 'from-cli', msg: RESULT },
      ]),
    );
    r.client.send(user(`Read ${r.cwd}/notes.md`));
    r.client.end();
    expect((await r.done).exitCode).toBe(0);
    expect(r.stderr.text).toBe('');
  });
});

describe('replaySession with a client that opens with initialize (the SDK)', () => {
  it('answers a neutral initialize the fixture lacks with the recorded response of the same CLI version', async () => {
    const r = start(
      makeFixture([
        { dir: 'to-cli', msg: user('hi') },
        { dir: 'from-cli', msg: RESULT },
      ]),
    );
    r.client.send({
      type: 'control_request',
      request_id: 'sdk-init-7',
      request: { subtype: 'initialize', hooks: {} },
    });
    r.client.send({ ...user('hi'), session_id: '', parent_tool_use_id: null });
    r.client.end();
    expect((await r.done).exitCode).toBe(0);
    const [init, result] = r.stdout.json() as Array<{ response?: { response?: { commands?: unknown } } }>;
    expect(init).toMatchObject({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'sdk-init-7' },
    });
    expect(Array.isArray(init?.response?.response?.commands)).toBe(true);
    expect(result).toEqual(RESULT);
  });

  it('does not invent an answer to an initialize that registers hooks', async () => {
    const r = start(
      makeFixture([
        { dir: 'to-cli', msg: user('hi') },
        { dir: 'from-cli', msg: RESULT },
      ]),
    );
    r.client.send({
      type: 'control_request',
      request_id: 'sdk-init-8',
      request: {
        subtype: 'initialize',
        hooks: { PreToolUse: [{ matcher: 'Write', hookCallbackIds: ['hook_0'] }] },
      },
    });
    expect((await r.done).exitCode).toBe(1);
    expect(r.stdout.json()[0]).toMatchObject({ response: { subtype: 'error', request_id: 'sdk-init-8' } });
  });
});
