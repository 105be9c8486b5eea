import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, sandboxEnv } from '../src/driver/index.js';
import {
  encodeFrame,
  FRAME,
  type Frame,
  FrameDecoder,
  tokenPath,
  WIRE_PROTOCOL,
} from '../src/fake-claude/server/frames.js';
import { nativeClient } from '../src/fake-claude/server/native-client.js';
import { type FakeServer, startFakeServer } from '../src/fake-claude/server/server.js';
import { spawnFakeServer } from '../src/fake-claude/server/server-process.js';

/**
 * bin/fake-claude with CLIDE_FAKE_SERVER hands its session to a warm fake server and only carries
 * it (src/fake-claude/server/); so does the native client (native/fake-client.c), with no Node
 * process. Whatever goes through the server must come out as it does from the executable alone:
 * the same bytes on stdout and stderr, the same exit; a client that cannot be served runs the engine
 * itself, losing no input; a client killed ends its session; a broken peer on either side is turned
 * away with a clear word, and the server goes on serving; a peer without the server's token (which
 * only the server's user can read) gets no session. Each client passes every one of these.
 */

const FAKE = resolve('bin/fake-claude');
const CLI = resolve('bin/clide-conformance');
const STREAM = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const HELLO = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Say hello.' } })}\n`;

let dir: string;
let script: string;
/**
 * Where the test's socket folders go: the temporary folder, or /tmp when that is so long a path
 * (macOS's /var/folders/…/T, a nested run's) that a socket a few folders below it would be over
 * the length a Unix socket path may have — which the server rightly refuses for a path it is given.
 */
function socketsParent(): string {
  return Buffer.byteLength(tmpdir()) <= 40 ? tmpdir() : '/tmp';
}

let server: FakeServer;
let native: string;
beforeAll(async () => {
  // This machine has a C compiler (CI's too): the native client must build.
  const built = await nativeClient();
  if (!built.ok) throw new Error(`the native client did not build: ${built.problem}`);
  native = built.path;
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-client.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
  dir = mkdtempSync(join(socketsParent(), 'clide-fake-server-test-'));
  script = join(dir, 'script.json');
  writeFileSync(
    script,
    JSON.stringify({
      version: 1,
      description: 'one turn',
      turns: [{ blocks: [{ type: 'text', text: 'Hi.' }] }],
    }),
  );
  server = await startFakeServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

interface SessionOptions {
  /** The executable to start (default: bin/fake-claude). */
  client?: string;
  args?: string[];
  input?: string;
  /** Environment on top of the sandbox's (CLIDE_FAKE_SERVER among it, or not). */
  env?: Record<string, string>;
  /** stdin from this file instead of a pipe. */
  stdinFile?: string;
  /** Called once the first stdout line has come (the pipe's end is the test's to close then). */
  onFirstLine?: (child: ChildProcess) => void;
  /** stdout goes to a reader that starts reading only this long after the start (`sleep; cat`). */
  readStdoutAfterMs?: number;
}

/** One session of bin/fake-claude in a fresh sandbox; ids and the sandbox's paths are made comparable. */
async function session(options: SessionOptions): Promise<Outcome> {
  const sandbox = createSandbox();
  try {
    const env = { ...sandboxEnv({ sandbox }), CLIDE_FAKE_SCENARIO: script, ...options.env };
    const reader =
      options.readStdoutAfterMs === undefined
        ? undefined
        : spawn('/bin/sh', ['-c', `sleep ${options.readStdoutAfterMs / 1000}; exec cat`], {
            stdio: ['pipe', 'pipe', 'ignore'],
          });
    const child = spawn(options.client ?? FAKE, options.args ?? STREAM, {
      cwd: sandbox.cwd,
      env,
      stdio: [options.stdinFile ? openSync(options.stdinFile, 'r') : 'pipe', reader?.stdin ?? 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let first = true;
    const late = reader ? once(reader, 'close') : undefined;
    reader?.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (first && stdout.includes('\n')) {
        first = false;
        options.onFirstLine?.(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    if (child.stdin) {
      if (options.input !== undefined) child.stdin.write(options.input);
      if (!options.onFirstLine) child.stdin.end();
    }
    const [exitCode, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    // The reader's end of the pipe is the child's alone now: it ends once the child's output is read.
    reader?.stdin?.destroy();
    await late;
    // What differs from run to run: ids, times, the sandbox's folder (also as a project name), the pid.
    const comparable = (text: string) =>
      text
        .replaceAll(sandbox.root, '<sandbox>')
        .replaceAll(sandbox.root.replace(/[^A-Za-z0-9]/g, '-'), '<sandbox-project>')
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, '<time>')
        .replace(/"(\w+_ms)":\d+/g, '"$1":0')
        .replace(/\/\d+\.sock/g, '/<pid>.sock');
    return { stdout: comparable(stdout), stderr: comparable(stderr), exitCode, signal };
  } finally {
    sandbox.dispose();
  }
}

/**
 * The executable alone: the reference a served session is held to. The same options give the same
 * comparable outcome (ids, times and the sandbox's paths made comparable), so each is run once and
 * shared by the tests of both clients.
 */
const references = new Map<string, Promise<Outcome>>();
function executableAlone(options: Omit<SessionOptions, 'client' | 'onFirstLine'>): Promise<Outcome> {
  const key = JSON.stringify(options);
  let outcome = references.get(key);
  if (!outcome) {
    outcome = session(options);
    references.set(key, outcome);
  }
  return outcome;
}

/** The clients a served session can start: each must behave as the other. */
const CLIENTS: Array<[string, () => string]> = [
  ['bin/fake-claude', () => FAKE],
  ['the native client', () => native],
];

/** A raw server at a fresh socket that answers each client with `answer`. */
async function rawServer(answer: (socket: import('node:net').Socket, frames: Frame[]) => void) {
  const socketPath = join(mkdtempSync(join(dir, 'raw-')), 's.sock');
  const heard: Frame[] = [];
  const raw: Server = createServer((socket) => {
    const decoder = new FrameDecoder();
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      const frames = decoder.push(chunk);
      heard.push(...frames);
      answer(socket, frames);
    });
  });
  await new Promise<void>((done) => raw.listen(socketPath, done));
  return { socketPath, heard, close: () => new Promise<void>((done) => raw.close(() => done())) };
}

/** Waits until `condition()` holds (a few seconds at most). */
async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!condition()) throw new Error(`timed out waiting until ${what}`);
}

/** The token a server wrote beside its socket. */
const tokenOf = (socketPath: string): string => readFileSync(tokenPath(socketPath), 'utf8');

/**
 * One hello (with `overrides`; the server's token unless they say otherwise) straight over the
 * socket, then `input` as stdin and its end; the frames the server answers with, and their bytes.
 */
async function helloAnswer(
  overrides: Record<string, unknown>,
  { socketPath = server.socketPath, input }: { socketPath?: string; input?: string } = {},
): Promise<Frame[] & { bytes: Buffer }> {
  const socket = createConnection(socketPath);
  const hello = {
    protocol: WIRE_PROTOCOL,
    token: tokenOf(socketPath),
    kit: '0.1.0',
    argv: STREAM,
    env: {},
    cwd: dir,
    pid: 1,
    stdinIsTTY: false,
    ...overrides,
  };
  socket.on('error', () => {});
  socket.write(encodeFrame(FRAME.hello, JSON.stringify(hello)));
  if (input !== undefined)
    socket.write(Buffer.concat([encodeFrame(FRAME.stdin, input), encodeFrame(FRAME.stdinEnd)]));
  const decoder = new FrameDecoder();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'close');
  const bytes = Buffer.concat(chunks);
  return Object.assign(decoder.push(bytes), { bytes });
}

describe.each(CLIENTS)('%s through a fake server', (_name, clientPath) => {
  const client = (options: SessionOptions): Promise<Outcome> => session({ ...options, client: clientPath() });
  const served = (options: SessionOptions): Promise<Outcome> =>
    client({ ...options, env: { ...options.env, ...server.env } });

  const cases: Array<[string, SessionOptions]> = [
    ['a stream-json turn', { input: HELLO }],
    ['--version', { args: ['--version'] }],
    ['a prompt in argv, text output', { args: ['-p', 'Say hello.'] }],
    ['a line that is not JSON (exit 1 and the CLI error text)', { input: `${HELLO}{"type":"user",\n` }],
    [
      'a usage error (a fixture and a scenario)',
      { input: HELLO, env: { CLIDE_FAKE_FIXTURE: '/no/such/fixture.jsonl' } },
    ],
    ['an unknown flag', { args: ['-p', '--no-such-flag'] }],
    [
      'a replay of a committed fixture (replay mode, recorded bytes)',
      {
        args: [...STREAM, '--permission-prompt-tool', 'stdio'],
        input: HELLO,
        env: { CLIDE_FAKE_SCENARIO: '', CLIDE_FAKE_FIXTURE: resolve('fixtures/2.1.332/turn__plain.jsonl') },
      },
    ],
  ];
  it.each(cases)(
    '%s: the same stdout, stderr and exit as the executable alone, and the server served it',
    async (_, options) => {
      const before = server.sessionsServed();
      const [alone, through] = await Promise.all([executableAlone(options), served(options)]);
      expect(through).toEqual(alone);
      expect(server.sessionsServed()).toBe(before + 1);
    },
  );

  it('serves 16 sessions at once, each its own: the same bytes as 16 executables alone', async () => {
    // Each session answers its own text, so output carried to the wrong client would show.
    const runs = Array.from({ length: 16 }, (_, i) => {
      const file = join(dir, `script-${i}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          version: 1,
          description: `${i}`,
          turns: [{ blocks: [{ type: 'text', text: `Hi ${i}.` }] }],
        }),
      );
      return { input: HELLO, env: { CLIDE_FAKE_SCENARIO: file } };
    });
    const before = server.sessionsServed();
    const [alone, through] = await Promise.all([
      Promise.all(runs.map((options) => executableAlone(options))),
      Promise.all(runs.map((options) => served(options))),
    ]);
    expect(through).toEqual(alone);
    for (const [i, outcome] of through.entries()) expect(outcome.stdout).toContain(`"result":"Hi ${i}."`);
    expect(server.sessionsServed()).toBe(before + 16);
  });

  it('carries a 4 MB answer whole, as the executable does', async () => {
    const big = join(dir, 'big.json');
    const text = 'All work and no play. '.repeat(200_000);
    writeFileSync(
      big,
      JSON.stringify({ version: 1, description: 'big', turns: [{ blocks: [{ type: 'text', text }] }] }),
    );
    const options = { input: HELLO, env: { CLIDE_FAKE_SCENARIO: big } };
    const [alone, through] = await Promise.all([executableAlone(options), served(options)]);
    expect(alone.exitCode).toBe(0);
    expect(alone.stdout.length).toBeGreaterThan(2 * text.length);
    expect(through).toEqual(alone);
  });

  it('a client whose stdout is read 3 s late still gets every byte and its exit: the server waits for it', async () => {
    const big = join(dir, 'late.json');
    const text = 'Read me later. '.repeat(60_000);
    writeFileSync(
      big,
      JSON.stringify({ version: 1, description: 'late', turns: [{ blocks: [{ type: 'text', text }] }] }),
    );
    const options = { input: HELLO, env: { CLIDE_FAKE_SCENARIO: big }, readStdoutAfterMs: 3000 };
    const [alone, through] = await Promise.all([executableAlone(options), served(options)]);
    expect(alone.exitCode).toBe(0);
    expect(alone.stdout.length).toBeGreaterThan(2 * text.length);
    expect(through).toEqual(alone);
  });

  it('a replay whose client reads its stdout late waits for it (the session holds, the server does not buffer it all), then delivers every byte', async () => {
    // turn__plain with its assistant message played 6,000 times: about 2.8 MB of stdout.
    const records = readFileSync(resolve('fixtures/2.1.332/turn__plain.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind: string; seq?: number; msg?: { type?: string } });
    const frames = records.filter((r) => r.kind === 'frame');
    const assistant = frames.find((r) => r.msg?.type === 'assistant');
    const played = frames.flatMap((r) => (r === assistant ? Array.from({ length: 6000 }, () => r) : [r]));
    const trailer = { ...records.at(-1), frames: played.length };
    const fixture = join(dir, 'long-replay.jsonl');
    writeFileSync(
      fixture,
      `${[records[0], ...played.map((r, seq) => ({ ...r, seq })), trailer].map((r) => JSON.stringify(r)).join('\n')}\n`,
    );
    const options = {
      args: [...STREAM, '--permission-prompt-tool', 'stdio'],
      input: HELLO,
      env: { CLIDE_FAKE_SCENARIO: '', CLIDE_FAKE_FIXTURE: fixture },
      readStdoutAfterMs: 3000,
    };
    const before = server.sessionsServed();
    const through = served(options);
    await eventually(() => server.sessionsServed() === before + 1, 'the server has taken the session');
    await new Promise((r) => setTimeout(r, 1500));
    // Half-way through the reader's delay the replay is still waiting for it to read.
    expect(server.activeSessions()).toBeGreaterThan(0);
    const alone = await session(options);
    expect(alone.exitCode).toBe(0);
    expect(alone.stdout.length).toBeGreaterThan(2_500_000);
    expect(await through).toEqual(alone);
  });

  it('a hello over 1 MiB (an environment that large) is turned away: the client runs the session itself, the same output', async () => {
    // Nine variables of 120 KiB: under the system's limits for an environment, over the hello's.
    const large = Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [`CLIDE_TEST_PAD_${i}`, 'x'.repeat(120 * 1024)]),
    );
    const options = { input: HELLO, env: large };
    const before = { served: server.sessionsServed(), refused: server.refusals().length };
    const [alone, through] = await Promise.all([executableAlone(options), served(options)]);
    expect(alone.exitCode).toBe(0);
    expect(through).toEqual(alone);
    expect(server.sessionsServed()).toBe(before.served);
    expect(server.refusals().slice(before.refused)).toEqual([
      expect.stringMatching(
        /^a broken frame stream: frame of \d+ bytes, over the 1048576 a client frame may have/,
      ),
    ]);
  });

  it('reads a stdin that is a file as the executable does', async () => {
    const file = join(dir, 'input.jsonl');
    writeFileSync(file, HELLO);
    const [alone, through] = await Promise.all([session({ stdinFile: file }), served({ stdinFile: file })]);
    expect(alone.exitCode).toBe(0);
    expect(alone.stdout).toContain('"type":"result"');
    expect(through).toEqual(alone);
  });

  it('with nothing listening at the socket, runs the session itself: the same output', async () => {
    const missing = { CLIDE_FAKE_SERVER: join(dir, 'nobody-here.sock') };
    const [alone, fallback] = await Promise.all([
      executableAlone({ input: HELLO }),
      client({ input: HELLO, env: missing }),
    ]);
    expect(fallback).toEqual(alone);
  });

  it('turned away, runs the session itself with all of its stdin: nothing is lost', async () => {
    const refusing = await rawServer((socket, frames) => {
      if (frames.some((f) => f.type === FRAME.hello)) {
        socket.end(encodeFrame(FRAME.refuse, JSON.stringify({ reason: 'test: not today' })));
      }
    });
    try {
      const [alone, refused] = await Promise.all([
        executableAlone({ input: HELLO }),
        client({ input: HELLO, env: { CLIDE_FAKE_SERVER: refusing.socketPath } }),
      ]);
      // The client waits for the answer before it reads stdin.
      expect(refusing.heard.map((f) => String.fromCharCode(f.type))).toEqual(['H']);
      expect(refused).toEqual(alone);
      expect(alone.stdout).toContain('"type":"result"');
    } finally {
      await refusing.close();
    }
  });

  it('sends the token it reads beside the socket; without it (a file it cannot read) the server turns it away and it runs the session itself: the same output', async () => {
    const own = await startFakeServer({ nativeClient: false });
    const token = tokenPath(own.socketPath);
    try {
      const alone = await executableAlone({ input: HELLO });
      expect(await client({ input: HELLO, env: own.env })).toEqual(alone);
      expect(own.sessionsServed()).toBe(1);
      renameSync(token, `${token}.away`);
      expect(await client({ input: HELLO, env: own.env })).toEqual(alone);
      expect(own.sessionsServed()).toBe(1);
      expect(own.refusals()).toEqual([
        `the hello carries no token (a client sends the one in ${token}, which only the server's user may read)`,
      ]);
      renameSync(`${token}.away`, token);
      expect(await client({ input: HELLO, env: own.env })).toEqual(alone);
      expect(own.sessionsServed()).toBe(2);
    } finally {
      await own.close();
    }
  });

  it('a server that takes the connection and never answers: the client runs the session itself after 2 s', async () => {
    const mute = await rawServer(() => {});
    try {
      const [alone, fallback] = await Promise.all([
        executableAlone({ input: HELLO }),
        client({ input: HELLO, env: { CLIDE_FAKE_SERVER: mute.socketPath } }),
      ]);
      expect(mute.heard.map((f) => String.fromCharCode(f.type))).toEqual(['H']);
      expect(fallback).toEqual(alone);
    } finally {
      await mute.close();
    }
  });

  it('a server that breaks the frame stream: the client exits 70 and names the server', async () => {
    const broken = await rawServer((socket, frames) => {
      if (frames.some((f) => f.type === FRAME.hello))
        socket.write(Buffer.concat([encodeFrame(FRAME.accept), Buffer.from('garbage!')]));
    });
    try {
      const outcome = await client({ input: HELLO, env: { CLIDE_FAKE_SERVER: broken.socketPath } });
      expect(outcome.exitCode).toBe(70);
      expect(outcome.stderr).toContain(
        `the fake server (CLIDE_FAKE_SERVER=${broken.socketPath}) sent a broken frame stream: unknown frame type 0x67`,
      );
    } finally {
      await broken.close();
    }
  });

  it('a server that goes away mid-session: the client exits 70 and says so', async () => {
    const leaving = await rawServer((socket, frames) => {
      if (frames.some((f) => f.type === FRAME.hello)) {
        socket.write(encodeFrame(FRAME.accept));
        socket.destroy();
      }
    });
    try {
      const outcome = await client({ input: HELLO, env: { CLIDE_FAKE_SERVER: leaving.socketPath } });
      expect(outcome.exitCode).toBe(70);
      expect(outcome.stderr).toContain('closed the session before it ended');
    } finally {
      await leaving.close();
    }
  });

  it('a client killed mid-session ends its session on the server', async () => {
    let killed = false;
    const outcome = await served({
      input: HELLO,
      // stdin stays open: the session would run on; the client dies instead.
      onFirstLine: (child) => {
        expect(server.activeSessions()).toBeGreaterThan(0);
        killed = child.kill('SIGKILL');
      },
    });
    expect(killed).toBe(true);
    expect(outcome.signal).toBe('SIGKILL');
    await eventually(() => server.activeSessions() === 0, 'the server has no session left');
  });

  it('closing the server ends a running session: its client dies of SIGTERM, as the executable killed', async () => {
    const own = await startFakeServer();
    const outcome = await client({
      input: HELLO,
      env: own.env,
      onFirstLine: () => void own.close(),
    });
    expect(outcome.signal).toBe('SIGTERM');
    expect(own.activeSessions()).toBe(0);
    expect(existsSync(own.socketPath)).toBe(false);
  });

  it('without CLIDE_FAKE_SERVER, runs the session itself: the same output', async () => {
    const [alone, itself] = await Promise.all([
      executableAlone({ input: HELLO }),
      client({ input: HELLO, env: { CLIDE_FAKE_SERVER: '' } }),
    ]);
    expect(alone.stdout).toContain('"type":"result"');
    expect(itself).toEqual(alone);
  });

  it('carries argv and the environment byte for byte: quotes, backslashes, control characters, any Unicode', async () => {
    // The model name comes back in system/init, the scenario's folder name in the path the engine
    // reads: either one carried wrong shows in the output or fails the session.
    const odd = mkdtempSync(join(dir, 'odd "q" \\ \t ☃ \u{1F600} \u001f-'));
    const oddScript = join(odd, 'script.json');
    writeFileSync(
      oddScript,
      JSON.stringify({ version: 1, turns: [{ blocks: [{ type: 'text', text: 'Hi.' }] }] }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          // Control characters, JSON's own specials and ASCII often; any other code point too.
          unit: fc
            .oneof(
              fc.integer({ min: 1, max: 0x1f }),
              fc.constantFrom(0x22, 0x5c, 0x7f),
              fc.integer({ min: 0x20, max: 0x7e }),
              fc.integer({ min: 0x80, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff),
            )
            .map((c) => String.fromCodePoint(c)),
          minLength: 1,
          maxLength: 40,
        }),
        async (model) => {
          const before = server.sessionsServed();
          const options = {
            args: [...STREAM, '--model', model],
            input: HELLO,
            env: { CLIDE_FAKE_SCENARIO: oddScript },
          };
          const [alone, through] = await Promise.all([executableAlone(options), served(options)]);
          expect(alone.exitCode).toBe(0);
          expect(through).toEqual(alone);
          // Served, not run locally after a refusal of a hello it could not read.
          expect(server.sessionsServed()).toBe(before + 1);
        },
      ),
      { numRuns: 12 },
    );
  });
});

/**
 * What the server sends `socket` until it closes the connection (or, with `untilFirst`, until its
 * first frame), or until `withinMs` have passed.
 */
async function answerOf(
  socket: Socket,
  withinMs: number,
  untilFirst = false,
): Promise<{ frames: Frame[]; closed: boolean }> {
  const decoder = new FrameDecoder();
  const frames: Frame[] = [];
  let first: () => void = () => {};
  const firstFrame = new Promise<void>((done) => {
    first = done;
  });
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    frames.push(...decoder.push(chunk));
    if (frames.length > 0) first();
  });
  const closed = await Promise.race([
    once(socket, 'close').then(() => true),
    ...(untilFirst ? [firstFrame.then(() => false)] : []),
    new Promise<boolean>((done) => setTimeout(() => done(false), withinMs)),
  ]);
  return { frames, closed };
}

/** The reason of a refusal frame. */
const reasonOf = (frame: Frame | undefined): string =>
  frame?.type === FRAME.refuse
    ? (JSON.parse(frame.payload.toString()) as { reason: string }).reason
    : '(no refusal)';

/** A hello frame of a valid hello whose payload is `bytes` long (padded in an environment variable). */
function helloOfSize(bytes: number, socketPath = server.socketPath): Buffer {
  const base = {
    protocol: WIRE_PROTOCOL,
    token: tokenOf(socketPath),
    kit: '0.1.0',
    argv: STREAM,
    cwd: dir,
    pid: 1,
    stdinIsTTY: false,
  };
  const empty = JSON.stringify({ ...base, env: { PAD: '' } });
  const payload = JSON.stringify({ ...base, env: { PAD: 'x'.repeat(bytes - Buffer.byteLength(empty)) } });
  expect(Buffer.byteLength(payload)).toBe(bytes);
  return encodeFrame(FRAME.hello, payload);
}

describe('the fake server', () => {
  const served = (options: SessionOptions): Promise<Outcome> =>
    session({ ...options, env: { ...options.env, ...server.env } });

  it('turns away a hello whose header says it is over 1 MiB at once, without waiting for it or reading it', async () => {
    const socket = createConnection(server.socketPath);
    // 250 MiB announced; not one byte of it sent.
    socket.write(Buffer.from([FRAME.hello, 0x0f, 0xa0, 0x00, 0x00]));
    const answer = await answerOf(socket, 10_000);
    expect(answer.closed).toBe(true);
    expect(reasonOf(answer.frames[0])).toBe(
      'a broken frame stream: frame of 262144000 bytes, over the 1048576 a client frame may have (at byte 0 of the stream)',
    );
    socket.destroy();
  });

  it('serves a hello of exactly 1 MiB, turns away one of 1 MiB and a byte', async () => {
    const at = createConnection(server.socketPath);
    at.write(helloOfSize(1024 * 1024));
    const accepted = await answerOf(at, 10_000, true);
    expect(accepted.frames[0]?.type).toBe(FRAME.accept);
    at.destroy();
    const over = createConnection(server.socketPath);
    over.write(helloOfSize(1024 * 1024 + 1));
    const refused = await answerOf(over, 10_000);
    expect(reasonOf(refused.frames[0])).toContain('frame of 1048577 bytes, over the 1048576');
    over.destroy();
    const outcome = await served({ input: HELLO });
    expect(outcome.exitCode).toBe(0);
  });

  it('turns away a connection whose hello does not come within the hello timeout: none at all, or half of one', async () => {
    const own = await startFakeServer({ nativeClient: false, helloTimeoutMs: 300 });
    try {
      const silent = createConnection(own.socketPath);
      const half = createConnection(own.socketPath);
      half.write(helloOfSize(2000, own.socketPath).subarray(0, 1000));
      const [a, b] = await Promise.all([answerOf(silent, 10_000), answerOf(half, 10_000)]);
      expect(a.closed && b.closed).toBe(true);
      expect(reasonOf(a.frames[0])).toBe('no hello within 300 ms');
      expect(reasonOf(b.frames[0])).toBe('no hello within 300 ms');
      expect(own.refusals()).toEqual(['no hello within 300 ms', 'no hello within 300 ms']);
    } finally {
      await own.close();
    }
  });

  it('over its connection cap, turns the next client away at once (it runs the session itself), and serves again below it', async () => {
    const own = await startFakeServer({ nativeClient: false, maxConnections: 2 });
    try {
      const held = [createConnection(own.socketPath), createConnection(own.socketPath)];
      for (const socket of held) {
        socket.on('error', () => {});
        if (socket.connecting) await once(socket, 'connect');
      }
      const third = createConnection(own.socketPath);
      const answer = await answerOf(third, 10_000);
      expect(answer.closed).toBe(true);
      expect(reasonOf(answer.frames[0])).toBe('the server has 2 connections, as many as it takes');
      // A real client over the cap is turned away and runs the session itself: the same output.
      const alone = await executableAlone({ input: HELLO });
      for (const [, clientPath] of CLIENTS) {
        expect(await session({ client: clientPath(), input: HELLO, env: own.env })).toEqual(alone);
      }
      expect(own.sessionsServed()).toBe(0);
      for (const socket of held) socket.destroy();
      await eventually(() => own.refusals().length === 1 + CLIENTS.length, 'those turned away are counted');
      const below = await session({ input: HELLO, env: own.env });
      expect(below.exitCode).toBe(0);
      await eventually(() => own.sessionsServed() === 1, 'the server served the client below its cap');
    } finally {
      await own.close();
    }
  });

  it('turns away a hello without the token, or with another, before looking at the rest of it, and serves the next client', async () => {
    const token = tokenOf(server.socketPath);
    const before = { served: server.sessionsServed(), refused: server.refusals().length };
    const where = `a client sends the one in ${tokenPath(server.socketPath)}, which only the server's user may read`;
    const answers = await Promise.all(
      [
        { token: undefined },
        // Another kit's hello without a token: told about the token, not about the kit.
        { token: undefined, kit: '0.0.0-other', protocol: 1 },
        { token: token.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
        { token: token.toUpperCase() },
        { token: `${token}0` },
        { token: token.slice(0, 32) },
        { token: '' },
        { token: 7 },
        { token: [token] },
      ].map((overrides) => helloAnswer(overrides, { input: HELLO })),
    );
    expect(answers.map((frames) => frames.map((f) => String.fromCharCode(f.type)).join(''))).toEqual(
      answers.map(() => 'R'),
    );
    expect(answers.map((frames) => reasonOf(frames[0]))).toEqual([
      `the hello carries no token (${where})`,
      `the hello carries no token (${where})`,
      ...Array.from({ length: 7 }, () => `the hello's token is not this server's (${where})`),
    ]);
    expect(server.sessionsServed()).toBe(before.served);
    expect(server.refusals().length).toBe(before.refused + answers.length);
    // Neither the token nor any part of it comes back in a refusal.
    for (const frames of answers) expect(frames.bytes.toString()).not.toContain(token.slice(0, 16));
    const outcome = await served({ input: HELLO });
    expect(outcome.exitCode).toBe(0);
    expect(server.sessionsServed()).toBe(before.served + 1);
  });

  it('a hostile hello cannot read the token: one without it, whose session would Read the token file, gets a refusal and no session', async () => {
    // A scenario that Reads the token file, its contents then on stdout: what a peer of another
    // user would ask for, had it reached the socket.
    const socketPath = server.socketPath;
    const token = tokenOf(socketPath);
    const reading = join(dir, 'read-the-token.json');
    writeFileSync(
      reading,
      JSON.stringify({
        version: 1,
        turns: [
          { blocks: [{ type: 'tool_use', name: 'Read', input: { file_path: tokenPath(socketPath) } }] },
          { blocks: [{ type: 'text', text: 'Read it.' }] },
        ],
      }),
    );
    const hostile = {
      argv: [...STREAM, '--permission-mode', 'bypassPermissions'],
      env: { CLIDE_FAKE_SCENARIO: reading, HOME: dir },
      cwd: dirname(socketPath),
    };
    const before = { served: server.sessionsServed(), refused: server.refusals().length };
    for (const wrong of [undefined, '0'.repeat(64)]) {
      const answer = await helloAnswer({ ...hostile, token: wrong }, { input: HELLO });
      expect(answer.map((f) => String.fromCharCode(f.type))).toEqual(['R']);
      expect(answer.bytes.toString()).not.toContain(token);
    }
    expect(server.sessionsServed()).toBe(before.served);
    expect(server.refusals().length).toBe(before.refused + 2);
    // The same hello with the token (a process of the server's user) is served, and reads it:
    // the token is all that keeps the other out.
    const own = await helloAnswer(hostile, { input: HELLO });
    expect(own.map((f) => String.fromCharCode(f.type))[0]).toBe('A');
    expect(own.bytes.toString()).toContain(token);
    expect(server.sessionsServed()).toBe(before.served + 1);
  });

  it.runIf(process.getuid?.() === 0)(
    'a process of another user that reaches the socket (its modes opened) cannot read the token, and gets no session',
    async () => {
      const shared = mkdtempSync(join(socketsParent(), 'clide-fake-server-shared-'));
      const own = await startFakeServer({
        socketPath: join(shared, 'sock', 'fake.sock'),
        nativeClient: false,
      });
      try {
        const token = tokenOf(own.socketPath);
        // The socket made reachable by everyone, as a socket forced into a shared place would be.
        chmodSync(shared, 0o711);
        chmodSync(dirname(own.socketPath), 0o711);
        chmodSync(own.socketPath, 0o666);
        const hello = JSON.stringify({
          protocol: WIRE_PROTOCOL,
          kit: '0.1.0',
          argv: STREAM,
          env: {},
          cwd: '/',
          pid: 1,
          stdinIsTTY: false,
        });
        // As uid 65534 (nobody): read the token if it can, send the hello with it, tell what came back.
        const peer = spawn(
          process.execPath,
          [
            '-e',
            `const [socketPath, tokenFile, hello] = process.argv.slice(1);
            let read;
            try { read = { token: require('node:fs').readFileSync(tokenFile, 'utf8') }; } catch (error) { read = { error: error.code }; }
            const frame = (type, text) => { const payload = Buffer.from(text); const head = Buffer.alloc(5); head[0] = type; head.writeUInt32BE(payload.length, 1); return Buffer.concat([head, payload]); };
            const socket = require('node:net').connect(socketPath);
            const got = [];
            socket.on('data', (chunk) => got.push(chunk));
            socket.on('error', (error) => { read.socketError = error.code; });
            socket.on('close', () => console.log(JSON.stringify({ ...read, answer: Buffer.concat(got).toString('base64') })));
            socket.write(frame(0x48, JSON.stringify({ ...JSON.parse(hello), ...(read.token ? { token: read.token } : {}) })));
            socket.write(frame(0x49, ${JSON.stringify(HELLO)}));
            socket.write(frame(0x45, ''));`,
            own.socketPath,
            tokenPath(own.socketPath),
            hello,
          ],
          { uid: 65534, gid: 65534, cwd: '/', stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let stdout = '';
        peer.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        await once(peer, 'close');
        const seen = JSON.parse(stdout) as { error?: string; socketError?: string; answer: string };
        expect(seen.error).toBe('EACCES');
        expect(seen.socketError).toBeUndefined();
        const answer = Buffer.from(seen.answer, 'base64');
        const frames = new FrameDecoder().push(answer);
        expect(frames.map((f) => String.fromCharCode(f.type))).toEqual(['R']);
        expect(reasonOf(frames[0])).toMatch(/^the hello carries no token/);
        expect(answer.toString()).not.toContain(token);
        expect(own.sessionsServed()).toBe(0);
        expect(own.refusals()).toHaveLength(1);
      } finally {
        await own.close();
        rmSync(shared, { recursive: true, force: true });
      }
    },
  );

  it('the token file is 64 hex digits, 0600 beside the socket, new for each server, and gone after close', async () => {
    const [one, two] = await Promise.all([
      startFakeServer({ nativeClient: false }),
      startFakeServer({ nativeClient: false }),
    ]);
    const tokens = [one, two].map((own) => {
      const path = tokenPath(own.socketPath);
      expect(path).toBe(`${own.socketPath}.token`);
      expect((statSync(path).mode & 0o777).toString(8)).toBe('600');
      return tokenOf(own.socketPath);
    });
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    await Promise.all([one.close(), two.close()]);
    for (const own of [one, two]) {
      expect(existsSync(tokenPath(own.socketPath))).toBe(false);
      expect(existsSync(dirname(own.socketPath))).toBe(false);
    }
  });

  it('turns away a client of another kit version, or one with a bad hello, saying why', async () => {
    const reason = async (overrides: Record<string, unknown>) => {
      const frames = await helloAnswer(overrides);
      expect(frames.map((f) => f.type)).toEqual([FRAME.refuse]);
      return (JSON.parse(frames[0]?.payload.toString() ?? '{}') as { reason: string }).reason;
    };
    expect(await reason({ kit: '0.0.0-other' })).toBe(
      'the client is clide-conformance "0.0.0-other", this server 0.1.0',
    );
    expect(await reason({ protocol: 99 })).toBe(
      `the client speaks wire protocol 99, this server ${WIRE_PROTOCOL}`,
    );
    expect(await reason({ argv: ['-p', 3] })).toBe('hello.argv must be an array of strings');
    expect(await reason({ env: { HOME: 1 } })).toBe('hello.env.HOME must be a string');
    expect(server.refusals()).toEqual(expect.arrayContaining(['hello.argv must be an array of strings']));
  });

  it('closes with peers that never close their end (within its 2 s linger): one turned away, one that sent nothing', async () => {
    const own = await startFakeServer();
    // Half-open: it does not close its end when the server closes its own.
    const refused = createConnection({ path: own.socketPath, allowHalfOpen: true });
    const silent = createConnection(own.socketPath);
    for (const socket of [refused, silent]) socket.on('error', () => {});
    const answer = new Promise<Buffer>((done) => refused.once('data', done));
    refused.write(Buffer.from([0x7a, 0, 0, 0, 0]));
    expect((await answer)[0]).toBe(FRAME.refuse);
    if (silent.connecting) await once(silent, 'connect');
    await own.close();
    expect(existsSync(own.socketPath)).toBe(false);
    expect(own.refusals()).toEqual([
      'a broken frame stream: unknown frame type 0x7a (at byte 0 of the stream)',
    ]);
    refused.destroy();
    silent.destroy();
  });

  it('hostile bytes on the socket: the peer is turned away, and the server serves the next client', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 400 }), async (bytes) => {
        const socket = createConnection(server.socketPath);
        socket.on('error', () => {});
        socket.on('data', () => {});
        socket.end(bytes);
        await once(socket, 'close');
      }),
      { numRuns: 40 },
    );
    await eventually(() => server.activeSessions() === 0, 'the hostile peers are gone');
    const outcome = await served({ input: HELLO });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toContain('"type":"result"');
  });
});

/**
 * `clide-conformance fake-server --stop-on-stdin-end ...args`, once it has printed its two
 * variables; under the file mode creation mask `umask` when given.
 */
async function cliServer(args: string[], env: NodeJS.ProcessEnv, umask?: string) {
  const command = [process.execPath, CLI, 'fake-server', '--stop-on-stdin-end', ...args];
  const child =
    umask === undefined
      ? spawn(command[0] as string, command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env })
      : spawn('/bin/sh', ['-c', `umask ${umask}; exec "$0" "$@"`, ...command], {
          stdio: ['pipe', 'pipe', 'pipe'],
          env,
        });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await eventually(() => stdout.split('\n').length > 2, 'the server has printed its variables');
  return { child, stdout: () => stdout, stderr: () => stderr };
}

describe('clide-conformance fake-server', () => {
  it('prints CLIDE_FAKE_SERVER=<socket>, serves sessions there, and stops when its stdin ends (--stop-on-stdin-end)', async () => {
    const socketPath = join(mkdtempSync(join(dir, 'cli-')), 'fake.sock');
    const cli = await cliServer(['--socket', socketPath], process.env);
    const { child } = cli;
    // The client to start: the native one, built (or found in the cache) as the server starts.
    expect(cli.stdout()).toBe(`CLIDE_FAKE_SERVER=${socketPath}\nCLIDE_FAKE_CLAUDE=${native}\n`);
    const env = { CLIDE_FAKE_SERVER: socketPath };
    for (const client of [FAKE, native]) {
      const outcome = await session({ client, input: HELLO, env });
      expect(outcome.exitCode).toBe(0);
      expect(outcome.stdout).toContain('"type":"result"');
    }
    child.stdin.end();
    const [exitCode] = await once(child, 'close');
    expect(exitCode).toBe(0);
    expect(cli.stderr()).toContain(`fake-server: clients: ${native} (native) or bin/fake-claude`);
    expect(cli.stderr()).toContain(
      'fake-server: end of stdin: stopped after 2 session(s), 0 client(s) turned away',
    );
    expect(existsSync(socketPath)).toBe(false);
  });

  it('--no-native-client, or no C compiler: CLIDE_FAKE_CLAUDE is bin/fake-claude, and the log says why', async () => {
    const stdoutOf = async (args: string[], env: NodeJS.ProcessEnv) => {
      const cli = await cliServer(args, env);
      cli.child.stdin.end();
      await once(cli.child, 'close');
      return { stdout: cli.stdout().split('\n')[1], stderr: cli.stderr() };
    };
    const off = await stdoutOf(['--no-native-client'], process.env);
    expect(off.stdout).toBe(`CLIDE_FAKE_CLAUDE=${FAKE}`);
    expect(off.stderr).toContain('no native client: not asked for');
    // A fresh cache, so that nothing built before stands in: the compiler is asked, and is not there.
    const cache = mkdtempSync(join(dir, 'cache-'));
    const none = await stdoutOf([], { ...process.env, CLIDE_CACHE_DIR: cache, CC: '/no/such/cc' });
    expect(none.stdout).toBe(`CLIDE_FAKE_CLAUDE=${FAKE}`);
    expect(none.stderr).toContain('no native client: /no/such/cc could not build it (');
    expect(none.stderr).toContain('ENOENT');
  });

  // With --stop-on-stdin-end, a server that could not listen once waited for its stdin to end.
  it('spawnFakeServer(): a server that cannot listen rejects at once with its own words; one that listens stops and tells what it served', async () => {
    const taken = join(dir, 'taken-by-spawn.sock');
    writeFileSync(taken, '');
    await expect(spawnFakeServer({ socketPath: taken, nativeClient: false })).rejects.toThrow(
      `clide-conformance fake-server exited before it listened: error[usage]: ${taken}: the fake server cannot listen on ${taken}: EADDRINUSE`,
    );
    const own = await spawnFakeServer({ nativeClient: false });
    expect(own.executable).toBe(FAKE);
    const outcome = await session({ input: HELLO, env: own.env });
    expect(outcome.exitCode).toBe(0);
    expect(await own.stop()).toMatchObject({ sessionsServed: 1, turnedAway: 0 });
    expect(existsSync(own.socketPath)).toBe(false);
  });

  it('refuses a socket path that is already taken, naming it', async () => {
    const taken = join(dir, 'taken.sock');
    writeFileSync(taken, '');
    const child = spawn(process.execPath, [CLI, 'fake-server', '--socket', taken], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [exitCode] = await once(child, 'close');
    expect(exitCode).toBe(2);
    expect(stderr).toContain(`the fake server cannot listen on ${taken}: EADDRINUSE`);
  });

  it('under umask 000 the socket and the token file are 0600 in a 0700 folder: the default one, a --socket folder it makes (and removes), one of ours', async () => {
    const modes = async (args: string[]) => {
      const cli = await cliServer(['--no-native-client', ...args], process.env, '000');
      const socketPath = (/^CLIDE_FAKE_SERVER=(.*)$/m.exec(cli.stdout()) as RegExpExecArray)[1] as string;
      const folder = join(socketPath, '..');
      const seen = {
        socket: (statSync(socketPath).mode & 0o777).toString(8),
        token: (statSync(tokenPath(socketPath)).mode & 0o777).toString(8),
        folder: (statSync(folder).mode & 0o777).toString(8),
      };
      const outcome = await session({ input: HELLO, env: { CLIDE_FAKE_SERVER: socketPath } });
      expect(outcome.exitCode).toBe(0);
      cli.child.stdin.end();
      await once(cli.child, 'close');
      expect(cli.stderr()).toContain('stopped after 1 session(s), 0 client(s) turned away');
      return {
        ...seen,
        folderLeft: existsSync(folder),
        tokenLeft: existsSync(tokenPath(socketPath)),
        stderr: cli.stderr(),
      };
    };
    const made = join(mkdtempSync(join(dir, 'umask-')), 'new-folder');
    const ours = mkdtempSync(join(dir, 'ours-'));
    const kept = { socket: '600', token: '600', folder: '700', tokenLeft: false };
    expect(await modes([])).toMatchObject({ ...kept, folderLeft: false });
    expect(await modes(['--socket', join(made, 'fake.sock')])).toMatchObject({ ...kept, folderLeft: false });
    expect(await modes(['--socket', join(ours, 'fake.sock')])).toMatchObject({ ...kept, folderLeft: true });
  });

  it('refuses a --socket in a folder that is not private to its user, naming the folder: group or others may enter, or another owner', async () => {
    const refusal = async (folder: string) => {
      const socketPath = join(folder, 'fake.sock');
      const child = spawn(
        process.execPath,
        [CLI, 'fake-server', '--no-native-client', '--socket', socketPath],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exit = await Promise.race([
        once(child, 'close').then(([code]) => code as number),
        new Promise<string>((done) => setTimeout(() => done('still running'), 10_000)),
      ]);
      if (exit === 'still running') child.kill('SIGKILL');
      expect(existsSync(socketPath)).toBe(false);
      return { exit, stderr };
    };
    const open = mkdtempSync(join(dir, 'open-'));
    chmodSync(open, 0o755);
    const wide = await refusal(open);
    expect(wide.exit).toBe(2);
    expect(wide.stderr).toContain(
      `the fake server's socket folder ${open} is not private: mode 755, where only its owner may enter (700)`,
    );
    const shared = await refusal(tmpdir());
    expect(shared.exit).toBe(2);
    expect(shared.stderr).toContain(`the fake server's socket folder ${tmpdir()}`);
    if (process.getuid?.() === 0) {
      // Root may hand a folder to another user: a private folder of someone else is no place either.
      const theirs = mkdtempSync(join(dir, 'theirs-'));
      chownSync(theirs, 65534, 65534);
      const other = await refusal(theirs);
      expect(other.exit).toBe(2);
      expect(other.stderr).toContain(
        `the fake server's socket folder ${theirs} belongs to uid 65534, not to uid 0`,
      );
    }
  });

  it('replaces the stale socket a dead server left, and still refuses the socket of a live one', async () => {
    const socketPath = join(mkdtempSync(join(dir, 'stale-')), 'fake.sock');
    const dead = await cliServer(['--no-native-client', '--socket', socketPath], process.env);
    dead.child.kill('SIGKILL');
    await once(dead.child, 'close');
    expect(existsSync(socketPath)).toBe(true);
    const deadToken = tokenOf(socketPath);
    const next = await cliServer(['--no-native-client', '--socket', socketPath], process.env);
    expect(next.stdout()).toContain(`CLIDE_FAKE_SERVER=${socketPath}\n`);
    // The dead server's token is replaced too: a client reads the live one's.
    expect(tokenOf(socketPath)).not.toBe(deadToken);
    const env = { CLIDE_FAKE_SERVER: socketPath };
    expect((await session({ input: HELLO, env })).exitCode).toBe(0);
    // A live server's socket is never taken over.
    const rival = spawn(
      process.execPath,
      [CLI, 'fake-server', '--no-native-client', '--socket', socketPath],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    rival.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [exitCode] = await once(rival, 'close');
    expect(exitCode).toBe(2);
    expect(stderr).toContain(`the fake server cannot listen on ${socketPath}: another server listens there`);
    expect((await session({ input: HELLO, env })).exitCode).toBe(0);
    next.child.stdin.end();
    await once(next.child, 'close');
    expect(next.stderr()).toContain('stopped after 2 session(s), 0 client(s) turned away');
  });

  it('refuses a socket path whose token file is taken by a file that is no token, naming it, and leaves that file', async () => {
    const socketPath = join(mkdtempSync(join(dir, 'token-taken-')), 'fake.sock');
    const mine = `${socketPath}.token`;
    writeFileSync(mine, 'a file of my own');
    // Told to stop at once (its stdin ends): a server that took the path anyway would exit 0.
    const child = spawn(
      process.execPath,
      [CLI, 'fake-server', '--no-native-client', '--stop-on-stdin-end', '--socket', socketPath],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    child.stdin.end();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [exitCode] = await once(child, 'close');
    expect(exitCode).toBe(2);
    expect(stderr).toContain(
      `the fake server's token file ${mine} is taken by a file that is no token of a fake server`,
    );
    expect(readFileSync(mine, 'utf8')).toBe('a file of my own');
    expect(existsSync(socketPath)).toBe(false);
  });
});
